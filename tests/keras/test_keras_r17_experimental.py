"""tf.keras's experimental namespaces: PyMetric, SharpnessAwareMinimization, the deprecated
homes of moved classes; and the chief-worker questions of a strategy's extended API."""

import json
import logging

import numpy as np
import pytest

import eagerbook as tf


class MeanOfPredictions(tf.keras.metrics.experimental.PyMetric):
    def update_state(self, y_true, y_pred, sample_weight=None):
        self.values += list(np.asarray(y_pred).ravel())

    def reset_state(self):
        self.values = []

    def result(self):
        return float(np.mean(self.values)) if self.values else 0.0


def test_py_metric_runs_python_through_py_function():
    metric = MeanOfPredictions(name="mean_pred")
    metric.update_state(np.zeros(3), np.array([1.0, 2.0, 4.0]))
    result = metric.result()
    assert isinstance(result, tf.Tensor) and result.dtype == tf.float32
    assert str(result) == "tf.Tensor(2.3333333, shape=(), dtype=float32)"
    metric.reset_state()
    assert float(metric.result()) == 0.0
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,),
                                                       kernel_initializer="ones")])
    model.compile(optimizer="sgd", loss="mse", metrics=[MeanOfPredictions()])
    history = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0)
    assert sorted(history.history) == ["loss", "mean_of_predictions"]
    assert history.history["mean_of_predictions"][0] == pytest.approx(2.0)


def _sam_step_by_hand(kernel, x, y, rho, lr):
    """One SAM step of a 1-unit linear model without bias under MSE, in NumPy."""
    def grad(w):
        return 2 * x.T @ (x @ w - y) / len(x)
    g = grad(kernel)
    moved = kernel + rho * g / np.linalg.norm(g)
    return kernel - lr * grad(moved)


@pytest.mark.parametrize("splits", [None, 2])
def test_sharpness_aware_minimization_step(splits):
    x = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [2.0, 1.0]], "float32")
    y = np.array([[1.0], [0.0], [2.0], [1.0]], "float32")
    inner = tf.keras.Sequential([tf.keras.layers.Dense(
        1, input_shape=(2,), use_bias=False,
        kernel_initializer=tf.keras.initializers.Constant(0.3))])
    sam = tf.keras.models.experimental.SharpnessAwareMinimization(
        inner, rho=0.1, num_batch_splits=splits)
    sam.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
    start = inner.get_weights()[0].astype(np.float64)
    sam.fit(x, y, batch_size=4, epochs=1, verbose=0, shuffle=False)
    if splits is None:
        expected = _sam_step_by_hand(start, x, y, 0.1, 0.05)
    else:  # the halves' gradients are summed, each from the same starting weights
        halves = [(x[:2], y[:2]), (x[2:], y[2:])]
        expected = start - sum(start - _sam_step_by_hand(start, hx, hy, 0.1, 0.05)
                               for hx, hy in halves)
    np.testing.assert_allclose(inner.get_weights()[0], expected, rtol=1e-5)
    assert sam(np.ones((1, 2), "float32")).shape == (1, 1)
    assert sam.get_config()["rho"] == 0.1


def test_experimental_namespaces(caplog):
    assert tf.keras.experimental.CosineDecay is tf.keras.optimizers.schedules.CosineDecay
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        callback = tf.keras.callbacks.experimental.BackupAndRestore("/tmp/unused-backup")
    assert isinstance(callback, tf.keras.callbacks.BackupAndRestore)
    assert type(callback).__name__ == "BackupAndRestoreExperimental"
    assert "endpoint is deprecated" in caplog.text
    assert tf.keras.experimental.SidecarEvaluator.__name__ == "SidecarEvaluatorExperimental"
    assert not tf.keras.backend.experimental.is_tf_random_generator_enabled()
    assert sorted(n for n in dir(tf.keras.utils.legacy) if not n.startswith("_")) == [
        "deserialize_keras_object", "serialize_keras_object"]


def test_strategy_chief_answers(monkeypatch):
    assert tf.distribute.MirroredStrategy().extended.should_checkpoint
    monkeypatch.setenv("TF_CONFIG", json.dumps({
        "cluster": {"worker": ["localhost:1", "localhost:2"]},
        "task": {"type": "worker", "index": 1}}))
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    assert not strategy.extended.should_checkpoint
    assert not strategy.extended.should_save_summary
    assert strategy.extended.should_init


def test_from_config_of_an_unregistered_class_is_a_type_error():
    class Unregistered(tf.keras.layers.Layer):
        def call(self, x):
            return x + 1.0

    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), Unregistered()])
    for cls, config in ((tf.keras.Sequential, model.get_config()),
                        (tf.keras.Model, tf.keras.Model(model.inputs,
                                                        model.outputs).get_config())):
        with pytest.raises(TypeError, match="Cannot deserialize object of type "
                                            "`Unregistered`. If `Unregistered` is a custom"):
            cls.from_config(config)
    legacy = model.get_config()  # Keras 2's older form (no "module"): still the ValueError
    legacy["layers"] = [{k: v for k, v in entry.items() if k != "module"}
                        for entry in legacy["layers"]]
    with pytest.raises(ValueError, match="Unknown layer: 'Unregistered'"):
        tf.keras.Sequential.from_config(legacy)
    restored = tf.keras.Sequential.from_config(model.get_config(),
                                               custom_objects={"Unregistered": Unregistered})
    assert type(restored.layers[-1]) is Unregistered
