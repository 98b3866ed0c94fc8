"""The resampling kernels behind ``tf.image.resize`` as TF's CPU kernels compute them.

Each output pixel is a weighted sum of input pixels, first along the height, then along the
width (area: the width first). What makes TF's values TF's is how the weights are made (in
float32, step for step) and in which order the products are added; both are followed here:

* ``ResizeBicubic`` (method "bicubic"): 4 taps, Keys' cubic (a = -0.5) read from a table of
  1,024 steps; taps outside the image dropped and the other weights renormalized.
* ``ResizeArea`` ("area"): the input cells each output cell covers, the partly covered ones
  weighted by their covered fraction, times 1 / (cell height * cell width).
* ``ScaleAndTranslate`` ("lanczos3", "lanczos5", "gaussian", "mitchellcubic", and "bilinear"
  or "bicubic" with antialiasing): a kernel function of the distance, stretched by the
  downscaling factor when antialiasing, its taps normalized to sum to 1.

A plan (which input pixels, with which weights) is made once per pair of sizes. The gradients
apply the same weights transposed (as dense matrices); TF's gradient kernels add in their own
order, so gradients may differ from TF's in the last digit.
"""

import ctypes
import ctypes.util
import functools
import math

import numpy as np

from ..core import dtypes
from . import math_ops
from .registry import execute, register

_F = np.float32
_TINY_SUM = 1000 * np.finfo(_F).tiny  # weights summing to less are left unnormalized


def _float_sin():
    """The C library's sinf (TF's Lanczos kernel calls std::sin on floats)."""
    try:
        sinf = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6").sinf
    except (OSError, AttributeError):
        return lambda v: _F(math.sin(float(v)))
    sinf.restype, sinf.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda v: _F(sinf(float(v)))


_sinf = _float_sin()


# --- plans: for each output position, input positions and weights in TF's order -------------
_CUBIC_TABLE = 1024


@functools.cache
def _cubic_table(a):
    """The cubic at i / 1024 (even entries) and 1 + i / 1024 (odd): Keys' (a = -0.5) for TF 2,
    a = -0.75 for TF 1's kernel. TF computes each entry in double and stores it as float."""
    table = np.empty((_CUBIC_TABLE + 1) * 2, _F)
    for i in range(_CUBIC_TABLE + 1):
        x = float(_F(i * 1.0 / _CUBIC_TABLE))
        table[2 * i] = ((a + 2) * x - (a + 3)) * x * x + 1
        x = float(_F(x) + _F(1))
        table[2 * i + 1] = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return table


def _scale(out_size, in_size, align_corners):
    if align_corners and out_size > 1:
        return _F(in_size - 1) / _F(out_size - 1)
    return _F(in_size) / _F(out_size)


@functools.lru_cache(maxsize=256)
def bicubic_plan(out_size, in_size, align_corners=False, half_pixel_centers=True):
    """(index [out, 4], weight [out, 4]): ResizeBicubic's taps. With half-pixel centres (TF 2)
    Keys' cubic, taps outside the image dropped and the rest renormalized; without (TF 1), the
    a = -0.75 cubic and the edge pixel repeated for taps outside."""
    table = _cubic_table(-0.5 if half_pixel_centers else -0.75)
    scale = _scale(out_size, in_size, align_corners)
    index = np.empty((out_size, 4), np.int64)
    weight = np.zeros((out_size, 4), _F)
    for o in range(out_size):
        position = (_F(o) + _F(0.5)) * scale - _F(0.5) if half_pixel_centers else _F(o) * scale
        base = math.floor(position)
        step = int(np.rint(_F(position - _F(base)) * _F(_CUBIC_TABLE)))
        taps = (table[2 * step + 1], table[2 * step], table[2 * (_CUBIC_TABLE - step)],
                table[2 * (_CUBIC_TABLE - step) + 1])
        for k, tap in enumerate(taps):
            wanted = base - 1 + k
            index[o, k] = min(in_size - 1, max(0, wanted))
            weight[o, k] = tap if index[o, k] == wanted or not half_pixel_centers else 0
        total = ((weight[o, 0] + weight[o, 1]) + weight[o, 2]) + weight[o, 3]
        if half_pixel_centers and abs(total) >= _TINY_SUM:
            weight[o] *= _F(1) / total
    return index, weight


@functools.lru_cache(maxsize=256)
def area_plan(out_size, in_size, align_corners=False):
    """(index [out, n], weight [out, n], count [out], cell): the input cells output cell o
    covers (count[o] of them, from index[o, 0]) and their covered fractions."""
    cell = _scale(out_size, in_size, align_corners)
    spans = []
    for o in range(out_size):
        start, end = _F(o) * cell, _F(o + 1) * cell
        span = []
        for i in range(math.floor(start), math.ceil(end)):
            if i < start:
                covered = cell if _F(i + 1) > end else _F(i + 1) - start
            else:
                covered = end - _F(i) if _F(i + 1) > end else _F(1)
            span.append((min(in_size - 1, max(0, i)), _F(covered)))
        spans.append(span)
    width = max(len(span) for span in spans)
    index = np.zeros((out_size, width), np.int64)
    weight = np.zeros((out_size, width), _F)
    for o, span in enumerate(spans):
        index[o, :len(span)] = [i for i, _ in span]
        weight[o, :len(span)] = [w for _, w in span]
    return index, weight, np.array([len(span) for span in spans]), cell


def _lanczos(radius):
    pi = _F(3.14159265359)

    def kernel(x):
        if x > radius:
            return _F(0)
        if x <= _F(1e-3):
            return _F(1)
        return (_F(radius) * _sinf(pi * x)) * _sinf(pi * x / _F(radius)) / (pi * pi * x * x)
    return kernel, radius


def _gaussian(x):
    sigma = float(_F(1.5) / _F(3))  # (TF divides x * x by the double 2.0 * sigma * sigma)
    return _F(0) if x >= _F(1.5) else _F(math.exp(float(-x * x) / (2.0 * sigma * sigma)))


def _keys_cubic(x):
    if x >= _F(2):
        return _F(0)
    if x >= _F(1):
        return ((_F(-0.5) * x + _F(2.5)) * x - _F(4)) * x + _F(2)
    return ((_F(1.5) * x - _F(2.5)) * x) * x + _F(1)


def _mitchell_cubic(x):
    if x >= _F(2):
        return _F(0)
    if x >= _F(1):
        return (((_F(-7) / _F(18)) * x + _F(2)) * x - _F(10) / _F(3)) * x + _F(16) / _F(9)
    return (((_F(7) / _F(6)) * x - _F(2)) * x) * x + _F(8) / _F(9)


KERNELS = {  # ScaleAndTranslate's kernel_type: (function of |distance|, radius)
    "lanczos3": _lanczos(3), "lanczos5": _lanczos(5), "gaussian": (_gaussian, 1.5),
    "triangle": (lambda x: _F(1) - x if x < _F(1) else _F(0), 1.0),
    "keyscubic": (_keys_cubic, 2.0), "mitchellcubic": (_mitchell_cubic, 2.0)}


@functools.lru_cache(maxsize=256)
def kernel_plan(kernel_type, antialias, out_size, in_size):
    """(index [out, span], weight [out, span], count [out]): ScaleAndTranslate's taps (count[o]
    of them read, zero weights included, as TF's loop reads them)."""
    kernel, radius = KERNELS[kernel_type]
    inv_scale = _F(1.0 / float(_F(out_size) / _F(in_size)))
    kernel_scale = max(inv_scale, _F(1)) if antialias else _F(1)
    reach = _F(radius) * kernel_scale
    span = min(2 * math.ceil(reach) + 1, in_size)
    index = np.zeros((out_size, span), np.int64)
    weight = np.zeros((out_size, span), _F)
    count = np.zeros(out_size, np.int64)
    for o in range(out_size):
        sample = (_F(o) + _F(0.5)) * inv_scale
        start = 0
        if 0 <= sample <= in_size:  # (else TF leaves the weights 0)
            start = min(max(math.ceil(sample - reach - _F(0.5)), 0), in_size - 1)
            end = min(max(math.floor(sample + reach - _F(0.5)), 0), in_size - 1) + 1
            taps = [kernel(abs((_F(i) + _F(0.5) - sample) * (_F(1) / kernel_scale)))
                    for i in range(start, end)]
            total = _F(0)
            for tap in taps:
                total += tap
            if abs(total) >= _TINY_SUM:
                weight[o, :len(taps)] = [tap * (_F(1) / total) for tap in taps]
        count[o] = min(start + span, in_size) - start
        index[o] = np.minimum(start + np.arange(span), in_size - 1)
    return index, weight, count


def dense(index, weight, count, in_size):
    """The plan as an [out, in] matrix (for the gradient)."""
    matrix = np.zeros((index.shape[0], in_size), _F)
    for k in range(index.shape[1]):
        used = k < count
        np.add.at(matrix, (np.arange(index.shape[0])[used], index[used, k]), weight[used, k])
    return matrix


# --- applying a plan along one axis, adding in TF's order ---------------------------------------
def _along(x, axis, index, weight, count, start_from_zero):
    """out[o] = sum_k weight[o, k] * x[index[o, k]] along `axis`, the products added in k
    order (from 0.0, or from the first product), stopping at count[o]."""
    shape = [1] * x.ndim
    shape[axis] = index.shape[0]
    total = None
    for k in range(index.shape[1]):
        term = np.take(x, index[:, k], axis=axis) * weight[:, k].reshape(shape)
        if total is None:
            total = term if not start_from_zero else _F(0) + term
        else:
            used = (k < count).reshape(shape)
            total = np.where(used, total + term, total) if not used.all() else total + term
    return total


@register("ResizeBicubic")
def _resize_bicubic(images, size, align_corners=False, half_pixel_centers=True):
    x = images.astype(_F)
    (out_h, out_w), (in_h, in_w) = size, x.shape[1:3]
    grid = (align_corners, half_pixel_centers)
    rows = _along(x, 1, *bicubic_plan(out_h, in_h, *grid), np.full(out_h, 4), False)
    return _along(rows, 2, *bicubic_plan(out_w, in_w, *grid), np.full(out_w, 4), False)


@register("ResizeArea")
def _resize_area(images, size, align_corners=False):
    x = images.astype(_F)
    (out_h, out_w), (in_h, in_w) = size, x.shape[1:3]
    index, weight, count, cell_width = area_plan(out_w, in_w, align_corners)
    # Along each input row: the first covered cell times its fraction, the whole cells, then
    # the last one times its fraction.
    columns = np.take(x, index[:, 0], axis=2) * weight[:, 0].reshape(1, 1, -1, 1)
    for k in range(1, index.shape[1]):
        is_last = (k == count - 1).reshape(1, 1, -1, 1)
        value = np.take(x, index[:, k], axis=2)
        value = np.where(is_last, value * weight[:, k].reshape(1, 1, -1, 1), value)
        columns = np.where((k < count).reshape(1, 1, -1, 1), columns + value, columns)
    index, weight, count, cell_height = area_plan(out_h, in_h, align_corners)
    total = _along(columns, 1, index, weight, count, True)
    return total * _F(1.0 / float(cell_height * cell_width))


@register("ScaleAndTranslate")
def _scale_and_translate(images, size, kernel_type, antialias):
    x = images.astype(_F)
    (out_h, out_w), (in_h, in_w) = size, x.shape[1:3]
    rows = _along(x, 1, *kernel_plan(kernel_type, antialias, out_h, in_h), True)
    return _along(rows, 2, *kernel_plan(kernel_type, antialias, out_w, in_w), True)


def _infer_resized(inputs, attrs):
    images = inputs[0]
    return [(dtypes.float32, [images.shape[0], *attrs["size"], images.shape[3]])]


for _op in (_resize_bicubic, _resize_area, _scale_and_translate):
    _op.infer_shape = _infer_resized


# --- gradients: the same weights, transposed ------------------------------------------------
def _matrices(op):
    (out_h, out_w), (in_h, in_w) = op.attrs["size"], op.inputs[0].shape[1:3]
    if op.type == "ResizeBicubic":
        grid = (op.attrs["align_corners"], op.attrs["half_pixel_centers"])
        plans = [bicubic_plan(n_out, n_in, *grid) + (np.full(n_out, 4),)
                 for n_out, n_in in ((out_h, in_h), (out_w, in_w))]
    else:
        plans = [kernel_plan(op.attrs["kernel_type"], op.attrs["antialias"], n_out, n_in)
                 for n_out, n_in in ((out_h, in_h), (out_w, in_w))]
    return dense(*plans[0], in_h), dense(*plans[1], in_w)


def _transposed(op, dy):
    height, width = _matrices(op)
    dx = math_ops.einsum("nowc,oh->nhwc", dy, height)
    dx = math_ops.einsum("nhoc,ow->nhwc", dx, width)
    return [math_ops.cast(dx, op.inputs[0].dtype)]


_resize_bicubic.gradient(_transposed)
_scale_and_translate.gradient(_transposed)


@_resize_area.gradient
def _resize_area_grad(op, dy):
    raise LookupError("gradient registry has no entry for: ResizeArea")


def resize_bicubic(images, size, align_corners=False, half_pixel_centers=True):
    return execute(_resize_bicubic, (images,), {
        "size": tuple(size), "align_corners": bool(align_corners),
        "half_pixel_centers": bool(half_pixel_centers)})


def resize_area(images, size, align_corners=False):
    return execute(_resize_area, (images,), {"size": tuple(size),
                                             "align_corners": bool(align_corners)})


def scale_and_translate(images, size, kernel_type, antialias):
    return execute(_scale_and_translate, (images,),
                   {"size": tuple(size), "kernel_type": kernel_type, "antialias": antialias})
