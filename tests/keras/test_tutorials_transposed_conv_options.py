"""`output_padding` and `dilation_rate` of the transposed convolutions, as TF's Keras runs
them: `output_padding` picks the longer output (``(n - 1) * stride + kernel - 2 * pad +
output_padding``) and must stay below the stride; a dilated Conv2DTranspose is TF's atrous
transposed convolution; Conv1DTranspose refuses dilation as TF's CPU kernel does, and
Conv3DTranspose ignores it. The literals were printed by TF 2.21 with tf-keras."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import errors

L = tf.keras.layers


def _images():
    return np.arange(2 * 3 * 3 * 2, dtype="float32").reshape(2, 3, 3, 2) / 10


@pytest.mark.parametrize("options, shape", [
    ({"strides": 2, "output_padding": 1}, (2, 8, 8, 2)),
    ({"strides": 2, "padding": "same", "output_padding": 1}, (2, 6, 6, 2)),
    ({"strides": 2, "padding": "same", "output_padding": 0}, (2, 5, 5, 2)),
    ({"dilation_rate": 2}, (2, 7, 7, 2)),
    ({"dilation_rate": 2, "padding": "same"}, (2, 3, 3, 2)),
])
def test_conv2d_transpose_output_shapes(options, shape):
    layer = L.Conv2DTranspose(2, 3, kernel_initializer="ones", **options)
    assert layer(_images()).shape == shape
    assert tuple(layer.compute_output_shape((None, 3, 3, 2))) == (None,) + shape[1:]


def test_conv2d_transpose_output_padding_values():
    layer = L.Conv2DTranspose(2, 3, strides=2, output_padding=1, kernel_initializer="ones")
    row = layer(_images()).numpy()[0, 0, :, 0]
    np.testing.assert_allclose(row, [0.1, 0.1, 0.6, 0.5, 1.4, 0.9, 0.9, 0.0], rtol=1e-6)


def test_dilated_conv2d_transpose_values():
    layer = L.Conv2DTranspose(2, 3, dilation_rate=2, kernel_initializer="ones")
    rows = layer(_images()).numpy()[0, :2, :, 0]
    np.testing.assert_allclose(rows, [[0.1, 0.5, 1.0, 0.5, 1.0, 0.5, 0.9],
                                      [1.3, 1.7, 3.4, 1.7, 3.4, 1.7, 2.1]], rtol=1e-6)
    same = L.Conv2DTranspose(2, 3, dilation_rate=2, padding="same", kernel_initializer="ones")
    np.testing.assert_allclose(same(_images()).numpy()[0, 0, :, 0], [6.8, 3.4, 6.8], rtol=1e-6)


def test_dilated_conv2d_transpose_trains():
    layer = L.Conv2DTranspose(2, 3, dilation_rate=2, kernel_initializer="ones")
    x = tf.constant(_images())
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(layer(x))
    kernel_grad, input_grad = tape.gradient(loss, [layer.kernel, x])
    assert kernel_grad.shape == (3, 3, 2, 2) and input_grad.shape == (2, 3, 3, 2)
    # Every input pixel reaches all 9 taps of both filters: d(sum)/dx = 18 everywhere.
    np.testing.assert_allclose(input_grad.numpy(), 18.0)


def test_output_padding_must_stay_below_the_stride():
    with pytest.raises(ValueError, match=r"Strides must be greater than output padding. "
                                         r"Received strides=\(1, 1\), output_padding=\(1, 1\)"):
        L.Conv2DTranspose(2, 3, output_padding=1)
    with pytest.raises(ValueError, match="Strides must be greater than output padding"):
        L.Conv3DTranspose(2, 3, strides=2, output_padding=2)


def test_conv1d_transpose_output_padding_and_dilation():
    x = np.arange(4, dtype="float32").reshape(1, 4, 1)
    layer = L.Conv1DTranspose(1, 3, strides=2, output_padding=1, kernel_initializer="ones")
    np.testing.assert_allclose(layer(x).numpy().ravel(), [0, 0, 1, 1, 3, 2, 5, 3, 3, 0])
    dilated = L.Conv1DTranspose(1, 3, dilation_rate=2)
    with pytest.raises(errors.InvalidArgumentError, match="do not yet support dilation"):
        dilated(x)


def test_conv3d_transpose_output_padding_and_ignored_dilation():
    x = np.ones((1, 2, 2, 2, 1), "float32")
    padded = L.Conv3DTranspose(1, 2, strides=2, output_padding=1, kernel_initializer="ones")
    assert padded(x).shape == (1, 5, 5, 5, 1)
    assert float(tf.reduce_sum(padded(x))) == 64.0
    dilated = L.Conv3DTranspose(1, 2, dilation_rate=2, kernel_initializer="ones")
    assert dilated(x).shape == (1, 3, 3, 3, 1)
    assert "dilation_rate" not in dilated.get_config()


def test_conv3d_transpose_same_with_output_padding():
    layer = L.Conv3DTranspose(1, 3, strides=2, padding="same", output_padding=1,
                              kernel_initializer="ones")
    x = np.arange(8, dtype="float32").reshape(1, 2, 2, 2, 1)
    y = layer(x).numpy()
    assert y.shape == (1, 4, 4, 4, 1)
    assert y[0, 0, :, :, 0].tolist() == [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 6, 4], [2, 2, 5, 3]]
    assert y[0, 3, :, :, 0].tolist() == [[4, 4, 9, 5], [4, 4, 9, 5], [10, 10, 22, 12],
                                         [6, 6, 13, 7]]


def test_configs_list_output_padding():
    assert L.Conv2DTranspose(2, 3, strides=2, output_padding=1).get_config()[
        "output_padding"] == (1, 1)
    assert L.Conv1DTranspose(2, 3, strides=2, output_padding=1).get_config()[
        "output_padding"] == (1,)
    assert L.Conv2DTranspose(2, 3).get_config()["output_padding"] is None


def test_functional_model_shapes_with_output_padding():
    inputs = tf.keras.Input((4, 4, 1))
    x = L.Conv2DTranspose(2, 3, strides=2, padding="same", output_padding=1)(inputs)
    model = tf.keras.Model(inputs, L.Conv2D(1, 3)(x))
    assert model.output_shape == (None, 6, 6, 1)
