"""Activation layers' configs hold float32 hyperparameters, and ThresholdedReLU."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def test_hyperparameters_are_reported_as_float32():
    assert L.LeakyReLU(0.1).get_config()["alpha"] == float(np.float32(0.1))
    assert L.LeakyReLU().get_config()["alpha"] == 0.30000001192092896
    assert L.ELU(alpha=0.1).get_config()["alpha"] == 0.10000000149011612
    clone = L.LeakyReLU.from_config(L.LeakyReLU(0.5).get_config())
    np.testing.assert_allclose(clone(np.array([-2.0], "float32")).numpy(), [-1.0])


def test_thresholded_relu():
    out = L.ThresholdedReLU(theta=1.0)(np.array([0.5, 1.0, 2.0, -3.0], "float32"))
    np.testing.assert_array_equal(out.numpy(), [0.0, 0.0, 2.0, 0.0])  # strictly above theta
    assert L.ThresholdedReLU(0.1).get_config()["theta"] == float(np.float32(0.1))
    with pytest.raises(ValueError):
        L.ThresholdedReLU(theta=-1.0)
