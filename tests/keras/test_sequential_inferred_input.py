"""A Sequential model without an input shape infers its graph from its first call, as TF 2
does: the batch size of that call is kept, a later call with another one relaxes it to None,
and fit/evaluate/predict use the shape their traced step sees (batch None for a partial last
batch or a dataset)."""
import contextlib
import io

import numpy as np

import eagerbook as tf
from eagerbook.keras import layers


def _model():
    return tf.keras.Sequential([layers.Dense(2), layers.Dense(3)])


def _summary(model):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.summary()
    return out.getvalue()


def test_first_call_keeps_its_batch_size_then_a_new_one_relaxes_it():
    model = _model()
    model(tf.ones((1, 4)))
    assert model.input_shape == (1, 4) and model.output_shape == (1, 3)
    assert "(1, 2)" in _summary(model)
    model(tf.ones((2, 4)))
    assert model.input_shape == (None, 4)
    text = _summary(model)
    assert "(None, 2)" in text and "multiple" not in text
    assert len(model.layers[0]._inbound_nodes) == 1   # the old graph's nodes are gone
    model(tf.ones((5, 4)))                             # already relaxed: nothing rebuilt
    assert model.input_shape == (None, 4)
    assert model.layers[0].input_shape == (None, 4)


def test_build_takes_the_shape_as_given():
    model = _model()
    model.build((None, 4))
    assert model.input_shape == (None, 4)
    model = _model()
    model.build((3, 4))
    assert model.input_shape == (3, 4)
    model(tf.ones((1, 4)))
    assert model.input_shape == (None, 4)


def test_a_call_of_the_wrong_width_relaxes_the_graph_and_raises_tf_error():
    model = _model()
    model(tf.ones((1, 4)))
    kernel = model.layers[0].kernel.numpy().copy()
    try:
        model(tf.ones((1, 5)))
    except ValueError as e:
        assert "expected axis -1 of input shape to have value 4" in str(e)
    else:
        raise AssertionError("no error")
    assert model.input_shape == (1, None)   # TF's graph relaxes before the call fails
    np.testing.assert_array_equal(model.layers[0].kernel.numpy(), kernel)


def test_fit_evaluate_predict_use_the_traced_shape():
    x, y = np.ones((64, 4), np.float32), np.ones((64, 3), np.float32)
    model = _model()
    model.compile("sgd", "mse")
    model.fit(x, y, batch_size=32, verbose=0)
    assert model.input_shape == (32, 4)          # whole batches: a static batch size
    model = _model()
    model.compile("sgd", "mse")
    model.fit(x[:50], y[:50], batch_size=32, verbose=0)
    assert model.input_shape == (None, 4)        # a partial last batch
    model = _model()
    model.compile("sgd", "mse")
    model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(32), verbose=0)
    assert model.input_shape == (None, 4)        # a dataset's batch dimension is unknown
    model = _model()
    model.compile("sgd", "mse")
    model.evaluate(x, y, batch_size=16, verbose=0)
    assert model.input_shape == (16, 4)
    model = _model()
    model.predict(x[:5], verbose=0)
    assert model.input_shape == (None, 4)
    model = _model()
    model.compile("sgd", "mse")
    model.train_on_batch(x[:7], y[:7])
    assert model.input_shape == (7, 4)


def test_an_explicit_input_shape_is_never_relaxed():
    model = tf.keras.Sequential([layers.Dense(2, input_shape=(4,))])
    model(tf.ones((1, 4)))
    assert model.input_shape == (None, 4)
    model = tf.keras.Sequential([tf.keras.Input(batch_shape=(2, 4)), layers.Dense(2)])
    model(tf.ones((2, 4)))
    assert model.input_shape == (2, 4)
