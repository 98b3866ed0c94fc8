"""Learning-rate schedules give TF 2.21's float32 values to the last bit (each literal printed
by TF 2.21), eagerly and inside tf.function, for Python, tensor and array steps."""

import numpy as np
import pytest

import eagerbook as tf

S = tf.keras.optimizers.schedules

CASES = [  # (schedule, step, TF 2.21's value as float32)
    (lambda: S.ExponentialDecay(0.1, 10, 0.5), 12, 0.043527524918317795),
    (lambda: S.PolynomialDecay(0.1, 100, 0.01, power=2.0), 10, 0.08289999514818192),
    (lambda: S.PolynomialDecay(0.1, 100, 0.01, power=2.0), 2.5, 0.09555625915527344),
    (lambda: S.PolynomialDecay(0.1, 100, 0.01, cycle=True), 15, 0.08650000393390656),
    (lambda: S.InverseTimeDecay(0.1, 10, 0.5), 1, 0.0952381044626236),
    (lambda: S.CosineDecay(0.1, 100), 20, 0.09045084565877914),
    (lambda: S.CosineDecay(0.1, 100, alpha=0.1), 150, 0.010000000707805157),
    (lambda: S.CosineDecay(0.1, 100, warmup_target=1.0, warmup_steps=10), 1,
     0.1899999976158142),
    (lambda: S.CosineDecay(0.1, 100, warmup_target=1.0, warmup_steps=10), 10, 1.0),
]


@pytest.mark.parametrize(("make", "step", "expected"), CASES)
def test_tfs_float32_value(make, step, expected):
    schedule = make()
    assert float(schedule(step)) == np.float32(expected)
    assert float(schedule(tf.constant(step))) == np.float32(expected)
    assert float(tf.function(schedule)(tf.constant(step))) == np.float32(expected)


def test_many_steps_at_once_and_piecewise_dtypes():
    values = S.CosineDecay(0.1, 100)(np.arange(0, 101, 50)).numpy()
    assert values.dtype == np.float32 and values[0] == np.float32(0.1) and values[-1] == 0.0
    assert S.PiecewiseConstantDecay([10], [1, 2])(11).dtype == tf.int32
    assert float(S.PiecewiseConstantDecay([10], [1, 0.5])(11)) == 0.5


def test_cosine_decay_config_has_the_warmup_keys():
    config = S.CosineDecay(0.1, 100).get_config()
    assert config == {"initial_learning_rate": 0.1, "decay_steps": 100, "alpha": 0.0,
                      "name": None, "warmup_target": None, "warmup_steps": 0}
