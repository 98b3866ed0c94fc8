"""tf.nn's 1-D / 3-D convolutions and pools, transposed convolutions, depth_to_space and
friends (eagerbook/ops/nn_more_ops.py): values against direct NumPy loops, and gradients."""

import numpy as np
import pytest

import eagerbook as tf

rng = np.random.default_rng(3)


def _same_pads(size, k, stride, dilation=1):
    out = -(-size // stride)
    total = max((out - 1) * stride + (k - 1) * dilation + 1 - size, 0)
    return out, total // 2


def _valid_out(size, k, stride, dilation=1):
    return -(-(size - (k - 1) * dilation) // stride)


def _conv_nd(x, w, strides, padding, dilations):
    """Direct cross-correlation over the spatial axes of x [N, *S, C] with w [*K, C, O]."""
    spatial = x.shape[1:-1]
    ks = w.shape[:-2]
    outs, fronts = [], []
    for size, k, s, d in zip(spatial, ks, strides, dilations):
        if padding == "SAME":
            out, front = _same_pads(size, k, s, d)
        else:
            out, front = _valid_out(size, k, s, d), 0
        outs.append(out)
        fronts.append(front)
    y = np.zeros((x.shape[0], *outs, w.shape[-1]))
    for pos in np.ndindex(*outs):
        for tap in np.ndindex(*ks):
            src = [p * s + t * d - f for p, s, t, d, f in zip(pos, strides, tap, dilations, fronts)]
            if all(0 <= i < n for i, n in zip(src, spatial)):
                y[(slice(None), *pos)] += x[(slice(None), *src)] @ w[tap]
    return y


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize(("stride", "dilation"), [(1, 1), (2, 1), (1, 2)])
def test_conv1d(padding, stride, dilation):
    x, w = rng.normal(size=(2, 9, 3)), rng.normal(size=(3, 3, 4))
    got = tf.nn.conv1d(tf.constant(x), tf.constant(w), stride, padding, dilations=dilation)
    np.testing.assert_allclose(got.numpy(), _conv_nd(x, w, [stride], padding, [dilation]),
                               rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
@pytest.mark.parametrize("strides", [[1, 1, 1], [2, 1, 2], [3, 2, 1]])
def test_conv3d(padding, strides):
    x, w = rng.normal(size=(2, 5, 4, 5, 2)), rng.normal(size=(2, 3, 2, 2, 3))
    got = tf.nn.conv3d(tf.constant(x), tf.constant(w), [1, *strides, 1], padding)
    np.testing.assert_allclose(got.numpy(), _conv_nd(x, w, strides, padding, [1, 1, 1]),
                               rtol=1e-10, atol=1e-12)
    assert tf.nn.convolution(tf.constant(x), tf.constant(w), strides, padding).shape == got.shape


def _pool_3d(x, k, s, padding, reduce):
    outs, fronts = [], []
    for size, kk, ss in zip(x.shape[1:4], k, s):
        out, front = _same_pads(size, kk, ss) if padding == "SAME" else (
            _valid_out(size, kk, ss), 0)
        outs.append(out)
        fronts.append(front)
    y = np.zeros((x.shape[0], *outs, x.shape[-1]))
    for pos in np.ndindex(*outs):
        lo = [p * ss - f for p, ss, f in zip(pos, s, fronts)]
        window = x[:, max(lo[0], 0):lo[0] + k[0], max(lo[1], 0):lo[1] + k[1],
                   max(lo[2], 0):lo[2] + k[2]]
        y[(slice(None), *pos)] = reduce(window.reshape(x.shape[0], -1, x.shape[-1]), axis=1)
    return y


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
def test_pools_3d(padding):
    x = rng.normal(size=(2, 5, 4, 5, 2))
    for pool, reduce in ((tf.nn.max_pool3d, np.max), (tf.nn.avg_pool3d, np.mean)):
        got = pool(tf.constant(x), [1, 3, 2, 2, 1], [1, 2, 2, 1, 1], padding)
        np.testing.assert_allclose(got.numpy(), _pool_3d(x, [3, 2, 2], [2, 2, 1], padding,
                                                         reduce), rtol=1e-10)
    rank_generic = tf.nn.max_pool(tf.constant(x), 2, 2, padding)
    assert rank_generic.shape.as_list()[1] == (3 if padding == "SAME" else 2)


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
def test_pools_1d(padding):
    x = rng.normal(size=(2, 7, 3))
    image = x[:, None]
    for pool1d, pool2d in ((tf.nn.max_pool1d, tf.nn.max_pool2d),
                           (tf.nn.avg_pool1d, tf.nn.avg_pool2d)):
        got = pool1d(tf.constant(x), 3, 2, padding)
        want = pool2d(tf.constant(image), [1, 3], [1, 2], padding).numpy()[:, 0]
        np.testing.assert_allclose(got.numpy(), want)


@pytest.mark.parametrize("padding", ["SAME", "VALID"])
def test_conv2d_transpose_is_the_adjoint_of_conv2d(padding):
    # <conv2d(u, w), v> == <u, conv2d_transpose(v, w)> for every u, v
    u = rng.normal(size=(1, 7, 8, 2))
    w = rng.normal(size=(3, 3, 2, 4))
    forward = tf.nn.conv2d(tf.constant(u), tf.constant(w), 2, padding)
    v = rng.normal(size=forward.shape.as_list())
    back = tf.nn.conv2d_transpose(tf.constant(v), tf.constant(w), [1, 7, 8, 2], 2, padding)
    np.testing.assert_allclose(np.sum(forward.numpy() * v), np.sum(u * back.numpy()))
    u1, w1 = rng.normal(size=(2, 9, 3)), rng.normal(size=(3, 3, 4))
    forward1 = tf.nn.conv1d(tf.constant(u1), tf.constant(w1), 2, padding)
    v1 = rng.normal(size=forward1.shape.as_list())
    back1 = tf.nn.conv1d_transpose(tf.constant(v1), tf.constant(w1), [2, 9, 3], 2, padding)
    np.testing.assert_allclose(np.sum(forward1.numpy() * v1), np.sum(u1 * back1.numpy()))


def test_atrous_and_separable():
    x, w = rng.normal(size=(1, 6, 6, 2)), rng.normal(size=(2, 2, 2, 3))
    np.testing.assert_allclose(tf.nn.atrous_conv2d(tf.constant(x), tf.constant(w), 2,
                                                   "VALID").numpy(),
                               _conv_nd(x, w, [1, 1], "VALID", [2, 2]), rtol=1e-10)
    depthwise, pointwise = rng.normal(size=(2, 2, 2, 2)), rng.normal(size=(1, 1, 4, 3))
    got = tf.nn.separable_conv2d(tf.constant(x), tf.constant(depthwise),
                                 tf.constant(pointwise), [1, 1, 1, 1], "VALID")
    mid = tf.nn.depthwise_conv2d(tf.constant(x), tf.constant(depthwise), [1, 1, 1, 1], "VALID")
    np.testing.assert_allclose(got.numpy(), mid.numpy() @ pointwise[0, 0], rtol=1e-10)


def test_depth_to_space_and_back():
    x = tf.reshape(tf.range(16), [1, 2, 2, 4])
    assert tf.nn.depth_to_space(x, 2).numpy()[0, :, :, 0].tolist() == \
        [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
    assert tf.nn.space_to_depth(tf.nn.depth_to_space(x, 2), 2).numpy().tolist() == \
        x.numpy().tolist()
    with pytest.raises(tf.errors.InvalidArgumentError, match="divisible"):
        tf.nn.space_to_depth(tf.ones([1, 3, 6, 1]), 2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="divisible"):
        tf.nn.depth_to_space(tf.ones([1, 2, 2, 3]), 2)


def test_crelu_lrn_and_moments():
    assert tf.nn.crelu(tf.constant([[-1., 2.]])).numpy().tolist() == [[0., 2., 1., 0.]]
    x = rng.normal(size=(1, 2, 2, 6))
    got = tf.nn.local_response_normalization(tf.constant(x), 2, 1., 0.5, 0.75).numpy()
    squares = np.pad(x ** 2, [(0, 0)] * 3 + [(2, 2)])
    window = sum(squares[..., i:i + 6] for i in range(5))
    np.testing.assert_allclose(got, x / (1 + 0.5 * window) ** 0.75, rtol=1e-10)
    count, mean_ss, var_ss, shift = tf.nn.sufficient_statistics(tf.constant(x), [1, 2])
    assert count.numpy() == 4 and shift is None
    np.testing.assert_allclose(mean_ss.numpy(), x.sum(axis=(1, 2)))
    np.testing.assert_allclose(var_ss.numpy(), (x ** 2).sum(axis=(1, 2)))
    mean, variance = tf.nn.weighted_moments(tf.constant([[1., 2.], [3., 4.]]), [0],
                                            tf.constant([[1.], [3.]]))
    np.testing.assert_allclose(mean.numpy(), [2.5, 3.5])
    np.testing.assert_allclose(variance.numpy(), [0.75, 0.75])
    loss = tf.nn.log_poisson_loss(tf.constant([0., 1., 3.]), tf.constant([0.5, 0.1, 1.]),
                                  compute_full_loss=True).numpy()
    plain = np.exp([0.5, 0.1, 1.]) - np.array([0., 1., 3.]) * [0.5, 0.1, 1.]
    stirling = 3 * np.log(3) - 3 + 0.5 * np.log(2 * np.pi * 3)
    np.testing.assert_allclose(loss, plain + [0, 0, stirling], rtol=1e-6)


@pytest.mark.parametrize("fn", [
    lambda x: tf.nn.conv1d(tf.reshape(x, [1, 6, 2]), tf.ones([2, 2, 1], tf.float64), 2, "SAME"),
    lambda x: tf.nn.conv3d(tf.reshape(x, [1, 3, 2, 2, 1]), tf.ones([2, 2, 1, 1, 1], tf.float64),
                           [1, 1, 1, 1, 1], "SAME"),
    lambda x: tf.nn.max_pool3d(tf.reshape(x, [1, 3, 2, 2, 1]), 2, 1, "SAME"),
    lambda x: tf.nn.avg_pool3d(tf.reshape(x, [1, 3, 2, 2, 1]), 2, 1, "SAME"),
    lambda x: tf.nn.conv2d_transpose(tf.reshape(x, [1, 3, 2, 2]), tf.ones([2, 2, 1, 2],
                                                                         tf.float64),
                                     [1, 6, 4, 1], 2, "SAME"),
    lambda x: tf.nn.lrn(tf.reshape(x, [1, 2, 1, 6]), 1, 1., 0.5, 0.75),
    lambda x: tf.nn.depth_to_space(tf.reshape(x, [1, 1, 3, 4]), 2),
])
def test_gradients(fn):
    x = tf.constant(rng.uniform(0.1, 1.0, size=12))
    theoretical, numerical = tf.test.compute_gradient(fn, [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-5, atol=1e-7)


def test_max_pool2d_with_explicit_padding():
    # TF's docstring case: padding never wins the max
    x = tf.reshape(tf.range(1., 13.), [1, 3, 4, 1])
    result = tf.nn.max_pool2d(x, ksize=(2, 2), strides=(2, 2),
                              padding=[[0, 0], [1, 1], [1, 1], [0, 0]])
    assert result.numpy()[0, :, :, 0].tolist() == [[1., 3., 4.], [9., 11., 12.]]
    negative = tf.nn.max_pool2d(-tf.ones([1, 2, 2, 1]), 2, 1, [[0, 0], [1, 0], [0, 1], [0, 0]])
    assert negative.numpy()[0, ..., 0].tolist() == [[-1., -1.], [-1., -1.]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="batch or depth"):
        tf.nn.max_pool2d(tf.ones([1, 2, 2, 1]), 2, 1, [[1, 0], [1, 0], [0, 1], [0, 0]])
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.nn.max_pool2d(t, 2, 2, [[0, 0], [1, 1], [1, 1], [0, 0]]),
        [tf.constant(rng.normal(size=(1, 3, 4, 1)))])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)


X_POOL = np.array([[1, 5, 2, 0], [3, 5, 1, 7], [0, 0, 9, 9]], np.float32).reshape(1, 3, 4, 1)


def test_max_pool_with_argmax_positions_as_tf():
    x = tf.concat([tf.constant(X_POOL), -tf.constant(X_POOL)], axis=3)
    out, argmax = tf.nn.max_pool_with_argmax(x, 2, 2, "VALID")
    assert out.numpy()[0, 0].tolist() == [[5., -1.], [7., -0.]]
    assert argmax.dtype == tf.int64 and argmax.numpy()[0, 0].tolist() == [[2, 1], [14, 7]]
    both = tf.nn.max_pool_with_argmax(tf.concat([x, x * 2], 0), 2, 2, "SAME",
                                      include_batch_in_index=True).argmax.numpy()
    assert both[1].tolist() == [[[26, 25], [38, 31]], [[40, 41], [44, 45]]]
    assert tf.nn.max_pool_with_argmax(x, 2, 2, "SAME", output_dtype=tf.int32).argmax.dtype \
        == tf.int32
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.nn.max_pool_with_argmax(t, 2, 2, "SAME").output,
        [tf.constant(rng.normal(size=(1, 3, 4, 2)))])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)


def test_pool():
    x = tf.constant(X_POOL)
    assert tf.nn.pool(x, [2, 2], "MAX", strides=[2, 2], padding="SAME").numpy()[0, ..., 0] \
        .tolist() == [[5., 7.], [0., 9.]]
    dilated = tf.nn.pool(x, [2, 2], "MAX", padding="VALID", dilations=[1, 2])
    assert dilated.numpy()[0, ..., 0].tolist() == [[3., 7.], [9., 9.]]
    row = tf.nn.pool(tf.reshape(tf.range(6.), [1, 6, 1]), [2], "AVG", strides=[2])
    assert row.numpy().ravel().tolist() == [0.5, 2.5, 4.5]
    with pytest.raises(ValueError, match="'SAME' padding is not implemented"):
        tf.nn.pool(x, [2, 2], "MAX", padding="SAME", dilations=[2, 2])
    with pytest.raises(ValueError, match="dilation_rate"):
        tf.nn.pool(x, [2, 2], "MAX", strides=[2, 2], dilations=[2, 2])
