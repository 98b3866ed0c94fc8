"""tf.nn semantics: values against plain NumPy references, TF's shapes, errors and stability."""

import math

import numpy as np
import pytest

from eagerbook.autodiff.tape import GradientTape
from eagerbook.core.errors import InvalidArgumentError, UnimplementedError
from eagerbook.core.tensor import constant
from eagerbook.ops import math_ops, nn_more_ops, nn_ops, random_ops

rng = np.random.default_rng(0)


def close(a, b, **kw):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), **kw)


# --- references written with loops (slow but obviously right) ----------------------------------
def pads_for(size, k, s, d, padding):
    k_eff = (k - 1) * d + 1
    if padding == "SAME":
        out = math.ceil(size / s)
        total = max((out - 1) * s + k_eff - size, 0)
        return total // 2, total - total // 2
    return 0, 0


def ref_conv2d(x, w, strides, padding, dilations=(1, 1)):
    n, h, wd, c = x.shape
    kh, kw, _, o = w.shape
    (sh, sw), (dh, dw) = strides, dilations
    if isinstance(padding, str):
        (pt, pb), (pl, pr) = pads_for(h, kh, sh, dh, padding), pads_for(wd, kw, sw, dw, padding)
    else:
        (pt, pb), (pl, pr) = padding[1], padding[2]
    xp = np.pad(x, ((0, 0), (pt, pb), (pl, pr), (0, 0)))
    oh = (xp.shape[1] - ((kh - 1) * dh + 1)) // sh + 1
    ow = (xp.shape[2] - ((kw - 1) * dw + 1)) // sw + 1
    out = np.zeros((n, oh, ow, o))
    for b in range(n):
        for i in range(oh):
            for j in range(ow):
                for a in range(kh):
                    for e in range(kw):
                        out[b, i, j] += xp[b, i * sh + a * dh, j * sw + e * dw] @ w[a, e]
    return out


def ref_pool(x, k, s, padding, kind):
    n, h, wd, c = x.shape
    (pt, pb), (pl, pr) = pads_for(h, k[0], s[0], 1, padding), pads_for(wd, k[1], s[1], 1, padding)
    oh = (h + pt + pb - k[0]) // s[0] + 1
    ow = (wd + pl + pr - k[1]) // s[1] + 1
    out = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            r0, c0 = i * s[0] - pt, j * s[1] - pl
            win = x[:, max(r0, 0):r0 + k[0], max(c0, 0):c0 + k[1], :]  # real cells only
            out[:, i, j] = win.max(axis=(1, 2)) if kind == "max" else win.mean(axis=(1, 2))
    return out


# --- activations ----------------------------------------------------------------------------------
X = rng.standard_normal((4, 5)) * 4


@pytest.mark.parametrize("fn, ref", [
    (nn_ops.relu, lambda x: np.maximum(x, 0)),
    (nn_ops.relu6, lambda x: np.clip(x, 0, 6)),
    (nn_ops.leaky_relu, lambda x: np.where(x > 0, x, 0.2 * x)),
    (nn_ops.elu, lambda x: np.where(x > 0, x, np.exp(x) - 1)),
    (nn_ops.selu, lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 *
                                                          (np.exp(x) - 1))),
    (nn_ops.gelu, lambda x: 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))),
    (nn_ops.silu, lambda x: x / (1 + np.exp(-x))),
    (lambda x: nn_ops.gelu(x, approximate=True),
     lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))),
])
def test_activation_values(fn, ref):
    out = fn(constant(X.astype(np.float32)))
    assert out.dtype.name == "float32"
    close(out.numpy(), ref(X), rtol=1e-5, atol=1e-5)


def test_relu_keeps_integers_and_leaky_relu_alpha():
    out = nn_ops.relu(constant([-2, 3]))
    assert out.dtype.name == "int32" and out.numpy().tolist() == [0, 3]
    close(nn_ops.leaky_relu(constant([-2.0, 3.0]), alpha=0.5).numpy(), [-1.0, 3.0])


def test_activation_rejects_bool():
    with pytest.raises(InvalidArgumentError, match="Elu"):
        nn_ops.elu(constant([True]))


# --- softmax family -------------------------------------------------------------------------------
def np_softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def test_softmax_and_log_softmax_values():
    x = rng.standard_normal((3, 4))
    close(nn_ops.softmax(x).numpy(), np_softmax(x))
    close(nn_ops.softmax(x, axis=0).numpy(), np_softmax(x, 0))
    close(nn_ops.log_softmax(x).numpy(), np.log(np_softmax(x)))
    big = constant([[1e4, 0.0, -1e4]])
    close(nn_ops.softmax(big).numpy(), [[1, 0, 0]])
    assert np.isfinite(nn_ops.log_softmax(big).numpy()).all()


def test_softmax_axis_error():
    with pytest.raises(InvalidArgumentError, match=r"range \[-2, 2\).*dim=2"):
        nn_ops.softmax(constant([[1.0, 2.0]]), axis=2)


def test_softmax_cross_entropy_values_and_stability():
    labels = np_softmax(rng.standard_normal((3, 5)))
    logits = rng.standard_normal((3, 5))
    expected = -(labels * np.log(np_softmax(logits))).sum(-1)
    close(nn_ops.softmax_cross_entropy_with_logits(labels, logits).numpy(), expected)
    huge = nn_ops.softmax_cross_entropy_with_logits([[0.0, 1.0]], constant([[1e4, -1e4]]))
    close(huge.numpy(), [2e4])
    one_hot = nn_ops.softmax_cross_entropy_with_logits([[1.0, 0.0]], constant([[1e4, -1e4]]))
    close(one_hot.numpy(), [0.0])


def test_softmax_cross_entropy_gradients_both_inputs():
    labels = constant(np_softmax(rng.standard_normal((2, 3))))
    logits = constant(rng.standard_normal((2, 3)))
    with GradientTape(persistent=True) as tape:
        tape.watch([labels, logits])
        loss = nn_ops.softmax_cross_entropy_with_logits(labels, logits)
    dlabels, dlogits = tape.gradient(loss, [labels, logits])
    close(dlogits.numpy(), np_softmax(logits.numpy()) - labels.numpy())
    close(dlabels.numpy(), -np.log(np_softmax(logits.numpy())))


def test_softmax_cross_entropy_shape_error():
    with pytest.raises(InvalidArgumentError, match=r"logits_size=\[2,3\] labels_size=\[2,4\]"):
        nn_ops.softmax_cross_entropy_with_logits(np.zeros((2, 4)), np.zeros((2, 3)))


def test_sparse_softmax_cross_entropy():
    logits = rng.standard_normal((4, 3)).astype(np.float32)
    labels = np.array([0, 2, 1, 2])
    expected = -np.log(np_softmax(logits))[np.arange(4), labels]
    out = nn_ops.sparse_softmax_cross_entropy_with_logits(labels, logits)
    close(out.numpy(), expected, rtol=1e-5)
    logits_t = constant(logits)
    with GradientTape() as tape:
        tape.watch(logits_t)
        loss = nn_ops.sparse_softmax_cross_entropy_with_logits(labels, logits_t)
    grad = tape.gradient(loss, logits_t).numpy()
    close(grad, np_softmax(logits) - np.eye(3)[labels], rtol=1e-5, atol=1e-6)
    huge = nn_ops.sparse_softmax_cross_entropy_with_logits([1], constant([[1e4, -1e4]]))
    close(huge.numpy(), [2e4])


def test_sparse_softmax_cross_entropy_errors():
    with pytest.raises(InvalidArgumentError, match=r"label value of 5 .*range of \[0, 3\)"):
        nn_ops.sparse_softmax_cross_entropy_with_logits([0, 5], np.zeros((2, 3), np.float32))
    with pytest.raises(InvalidArgumentError, match="label value of -1"):
        nn_ops.sparse_softmax_cross_entropy_with_logits([-1, 0], np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match="must equal `logits.shape.rank - 1`"):
        nn_ops.sparse_softmax_cross_entropy_with_logits([[0]], np.zeros((2, 3), np.float32))
    with pytest.raises(InvalidArgumentError, match="labels"):
        nn_ops.sparse_softmax_cross_entropy_with_logits([0.0, 1.0], np.zeros((2, 3)))


def test_sigmoid_cross_entropy_stable():
    logits = np.array([-1e4, -3.0, 0.0, 2.0, 1e4])
    labels = np.array([0.0, 1.0, 1.0, 0.0, 1.0])
    out = nn_ops.sigmoid_cross_entropy_with_logits(labels, logits).numpy()
    mid = logits[1:4]
    ref = -(labels[1:4] * np.log(1 / (1 + np.exp(-mid)))
            + (1 - labels[1:4]) * np.log(1 - 1 / (1 + np.exp(-mid))))
    close(out[1:4], ref)
    close(out[[0, 4]], [0.0, 0.0])
    x = constant(logits)
    with GradientTape() as tape:
        tape.watch(x)
        loss = nn_ops.sigmoid_cross_entropy_with_logits(constant(labels), x)
    grad = tape.gradient(loss, x).numpy()
    assert np.isfinite(grad).all()
    close(grad, 1 / (1 + np.exp(-np.clip(logits, -50, 50))) - labels, atol=1e-12)
    with pytest.raises(ValueError, match="same shape"):
        nn_ops.sigmoid_cross_entropy_with_logits(np.zeros(3), np.zeros(4))


# --- bias_add, l2_loss, moments -------------------------------------------------------------------
def test_bias_add():
    x = rng.standard_normal((2, 3, 4))
    b = rng.standard_normal(4)
    close(nn_ops.bias_add(x, b).numpy(), x + b)
    xc = rng.standard_normal((2, 3, 2, 2))
    bc = rng.standard_normal(3)
    close(nn_ops.bias_add(xc, bc, data_format="NCHW").numpy(), xc + bc[:, None, None])
    with pytest.raises(InvalidArgumentError, match="as many biases"):
        nn_ops.bias_add(x, np.zeros(3))
    with pytest.raises(InvalidArgumentError, match="Biases must be 1D"):
        nn_ops.bias_add(x, np.zeros((1, 4)))


def test_l2_loss_and_moments():
    x = rng.standard_normal((3, 4, 2))
    close(nn_ops.l2_loss(x).numpy(), (x ** 2).sum() / 2)
    mean, var = nn_ops.moments(x, axes=[0, 1])
    close(mean.numpy(), x.mean(axis=(0, 1)))
    close(var.numpy(), x.var(axis=(0, 1)))
    mean, var = nn_ops.moments(x, axes=[1], keepdims=True)
    assert mean.shape == (3, 1, 2) and var.shape == (3, 1, 2)


# --- dropout --------------------------------------------------------------------------------------
def test_dropout_scales_survivors_and_drops_about_rate():
    x = constant(np.ones((200, 50), np.float32))
    out = nn_ops.dropout(x, rate=0.25).numpy()
    assert set(np.unique(out).tolist()) <= {0.0, np.float32(1 / 0.75)}
    assert abs((out == 0).mean() - 0.25) < 0.03
    assert nn_ops.dropout(x, 0.0) is x


def test_dropout_noise_shape_and_seed():
    x = constant(np.ones((4, 6), np.float32))
    out = nn_ops.dropout(x, 0.5, noise_shape=[4, 1]).numpy()
    assert all(len(set(row.tolist())) == 1 for row in out)  # whole rows kept or dropped
    random_ops.set_seed(3)
    a = nn_ops.dropout(x, 0.5, seed=1).numpy()
    random_ops.set_seed(3)
    b = nn_ops.dropout(x, 0.5, seed=1).numpy()
    random_ops.set_seed(None)
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("rate", [1.0, 1.5, -0.1])
def test_dropout_rate_validation(rate):
    with pytest.raises(ValueError, match=r"range \[0, 1\)"):
        nn_ops.dropout(constant([1.0]), rate)


def test_dropout_needs_floats():
    with pytest.raises(ValueError, match="floating point tensor"):
        nn_ops.dropout(constant([1, 2]), 0.5)


# --- conv2d ---------------------------------------------------------------------------------------
CONV_CASES = [
    ((2, 7, 6, 3), (3, 3, 3, 4), 1, "SAME", None),
    ((2, 7, 6, 3), (3, 3, 3, 4), 1, "VALID", None),
    ((1, 8, 9, 2), (3, 2, 2, 3), 2, "SAME", None),
    ((1, 8, 9, 2), (3, 3, 2, 3), (2, 3), "VALID", None),
    ((1, 9, 9, 1), (3, 3, 1, 2), 1, "SAME", 2),
    ((1, 9, 10, 2), (2, 3, 2, 2), [1, 1, 1, 1], "VALID", [1, 2, 3, 1]),
    ((1, 5, 6, 2), (2, 2, 2, 3), (1, 2), [[0, 0], [1, 2], [0, 3], [0, 0]], None),
    ((2, 28, 28, 1), (3, 3, 1, 16), 1, "VALID", None),
    ((1, 4, 3, 2), (2, 2, 2, 2), 2, [[0, 0], [3, 1], [2, 0], [0, 0]], None),
]


def _pair(v):
    if v is None:
        return (1, 1)
    if isinstance(v, int):
        return (v, v)
    return tuple(v[1:3]) if len(v) == 4 else tuple(v)


@pytest.mark.parametrize("xs, ws, strides, padding, dilations", CONV_CASES)
def test_conv2d_matches_loop_reference(xs, ws, strides, padding, dilations):
    x = rng.standard_normal(xs).astype(np.float32)
    w = rng.standard_normal(ws).astype(np.float32)
    out = nn_ops.conv2d(x, w, strides, padding, dilations=dilations)
    assert out.dtype.name == "float32"
    expected = ref_conv2d(x.astype(np.float64), w.astype(np.float64), _pair(strides), padding,
                          _pair(dilations))
    assert out.shape == expected.shape
    close(out.numpy(), expected, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("size, k, s, d", [(7, 3, 2, 1), (8, 3, 3, 1), (10, 3, 1, 2),
                                           (5, 5, 2, 1), (6, 1, 4, 1)])
def test_conv2d_output_shapes_follow_tf_formulas(size, k, s, d):
    x = np.zeros((1, size, size, 1), np.float32)
    w = np.zeros((k, k, 1, 1), np.float32)
    k_eff = (k - 1) * d + 1
    same = nn_ops.conv2d(x, w, s, "SAME", dilations=d).shape
    valid = nn_ops.conv2d(x, w, s, "VALID", dilations=d).shape
    assert same[1] == math.ceil(size / s)
    assert valid[1] == math.ceil((size - k_eff + 1) / s)


def test_conv2d_gradients_match_reference():
    x = rng.standard_normal((2, 6, 5, 3))
    w = rng.standard_normal((3, 3, 3, 2))
    xt, wt = constant(x), constant(w)
    weights = rng.standard_normal((2, 3, 3, 2))
    with GradientTape() as tape:
        tape.watch([xt, wt])
        out = nn_ops.conv2d(xt, wt, 2, "SAME")
        loss = math_ops.reduce_sum(math_ops.multiply(out, weights))
    dx, dw = tape.gradient(loss, [xt, wt])
    # d loss / d w[a, b, c, o] = sum over windows of x_patch * weight: check one entry by hand.
    xp = np.pad(x, ((0, 0), (0, 1), (1, 1), (0, 0)))
    expect = sum(xp[n, 2 * i + 1, 2 * j + 0, 2] * weights[n, i, j, 1]
                 for n in range(2) for i in range(3) for j in range(3))
    close(dw.numpy()[1, 0, 2, 1], expect)
    assert dx.shape == x.shape and dw.shape == w.shape
    # linearity: <dx, x> + ... for a bilinear loss, <dx, x> == loss == <dw, w>
    close((dx.numpy() * x).sum(), loss.numpy())
    close((dw.numpy() * w).sum(), loss.numpy())


def test_conv2d_errors():
    x = np.zeros((1, 5, 5, 3), np.float32)
    w = np.zeros((3, 3, 3, 2), np.float32)
    with pytest.raises(ValueError, match="padding"):
        nn_ops.conv2d(x, w, 1, "FULL")
    with pytest.raises(InvalidArgumentError, match=r"input must be 4-dimensional: \[5,5,3\]"):
        nn_ops.conv2d(x[0], w, 1, "SAME")
    with pytest.raises(InvalidArgumentError, match="filter must be 4-dimensional"):
        nn_ops.conv2d(x, w[0], 1, "SAME")
    with pytest.raises(InvalidArgumentError, match="evenly divisible by filter depth: 3 vs 2"):
        nn_ops.conv2d(x, np.zeros((3, 3, 2, 2), np.float32), 1, "SAME")
    with pytest.raises(InvalidArgumentError, match="double tensor"):
        nn_ops.conv2d(constant(x), constant(w.astype(np.float64)), 1, "SAME")
    with pytest.raises(InvalidArgumentError, match="output size would be negative"):
        nn_ops.conv2d(np.zeros((1, 1, 1, 3), np.float32), w, 1, "VALID")
    with pytest.raises(InvalidArgumentError, match="batch and depth"):
        nn_ops.conv2d(x, w, [2, 1, 1, 1], "SAME")
    with pytest.raises(ValueError, match="length 1, 2 or 4"):
        nn_ops.conv2d(x, w, [1, 1, 1], "SAME")
    with pytest.raises(ValueError, match="size 4"):
        nn_ops.conv2d(x, w, 1, [[1, 1], [1, 1]])
    with pytest.raises(UnimplementedError, match="NHWC"):
        nn_ops.conv2d(x, w, 1, "SAME", data_format="NCHW")


def test_conv2d_empty_output_when_window_just_misses():
    # TF: (2 - 3 + 1) / 1 = 0 output rows, not an error.
    out = nn_ops.conv2d(np.zeros((1, 2, 2, 1), np.float32), np.zeros((3, 3, 1, 1), np.float32),
                        1, "VALID")
    assert out.shape == (1, 0, 0, 1)


def test_conv2d_second_order_through_nested_tapes():
    x = constant(rng.standard_normal((1, 4, 4, 2)))
    w = constant(rng.standard_normal((2, 2, 2, 1)))
    with GradientTape() as outer:
        outer.watch(w)
        with GradientTape() as inner:
            inner.watch(w)
            loss = math_ops.reduce_sum(math_ops.square(nn_ops.conv2d(x, w, 1, "VALID")))
        g = inner.gradient(loss, w)
        gsum = math_ops.reduce_sum(g)
    h = outer.gradient(gsum, w).numpy()
    # loss = |A w|^2 -> grad = 2 A^T A w -> d(sum grad)/dw = 2 A^T A 1.
    xv = x.numpy()
    cols = np.stack([xv[0, i:i + 2, j:j + 2, :].reshape(-1) for i in range(3) for j in range(3)])
    close(h.reshape(-1), 2 * cols.T @ cols @ np.ones(8))


# --- pooling --------------------------------------------------------------------------------------
POOL_CASES = [((2, 2), (2, 2), "VALID"), ((2, 2), (2, 2), "SAME"), ((3, 3), (2, 2), "SAME"),
              ((3, 3), (1, 1), "SAME"), ((2, 3), (1, 2), "VALID"), ((3, 3), (3, 3), "SAME")]


@pytest.mark.parametrize("k, s, padding", POOL_CASES)
def test_pools_match_loop_reference(k, s, padding):
    x = rng.standard_normal((2, 7, 6, 3)).astype(np.float32)
    mx = nn_ops.max_pool2d(x, k, s, padding)
    av = nn_ops.avg_pool2d(x, k, s, padding)
    close(mx.numpy(), ref_pool(x, k, s, padding, "max"), rtol=1e-6)
    close(av.numpy(), ref_pool(x, k, s, padding, "avg"), rtol=1e-5, atol=1e-6)


def test_avg_pool_same_excludes_padding():
    ones = np.ones((1, 3, 3, 1), np.float32)
    close(nn_ops.avg_pool2d(ones, 2, 2, "SAME").numpy(), np.ones((1, 2, 2, 1)))


def test_max_pool_gradient_goes_to_first_maximum():
    x = constant(np.array([[1.0, 3.0], [3.0, 0.0]]).reshape(1, 2, 2, 1))
    with GradientTape() as tape:
        tape.watch(x)
        y = nn_ops.max_pool2d(x, 2, 2, "VALID")
    g = tape.gradient(y, x).numpy().reshape(2, 2)
    close(g, [[0.0, 1.0], [0.0, 0.0]])


def test_pool_aliases_and_errors():
    x = np.zeros((1, 4, 4, 1), np.float32)
    assert nn_more_ops.max_pool(x, 2, 2, "SAME").shape == (1, 2, 2, 1)
    assert nn_more_ops.avg_pool(x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID").shape == (1, 2, 2, 1)
    with pytest.raises(InvalidArgumentError, match="batch dimension"):
        nn_ops.max_pool2d(x, [2, 2, 2, 1], 1, "SAME")
    with pytest.raises(ValueError, match="padding"):
        nn_ops.avg_pool2d(x, 2, 2, "same-ish")
    with pytest.raises(InvalidArgumentError, match="Input must be 4 or 5-dimensional"):
        nn_ops.max_pool2d(x[0], 2, 2, "SAME")  # (TF's oneDNN kernel, as the tests run)
    with pytest.raises(InvalidArgumentError, match="output size would be negative"):
        nn_ops.max_pool2d(np.zeros((1, 1, 1, 1), np.float32), 3, 1, "VALID")
