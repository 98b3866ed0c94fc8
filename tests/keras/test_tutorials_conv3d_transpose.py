"""Conv3DTranspose: the adjoint of a 3-D convolution with the same kernel, TF's output
shapes for VALID and SAME, gradients through the tape, and TF 2.21's values for one case."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def scatter_reference(x, kernel, stride, padding):
    """The transposed convolution by its definition: every input cell adds its channels'
    kernel-weighted block at ``position * stride`` (SAME then crops as TF does)."""
    b, depth, rows, cols, _ = x.shape
    k = kernel.shape[:3]
    full = [(n - 1) * s + kk for n, s, kk in zip((depth, rows, cols), stride, k)]
    out = np.zeros([b] + [max(f, n * s) for f, n, s in zip(full, (depth, rows, cols), stride)]
                   + [kernel.shape[3]])
    for d in range(depth):
        for r in range(rows):
            for c in range(cols):
                block = np.einsum("bi,xyzfi->bxyzf", x[:, d, r, c], kernel)
                d0, r0, c0 = d * stride[0], r * stride[1], c * stride[2]
                out[:, d0:d0 + k[0], r0:r0 + k[1], c0:c0 + k[2]] += block
    if padding == "same":
        sizes = [n * s for n, s in zip((depth, rows, cols), stride)]
        fronts = [max(kk - s, 0) // 2 for kk, s in zip(k, stride)]
        out = out[:, fronts[0]:fronts[0] + sizes[0], fronts[1]:fronts[1] + sizes[1],
                  fronts[2]:fronts[2] + sizes[2]]
    else:
        sizes = [n * s + max(kk - s, 0) for n, s, kk in zip((depth, rows, cols), stride, k)]
        out = out[:, :sizes[0], :sizes[1], :sizes[2]]
    return out


@pytest.mark.parametrize("kwargs", [
    {"kernel_size": 3},
    {"kernel_size": 3, "strides": 2},
    {"kernel_size": 2, "strides": 2, "padding": "same"},
    {"kernel_size": (4, 3, 3), "strides": (2, 2, 1), "padding": "same"},
    {"kernel_size": 1, "strides": 3},
    {"kernel_size": (2, 3, 1), "strides": (3, 2, 2)},
])
def test_matches_the_definition(kwargs):
    rng = np.random.RandomState(0)
    x = rng.rand(2, 3, 4, 4, 3).astype("float32")
    layer = L.Conv3DTranspose(2, use_bias=False, **kwargs)
    y = layer(x).numpy()
    expected = scatter_reference(x, layer.kernel.numpy(), layer.strides, layer.padding)
    assert y.shape == expected.shape == tuple(layer.compute_output_shape(x.shape))
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-5)


def test_is_the_adjoint_of_conv3d():
    rng = np.random.RandomState(1)
    x = rng.rand(1, 2, 3, 3, 4).astype("float32")
    up = L.Conv3DTranspose(2, 3, strides=2, use_bias=False)
    y = up(x).numpy()
    down = L.Conv3D(4, 3, strides=2, use_bias=False)
    down.build(y.shape)
    down.set_weights([up.kernel.numpy()])  # (k, k, k, 2, 4): Conv3D's (k, k, k, in, out)
    z = rng.rand(*y.shape).astype("float32")
    np.testing.assert_allclose(np.vdot(y, z), np.vdot(x, down(z).numpy()), rtol=1e-4)


def test_gradients_match_finite_differences():
    rng = np.random.RandomState(2)
    x = tf.constant(rng.rand(1, 2, 2, 2, 1).astype("float32"))
    layer = L.Conv3DTranspose(1, 2, strides=(2, 1, 1), padding="same")
    layer(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.square(layer(x)))
    grad_x, grad_kernel, grad_bias = tape.gradient(loss, [x, layer.kernel, layer.bias])
    assert grad_kernel.shape == layer.kernel.shape and grad_bias.shape == (1,)
    base, eps = x.numpy().astype("float64"), 1e-3
    numeric = np.zeros_like(base)
    for index in np.ndindex(*base.shape):
        shifted = base.copy()
        shifted[index] += eps
        up = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        shifted[index] -= 2 * eps
        down = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        numeric[index] = (up - down) / (2 * eps)
    np.testing.assert_allclose(grad_x.numpy(), numeric, rtol=2e-2, atol=2e-2)


def test_shapes_names_and_checks():
    x = tf.keras.Input((2, 4, 4, 3))
    assert L.Conv3DTranspose(2, 3, strides=2, padding="same")(x).shape.as_list() == \
        [None, 4, 8, 8, 2]
    layer = L.Convolution3DTranspose(2, 3)
    assert isinstance(layer, L.Conv3DTranspose) and layer.name.startswith("conv3d_transpose")
    assert layer.get_config()["output_padding"] is None
    with pytest.raises(ValueError):
        layer(np.ones((1, 4, 4, 3), "float32"))


def test_values_as_tensorflow_computes_them():
    # TF 2.21 (Keras 2): output sum and sum of magnitudes for these weights and inputs.
    rng = np.random.RandomState(0)
    layer = L.Conv3DTranspose(2, 3, strides=2)
    x = rng.rand(2, 3, 4, 4, 3).astype("float32")
    layer(x)
    layer.set_weights([rng.uniform(-1, 1, w.shape).astype("float32")
                       for w in layer.get_weights()])
    y = layer(x).numpy()
    assert y.shape == (2, 7, 9, 9, 2)
    np.testing.assert_allclose([y.sum(), np.abs(y).sum()], [311.46707, 2189.127], rtol=1e-5)
