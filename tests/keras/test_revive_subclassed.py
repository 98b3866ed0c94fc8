"""load_model of a subclassed model saved as a directory, without its class: revived from
the trace of its call saved with it (as TF does), and the damage and refusal cases."""

import os

import numpy as np
import pytest

import eagerbook as tf


def _make_class():
    class CustomModel(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = tf.keras.layers.Dense(3, kernel_initializer="ones")
            self.bn = tf.keras.layers.BatchNormalization()
            self.d2 = tf.keras.layers.Dense(1, kernel_initializer="ones")

        def call(self, x, training=False):
            return self.d2(self.bn(self.d1(x), training=training))

    return CustomModel


@pytest.fixture
def saved(tmp_path):
    tf.keras.backend.clear_session()  # layer names from dense, as in a fresh program
    model = _make_class()()
    model.compile("sgd", "mse")
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    path = str(tmp_path / "model")
    model.save(path)
    return model, path


def test_revived_without_its_class(saved):
    model, path = saved
    revived = tf.keras.models.load_model(path)
    assert type(revived).__name__ == "CustomModel" and revived.name == model.name
    assert isinstance(revived, tf.keras.Model)
    # layer by layer, as TF lists a revived model's weights
    assert [w.name for w in revived.weights] == [
        "custom_model/dense/kernel:0", "custom_model/dense/bias:0",
        "custom_model/batch_normalization/gamma:0", "custom_model/batch_normalization/beta:0",
        "custom_model/batch_normalization/moving_mean:0",
        "custom_model/batch_normalization/moving_variance:0",
        "custom_model/dense_1/kernel:0", "custom_model/dense_1/bias:0"]
    assert (len(revived.trainable_weights), len(revived.non_trainable_weights)) == (6, 2)
    x = np.arange(6, dtype="float32").reshape(3, 2)
    np.testing.assert_allclose(revived.predict(x, verbose=0), model.predict(x, verbose=0),
                               rtol=1e-6)
    saved_values = {w.name: w.numpy() for w in model.weights}
    for w in revived.weights:
        np.testing.assert_array_equal(w.numpy(), saved_values[w.name])
    assert revived.optimizer.__class__.__name__ == "SGD"
    y = np.ones((3, 1), "float32")
    assert revived.evaluate(x, y, verbose=0) == pytest.approx(model.evaluate(x, y, verbose=0))


def test_revived_call_checks_its_input(saved):
    _, path = saved
    revived = tf.keras.models.load_model(path)
    assert revived(np.ones((5, 2), "float32")).shape == (5, 1)  # any batch size
    with pytest.raises(ValueError):
        revived(np.ones((2, 3), "float32"))


def test_class_in_custom_objects_still_wins(saved):
    model, path = saved
    loaded = tf.keras.models.load_model(path, custom_objects={"CustomModel": type(model)})
    assert type(loaded) is type(model)


def test_saved_without_traces_needs_its_class(tmp_path):
    model = _make_class()()
    model(np.ones((1, 2), "float32"))
    path = str(tmp_path / "m")
    model.save(path, save_traces=False)
    with pytest.raises(ValueError, match="custom_objects"):
        tf.keras.models.load_model(path)


def test_damaged_trace_is_data_loss(saved):
    _, path = saved
    name = os.path.join(path, "saved_model.json")
    with open(name, "rb") as f:
        text = f.read()
    with open(name, "wb") as f:
        f.write(text[:len(text) // 2])
    with pytest.raises(tf.errors.DataLossError):
        tf.keras.models.load_model(path)


def test_interrupted_save_leaves_no_model(tmp_path, monkeypatch):
    from eagerbook.checkpoints import hooks

    model = _make_class()()
    model(np.ones((1, 2), "float32"))

    def crash(*args):
        raise KeyboardInterrupt  # the process stops while the trace is written

    monkeypatch.setitem(hooks._OFFERED, "saved_model.write_functions", crash)
    path = str(tmp_path / "m")
    with pytest.raises(KeyboardInterrupt):
        model.save(path)
    # The metadata is written last, so the half-saved directory is not taken for a model.
    with pytest.raises(OSError, match="No file or directory found"):
        tf.keras.models.load_model(path)
