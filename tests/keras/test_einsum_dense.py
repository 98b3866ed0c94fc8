"""EinsumDense: kernel and bias shapes read off the equation, as TF's Keras layer."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize("equation, output_shape, bias_axes, input_shape, symbolic, kernel, bias", [
    ("ab,bc->ac", 64, "c", [32], (None, 64), (32, 64), (64,)),
    ("abc,cd->abd", (None, 64), "d", [32, 128], (None, 32, 64), (128, 64), (64,)),
    ("...x,xy->...y", 64, "y", [32, 128], (None, 32, 64), (128, 64), (64,)),
    ("abc,cde->abde", (None, 4, 5), "de", [3, 6], (None, 3, 4, 5), (6, 4, 5), (4, 5)),
    ("...b,bc->...c", 4, None, [2, 3, 6], (None, 2, 3, 4), (6, 4), None),
    ("ab...,bc->ac...", 4, "c", [6, 3], (None, 4, 3), (6, 4), (4, 1))])
def test_shapes_as_tf(equation, output_shape, bias_axes, input_shape, symbolic, kernel, bias):
    layer = tf.keras.layers.EinsumDense(equation, output_shape=output_shape,
                                        bias_axes=bias_axes, kernel_initializer="ones",
                                        bias_initializer="ones")
    assert tuple(layer(tf.keras.Input(shape=input_shape)).shape) == symbolic
    assert tuple(layer.kernel.shape) == kernel
    assert (None if layer.bias is None else tuple(layer.bias.shape)) == bias


def test_values_are_the_einsum_plus_bias():
    rng = np.random.RandomState(0)
    x = rng.rand(2, 3, 5).astype(np.float32)
    layer = tf.keras.layers.EinsumDense("abc,cd->abd", output_shape=(None, 4), bias_axes="d",
                                        activation="relu")
    y = layer(x)
    expected = np.maximum(np.einsum("abc,cd->abd", x, layer.kernel.numpy())
                          + layer.bias.numpy(), 0)
    np.testing.assert_allclose(y.numpy(), expected, rtol=1e-5)
    assert layer.get_config()["equation"] == "abc,cd->abd"
    assert layer.get_config()["output_shape"] == [None, 4]


@pytest.mark.parametrize("equation, bias_axes, text", [
    ("ab,bc", None, "Invalid einsum equation 'ab,bc'"),
    ("ab,bc->ad", None, "Dimension 'd' was specified in the output 'ad'"),
    ("ab,bc->ac", "z", "Bias dimension 'z' was requested")])
def test_bad_equations(equation, bias_axes, text):
    layer = tf.keras.layers.EinsumDense(equation, output_shape=3, bias_axes=bias_axes)
    with pytest.raises(ValueError, match=text):
        layer(np.ones((2, 5), np.float32))
