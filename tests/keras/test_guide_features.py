"""Keras features the TF 2 guides use, each checked against TF 2's documented behaviour:
a layer's functional-graph attributes, ``compiled_loss``/``compiled_metrics`` in a custom
``train_step``, ``add_metric``, the backend helpers, thread-safe layer names."""

import threading

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras
from eagerbook.keras import layers


def _functional():
    inputs = keras.Input(shape=(3,), name="x")
    dense = layers.Dense(2, name="d")
    outputs = dense(inputs)
    return inputs, dense, outputs, keras.Model(inputs, outputs)


@pytest.mark.parametrize("expr, expected", [
    ("dense.input_shape", (None, 3)),
    ("dense.output_shape", (None, 2)),
    ("model.input_shape", (None, 3)),
    ("model.output_shape", (None, 2)),
    ("model.get_layer('x').output_shape", [(None, 3)]),
    ("dense.input is inputs", True),
    ("dense.output is outputs", True),
    ("model.input is inputs", True),
    ("model.output is outputs", True),
])
def test_layer_graph_attributes(expr, expected):
    inputs, dense, outputs, model = _functional()
    assert eval(expr) == expected


def test_unconnected_and_shared_layer_attributes_raise_attribute_error():
    with pytest.raises(AttributeError, match="not connected"):
        _ = layers.Dense(2).input
    with pytest.raises(AttributeError, match="never been called"):
        _ = layers.Dense(2).output_shape
    shared = layers.Activation("relu")
    first = shared(keras.Input((3,)))
    shared(keras.Input((4,)))
    assert shared.output is first  # TF 2.21: a shared layer's output is its first call's
    with pytest.raises(AttributeError, match="different input shapes"):
        _ = shared.input_shape


def test_feature_extractor_from_sequential_layer_outputs():
    seq = keras.Sequential([keras.Input(shape=(8, 8, 1)), layers.Conv2D(2, 3),
                            layers.Conv2D(2, 3)])
    extractor = keras.Model(seq.inputs, [layer.output for layer in seq.layers])
    shapes = [tuple(f.shape) for f in extractor(tf.ones((1, 8, 8, 1)))]
    assert shapes == [(1, 6, 6, 2), (1, 4, 4, 2)]


class _CompiledStepModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def test_custom_train_step_with_compiled_loss_and_metrics_matches_builtin_fit():
    rng = np.random.RandomState(0)
    x = rng.rand(64, 4).astype("float32")
    y = rng.rand(64, 1).astype("float32")
    results = []
    for cls in (_CompiledStepModel, keras.Model):
        tf.random.set_seed(1)
        inputs = keras.Input((4,))
        model = cls(inputs, layers.Dense(1, kernel_initializer="ones")(inputs))
        model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
        history = model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False)
        assert sorted(history.history) == ["loss", "mae"]
        results.append((history.history["loss"], model.evaluate(x, y, verbose=0)))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-5)
    np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-5)


def test_metrics_property_override_is_what_fit_reports_and_resets():
    tracker = keras.metrics.Mean(name="loss")

    class Model(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = keras.losses.mean_squared_error(y, self(x, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            tracker.update_state(loss)
            return {"loss": tracker.result()}

        @property
        def metrics(self):
            return [tracker]

    inputs = keras.Input((2,))
    model = Model(inputs, layers.Dense(1)(inputs))
    model.compile(optimizer="adam")
    history = model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=2, batch_size=8, verbose=0)
    assert list(history.history) == ["loss"]
    assert float(tracker.count.numpy()) == 8.0  # reset at the second epoch's start


def test_multi_output_fit_logs_a_loss_per_output():
    inputs = keras.Input((3,))
    a = layers.Dense(1, name="a")(inputs)
    b = layers.Dense(2, name="b")(inputs)
    model = keras.Model(inputs, [a, b])
    model.compile(optimizer="sgd", loss=["mse", "mse"], metrics=[["mae"], []])
    history = model.fit(np.ones((4, 3)), [np.ones((4, 1)), np.ones((4, 2))], verbose=0)
    assert sorted(history.history) == ["a_loss", "a_mae", "b_loss", "loss"]


class _MetricLogging(layers.Layer):
    def call(self, inputs):
        self.add_metric(keras.backend.std(inputs), name="std_of_activation",
                        aggregation="mean")
        return inputs


class _Endpoint(layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.accuracy_fn = keras.metrics.BinaryAccuracy()

    def call(self, targets, logits):
        self.add_metric(self.accuracy_fn(targets, logits), name="accuracy")
        return logits


def test_add_metric_reports_a_mean_under_its_name():
    inputs = keras.Input((3,))
    outputs = layers.Dense(1)(_MetricLogging()(inputs))
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
    assert sorted(history.history) == ["loss", "std_of_activation"]
    assert history.history["std_of_activation"] == [0.0]


def test_add_metric_of_a_metric_call_reports_that_metric():
    layer = _Endpoint()
    layer(tf.ones((2, 2)), tf.ones((2, 2)))
    assert [m.name for m in layer.metrics] == ["binary_accuracy"]
    assert float(layer.metrics[0].result()) == 1.0


@pytest.mark.parametrize("kwargs, error", [
    ({"name": "m", "aggregation": "sum"}, ValueError),
    ({}, ValueError),
])
def test_add_metric_bad_arguments(kwargs, error):
    with pytest.raises(error):
        layers.Layer().add_metric(tf.constant(1.0), **kwargs)


@pytest.mark.parametrize("call, expected", [
    (lambda K: K.std(tf.constant([1.0, 3.0])).numpy(), 1.0),
    (lambda K: K.mean(tf.constant([1.0, 3.0])).numpy(), 2.0),
    (lambda K: K.sum(tf.constant([1.0, 3.0])).numpy(), 4.0),
    (lambda K: K.int_shape(tf.ones((2, 3))), (2, 3)),
    (lambda K: tuple(K.random_normal((2, 3)).shape), (2, 3)),
    (lambda K: K.random_uniform((4,)).dtype.name, "float32"),
    (lambda K: K.get_value(tf.Variable(2.0)), 2.0),
])
def test_backend_helpers(call, expected):
    assert call(keras.backend) == expected


def test_layer_names_stay_unique_when_threads_make_layers_at_once():
    import sys

    keras.backend.clear_session()
    names = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        def make():
            names.extend(layers.Dense(1).name for _ in range(200))
        threads = [threading.Thread(target=make) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert len(set(names)) == len(names) == 800
