"""Compiled metrics join ``model.metrics`` at their first update, as in TF: a custom
``train_step`` that only computes the loss reports the loss alone."""

import numpy as np

import eagerbook as tf


class LossOnlyStep(tf.keras.Model):
    """The train_step of the customizing-fit guide that loops over ``self.metrics``."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def test_metrics_never_updated_are_not_reported():
    model = LossOnlyStep()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    history = model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=1, verbose=0)
    assert sorted(history.history) == ["loss"]
    assert [m.name for m in model.metrics] == ["loss"]
    assert model.compiled_metrics.metrics == []


def test_an_evaluate_builds_them():
    model = LossOnlyStep()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    result = model.evaluate(np.ones((4, 2)), np.zeros((4, 1)), verbose=0, return_dict=True)
    assert sorted(result) == ["loss", "mae"]
    assert [m.name for m in model.metrics] == ["loss", "mae"]


def test_the_built_in_train_step_reports_them():
    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    assert model.metrics == []
    history = model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=1, verbose=0)
    assert sorted(history.history) == ["loss", "mae"]


def test_learning_rate_schedule_must_give_a_float():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile(tf.keras.optimizers.SGD(), loss="mse")
    x, y = np.ones((2, 3)), np.zeros(2)
    for schedule, message in [(lambda epoch: 1, 'should be float. Got: 1'),
                              (lambda epoch: "x", 'should be float. Got: x'),
                              (lambda epoch: tf.constant(1), "Tensor should be float")]:
        callback = tf.keras.callbacks.LearningRateScheduler(schedule)
        try:
            model.fit(x, y, epochs=1, verbose=0, callbacks=[callback])
        except ValueError as err:
            assert message in str(err)
        else:
            raise AssertionError(f"{message} expected")
    callback = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * tf.math.exp(-0.1))
    model.fit(x, y, epochs=1, verbose=0, callbacks=[callback])
    assert abs(float(model.optimizer.learning_rate) - 0.01 * np.exp(-0.1)) < 1e-7
