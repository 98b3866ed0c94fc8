"""Bad data given to fit/evaluate/predict fails while TF traces the step function: the error
is framed "in user code:" and prints the batch size as the trace sees it (None unless every
batch is whole). Messages checked side by side with TF 2.21's tf_keras."""

import numpy as np
import pytest

import eagerbook as tf

_FEATURES = ('Input 0 of layer "sequential" is incompatible with the layer: expected '
             'shape=(None, 4), found shape={}')


def _sequential(run_eagerly=False):
    tf.keras.backend.clear_session()  # (named "sequential")
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,)),
                                 tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse", run_eagerly=run_eagerly)
    return model


def _error(call):
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


def _framed_cause(message):
    """The error TF prints last, under the frames, with its lines unindented."""
    assert message.startswith('in user code:\n\n    File "') and message.endswith("\n")
    first, *rest = message.split("\n\n    ValueError: ", 1)[1].rstrip("\n").split("\n")
    assert all(line.startswith("    ") for line in rest)
    return "\n".join([first] + [line[4:] for line in rest])


@pytest.mark.parametrize("method", ["fit", "evaluate", "predict"])
def test_a_wrong_feature_count_reads_as_the_trace_reports_it(method):
    model, x, y = _sequential(), np.zeros((8, 5), "float32"), np.zeros((8, 1), "float32")
    args = (x,) if method == "predict" else (x, y)
    message = _error(lambda: getattr(model, method)(*args, verbose=0))
    assert _framed_cause(message) == _FEATURES.format("(None, 5)")
    # the step's line that called the model is listed, as TF lists its train_step's
    line = "return self(x, training=False)" if method == "predict" else "y_pred = self(x, "
    assert line in message


def test_whole_batches_keep_their_size_and_a_dataset_its_spec():
    model, x, y = _sequential(), np.zeros((8, 5), "float32"), np.zeros((8, 1), "float32")
    assert _framed_cause(_error(lambda: model.fit(x, y, batch_size=4, verbose=0))) == \
        _FEATURES.format("(4, 5)")
    dataset = tf.data.Dataset.from_tensor_slices((x, y))
    assert _framed_cause(_error(lambda: model.fit(dataset.batch(4), verbose=0))) == \
        _FEATURES.format("(None, 5)")
    # a trace that failed is not kept: the next fit traces again (and frames again)
    dropped = dataset.batch(4, drop_remainder=True)
    assert _framed_cause(_error(lambda: model.fit(dropped, verbose=0))) == \
        _FEATURES.format("(4, 5)")


def test_run_eagerly_reports_the_batch_itself_unframed():
    model, x, y = _sequential(True), np.zeros((8, 5), "float32"), np.zeros((8, 1), "float32")
    assert _error(lambda: model.fit(x, y, batch_size=3, verbose=0)) == \
        _FEATURES.format("(3, 5)")


def test_a_wrong_rank_names_the_layer_and_the_traced_arguments():
    model = _sequential()
    message = _error(lambda: model.fit(np.zeros((8, 4, 2), "float32"),
                                       np.zeros((8, 1), "float32"), verbose=0))
    assert _framed_cause(message) == (
        "Exception encountered when calling layer 'sequential' (type Sequential).\n\n"
        'Input 0 of layer "dense" is incompatible with the layer: expected axis -1 of input '
        "shape to have value 4, but received input with shape (None, 4, 2)\n\n"
        "Call arguments received by layer 'sequential' (type Sequential):\n"
        "  \u2022 inputs=tf.Tensor(shape=(None, 4, 2), dtype=float32)\n"
        "  \u2022 training=True\n"
        "  \u2022 mask=None")


def _two_input_model(run_eagerly=False):
    tf.keras.backend.clear_session()  # (named "model")
    a, b = tf.keras.Input((4,), name="a"), tf.keras.Input((2,), name="b")
    out = tf.keras.layers.Dense(1)(tf.keras.layers.concatenate([a, b]))
    model = tf.keras.Model([a, b], out)
    model.compile("sgd", "mse", run_eagerly=run_eagerly)
    return model


def test_a_model_given_one_input_of_two():
    x, y = np.zeros((8, 4), "float32"), np.zeros((8, 1), "float32")
    message = _error(lambda: _two_input_model().fit(x, y, verbose=0))
    assert _framed_cause(message) == (
        'Layer "model" expects 2 input(s), but it received 1 input tensors. Inputs received: '
        "[<tf.Tensor 'IteratorGetNext:0' shape=(None, 4) dtype=float32>]")
    # eagerly: the tensor itself, checked before the call (no call arguments listed)
    message = _error(lambda: _two_input_model(True).fit(x, y, verbose=0))
    assert message.startswith(
        'Layer "model" expects 2 input(s), but it received 1 input tensors. Inputs '
        "received: [<tf.Tensor: shape=(8, 4), dtype=float32, numpy=\narray([[0., 0., 0., 0.],")


def test_a_layer_with_two_input_specs_given_one():
    class Pair(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__(name="pair")
            self.input_spec = [tf.keras.layers.InputSpec(ndim=2)] * 2

        def call(self, inputs):
            return inputs

    with pytest.raises(ValueError) as info:
        Pair()(tf.constant([[1.0]]))
    assert str(info.value) == (
        'Layer "pair" expects 2 input(s), but it received 1 input tensors. Inputs received: '
        "[<tf.Tensor: shape=(1, 1), dtype=float32, numpy=array([[1.]], dtype=float32)>]")


def test_predict_on_batch_runs_the_predict_step():
    class Doubled(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")

        def call(self, x):
            return self.dense(x)

        def predict_step(self, data):
            return 2 * self(data)

    model = Doubled()
    assert model.predict_on_batch(np.ones((2, 3), "float32")).tolist() == [[6.0], [6.0]]
    message = _error(lambda: _sequential().predict_on_batch(np.zeros((8, 5), "float32")))
    assert _framed_cause(message) == _FEATURES.format("(8, 5)")  # (one whole batch)
