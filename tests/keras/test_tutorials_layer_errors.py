"""Bad layer arguments and inputs raise TF 2 (Keras 2)'s error kinds (checked against TF 2.21,
``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


@pytest.mark.parametrize("make", [
    lambda: L.Resizing(2, 2, interpolation="foo"),
    lambda: L.UpSampling2D(interpolation="cubic"),
    lambda: L.RandomHeight(0.1, interpolation="foo"),
])
def test_unknown_interpolation_is_not_implemented(make):
    with pytest.raises(NotImplementedError, match="Value not recognized for `interpolation`"):
        make()


def test_cropping_that_leaves_nothing():
    with pytest.raises(ValueError, match="Argument `cropping` must be greater than the input"):
        L.Cropping2D(((3, 3), (0, 0)))(np.ones((1, 4, 4, 1), "float32"))
    with pytest.raises(ValueError, match=r"inputs.shape=\(None, 4, 4, 1\)"):
        L.Cropping2D(((3, 3), (0, 0)))(tf.keras.Input((4, 4, 1)))
    with pytest.raises(ValueError, match="cropping parameter of Cropping layer must be greater"):
        L.Cropping1D((2, 2))(np.ones((1, 4, 1), "float32"))
    # Cropping3D has no such check in TF: the result is empty.
    out = L.Cropping3D(((1, 1), (0, 0), (3, 0)))(np.ones((1, 2, 2, 3, 1), "float32"))
    assert out.shape == (1, 0, 2, 0, 1)
    assert L.Cropping2D(((1, 1), (0, 1)))(np.ones((1, 4, 4, 1), "float32")).shape == \
        (1, 2, 3, 1)
