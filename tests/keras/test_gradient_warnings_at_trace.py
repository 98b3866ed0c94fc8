""""Gradients do not exist" as TF 2.21's Keras logs it: twice per apply_gradients call (its
gradient aggregation drops the missing gradients, then the update does), once when told not
to aggregate; fit, evaluate and predict log what their steps log only when TF traces the
step function (twice at its first trace, which made Variables), never at the other steps.
The counts are those TF 2.21 (tf_keras) gives for the same code."""

import logging

import numpy as np
import pytest

import eagerbook as tf

X, Y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")


@pytest.fixture(autouse=True)
def _fresh_names():
    yield
    tf.keras.backend.clear_session()  # (later tests expect a first Dense named dense)


@pytest.fixture()
def missing(caplog):
    """The number of "Gradients do not exist" warnings logged since the last call."""
    caplog.set_level(logging.WARNING, logger="tensorflow")

    def count():
        found = [r for r in caplog.records
                 if r.getMessage().startswith("Gradients do not exist for variables")]
        caplog.clear()
        return len(found)
    return count


def _gradients(a, b):
    with tf.GradientTape() as tape:
        loss = a * 2.0
    return tape.gradient(loss, [a, b])


def test_apply_gradients_warns_twice_unless_aggregation_is_skipped(missing):
    a, b = tf.Variable(1.0, name="a"), tf.Variable(2.0, name="b")
    opt = tf.keras.optimizers.SGD(0.1)
    for _ in range(3):
        opt.apply_gradients(zip(_gradients(a, b), [a, b]))
    assert missing() == 6
    opt.apply_gradients(zip(_gradients(a, b), [a, b]), skip_gradients_aggregation=True)
    assert missing() == 1
    opt.apply_gradients(zip(_gradients(a, b), [a, b]), experimental_aggregate_gradients=False)
    assert missing() == 1
    opt.minimize(lambda: a * 2.0, [a, b])
    assert missing() == 2
    assert a.numpy() == pytest.approx(1.0 - 6 * 0.2)


def test_a_tf_function_warns_when_it_traces(missing):
    a, b = tf.Variable(1.0, name="a"), tf.Variable(2.0, name="b")
    opt = tf.keras.optimizers.SGD(0.1)
    opt.apply_gradients([(tf.constant(1.0), a)])  # (made before the trace)

    @tf.function
    def step():
        opt.apply_gradients(zip(_gradients(a, b), [a, b]))

    for _ in range(3):
        step()
    assert missing() == 2


class _WithUnusedLayer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.used = tf.keras.layers.Dense(1)
        self.unused = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.used(x)


def _model(**compile_args):
    model = _WithUnusedLayer()
    model(X[:1])
    model.unused.build((None, 2))
    model.compile("sgd", "mse", **compile_args)
    return model


def test_fit_warns_at_its_traces_only(missing, caplog):
    model = _model()
    model.fit(X, Y, epochs=2, batch_size=2, verbose=0)  # 8 steps, one trace made twice
    assert "Gradients do not exist for variables ['kernel:0', 'bias:0'] when" in caplog.text
    assert missing() == 4
    model.fit(X, Y, epochs=1, batch_size=2, verbose=0)  # the same trace
    assert missing() == 0
    model.fit(X, Y, epochs=1, batch_size=3, verbose=0)  # a new trace (batches of 3, then 2)
    assert missing() == 2
    model.compile("sgd", "mse", metrics=["mae"])  # a new function
    model.fit(X, Y, epochs=1, batch_size=2, verbose=0)
    assert missing() == 4


def test_fit_run_eagerly_warns_at_every_step(missing):
    model = _model(run_eagerly=True)
    model.fit(X, Y, epochs=1, batch_size=4, verbose=0)
    assert missing() == 4


def test_other_warnings_of_a_step_come_at_traces_only(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")

    class Logging(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, x):
            tf.get_logger().warning("calling the model")
            return self.dense(x)

    model = Logging()
    model.compile("sgd", "mse")
    model.fit(X, Y, epochs=2, batch_size=4, verbose=0)  # 4 steps, the first trace made weights
    model.predict(X, batch_size=4, verbose=0)
    calls = [r for r in caplog.records if r.getMessage() == "calling the model"]
    assert len(calls) == 3
