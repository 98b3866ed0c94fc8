"""Model.predict's merging of batch outputs as TF's Keras 2: one batch's output as it is,
scalar step outputs stacked, a 0-d result as a Python number; and predict inside
``tf.Graph().as_default()`` (a TF 1.x graph) gives the numbers, quietly, as Keras 2's
session-run predict does (the autograph guide's Lambda(collatz) model)."""

import numpy as np

import eagerbook as tf


def _summing_model():
    return tf.keras.Sequential([tf.keras.layers.Lambda(lambda x: tf.reduce_sum(x),
                                                       input_shape=(1,), output_shape=())])


def test_scalar_outputs_one_batch_and_several():
    assert _summing_model().predict(np.array([6171.0]), verbose=0) == 6171.0
    assert type(_summing_model().predict(np.array([6171.0]), verbose=0)) is float
    out = _summing_model().predict(np.arange(40.0), batch_size=32, verbose=0)
    assert out.dtype == np.float32 and out.tolist() == [496.0, 284.0]


def test_predict_in_a_v1_graph_runs_quietly(capsys):
    @tf.function
    def collatz(x):
        x = tf.reshape(x, ())
        n = tf.convert_to_tensor((0,))
        while x != 1:
            n += 1
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
        return n

    with tf.Graph().as_default():
        model = tf.keras.Sequential([tf.keras.layers.Lambda(collatz, input_shape=(1,),
                                                            output_shape=())])
        result = model.predict(np.array([6171]))
    assert capsys.readouterr().out == ""
    assert result.tolist() == [261]
