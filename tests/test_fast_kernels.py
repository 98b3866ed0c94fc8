"""Kernels with a faster path than the obvious NumPy call give the very same bits (NaNs,
signed zeros, every dtype, broadcasting, non-contiguous operands). No timing here."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerbook.ops.registry import REGISTRY

select = REGISTRY["SelectV2"].kernel
relu = REGISTRY["Relu"].kernel

DTYPES = [np.float32, np.float64, np.float16, np.int8, np.int32, np.int64, np.uint16, np.bool_]
# (condition, x, y) shapes, with the output large enough for the branch-free path.
SHAPES = [((40, 30, 20), (40, 30, 20), ()), ((40, 1, 20), (30, 1), (40, 30, 20)),
          ((20000,), (20000,), (1,)), ((32, 24, 24, 16), (32, 1, 1, 16), ()),
          ((5,), (5,), (5,))]


def _operand(rng, shape, dtype, special):
    values = (rng.standard_normal(shape) * 100).astype(dtype)
    if special and np.dtype(dtype).kind == "f" and values.size:
        values.flat[::7] = np.nan
        values.flat[1::5] = -0.0
        values.flat[2::11] = -np.inf
    return values


def _same_bits(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    assert np.array_equal(a.view(np.uint8), np.ascontiguousarray(b).view(np.uint8))


@settings(max_examples=40, deadline=None)
@given(dtype=st.sampled_from(DTYPES), shapes=st.sampled_from(SHAPES), seed=st.integers(0, 99),
       transpose=st.booleans(), density=st.sampled_from([0.0, 0.5, 1.0]))
def test_select_gives_np_where_bits(dtype, shapes, seed, transpose, density):
    rng = np.random.default_rng(seed)
    cs, xs, ys = shapes
    condition = rng.random(cs) < density
    x, y = _operand(rng, xs, dtype, True), _operand(rng, ys, dtype, True)
    if transpose:  # a non-contiguous operand
        x = np.ascontiguousarray(x.T).T
    _same_bits(np.where(condition, x, y), select(condition, x, y))


@pytest.mark.parametrize("zero", [0.0, -0.0])
@pytest.mark.parametrize("y_shape", [(), (32, 26, 26, 16)])
def test_select_against_zeros_keeps_their_sign(zero, y_shape):
    rng = np.random.default_rng(2)
    condition = rng.random((32, 26, 26, 16)) < 0.5
    x = _operand(rng, (32, 26, 26, 16), np.float32, True)
    y = np.full(y_shape, zero, np.float32)
    _same_bits(np.where(condition, x, y), select(condition, x, y))


def test_select_of_mixed_dtypes_still_promotes_as_np_where():
    condition = np.arange(30000) % 3 == 0
    x, y = np.ones(30000, np.float32), np.zeros(30000, np.float64)
    out = select(condition, x, y)
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, np.where(condition, x, y))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32, np.int8])
def test_relu_gives_np_maximum_bits(dtype):
    x = _operand(np.random.default_rng(0), (64, 33), dtype, True)
    _same_bits(np.maximum(x, 0).astype(dtype), relu(x))
    # A batch of images big enough for the row of zeros; a strided view of one; big images.
    for shape in ((32, 26, 26, 16), (2, 150, 150, 2)):
        x = _operand(np.random.default_rng(1), shape, dtype, True)
        for view in (x, x[:, ::2]):
            _same_bits(np.maximum(view, 0).astype(dtype), relu(view))


# (2, 100, 200, 3): images too big for one repeated row, so rows of pixels; (0, ...): no images.
@pytest.mark.parametrize("shape", [(4, 5, 6, 3), (2, 7, 16), (3, 2, 2, 2, 8), (5, 16),
                                   (2, 100, 200, 3), (0, 4, 4, 3), (3, 0, 4, 3)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_bias_add_gives_np_add_bits(shape, dtype):
    rng = np.random.default_rng(1)
    value = _operand(rng, shape, dtype, True)
    bias = _operand(rng, shape[-1:], dtype, True)
    bias_add = REGISTRY["BiasAdd"].kernel
    _same_bits(np.add(value, bias), bias_add(value, bias, data_format="NHWC"))
    # a non-contiguous value takes the plain path
    flipped = value[..., ::-1, :]
    _same_bits(np.add(flipped, bias), bias_add(flipped, bias, data_format="NHWC"))


@pytest.mark.parametrize("shape, data_format", [((32, 24, 24, 16), "NHWC"), ((4, 5, 6, 3), "NHWC"),
                                                ((8, 3, 5, 5), "NCHW"), ((64, 10), "NHWC"),
                                                ((64, 10), "NCHW")])
def test_bias_gradient_is_the_sum_over_all_but_the_channels(shape, data_format):
    import eagerbook as tf
    x = tf.constant(np.random.default_rng(3).standard_normal(shape).astype(np.float32))
    channel = 1 if data_format == "NCHW" else len(shape) - 1
    b = tf.Variable(np.zeros(shape[channel], np.float32))
    with tf.GradientTape() as outer:
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.nn.bias_add(x, b, data_format=data_format) ** 2)
        g = tape.gradient(y, b)  # 2 * sum(x + b) over all but the channels: BiasAddGrad
        s = tf.reduce_sum(g * tf.range(float(shape[channel])))
    axes = tuple(a for a in range(len(shape)) if a != channel)
    np.testing.assert_allclose(g.numpy(), 2 * x.numpy().astype(np.float64).sum(axes),
                               rtol=1e-5, atol=1e-3)
    # second order: d s / d b_c = 2 * c * (elements per channel)
    per_channel = int(np.prod(shape)) // shape[channel]
    np.testing.assert_allclose(outer.gradient(s, b).numpy(),
                               2.0 * np.arange(shape[channel]) * per_channel, rtol=1e-6)


@pytest.mark.parametrize("shape, axis", [((32, 24, 24, 16), (1, 2)), ((8, 40, 40, 3), (0, 1, 2)),
                                         ((32, 24, 24, 16), (1, 2, 3)), ((6, 64, 64, 2), (1,)),
                                         ((32, 10, 10, 16), (1, 2))])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("keepdims", [False, True])
def test_mean_over_short_rows_is_the_mean(shape, axis, dtype, keepdims):
    # Global average pooling's mean is summed over long rows (another order of the additions):
    # within rounding of the exact mean, and the plain path for a non-contiguous input.
    mean = REGISTRY["Mean"].kernel
    x = np.random.default_rng(4).standard_normal(shape).astype(dtype)
    exact = x.astype(np.float64).mean(axis=axis, keepdims=keepdims)
    tolerance = 1e-6 if dtype == np.float32 else 1e-13
    for value in (x, x[:, ::-1]):
        got = mean(value, axis, keepdims)
        assert got.dtype == dtype and got.shape == exact.shape
        want = value.astype(np.float64).mean(axis=axis, keepdims=keepdims)
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("broadcast", [True, False])
def test_relu_grad_of_a_per_image_and_channel_gradient_gives_the_product_bits(broadcast):
    # The gradient global average pooling hands back: constant over the pixels.
    rng = np.random.default_rng(5)
    features = _operand(rng, (32, 12, 12, 16), np.float32, True)
    gradient = _operand(rng, (32, 1, 1, 16), np.float32, True)
    if broadcast:
        gradient = np.broadcast_to(gradient, features.shape)
    with np.errstate(invalid="ignore"):  # inf * 0 is NaN, as in TF
        want = np.broadcast_to(gradient * (features > 0).astype(np.float32), features.shape)
    _same_bits(want, REGISTRY["ReluGrad"].kernel(gradient, features))
