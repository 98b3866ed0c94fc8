"""LocallyConnected1D/2D: a convolution with a separate kernel per output position, checked
against its definition, finite differences and TF 2.21's (Keras 2) values."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def reference_2d(x, kernel, bias, size, stride):
    batch, rows, cols, channels = x.shape
    out_rows, out_cols = (rows - size[0]) // stride[0] + 1, (cols - size[1]) // stride[1] + 1
    y = np.zeros((batch, out_rows, out_cols, kernel.shape[-1]))
    for i in range(out_rows):
        for j in range(out_cols):
            patch = x[:, i * stride[0]:i * stride[0] + size[0],
                      j * stride[1]:j * stride[1] + size[1]].reshape(batch, -1)
            y[:, i, j] = patch @ kernel[i * out_cols + j] + (0 if bias is None else bias[i, j])
    return y


def test_each_position_has_its_own_kernel():
    x = np.random.RandomState(0).rand(2, 5, 6, 2).astype("float32")
    layer = L.LocallyConnected2D(3, (2, 3), strides=(1, 2), bias_initializer="ones")
    y = layer(x).numpy()
    assert [(w.name.split("/")[-1], tuple(w.shape)) for w in layer.weights] == [
        ("kernel:0", (8, 12, 3)), ("bias:0", (4, 2, 3))]
    expected = reference_2d(x, layer.kernel.numpy(), layer.bias.numpy(), (2, 3), (1, 2))
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-6)
    assert layer.compute_output_shape((None, 5, 6, 2)).as_list() == [None, 4, 2, 3]


def test_one_dimension_matches_two_with_a_single_row():
    x = np.random.RandomState(1).rand(2, 7, 3).astype("float32")
    one = L.LocallyConnected1D(2, 3, strides=2, use_bias=False)
    y = one(x).numpy()
    expected = reference_2d(x[:, None], one.kernel.numpy(), None, (1, 3), (1, 2))[:, 0]
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-6)


def test_gradients_match_finite_differences():
    x = tf.constant(np.random.RandomState(2).rand(1, 3, 3, 1).astype("float32"))
    layer = L.LocallyConnected2D(2, 2, activation="tanh")
    layer(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.square(layer(x)))
    grad_x, grad_kernel, grad_bias = tape.gradient(loss, [x, layer.kernel, layer.bias])
    assert grad_kernel.shape == (4, 4, 2) and grad_bias.shape == (2, 2, 2)
    base, eps = x.numpy().astype("float64"), 1e-3
    numeric = np.zeros_like(base)
    for index in np.ndindex(*base.shape):
        shifted = base.copy()
        shifted[index] += eps
        up = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        shifted[index] -= 2 * eps
        down = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        numeric[index] = (up - down) / (2 * eps)
    np.testing.assert_allclose(grad_x.numpy(), numeric, rtol=2e-2, atol=1e-3)


def test_values_and_config_as_tensorflow():
    rng = np.random.RandomState(0)  # one stream, as recorded from TF 2.21
    recorded = [((2, 4, 2, 3), -11.446, 53.0806), ((2, 3, 2), 2.8762, 2.8762)]
    makers = [(lambda: L.LocallyConnected2D(3, (2, 3), strides=(1, 2)), (2, 5, 6, 2)),
              (lambda: L.LocallyConnected1D(2, 3, strides=2, activation="relu"), (2, 7, 3))]
    for (make, shape), (out_shape, total, magnitude) in zip(makers, recorded):
        layer = make()
        x = rng.rand(*shape).astype("float32")
        layer(x)
        layer.set_weights([rng.uniform(-1, 1, w.shape).astype("float32")
                           for w in layer.get_weights()])
        y = layer(x).numpy()
        assert y.shape == out_shape
        np.testing.assert_allclose([y.sum(), np.abs(y).sum()], [total, magnitude], rtol=1e-4)
    config = L.LocallyConnected2D(2, 3).get_config()
    assert list(config)[-3:] == ["kernel_constraint", "bias_constraint", "implementation"]
    assert config["kernel_size"] == (3, 3) and config["implementation"] == 1
    with pytest.raises(ValueError, match="only \"valid\" is supported"):
        L.LocallyConnected2D(2, 3, padding="same")
