"""Smaller TF ops and compositions: bit shifts, ``invert_permutation``, ``erfc``,
``cumulative_logsumexp``, ``tf.linalg.normalize``/``matrix_rank``/``tensor_diag``."""

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from . import array_ops, diagonal_ops, eigen_double, eigen_float, linalg_ops, math_ops
from .math_ops import _erf_float64
from .op_inputs import op_inputs
from .registry import execute, invalid_argument, register
from .support import FLOATS, check_dtype

_INTEGERS = (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8, dtypes.uint16,
             dtypes.uint32, dtypes.uint64)


# --- bit shifts ---------------------------------------------------------------------------------
def _shift_amount(x, y):
    """TF's CPU kernels clamp a shift to 0..bits-1 (C++ leaves a negative or too-wide shift
    undefined): shifting an int8 by 100 moves it 7 places, by -1 not at all."""
    return np.clip(y, 0, x.dtype.itemsize * 8 - 1).astype(x.dtype, copy=False)


@register("LeftShift", elementwise=True, differentiable=False)
def _left_shift(x, y):
    # bits shifted out are lost
    return np.left_shift(x, _shift_amount(x, y)).astype(x.dtype, copy=False)


@register("RightShift", elementwise=True, differentiable=False)
def _right_shift(x, y):
    return np.right_shift(x, _shift_amount(x, y))  # arithmetic for signed dtypes: sign kept


@register("PopulationCount", elementwise=True, differentiable=False)
def _population_count(x):
    # the set bits of each element's two's-complement pattern, as uint8 (TF's output dtype)
    as_bytes = np.ascontiguousarray(x).view(np.uint8).reshape(x.shape + (x.dtype.itemsize,))
    return np.unpackbits(as_bytes, axis=-1).sum(axis=-1, dtype=np.uint8)


def _count_set_bits(x, name=None):
    """The number of 1 bits in each element of an integer tensor (``tf.raw_ops``'s op)."""
    x = convert_to_tensor(x)
    check_dtype("PopulationCount", x, _INTEGERS)
    return execute(_population_count, (x,), {})


def _shift(op, x, y):
    return execute(op, op_inputs(op.name, (x, y), _INTEGERS), {})


def left_shift(x, y, name=None):
    """``x << y`` elementwise, in x's integer dtype."""
    return _shift(_left_shift, x, y)


def right_shift(x, y, name=None):
    """``x >> y`` elementwise (arithmetic shift for signed dtypes)."""
    return _shift(_right_shift, x, y)


# --- permutations -------------------------------------------------------------------------------
@register("InvertPermutation", differentiable=False,
          infer_shape=lambda inputs, attrs: [(inputs[0].dtype, inputs[0].shape)])
def _invert_permutation(x):
    n = x.shape[0]
    out = np.full(n, -1, dtype=x.dtype)
    for i, v in enumerate(x.tolist()):
        if not 0 <= v < n:
            raise invalid_argument("InvertPermutation", f"{v} is not between 0 and {n}")
        if out[v] != -1:
            raise invalid_argument("InvertPermutation", f"{v} is duplicated in the input.")
        out[v] = i
    return out


def invert_permutation(x, name=None):
    """``y[x[i]] = i``: the permutation that undoes `x` (a vector of 0..n-1)."""
    permutation = convert_to_tensor(x)  # (x stays as given: core/errors.py reads it)
    check_dtype("InvertPermutation", permutation, (dtypes.int32, dtypes.int64))
    if permutation.ndim != 1:
        raise invalid_argument("InvertPermutation", "invert_permutation expects a 1D vector.")
    return execute(_invert_permutation, (permutation,), {})


# --- erfc ---------------------------------------------------------------------------------------
def _erfc_float64(x):
    """erfc without cancellation: for x >= 3 from erf's continued fraction of erfc itself
    (1 - erf(x) would round to 0 long before erfc does)."""
    out = 1.0 - _erf_float64(x)
    far = x >= 3.0
    if far.any():
        xl = x[far]
        with np.errstate(over="ignore", invalid="ignore", under="ignore"):
            frac = xl.copy()
            for k in range(60, 0, -1):
                frac = xl + (k / 2.0) / frac
            tail = np.exp(-xl * xl) / (np.sqrt(np.pi) * frac)
        out[far] = np.where(np.isinf(xl), 0.0, tail)
    return out


@register("Erfc", elementwise=True, dtypes=FLOATS)
def _erfc(x):
    if x.dtype == np.float32:
        return eigen_float.erfc(x)  # TF's own rounding (eigen_float.py)
    if x.dtype == np.float64:
        out = eigen_double.erfc(x)  # (likewise: eigen_double.py)
    else:
        out = _erfc_float64(x.astype(np.float64)).astype(x.dtype, copy=False)
    out[np.abs(out) < np.finfo(x.dtype).tiny] = 0  # TF's CPU kernels flush subnormals to 0
    return out


@_erfc.gradient
def _erfc_grad(op, dy):
    x = op.inputs[0]  # d/dx erfc(x) = -2/sqrt(pi) exp(-x^2)
    return [math_ops.multiply(dy, math_ops.multiply(math_ops.exp(math_ops.negative(
        math_ops.square(x))), -2.0 / np.sqrt(np.pi)))]


def erfc(x, name=None):
    """The complementary error function, ``1 - erf(x)``, accurate where erf is near 1."""
    x = convert_to_tensor(x)
    check_dtype("Erfc", x, _erfc.dtypes)
    return execute(_erfc, (x,), {})


def _logaddexp_like_tf(a, b):
    """log(exp(a) + exp(b)) as TF's scan step computes it, one value at a time:
    max + log1p(exp(min - max)), each function rounded to the dtype."""
    high, low = np.maximum(a, b), np.minimum(a, b)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(low - high, dtype=np.float64).astype(a.dtype)
        step = np.log1p(e, dtype=np.float64).astype(a.dtype) + high
    return np.where(high == -np.inf, high, step)


@register("CumulativeLogsumexp")
def _cumulative_logsumexp(x, axis, exclusive, reverse):
    """A scan along `axis` that starts from -inf and adds one value at a time (TF's order)."""
    along = np.moveaxis(x, axis, 0)
    if reverse:
        along = along[::-1]
    out = np.empty_like(along)
    total = np.full(along.shape[1:], -np.inf, x.dtype)
    for i in range(along.shape[0]):
        if exclusive:
            out[i] = total
        total = _logaddexp_like_tf(total, along[i])
        if not exclusive:
            out[i] = total
    if reverse:
        out = out[::-1]
    return np.moveaxis(out, 0, axis)


@_cumulative_logsumexp.gradient
def _cumulative_logsumexp_grad(op, dy):
    """The gradient is a reversed scan of dy * exp(x - output); dy's positive and negative
    parts go through it separately, in logs, so that nothing overflows."""
    x, out = op.inputs[0], op.outputs[0]
    attrs = dict(op.attrs, reverse=not op.attrs["reverse"])
    lowest = np.finfo(x.dtype.as_numpy_dtype).min

    def part(sign):
        mask = math_ops.greater(math_ops.multiply(dy, sign), 0)
        log_part = math_ops.where_v2(mask, math_ops.log(math_ops.multiply(dy, sign)), lowest)
        scanned = execute(_cumulative_logsumexp, (math_ops.subtract(log_part, out),), attrs)
        return math_ops.exp(math_ops.add(scanned, x))

    return [math_ops.subtract(part(1.0), part(-1.0))]


def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    """``log(cumsum(exp(x)))`` along `axis`, without overflow."""
    x = convert_to_tensor(x)
    check_dtype("CumulativeLogsumexp", x, FLOATS)
    axis = math_ops._scan_axis(axis, x.ndim, "CumulativeLogsumexp")
    return execute(_cumulative_logsumexp, (x,), {"axis": axis, "exclusive": bool(exclusive),
                                                 "reverse": bool(reverse)})


# --- linalg -------------------------------------------------------------------------------------
def normalize(tensor, ord="euclidean", axis=None, name=None):
    """``(tensor / norm, norm)``, the norm kept with its reduced dimensions."""
    tensor = convert_to_tensor(tensor)
    norm = linalg_ops.norm(tensor, ord=ord, axis=axis, keepdims=True)
    return math_ops.divide(tensor, norm), norm


def matrix_rank(a, tol=None, validate_args=False, name=None):
    """The number of singular values above `tol` (by default max(rows, cols) * eps * the
    largest one), per matrix."""
    a = convert_to_tensor(a)
    s = linalg_ops.svd(a, compute_uv=False)
    if tol is None:
        eps = np.finfo(a.dtype.as_numpy_dtype).eps
        tol = math_ops.reduce_max(s, axis=-1, keepdims=True) * (
            eps * max(a.shape[-2], a.shape[-1]))
    return math_ops.reduce_sum(math_ops.cast(math_ops.greater(s, tol), dtypes.int32), axis=-1)


def tensor_diag(diagonal, name=None):
    """A tensor of rank 2k holding `diagonal` (rank k) on its diagonal:
    ``out[i1..ik, i1..ik] = diagonal[i1..ik]``."""
    diagonal = convert_to_tensor(diagonal)
    dims = diagonal.shape.as_list()
    if not dims:
        raise invalid_argument("Diag", "Input must be at least rank 1, got 0")
    square = diagonal_ops.diag(array_ops.reshape(diagonal, [-1]))
    return array_ops.reshape(square, dims + dims)


__all__ = ["cumulative_logsumexp", "erfc", "invert_permutation", "left_shift", "matrix_rank",
           "normalize", "right_shift", "tensor_diag"]
