"""Keras inside tf.function: layers on symbolic tensors, optimizer and metric updates recorded
as assignments, same numbers as eager."""

import numpy as np

import eagerbook as tf
from eagerbook.graph import function
from eagerbook.keras import backend, layers


def _data(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((16, 6, 6, 1)).astype(np.float32)
    y = rng.integers(0, 3, 16)
    return tf.constant(x), tf.constant(y)


def _model():
    return tf.keras.Sequential([
        layers.Conv2D(4, 3, activation="relu", input_shape=(None, None, 1)),
        layers.BatchNormalization(),
        layers.GlobalAveragePooling2D(),
        layers.Dense(3),
    ])


def test_training_step_in_tf_function_matches_eager():
    backend.clear_session()
    tf.random.set_seed(3)
    eager_model = _model()
    graph_model = _model()
    graph_model.set_weights(eager_model.get_weights())
    compute_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def make_step(model, optimizer, accuracy):
        def train_one_step(x, y):
            with tf.GradientTape() as tape:
                logits = model(x, training=True)
                loss = compute_loss(y, logits)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            accuracy(y, logits)
            return loss
        return train_one_step

    eager_opt, graph_opt = tf.keras.optimizers.Adam(0.01), tf.keras.optimizers.Adam(0.01)
    eager_acc = tf.keras.metrics.SparseCategoricalAccuracy()
    graph_acc = tf.keras.metrics.SparseCategoricalAccuracy()
    eager_step = make_step(eager_model, eager_opt, eager_acc)
    graph_step = function(make_step(graph_model, graph_opt, graph_acc))
    x, y = _data()
    for _ in range(3):
        le, lg = float(eager_step(x, y)), float(graph_step(x, y))
        assert np.isclose(le, lg, rtol=1e-5), (le, lg)
    for a, b in zip(eager_model.get_weights(), graph_model.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert int(graph_opt.iterations) == 3
    assert float(graph_acc.result()) == float(eager_acc.result())
    slot = graph_opt.get_slot(graph_model.trainable_variables[0], "m")
    np.testing.assert_allclose(slot.numpy(),
                               eager_opt.get_slot(eager_model.trainable_variables[0], "m")
                               .numpy(), rtol=1e-4, atol=1e-7)


def test_first_call_inside_tf_function_builds_concrete_weights():
    backend.clear_session()
    model = tf.keras.Sequential([layers.Dense(4, activation="relu"), layers.Dense(1)])

    @function
    def forward(x):
        return model(x)

    out = forward(tf.ones([2, 3]))
    assert out.shape == (2, 1)
    assert all(v._value is not None for v in model.weights) and len(model.weights) == 4
    np.testing.assert_allclose(out.numpy(), model(tf.ones([2, 3])).numpy(), rtol=1e-6)


def test_guide_model_with_tf_function_call():
    class CustomModel(tf.keras.models.Model):
        @function
        def call(self, input_data):
            if tf.reduce_mean(input_data) > 0:
                return input_data
            else:
                return input_data // 2

    model = CustomModel()
    np.testing.assert_array_equal(model(tf.constant([-2, -4])).numpy(), [-1, -2])
    np.testing.assert_array_equal(model(tf.constant([2, 4])).numpy(), [2, 4])
