"""Arguments a loaded function fills in from its parameters' defaults, and a Keras model's
call saved as TF 2.21 saves it (compared side by side): ``__call__(inputs, training=False,
mask=None)`` traced with ``training`` True and False, so the loaded object takes
``training=False`` (or nothing) and ``training=True``."""

import numpy as np
import pytest

import eagerbook as tf


class _Scaler(tf.Module):
    @tf.function
    def f(self, x, scale=2, name="a"):
        return x * scale


def test_a_loaded_function_fills_in_its_parameters_defaults(tmp_path):
    module = _Scaler()
    module.f(tf.constant(1.0))
    module.f(tf.constant(1.0), scale=3)
    tf.saved_model.save(module, str(tmp_path / "scaler"))
    loaded = tf.saved_model.load(str(tmp_path / "scaler"))
    assert loaded.f(tf.constant(2.0)).numpy() == 4.0
    assert loaded.f(tf.constant(2.0), 3).numpy() == 6.0
    assert loaded.f(x=tf.constant(2.0), scale=3).numpy() == 6.0
    with pytest.raises(ValueError) as info:  # noqa: PT011 - the message is checked below
        loaded.f(tf.constant(2.0), 4)
    assert str(info.value).split("\n\n")[0].splitlines()[1:] == [
        "  Positional arguments (3 total):",
        "    * <tf.Tensor 'x:0' shape=() dtype=float32>",
        "    * 4",
        "    * 'a'",
        "  Keyword arguments: {}"]


def _model():
    return tf.keras.Sequential([
        tf.keras.layers.Dense(3, input_shape=(2,), kernel_initializer="ones", name="dense"),
        tf.keras.layers.BatchNormalization()])


def test_a_loaded_keras_model_takes_training_true_and_false(tmp_path):
    model = _model()
    x = np.ones((4, 2), np.float32)
    tf.saved_model.save(model, str(tmp_path / "keras"))
    loaded = tf.saved_model.load(str(tmp_path / "keras"))
    expected = model(x, training=False).numpy()
    for call in (lambda: loaded(x), lambda: loaded(x, training=False),
                 lambda: loaded(x, False)):
        np.testing.assert_allclose(call().numpy(), expected)
    # training: the batch's own statistics (every row alike here: all zeros)
    np.testing.assert_allclose(loaded(x, training=True).numpy(), np.zeros((4, 3)), atol=1e-3)
    assert [c.structured_input_signature for c in loaded.__call__.concrete_functions] == [
        ((tf.TensorSpec([None, 2], tf.float32, name="dense_input"), True, None), {}),
        ((tf.TensorSpec([None, 2], tf.float32, name="dense_input"), False, None), {})]
    assert list(loaded.signatures) == ["serving_default"]


def test_a_call_that_fits_no_trace_shows_the_defaults_and_both_options(tmp_path):
    tf.saved_model.save(_model(), str(tmp_path / "keras"))
    loaded = tf.saved_model.load(str(tmp_path / "keras"))
    with pytest.raises(ValueError) as info:  # noqa: PT011 - the message is checked below
        loaded(np.ones((4, 3), np.float32))
    message = str(info.value)
    assert message.split("\n\n")[0].splitlines()[1:] == [
        "  Positional arguments (3 total):",
        "    * <tf.Tensor 'inputs:0' shape=(4, 3) dtype=float32>",
        "    * False",
        "    * None",
        "  Keyword arguments: {}"]
    assert "following 2 option(s)" in message
    assert "Option 1:\n  Positional arguments (3 total):\n    * TensorSpec(shape=(None, 2), " \
           "dtype=tf.float32, name='dense_input')\n    * True\n    * None" in message


def test_a_model_whose_training_trace_cannot_be_saved_keeps_its_inference_call(tmp_path):
    # (a dropout's draw over a batch size known only when it runs is kept as Python code in
    # this engine's graphs: the training trace is left out of the SavedModel)
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,)),
                                 tf.keras.layers.Dropout(0.5)])
    x = np.ones((4, 2), np.float32)
    tf.saved_model.save(model, str(tmp_path / "dropout"))
    loaded = tf.saved_model.load(str(tmp_path / "dropout"))
    np.testing.assert_allclose(loaded(x, training=False).numpy(), model(x).numpy())
    assert len(loaded.__call__.concrete_functions) == 1
