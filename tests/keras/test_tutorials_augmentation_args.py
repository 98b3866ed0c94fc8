"""The factor checks of the random image layers, in TF 2.21's words (each layer words its
own), and reversed zoom bounds, which TF accepts."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


@pytest.mark.parametrize("make, message", [
    (lambda: L.RandomContrast(1.5), "`factor` argument cannot have negative values or values "
     "greater than 1.Received: factor=1.5"),
    (lambda: L.RandomRotation((0.3, 0.1)),
     "`factor` argument cannot have a negative value. Received: factor=(0.3, 0.1)"),
    (lambda: L.RandomZoom((-1.5, 0.2)), "`height_factor` argument must have values between "
     "[-1, 1]. Received: height_factor=(-1.5, 0.2)"),
    (lambda: L.RandomZoom(0.1, width_factor=1.5), "`width_factor` argument must have values "
     "larger than -1. Received: width_factor=1.5"),
    (lambda: L.RandomTranslation(1.5, 0.1), "`height_factor` argument must have values "
     "between [-1, 1]. Received: height_factor=1.5"),
    (lambda: L.RandomTranslation(0.1, 1.5),
     "`width_factor` must have values between [-1, 1], got 1.5"),
    (lambda: L.RandomTranslation(0.1, (0.2, -0.3)),
     "`width_factor` cannot have upper bound less than lower bound, got (0.2, -0.3)"),
])
def test_bad_factors(make, message):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == message


def test_reversed_zoom_bounds_are_accepted():
    images = np.ones((2, 4, 4, 1), "float32")
    assert L.RandomZoom((0.2, -0.3))(images, training=True).shape == (2, 4, 4, 1)
    assert L.RandomZoom((0.2, -0.3), seed=3)(images, training=True).shape == (2, 4, 4, 1)
    assert L.RandomZoom(-0.2)(images, training=True).shape == (2, 4, 4, 1)
