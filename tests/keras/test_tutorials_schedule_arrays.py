"""A learning-rate schedule called on many steps at once (the overfit-and-underfit tutorial
plots ``lr_schedule(np.linspace(0, 100000, 1000))``) gives one float32 rate per step."""

import numpy as np
import pytest

import eagerbook as tf

S = tf.keras.optimizers.schedules


@pytest.mark.parametrize("schedule", [
    S.InverseTimeDecay(0.001, 10, 1),
    S.ExponentialDecay(0.1, 10, 0.5, staircase=True),
    S.PolynomialDecay(0.1, 100),
    S.CosineDecay(0.1, 50),
])
def test_many_steps_give_one_rate_each(schedule):
    steps = np.linspace(0, 40, 5)
    rates = schedule(steps)
    assert rates.dtype == tf.float32 and rates.shape == (5,)
    expected = [float(schedule(float(s))) for s in steps]
    np.testing.assert_allclose(rates.numpy(), expected, rtol=1e-6)
    grid = schedule(tf.constant([[0, 15], [20, 30]]))
    assert grid.shape == (2, 2)
    np.testing.assert_allclose(grid.numpy()[0], [float(schedule(0)), float(schedule(15))],
                               rtol=1e-6)


def test_inverse_time_decay_values_as_tensorflow_computes_them():
    schedule = S.InverseTimeDecay(0.001, decay_steps=4000, decay_rate=1)
    rates = schedule(np.linspace(0, 100000, 5)).numpy() / 0.001
    np.testing.assert_allclose(rates, [1.0, 0.1379, 0.0741, 0.0506, 0.0385], atol=1e-4)
