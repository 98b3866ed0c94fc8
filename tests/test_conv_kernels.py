"""The convolution kernels against plain loops, over random strides, paddings and dilations.

The kernels take different paths by shape (patch matrices in blocks of images, a patch-free
input gradient for stride 1); every path must agree with the obvious six-loop definition, for
the forward pass and for both gradients. A tiny block size forces the many-block paths.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerbook.autodiff.tape import GradientTape
from eagerbook.core.tensor import constant
from eagerbook.ops import math_ops, nn_ops


def _pads(size, k_eff, stride, padding, explicit):
    if padding == "SAME":
        out = -(-size // stride)
        total = max((out - 1) * stride + k_eff - size, 0)
        return total // 2, total - total // 2
    return explicit if padding == "EXPLICIT" else (0, 0)


def loop_conv_and_grads(x, w, g, strides, padding, dilations, explicit):
    """(out, d<out, g>/dx, d<out, g>/dw) by the definition: out[n, i, j] = sum over taps (a, b)
    of xp[n, i * stride + a * dilation, j * stride + b * dilation] @ w[a, b]."""
    n, h, wd, _ = x.shape
    kh, kw, _, _ = w.shape
    (sh, sw), (dh, dw) = strides, dilations
    (pt, pb) = _pads(h, (kh - 1) * dh + 1, sh, padding, explicit[0])
    (pl, pr) = _pads(wd, (kw - 1) * dw + 1, sw, padding, explicit[1])
    xp = np.pad(x, ((0, 0), (pt, pb), (pl, pr), (0, 0)))
    oh = (xp.shape[1] - (kh - 1) * dh - 1) // sh + 1
    ow = (xp.shape[2] - (kw - 1) * dw - 1) // sw + 1
    out = np.zeros((n, oh, ow, w.shape[3]))
    dxp, dwt = np.zeros_like(xp), np.zeros_like(w)
    for b in range(n):
        for i in range(oh):
            for j in range(ow):
                for a in range(kh):
                    for e in range(kw):
                        r, c = i * sh + a * dh, j * sw + e * dw
                        out[b, i, j] += xp[b, r, c] @ w[a, e]
                        if g is not None:
                            dxp[b, r, c] += w[a, e] @ g[b, i, j]
                            dwt[a, e] += np.outer(xp[b, r, c], g[b, i, j])
    return out, dxp[:, pt:pt + h, pl:pl + wd], dwt


@st.composite
def conv_cases(draw):
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    strides = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    # TF's CPU kernels take strides or dilations above 1, not both at once.
    dilations = (1, 1) if max(strides) > 1 else (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    padding = draw(st.sampled_from(["SAME", "VALID", "EXPLICIT"]))
    explicit = ((draw(st.integers(0, 2)), draw(st.integers(0, 2))),
                (draw(st.integers(0, 2)), draw(st.integers(0, 2))))
    k_eff = ((kh - 1) * dilations[0] + 1, (kw - 1) * dilations[1] + 1)
    h = draw(st.integers(k_eff[0], k_eff[0] + 5))
    wd = draw(st.integers(k_eff[1], k_eff[1] + 5))
    shape = (draw(st.integers(1, 4)), h, wd, draw(st.integers(1, 3)))
    return shape, (kh, kw, shape[3], draw(st.integers(1, 3))), strides, dilations, padding, \
        explicit, draw(st.integers(0, 2 ** 16))


@pytest.mark.parametrize("block_bytes", [1, None], ids=["one-image-blocks", "default-blocks"])
@settings(max_examples=40, deadline=None)
@given(case=conv_cases())
def test_conv2d_and_its_gradients_match_loops(block_bytes, case):
    xs, ws, strides, dilations, padding, explicit, seed = case
    rng = np.random.default_rng(seed)
    x, w = rng.standard_normal(xs), rng.standard_normal(ws)
    pad_arg = [[0, 0], list(explicit[0]), list(explicit[1]), [0, 0]] \
        if padding == "EXPLICIT" else padding
    saved = nn_ops._PATCH_BLOCK_BYTES
    if block_bytes is not None:
        nn_ops._PATCH_BLOCK_BYTES = block_bytes
    try:
        xt, wt = constant(x), constant(w)
        with GradientTape() as tape:
            tape.watch([xt, wt])
            out = nn_ops.conv2d(xt, wt, strides, pad_arg, dilations=dilations)
            g = rng.standard_normal(out.shape)
            loss = math_ops.reduce_sum(math_ops.multiply(out, g))
        dx, dw = tape.gradient(loss, [xt, wt])
    finally:
        nn_ops._PATCH_BLOCK_BYTES = saved
    want, want_dx, want_dw = loop_conv_and_grads(x, w, g, strides, padding, dilations, explicit)
    assert out.shape == want.shape
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(dx.numpy(), want_dx, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(dw.numpy(), want_dw, rtol=1e-10, atol=1e-10)


def test_float32_blocks_agree_with_one_block():
    # Summing the filter gradient block by block changes float32 rounding only.
    rng = np.random.default_rng(0)
    x = constant(rng.standard_normal((9, 12, 12, 4)).astype(np.float32))
    w = constant(rng.standard_normal((3, 3, 4, 5)).astype(np.float32))
    dy = constant(rng.standard_normal((9, 10, 10, 5)).astype(np.float32))
    results = []
    for block_bytes in (1, 10 ** 9):
        saved, nn_ops._PATCH_BLOCK_BYTES = nn_ops._PATCH_BLOCK_BYTES, block_bytes
        try:
            results.append([
                nn_ops.conv2d(x, w, 1, "VALID").numpy(),
                nn_ops.conv2d_backprop_filter(x, w.shape, dy, (1, 1), "VALID").numpy(),
                nn_ops.conv2d_backprop_input(x.shape, w, dy, (1, 1), "VALID").numpy()])
        finally:
            nn_ops._PATCH_BLOCK_BYTES = saved
    for blocked, whole in zip(*results):
        assert blocked.dtype == np.float32
        np.testing.assert_allclose(blocked, whole, rtol=1e-5, atol=1e-4)


def test_conv_kernels_run_blas_on_one_thread_and_restore_the_setting():
    from concurrent.futures import ThreadPoolExecutor

    from eagerbook.ops import blas_threads
    before = blas_threads.blas_threads()
    inside = blas_threads.one_blas_thread(blas_threads.blas_threads)()
    nested = blas_threads.one_blas_thread(blas_threads.one_blas_thread(
        blas_threads.blas_threads))()
    assert inside == nested == (None if before is None else 1)
    x = constant(np.ones((4, 9, 9, 3), np.float32))
    w = constant(np.ones((3, 3, 3, 2), np.float32))

    def convolve_and_differentiate(_):
        with GradientTape() as tape:
            tape.watch([x, w])
            loss = math_ops.reduce_sum(nn_ops.conv2d(x, w, 1, "SAME"))
        return [g.numpy().sum() for g in tape.gradient(loss, [x, w])]

    with ThreadPoolExecutor(4) as pool:  # kernels overlapping in several Python threads
        sums = list(pool.map(convolve_and_differentiate, range(16)))
    assert all(s == sums[0] for s in sums)
    assert blas_threads.blas_threads() == before


@st.composite
def stride_one_cases(draw):
    """Stride 1 with window rows of KW x C >= 8 numbers: the patch-free filter gradient."""
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    c = draw(st.integers(-(-nn_ops._SHORT_WINDOW_ROW // kw), 5))
    dilations = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    padding = draw(st.sampled_from(["SAME", "VALID", "EXPLICIT"]))
    explicit = ((draw(st.integers(0, 2)), draw(st.integers(0, 2))),
                (draw(st.integers(0, 2)), draw(st.integers(0, 2))))
    k_eff = ((kh - 1) * dilations[0] + 1, (kw - 1) * dilations[1] + 1)
    shape = (draw(st.integers(1, 5)), draw(st.integers(k_eff[0], k_eff[0] + 4)),
             draw(st.integers(k_eff[1], k_eff[1] + 4)), c)
    return shape, (kh, kw, c, draw(st.integers(1, 4))), dilations, padding, explicit, \
        draw(st.integers(0, 2 ** 16))


@pytest.mark.parametrize("through", ["ops", "gradient-rule"])
@settings(max_examples=40, deadline=None)
@given(case=stride_one_cases(), images_per_block=st.sampled_from([1, 2, None]))
def test_stride_one_gradients_by_taps_match_loops(through, case, images_per_block):
    # The patch-free gradients, with blocks of one or two images (the last block part-filled
    # when the batch is odd) or one block for the batch: each op on its own, and both from
    # one sweep when conv2d's gradient rule runs them on the same arrays.
    xs, ws, dilations, padding, explicit, seed = case
    rng = np.random.default_rng(seed)
    x, w = rng.standard_normal(xs), rng.standard_normal(ws)
    pad_arg = [[0, 0], list(explicit[0]), list(explicit[1]), [0, 0]] \
        if padding == "EXPLICIT" else padding
    oh = xs[1] + sum(_pads(xs[1], (ws[0] - 1) * dilations[0] + 1, 1, padding, explicit[0]))
    ow = xs[2] + sum(_pads(xs[2], (ws[1] - 1) * dilations[1] + 1, 1, padding, explicit[1]))
    grid_cells = oh * ow
    oh, ow = oh - (ws[0] - 1) * dilations[0], ow - (ws[1] - 1) * dilations[1]
    g = rng.standard_normal((xs[0], oh, ow, ws[3]))
    _, want_dx, want_dw = loop_conv_and_grads(x, w, g, (1, 1), padding, dilations, explicit)
    taken = []
    with pytest.MonkeyPatch.context() as patch:
        if images_per_block is not None:  # the block of moved grid copies
            patch.setattr(nn_ops, "_PATCH_BLOCK_BYTES",
                          images_per_block * ws[0] * ws[1] * ws[3] * grid_cells * 8)
        def spy(*args, _kernel=nn_ops._grads_by_taps, **kwargs):
            given = dict(zip(("w", "x"), args[5:]), **kwargs)
            taken.append("+".join(grad for grad, arg in (("dx", "w"), ("dw", "x"))
                                  if given.get(arg) is not None))
            return _kernel(*args, **kwargs)
        patch.setattr(nn_ops, "_grads_by_taps", spy)
        xt, wt, gt = constant(x), constant(w), constant(g)
        if through == "ops":
            attrs = dict(padding="EXPLICIT" if padding == "EXPLICIT" else padding,
                         explicit_paddings=explicit if padding == "EXPLICIT" else (),
                         dilations=dilations)
            dx = nn_ops.conv2d_backprop_input(xs, wt, gt, (1, 1), **attrs)
            dw = nn_ops.conv2d_backprop_filter(xt, ws, gt, (1, 1), **attrs)
        else:  # the second time, the two gradients of one dy are known to run together
            for _ in range(2):
                taken.clear()
                with GradientTape() as tape:
                    tape.watch([xt, wt])
                    out = nn_ops.conv2d(xt, wt, 1, pad_arg, dilations=dilations)
                dx, dw = tape.gradient(out, [xt, wt], output_gradients=gt)
    assert sorted(taken) == (["dw", "dx"] if through == "ops" else ["dx+dw"])
    np.testing.assert_allclose(dx.numpy(), want_dx, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(dw.numpy(), want_dw, rtol=1e-10, atol=1e-10)


def test_a_filter_gradient_left_by_the_shared_sweep_serves_only_its_own_arrays():
    # Once the two gradients of one dy ran back to back, the input gradient's kernel computes
    # the filter gradient of the x the forward pass saw with w; the filter kernel must not
    # hand it out for another x or another dy, and an untaken one stops the sharing.
    rng = np.random.default_rng(1)
    x, other_x = (constant(rng.standard_normal((2, 6, 6, 4))) for _ in range(2))
    w = constant(rng.standard_normal((3, 3, 4, 3)))
    dy, other_dy = (constant(rng.standard_normal((2, 4, 4, 3))) for _ in range(2))
    sweep = nn_ops._shared_sweep
    for args in ((other_x, w.shape, dy), (x, w.shape, other_dy), (x, w.shape, dy)):
        for _ in range(2):  # the first time teaches the sweep that both gradients are wanted
            nn_ops.conv2d(x, w, 1, "VALID")
            nn_ops.conv2d_backprop_input(x.shape, w, dy, (1, 1), "VALID")
            left = sweep.left
            got = nn_ops.conv2d_backprop_filter(*args, (1, 1), "VALID")
            nn_ops.conv2d_backprop_filter(x, w.shape, dy, (1, 1), "VALID")  # (if not taken)
        assert left is not None
        want = nn_ops._grads_by_taps(args[2]._value, w.shape, x.shape, (0, 0, 0, 0), (1, 1),
                                     x=args[0]._value)[1]
        np.testing.assert_array_equal(got.numpy(), want)  # the same sweep: the same bits
        assert (got._value is left[3]) == (args[0] is x and args[2] is dy)
    assert sweep.left is None
    # The weights froze: the filter gradient is no longer asked for, and the sweep stops
    # computing it after the first untaken one.
    for expect_left in (True, False, False):
        nn_ops.conv2d(x, w, 1, "VALID")
        nn_ops.conv2d_backprop_input(x.shape, w, dy, (1, 1), "VALID")
        assert (sweep.left is not None) == expect_left


def test_the_shared_sweep_gives_the_bits_of_each_gradient_alone():
    # The first backward pass runs the two kernels apart, the second shares one sweep: the
    # same float32 results to the bit, so a gradient never depends on what ran before it.
    rng = np.random.default_rng(2)
    x = constant(rng.standard_normal((5, 9, 9, 4)).astype(np.float32))
    w = constant(rng.standard_normal((3, 3, 4, 6)).astype(np.float32))
    results = []
    for _ in range(3):
        with GradientTape() as tape:
            tape.watch([x, w])
            loss = math_ops.reduce_sum(math_ops.square(nn_ops.conv2d(x, w, 1, "SAME")))
        results.append([g.numpy() for g in tape.gradient(loss, [x, w])])
    geometry = (x.shape, w.shape, "SAME", (), (1, 1))
    assert geometry in nn_ops._shared_sweep.wanted and nn_ops._shared_sweep.left is None
    for later in results[1:]:
        for got, first in zip(later, results[0]):
            np.testing.assert_array_equal(got, first)


@st.composite
def pixel_pair_cases(draw):
    """Forward cases two output pixels per patch row can serve (row stride and dilation 1,
    window rows of KW x C >= 8 numbers, at most 16 output channels), any height geometry."""
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    c = draw(st.integers(-(-nn_ops._SHORT_WINDOW_ROW // kw), 6))
    strides = (draw(st.integers(1, 3)), 1)
    dilations = (1 if strides[0] > 1 else draw(st.integers(1, 3)), 1)
    padding = draw(st.sampled_from(["SAME", "VALID", "EXPLICIT"]))
    explicit = ((draw(st.integers(0, 2)), draw(st.integers(0, 2))),
                (draw(st.integers(0, 2)), draw(st.integers(0, 2))))
    k_eff_h = (kh - 1) * dilations[0] + 1
    shape = (draw(st.integers(1, 4)), draw(st.integers(k_eff_h, k_eff_h + 4)),
             draw(st.integers(kw, kw + 7)), c)
    return shape, (kh, kw, c, draw(st.integers(1, nn_ops._PAIRED_MAX_OUT_CHANNELS))), \
        strides, dilations, padding, explicit, draw(st.integers(0, 2 ** 16))


@settings(max_examples=60, deadline=None)
@given(case=pixel_pair_cases(), block_bytes=st.sampled_from([1, None]))
def test_forward_in_pixel_pairs_matches_loops(case, block_bytes):
    xs, ws, strides, dilations, padding, explicit, seed = case
    rng = np.random.default_rng(seed)
    x, w = rng.standard_normal(xs), rng.standard_normal(ws)
    pad_arg = [[0, 0], list(explicit[0]), list(explicit[1]), [0, 0]] \
        if padding == "EXPLICIT" else padding
    paired = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nn_ops, "_PAIRED_MIN_OUT_WIDTH", 2)  # the guide's shapes are too big here
        if block_bytes is not None:
            patch.setattr(nn_ops, "_PATCH_BLOCK_BYTES", block_bytes)
        patch.setattr(nn_ops, "_conv2d_in_pixel_pairs", lambda *args, _kernel=nn_ops.
                      _conv2d_in_pixel_pairs: paired.append(1) or _kernel(*args))
        out = nn_ops.conv2d(constant(x), constant(w), strides, pad_arg, dilations=dilations)
    want = loop_conv_and_grads(x, w, None, strides, padding, dilations, explicit)[0]
    assert paired == ([1] if out.shape[2] % 2 == 0 and out.shape[2] >= 2 else [])
    assert out.shape == want.shape
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10, atol=1e-10)


def test_forward_in_pixel_pairs_at_the_guide_shapes_gives_one_pixel_per_row_results():
    # float32 at the guide CNN's 16-channel layer: the doubled filter changes only the order
    # of the additions inside BLAS.
    rng = np.random.default_rng(3)
    x = rng.standard_normal((5, 26, 26, 16)).astype(np.float32)
    w = rng.standard_normal((3, 3, 16, 16)).astype(np.float32)
    attrs = dict(strides=(1, 1), padding="VALID", explicit_paddings=(), dilations=(1, 1),
                 data_format="NHWC")
    assert nn_ops._pairs_pay(x, w, 24, (1, 1), (1, 1))
    paired = nn_ops._conv2d.kernel(x, w, **attrs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nn_ops, "_pairs_pay", lambda *args: False)
        single = nn_ops._conv2d.kernel(x, w, **attrs)
    assert paired.dtype == np.float32
    np.testing.assert_allclose(paired, single, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_forward_in_pixel_pairs_keeps_an_inf_or_nan_to_its_own_windows(bad):
    # A zero of the doubled filter times inf would be NaN; TF's sum over the window has no
    # such term: pixels whose windows miss the bad number stay finite, the others get inf
    # (or NaN) as the one-pixel-per-row product gives them.
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 20, 20, 8)).astype(np.float32)
    w = np.abs(rng.standard_normal((3, 3, 8, 4))).astype(np.float32)  # one sign: inf stays inf
    x[1, 7, 9, 2] = bad
    attrs = dict(strides=(1, 1), padding="SAME", explicit_paddings=(), dilations=(1, 1),
                 data_format="NHWC")
    paired = nn_ops._conv2d.kernel(x, w, **attrs)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nn_ops, "_pairs_pay", lambda *args: False)
        single = nn_ops._conv2d.kernel(x, w, **attrs)
    np.testing.assert_array_equal(paired, single)
    touched = np.zeros(paired.shape[:3], bool)
    touched[1, 6:9, 8:11] = True
    assert np.isfinite(paired[~touched]).all()
    assert not np.isfinite(paired[touched]).any()


def test_a_few_channel_forward_lends_its_patches_to_its_own_filter_gradient_only():
    # The grayscale layer's filter gradient takes the forward pass's patch matrix (the same
    # numbers it would build), for exactly that x and geometry, once.
    rng = np.random.default_rng(11)
    x = rng.standard_normal((6, 14, 14, 1)).astype(np.float32)
    w = rng.standard_normal((3, 3, 1, 8)).astype(np.float32)
    dy = rng.standard_normal((6, 12, 12, 8)).astype(np.float32)
    attrs = dict(strides=(1, 1), padding="VALID", explicit_paddings=(), dilations=(1, 1),
                 data_format="NHWC")
    forward, filter_grad = nn_ops._conv2d.kernel, nn_ops._conv2d_backprop_filter.kernel
    built = filter_grad(x, dy, (3, 3, 1, 8), **attrs)  # nothing kept: built here
    forward(x, w, **attrs)
    assert nn_ops._shared_sweep.patches is not None
    np.testing.assert_array_equal(filter_grad(x, dy, (3, 3, 1, 8), **attrs), built)
    assert nn_ops._shared_sweep.patches is None  # taken once
    forward(x, w, **attrs)
    other = x.copy()  # same numbers, another array: not lent
    np.testing.assert_array_equal(filter_grad(other, dy, (3, 3, 1, 8), **attrs), built)
    padded = dict(attrs, padding="SAME")
    dy_same = rng.standard_normal((6, 14, 14, 8)).astype(np.float32)
    want = filter_grad(x, dy_same, (3, 3, 1, 8), **padded)
    forward(x, w, **attrs)  # VALID patches: another geometry, not lent
    np.testing.assert_array_equal(filter_grad(x, dy_same, (3, 3, 1, 8), **padded), want)
    forward(x, w, **padded)
    np.testing.assert_array_equal(filter_grad(x, dy_same, (3, 3, 1, 8), **padded), want)
