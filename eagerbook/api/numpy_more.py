"""``tf.experimental.numpy`` as one namespace: everything of ``numpy_api`` (dtype rules, array
making, the basic math and reductions, ``experimental_enable_numpy_behavior``) and here the rest
of TF's tnp functions (array building and splitting, indexing helpers, elementwise math,
NaN-aware reductions, small linear algebra, predicates on values and dtypes).

Each one follows NumPy's signature and dtype rules, as TF's tnp does, and is built from
eagerbook's TF ops, so it differentiates and traces inside ``tf.function`` like any other op.
Functions on integers only (``gcd``, ``lcm``) and those whose result shape depends on the
values (``nonzero``, ``compress``) read values eagerly, as NumPy would.
"""

import builtins

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, convert_to_tensor
from ..core.variable import Variable
from ..ops import array_ops, complex_ops, diagonal_ops, linalg_ops, manip_ops, math_ops
from .numpy_api import *  # noqa: F403 - tnp's basic functions belong to this namespace too
from .numpy_api import (
    _binary,
    _default_dtype,
    _promote,
    _to_float,
    _unary_float,
    arange,
    asarray,
    concatenate,
    expand_dims,
    flip,
    ravel,
    reshape,
    result_type,
    transpose,
    where,
)

# NumPy's abstract and non-numeric scalar types, as TF's tnp re-exports them.
inexact, object_, string_, unicode_ = np.inexact, np.object_, np.bytes_, np.str_
promote_types = np.promote_types


# --- elementwise math --------------------------------------------------------------------------
arccosh, arcsinh, arctanh = (_unary_float(f) for f in (math_ops.acosh, math_ops.asinh,
                                                       math_ops.atanh))


def _logaddexp(a, b):
    """TF's formula: max + log1p(exp(-|a - b|)), and a + b where the difference is NaN (NaNs,
    or infinities of the same sign)."""
    a, b = _to_float(a), _to_float(b)
    delta = math_ops.subtract(a, b)
    return where(math_ops.is_nan(delta), math_ops.add(a, b),
                 math_ops.add(math_ops.maximum(a, b),
                              math_ops.log1p(math_ops.exp(math_ops.negative(
                                  math_ops.abs(delta))))))


logaddexp = _binary(_logaddexp)
logaddexp.__name__ = "logaddexp"


def logaddexp2(x1, x2):
    """log2(2**x1 + 2**x2), computed in natural logs so large inputs do not overflow."""
    x1, x2 = (_to_float(x) for x in _promote(x1, x2))
    ln2 = math_ops.cast(np.log(2.0), x1.dtype)
    return math_ops.truediv(logaddexp(math_ops.multiply(x1, ln2), math_ops.multiply(x2, ln2)),
                            ln2)


def hypot(x1, x2):
    x1, x2 = (_to_float(x) for x in _promote(x1, x2))
    return math_ops.sqrt(math_ops.add(math_ops.square(x1), math_ops.square(x2)))


def heaviside(x1, x2):
    """0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0."""
    x1, x2 = _promote(x1, x2)
    x1, x2 = _to_float(x1), _to_float(x2)
    zeros, ones = math_ops.zeros_like(x1), math_ops.ones_like(x1)
    step = math_ops.where_v2(math_ops.less(x1, zeros), zeros, ones)
    return math_ops.where_v2(math_ops.equal(x1, zeros), x2 + zeros, step)


def float_power(x1, x2):
    """TF's tnp computes this as ``power``: integers stay integers (NumPy's would be floats)."""
    return math_ops.pow(*_promote(x1, x2))


def exp2(x):
    x = _to_float(x)
    return math_ops.pow(math_ops.cast(2.0, x.dtype), x)


def cbrt(x):
    """The real cube root (negative for negative inputs)."""
    x = _to_float(x)
    return math_ops.sign(x) * math_ops.pow(math_ops.abs(x), math_ops.cast(1.0 / 3.0, x.dtype))


def fabs(x):
    """As TF's tnp: ``abs`` (integers stay integers)."""
    return math_ops.abs(asarray(x))


def fix(x):
    """Rounds toward zero."""
    x = _to_float(x)
    return math_ops.where_v2(math_ops.less(x, math_ops.zeros_like(x)), math_ops.ceil(x),
                             math_ops.floor(x))


def sinc(x):
    """sin(pi x) / (pi x), with sinc(0) = 1."""
    x = _to_float(x)
    pi_x = math_ops.multiply(x, math_ops.cast(np.pi, x.dtype))
    is_zero = math_ops.equal(x, math_ops.zeros_like(x))
    safe = math_ops.where_v2(is_zero, math_ops.ones_like(x), pi_x)  # no 0/0 in the gradient
    return math_ops.where_v2(is_zero, math_ops.ones_like(x), math_ops.sin(safe) / safe)


def deg2rad(x):
    x = _to_float(x)
    return math_ops.multiply(x, math_ops.cast(np.pi / 180.0, x.dtype))


def rad2deg(x):
    x = _to_float(x)
    return math_ops.multiply(x, math_ops.cast(180.0 / np.pi, x.dtype))


def signbit(x):
    """True where x < 0 (as TF's tnp: -0.0 counts as not negative)."""
    x = asarray(x)
    if x.dtype.is_bool or x.dtype.is_unsigned:
        return array_ops.zeros(x.shape, dtypes.bool)
    return math_ops.less(x, math_ops.zeros_like(x))


def positive(x):
    return math_ops.identity(asarray(x))


def divmod(x1, x2):  # noqa: A001 - NumPy's name
    x1, x2 = _promote(x1, x2)
    return math_ops.floordiv(x1, x2), math_ops.floormod(x1, x2)


def nextafter(x1, x2):
    x1, x2 = (_to_float(x) for x in _promote(x1, x2))
    return convert_to_tensor(np.nextafter(x1.numpy(), x2.numpy()))


def _integer_pair(np_fn, x1, x2):
    x1, x2 = _promote(x1, x2)
    if not (x1.dtype.is_integer or x1.dtype.is_bool):
        raise ValueError(f"Arguments to {np_fn.__name__} must be integers.")
    return convert_to_tensor(np_fn(x1.numpy(), x2.numpy()))


def gcd(x1, x2):
    return _integer_pair(np.gcd, x1, x2)


def lcm(x1, x2):
    return _integer_pair(np.lcm, x1, x2)


def _bitwise(tf_fn, name):
    def numpy_fn(x1, x2):
        x1, x2 = _promote(x1, x2)
        if x1.dtype.is_bool:  # NumPy's bitwise ops on bools are the logical ones
            return {"bitwise_and": math_ops.logical_and, "bitwise_or": math_ops.logical_or,
                    "bitwise_xor": math_ops.logical_xor}[name](x1, x2)
        return tf_fn(x1, x2)
    numpy_fn.__name__ = name
    return numpy_fn


bitwise_and = _bitwise(math_ops.bitwise_and, "bitwise_and")
bitwise_or = _bitwise(math_ops.bitwise_or, "bitwise_or")
bitwise_xor = _bitwise(math_ops.bitwise_xor, "bitwise_xor")


def bitwise_not(x):
    x = asarray(x)
    return math_ops.logical_not(x) if x.dtype.is_bool else math_ops.invert(x)


# --- complex numbers -----------------------------------------------------------------------------
def real(val):
    return complex_ops.real(asarray(val))


def imag(val):
    val = asarray(val)
    return complex_ops.imag(val) if val.dtype.is_complex else math_ops.zeros_like(val)


def angle(z, deg=False):
    z = asarray(z)
    out = math_ops.angle(z) if z.dtype.is_complex else \
        math_ops.atan2(math_ops.zeros_like(_to_float(z)), _to_float(z))
    return rad2deg(out) if deg else out


def conj(x):
    return complex_ops.conj(asarray(x))


conjugate = conj


# --- predicates on values and dtypes ------------------------------------------------------------
def _finite_test(tf_fn, integer_answer):
    def numpy_fn(x):
        x = asarray(x)
        if not (x.dtype.is_floating or x.dtype.is_complex):
            return array_ops.fill(x.shape.as_list(), integer_answer)
        if x.dtype.is_complex:
            parts = (complex_ops.real(x), complex_ops.imag(x))
            tests = [tf_fn(p) for p in parts]
            combine = math_ops.logical_and if tf_fn is math_ops.is_finite else \
                math_ops.logical_or
            return combine(*tests)
        return tf_fn(x)
    numpy_fn.__name__ = tf_fn.__name__
    return numpy_fn


isnan = _finite_test(math_ops.is_nan, False)
isinf = _finite_test(math_ops.is_inf, False)
isfinite = _finite_test(math_ops.is_finite, True)


def isposinf(x):
    x = _to_float(x)
    return math_ops.equal(x, math_ops.cast(np.inf, x.dtype))


def isneginf(x):
    x = _to_float(x)
    return math_ops.equal(x, math_ops.cast(-np.inf, x.dtype))


def iscomplex(x):
    return math_ops.not_equal(imag(x), 0)


def isreal(x):
    return math_ops.equal(imag(x), 0)


def iscomplexobj(x):
    return asarray(x).dtype.is_complex


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(num):
    """True for a number, or an array of rank 0."""
    if isinstance(num, (Tensor, Variable, np.ndarray)):
        return len(num.shape) == 0
    return np.isscalar(num)


# --- making arrays -------------------------------------------------------------------------------
def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    dtype = dtype if dtype is not None else _default_dtype(np.dtype(np.float64))
    return convert_to_tensor(np.geomspace(start, stop, num, endpoint, dtype, axis))


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    dtype = dtype if dtype is not None else _default_dtype(np.dtype(np.float64))
    return convert_to_tensor(np.logspace(start, stop, num, endpoint, base, dtype, axis))


def tri(N, M=None, k=0, dtype=None):  # noqa: N803 - NumPy's argument names
    """Ones at and below the k-th diagonal of an N x M array."""
    dtype = dtype if dtype is not None else _default_dtype(np.dtype(np.float64))
    return convert_to_tensor(np.tri(N, M, k, dtype=dtype))


def _keep_triangle(m, k, lower):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError("Argument to tril/triu should have rank >= 2.")
    rows, cols = m.shape.as_list()[-2:]
    mask = np.tri(rows, cols, k, dtype=bool) if lower else ~np.tri(rows, cols, k - 1,
                                                                    dtype=bool)
    return math_ops.where_v2(convert_to_tensor(mask), m, math_ops.zeros_like(m))


def tril(m, k=0):
    return _keep_triangle(m, k, lower=True)


def triu(m, k=0):
    return _keep_triangle(m, k, lower=False)


def vander(x, N=None, increasing=False):  # noqa: N803 - NumPy's argument name
    """Columns are powers of x (highest first, unless `increasing`)."""
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError(f"x must be a one-dimensional array, got shape {x.shape.as_list()}")
    n = x.shape[0] if N is None else N
    powers = np.arange(n) if increasing else np.arange(n - 1, -1, -1)
    return math_ops.pow(expand_dims(x, 1), convert_to_tensor(powers.astype(
        x.dtype.as_numpy_dtype)))


def diag(v, k=0):
    """A 1-D input becomes a diagonal matrix; a 2-D input gives its k-th diagonal."""
    v = asarray(v)
    if v.ndim == 1:
        return diagonal_ops.diag(v, k=k)
    if v.ndim != 2:
        raise ValueError(f"Input to diag must be 1-d or 2-d, got rank {v.ndim}")
    rows, cols = v.shape.as_list()
    if k >= cols or -k >= rows:
        return array_ops.zeros([0], v.dtype)
    return diagonal_ops.diag_part(v, k=k)


def diagflat(v, k=0):
    return diag(ravel(v), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal of the (axis1, axis2) planes, on the last axis of the result."""
    a = asarray(a)
    axis1, axis2 = axis1 % a.ndim, axis2 % a.ndim
    rest = [i for i in range(a.ndim) if i not in (axis1, axis2)]
    planes = transpose(a, rest + [axis1, axis2])
    rows, cols = planes.shape.as_list()[-2:]
    if offset >= cols or -offset >= rows:
        return array_ops.zeros(planes.shape.as_list()[:-2] + [0], a.dtype)
    return diagonal_ops.diag_part(planes, k=offset)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    from .numpy_api import sum as numpy_sum
    return numpy_sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


def diag_indices(n, ndim=2):
    return tuple(arange(n, dtype=np.int32) for _ in range(ndim))


def ix_(*args):
    """Open-mesh index arrays: the i-th has its values on axis i, length 1 elsewhere."""
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if a.dtype.is_bool:
            a = array_ops.reshape(where(a)[0], [-1])
        shape = [1] * len(args)
        shape[i] = -1
        out.append(array_ops.reshape(a, shape))
    return out


def meshgrid(*xi, **kwargs):
    """Coordinate grids (``indexing='xy'`` by default, as NumPy's)."""
    return manip_ops.meshgrid(*[asarray(x) for x in xi], indexing=kwargs.get("indexing", "xy"))


# --- shapes, joining and splitting ---------------------------------------------------------------
def atleast_1d(*arys):
    out = [reshape(a, [1]) if asarray(a).ndim == 0 else asarray(a) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_2d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        out.append(array_ops.reshape(a, [1, -1]) if a.ndim < 2 else a)
    return out[0] if len(out) == 1 else out


def atleast_3d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = array_ops.reshape(a, [1, 1, 1])
        elif a.ndim == 1:
            a = array_ops.reshape(a, [1, -1, 1])
        elif a.ndim == 2:
            a = expand_dims(a, -1)
        out.append(a)
    return out[0] if len(out) == 1 else out


def broadcast_arrays(*args, **kwargs):
    tensors = [asarray(a) for a in args]
    shape = np.broadcast_shapes(*[tuple(t.shape.as_list()) for t in tensors])
    return [array_ops.broadcast_to(t, list(shape)) for t in tensors]


def moveaxis(a, source, destination):
    a = asarray(a)
    source = [source] if isinstance(source, int) else list(source)
    destination = [destination] if isinstance(destination, int) else list(destination)
    source = [s % a.ndim for s in source]
    destination = [d % a.ndim for d in destination]
    order = [i for i in range(a.ndim) if i not in source]
    for d, s in sorted(zip(destination, source)):
        order.insert(d, s)
    return transpose(a, order)


def flatten(a, order="C"):
    return ravel(a)


def ascontiguousarray(a, dtype=None):
    return asarray(a, dtype)


def append(arr, values, axis=None):
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], 0)
    return concatenate([arr, values], axis)


def dstack(tup):
    return concatenate(atleast_3d(*tup) if len(tup) > 1 else [atleast_3d(*tup)], 2)


def split(ary, indices_or_sections, axis=0):
    """Equal sections (an int) or cuts at the given indices, as NumPy's ``split``."""
    ary = asarray(ary)
    n = ary.shape[axis]
    if isinstance(indices_or_sections, (int, np.integer)):
        sections = int(indices_or_sections)
        if n % sections:
            raise ValueError("array split does not result in an equal division")
        return array_ops.split(ary, sections, axis)
    cuts = [0] + [builtins.min(builtins.max(int(i), 0), n) for i in indices_or_sections] + [n]
    sizes = [builtins.max(b - a, 0) for a, b in zip(cuts[:-1], cuts[1:])]
    sizes[-1] = n - builtins.sum(sizes[:-1])
    return array_ops.split(ary, sizes, axis)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 0)


def hsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 1 if asarray(ary).ndim > 1 else 0)


def dsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 2)


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    """Rotates by 90 degrees k times, from the first of `axes` towards the second."""
    m = asarray(m)
    k %= 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(m.ndim))
    perm[axes[0]], perm[axes[1]] = perm[axes[1]], perm[axes[0]]
    if k == 1:
        return transpose(flip(m, axes[1]), perm)
    return flip(transpose(m, perm), axes[1])


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is None:
        return array_ops.reshape(manip_ops.roll(ravel(a), shift, 0), a.shape.as_list())
    return manip_ops.roll(a, shift, axis)


def repeat(a, repeats, axis=None):
    return manip_ops.repeat(asarray(a), repeats, axis)


def pad(array, pad_width, mode, **kwargs):  # noqa: A002 - NumPy's argument name
    """Pads with 'constant' (``constant_values``), 'reflect' or 'symmetric'."""
    array = asarray(array)
    widths = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (array.ndim, 2))
    mode = mode.lower()
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError(f"Unsupported padding mode: {mode}")
    value = kwargs.get("constant_values", 0)
    return array_ops.pad(array, widths.tolist(), mode.upper(),
                         constant_values=value if mode == "constant" else 0)


# --- indexing ------------------------------------------------------------------------------------
def take(a, indices, axis=None, out=None, mode="clip"):
    """Picks entries along `axis` (of the flattened array if None); out-of-range indices are
    clipped ('clip') or wrapped ('wrap'), as NumPy's modes."""
    if out is not None:
        raise ValueError("out is not supported")
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    n = a.shape[axis]
    indices = asarray(indices)
    if mode == "wrap":
        indices = math_ops.floormod(indices, n)
    elif mode in ("clip", "raise"):
        indices = math_ops.minimum(math_ops.maximum(indices, 0), n - 1)
    else:
        raise ValueError(f"Invalid mode '{mode}' for take")
    return array_ops.gather(a, indices, axis=axis)


def take_along_axis(arr, indices, axis):
    """``arr[..., indices[...], ...]`` element by element along `axis`."""
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        arr, axis = ravel(arr), 0
    axis %= arr.ndim
    shape = np.broadcast_shapes(
        tuple(d for i, d in enumerate(arr.shape.as_list()) if i != axis) + (1,),
        tuple(d for i, d in enumerate(indices.shape.as_list()) if i != axis) + (1,))[:-1]
    arr_shape, idx_shape = list(shape), list(shape)
    arr_shape.insert(axis, arr.shape[axis])
    idx_shape.insert(axis, indices.shape[axis])
    arr = array_ops.broadcast_to(arr, arr_shape)
    indices = array_ops.broadcast_to(indices, idx_shape)
    moved_arr = moveaxis(arr, axis, -1)
    moved_idx = moveaxis(indices, axis, -1)
    picked = array_ops.gather(moved_arr, moved_idx, batch_dims=moved_arr.ndim - 1)
    return moveaxis(picked, -1, axis)


def nonzero(a):
    """The indices of the nonzero entries, one int64 array per axis."""
    a = asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed.")
    positions = math_ops.cast(array_ops.where(math_ops.not_equal(a, math_ops.zeros_like(a))),
                              dtypes.int64)
    return list(array_ops.unstack(positions, num=a.ndim, axis=1))


def compress(condition, a, axis=None):
    condition = asarray(condition, np.bool_)
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    n = a.shape[axis]
    kept = condition.numpy()[:n]
    positions = np.nonzero(kept)[0]
    return array_ops.gather(a, positions.astype(np.int64), axis=axis)


def select(condlist, choicelist, default=0):
    """From each position, the choice of the first true condition (else `default`)."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    choices = _promote(*choicelist, default)
    out = choices[-1]
    for condition, choice in reversed(list(zip(condlist, choices[:-1]))):
        out = math_ops.where_v2(asarray(condition, np.bool_), choice, out)
    return out


# --- reductions ----------------------------------------------------------------------------------
def count_nonzero(a, axis=None):
    a = asarray(a)
    return math_ops.reduce_sum(math_ops.cast(math_ops.not_equal(a, math_ops.zeros_like(a)),
                                             dtypes.int64), axis=axis)


def average(a, axis=None, weights=None, returned=False):
    """The (weighted) mean; with `returned`, also the sum of the weights."""
    if weights is None:
        a = _to_float(a)
        avg = math_ops.reduce_mean(a, axis=axis)
        total = math_ops.cast(np.prod(a.shape.as_list()) if axis is None else a.shape[axis],
                              avg.dtype)
        total = array_ops.broadcast_to(total, avg.shape.as_list())
    else:
        a, weights = (_to_float(x) for x in _promote(a, weights))
        if weights.ndim != a.ndim and axis is not None:
            shape = [1] * a.ndim
            shape[axis] = -1
            weights = array_ops.reshape(weights, shape)
        weights = array_ops.broadcast_to(weights, a.shape.as_list())
        total = math_ops.reduce_sum(weights, axis=axis)
        avg = math_ops.reduce_sum(math_ops.multiply(a, weights), axis=axis) / total
    return (avg, total) if returned else avg


def ptp(a, axis=None, keepdims=None):
    a = asarray(a)
    keepdims = builtins.bool(keepdims)
    return math_ops.reduce_max(a, axis=axis, keepdims=keepdims) - \
        math_ops.reduce_min(a, axis=axis, keepdims=keepdims)


def _without_nans(a, fill):
    a = asarray(a)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        return a
    return math_ops.where_v2(isnan(a), math_ops.cast(fill, a.dtype) + math_ops.zeros_like(a), a)


def nansum(a, axis=None, dtype=None, keepdims=False):
    from .numpy_api import sum as numpy_sum
    return numpy_sum(_without_nans(a, 0), axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, keepdims=False):
    from .numpy_api import prod
    return prod(_without_nans(a, 1), axis=axis, dtype=dtype, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    a = _to_float(a) if dtype is None else asarray(a, dtype)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        return math_ops.reduce_mean(a, axis=axis, keepdims=keepdims)
    counted = math_ops.cast(math_ops.logical_not(isnan(a)), a.dtype)
    total = math_ops.reduce_sum(_without_nans(a, 0), axis=axis, keepdims=keepdims)
    return total / math_ops.reduce_sum(counted, axis=axis, keepdims=keepdims)


def diff(a, n=1, axis=-1):
    """The n-th discrete difference along `axis`."""
    a = asarray(a)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    for _ in range(n):
        length = a.shape[axis]
        later = array_ops.gather(a, list(range(1, length)), axis=axis)
        earlier = array_ops.gather(a, list(range(length - 1)), axis=axis)
        a = math_ops.logical_xor(later, earlier) if a.dtype.is_bool else \
            math_ops.subtract(later, earlier)
    return a


# --- products ------------------------------------------------------------------------------------
def inner(a, b):
    """Sums over the last axes of both."""
    a, b = _promote(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return math_ops.multiply(a, b)
    return linalg_ops.tensordot(a, b, [[-1], [-1]])


def vdot(a, b):
    """The dot product of the flattened arrays, conjugating the first."""
    a, b = _promote(a, b)
    a, b = ravel(a), ravel(b)
    if a.dtype.is_complex:
        a = complex_ops.conj(a)
    return math_ops.reduce_sum(math_ops.multiply(a, b))


def kron(a, b):
    """The Kronecker product: each entry of `a` scales a copy of `b`."""
    a, b = _promote(a, b)
    ndim = builtins.max(a.ndim, b.ndim)
    a = array_ops.reshape(a, [1] * (ndim - a.ndim) + a.shape.as_list())
    b = array_ops.reshape(b, [1] * (ndim - b.ndim) + b.shape.as_list())
    # interleave: a's axis i of size p and b's of size q become one axis of size p*q
    a_spread = array_ops.reshape(a, [d for n in a.shape.as_list() for d in (n, 1)])
    b_spread = array_ops.reshape(b, [d for n in b.shape.as_list() for d in (1, n)])
    product = math_ops.multiply(a_spread, b_spread)
    return array_ops.reshape(product, [p * q for p, q in zip(a.shape.as_list(),
                                                             b.shape.as_list())])


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of 3-vectors (2-vectors count as having z = 0)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _promote(a, b)
    a, b = moveaxis(a, axisa, -1), moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        a0, a1 = array_ops.unstack(a, axis=-1)
        b0, b1 = array_ops.unstack(b, axis=-1)
        return a0 * b1 - a1 * b0
    a, b = (_as_3d(v) for v in (a, b))
    a, b = broadcast_arrays(a, b)
    return moveaxis(manip_ops.cross(a, b), -1, axisc)


def _as_3d(v):
    if v.shape[-1] == 3:
        return v
    return array_ops.pad(v, [[0, 0]] * (v.ndim - 1) + [[0, 1]])


def polyval(p, x):
    """Evaluates the polynomial with coefficients `p` (highest power first) at `x`."""
    p, x = _promote(p, x)
    coefficients = array_ops.unstack(p, axis=0)
    value = math_ops.zeros_like(x) + math_ops.zeros_like(coefficients[0])
    for c in coefficients:
        value = math_ops.add(math_ops.multiply(value, x), c)
    return value
