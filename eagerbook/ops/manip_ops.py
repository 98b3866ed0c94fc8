"""Smaller array and math ops that TF's guides use, each built from existing ops (so each
one's gradient is that of the ops it is made of, and each one traces inside ``tf.function``):
``tf.roll``, ``tf.repeat``, ``tf.meshgrid``, ``tf.sequence_mask``, ``tf.unravel_index``,
``tf.strided_slice``, ``tf.ensure_shape``, ``tf.saturate_cast``, ``tf.math.divide_no_nan``,
``tf.math.xlogy``, ``tf.math.truncatediv``/``truncatemod``, ``tf.clip_by_global_norm``,
``tf.linalg.band_part``/``matvec``/``set_diag``/``cross``/``pinv`` and friends.
"""

import itertools

import numpy as np

from ..core import dtypes, errors, logs
from ..core.dtypes_bfloat16 import bfloat16
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic, is_tensor
from . import array_ops, kernel_errors, linalg_ops, math_ops
from .indexed_slices import IndexedSlices
from .op_inputs import op_inputs
from .registry import execute, invalid_argument, register
from .shape_rules import dims_text, known_value
from .support import as_tensor
from .support import dtype_error as support_dtype_error
from .tf_type_lists import TF_TYPE_LISTS


# --- array manipulation -------------------------------------------------------------------------
def roll(input, shift, axis, name=None):
    """Rotates elements along `axis` by `shift` places (``tf.roll``)."""
    x = as_tensor(input)
    # (shift and axis stay as given: an error ends as TF's for a Python list, errors.name_suffix)
    shift_tensor, axis_tensor = as_tensor(shift), as_tensor(axis)
    if known_value(axis_tensor) is None:
        raise NotImplementedError("tf.roll with an axis known only when the tf.function runs "
                                  "is not supported in eagerbook")
    axes = np.atleast_1d(known_value(axis_tensor)).tolist()
    if x.ndim == 0:  # (the kernel's first check)
        raise invalid_argument("Roll", "input must be 1-D or higher")
    # shifts read when the function runs: one gather per axis, of positions (i - s) mod n
    if known_value(shift_tensor) is None:
        return _roll_by_traced_shifts(x, shift_tensor, axes)
    shifts = np.atleast_1d(known_value(shift_tensor)).tolist()
    if len(shifts) != len(axes):
        raise invalid_argument("Roll", "shift and axis must have the same size")
    for s, a in zip(shifts, axes):
        if not -x.ndim <= a < x.ndim:
            raise invalid_argument("Roll", f"axis {a} is out of range")
        n = x.shape[a]
        if n is None:  # known when the function runs: gather positions (i - s) mod n
            n = array_ops.shape(x)[a]
            x = array_ops.gather(x, math_ops.floormod(array_ops.range(n) - s, n), axis=a)
            continue
        if not n:
            continue
        s %= n
        if s:
            head = array_ops.gather(x, list(range(n - s, n)), axis=a)
            tail = array_ops.gather(x, list(range(n - s)), axis=a)
            x = array_ops.concat([head, tail], a)
    return x


def _roll_by_traced_shifts(x, shift, axes):
    """``roll`` by shifts a tf.function knows only when it runs (one per axis, or a scalar for
    one axis), as gathers of positions ``(i - shift) mod n`` computed by ops."""
    if shift.ndim == 0:
        shifts = [shift] if len(axes) == 1 else None
    else:
        shifts = [shift[k] for k in range(len(axes))] if shift.shape[0] == len(axes) else None
    if shifts is None:
        raise NotImplementedError("tf.roll with shifts known only when the tf.function runs, "
                                  "not one per axis, is not supported in eagerbook")
    for s, a in zip(shifts, axes):
        if not -x.ndim <= a < x.ndim:
            raise invalid_argument("Roll", f"axis {a} is out of range")
        n = x.shape[a] if x.shape[a] is not None else array_ops.shape(x)[a]
        moved = math_ops.floormod(array_ops.range(n) - math_ops.cast(s, dtypes.int32), n)
        x = array_ops.gather(x, moved, axis=a)
    return x


def repeat(input, repeats, axis=None, name=None):
    """Repeats each element (of the flattened input, or along `axis`) `repeats` times."""
    x = as_tensor(input)
    if axis is None:
        x = array_ops.reshape(x, [-1])
        axis = 0
    elif not isinstance(axis, int):
        raise TypeError(f"Argument `axis` must be an int. Received `axis` = {axis} of type "
                        f"{type(axis).__name__}")
    repeats = as_tensor(repeats)
    if repeats.ndim > 1:
        raise ValueError(f"Shape {repeats.shape} must have rank at most 1")
    if x.ndim == 0:  # (TF repeats a scalar as a one-element vector)
        x = array_ops.reshape(x, [1])
    if x.ndim is not None:
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"axis={axis} out of bounds: expected {-x.ndim}<=axis<{x.ndim}")
        axis %= x.ndim
    n = x.shape[axis]
    if repeats.ndim == 1 and None not in (n, repeats.shape[0]) and repeats.shape[0] not in (
            1, n):
        raise ValueError(f"Dimensions {n} and {repeats.shape[0]} are not compatible")
    counts = known_value(repeats)
    if n is not None and counts is not None:  # known now: the positions are a constant
        positions = np.repeat(np.arange(n), np.broadcast_to(counts, (n,)))
    else:  # known when the function runs: position i once per true entry of mask row i
        n = array_ops.shape(x)[axis] if n is None else n
        counts = array_ops.broadcast_to(repeats, [n])
        positions = array_ops.where(sequence_mask(counts))[:, 0]
    return array_ops.gather(x, positions, axis=axis)


def meshgrid(*args, **kwargs):
    """Coordinate grids from 1-D tensors (``indexing='xy'`` by default, as NumPy's)."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{list(kwargs)[0]}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError("Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    vectors = [array_ops.reshape(as_tensor(a), [-1]) for a in args]
    # A length only the run knows (tf.function, unknown dims) is read then from tf.shape.
    sizes = [v.shape[0] if v.shape[0] is not None else array_ops.shape(v)[0] for v in vectors]
    ndim = len(vectors)
    if indexing == "xy" and ndim > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, v in enumerate(vectors):
        where = i
        if indexing == "xy" and ndim > 1 and i < 2:
            where = 1 - i
        shape = [1] * ndim
        shape[where] = -1
        out.append(array_ops.reshape(v, shape))
    if not out:
        return out
    # As TF: each times ones of the first argument's dtype (a mismatch is Mul's error; bools
    # multiply as a logical and)
    ones = array_ops.broadcast_to(array_ops.ones([], as_tensor(args[0]).dtype), sizes)
    return [grid * ones for grid in out]


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool, name=None):
    """``mask[i, j] = j < lengths[i]`` (``maxlen`` defaults to the largest length)."""
    lengths = as_tensor(lengths)
    if maxlen is None:  # the largest length, at least 0 (no lengths: 0)
        zero = as_tensor(0, lengths.dtype)
        maxlen = zero if lengths.shape.num_elements() == 0 else math_ops.maximum(
            zero, math_ops.reduce_max(lengths))
    maxlen = as_tensor(maxlen)  # (its own dtype: TF compares in it, lengths cast to it)
    if maxlen.shape.rank not in (None, 0):
        raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received "
                         f"`maxlen` = {maxlen} with shape '{maxlen.shape}' instead")
    steps = array_ops.range(as_tensor(0, maxlen.dtype), maxlen, as_tensor(1, maxlen.dtype))
    matrix = math_ops.cast(array_ops.expand_dims(lengths, -1), maxlen.dtype)
    mask = math_ops.less(steps, matrix)
    return mask if dtype is dtypes.bool else math_ops.cast(mask, dtype)


def unravel_index(indices, dims, name=None):
    """Flat indices -> coordinates in an array of shape `dims` (one row per dimension)."""
    idx, dims_tensor = op_inputs("UnravelIndex", (indices, dims), (dtypes.int32, dtypes.int64),
                                 names=("indices", "dims"), attr="Tidx")
    shape = dims_tensor.numpy()
    flat = idx.numpy()
    if flat.ndim > 1:
        raise invalid_argument("UnravelIndex", f"The indices can only be scalar or vector, got "
                                               f"\"{dims_text(list(flat.shape))}\"")
    for i, dim in enumerate(shape.reshape(-1).tolist()):  # (TF's kernel's checks, in order)
        if dim < 0:
            raise invalid_argument("UnravelIndex", f"Input dims cannot be negative. Got dim = "
                                                   f"{dim} at index {i}")
        if dim == 0:
            raise invalid_argument("UnravelIndex", f"Input dims cannot contain a dim of zero, "
                                                   f"but dims contains zero at index {i}")
    if np.any(flat >= np.prod(shape)):
        raise invalid_argument("UnravelIndex", "index is out of bound as with dims")
    # TF's kernel divides as C does, so a negative index gives negative coordinates (-1 in
    # [3, 3] -> [0, -1]) where NumPy's unravel_index refuses it.
    coordinates = []
    for dim in shape.reshape(-1)[::-1]:
        coordinates.append(np.fmod(flat, dim))
        flat = (flat - coordinates[-1]) // dim
    return as_tensor(np.array(coordinates[::-1], dtype=idx.dtype.as_numpy_dtype))


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0,
                  ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    """TF's low-level slice: one entry per axis, the masks marking entries that are missing
    (begin/end), `...`, a new axis or a single index -- what ``x[...]`` builds for you."""
    begin, end = _slice_ints(begin, "begin"), _slice_ints(end, "end")
    strides = [1] * len(begin) if strides is None else _slice_ints(strides, "strides")
    key = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b)
        else:
            key.append(slice(None if begin_mask & bit else b, None if end_mask & bit else e,
                             s))
    return array_ops.tensor_getitem(as_tensor(input_), tuple(key))


def _slice_ints(value, what):
    """begin/end/strides as Python ints (a traced function's constants included)."""
    known = known_value(as_tensor(value))
    if known is None:
        raise NotImplementedError(f"tf.strided_slice with {what} known only when the "
                                  f"tf.function runs is not supported in eagerbook")
    return np.asarray(known).tolist()


def shape_n(input, out_type=dtypes.int32, name=None):
    """``tf.shape`` of each tensor in a list."""
    return [array_ops.shape(t, out_type=out_type) for t in input]


def _infer_ensure_shape(inputs, attrs):
    # While tracing, the result has what both shapes know: (None, None) ensured to
    # (None, 3) is (None, 3).
    x, expected = inputs[0], TensorShape(attrs["shape"])
    if not x._shape.is_compatible_with(expected):
        raise ValueError(f"Shape of tensor {x._shape} is not compatible with expected shape "
                         f"{expected}.")
    return [(x._dtype, x._shape.merge_with(expected))]


@register("EnsureShape", infer_shape=_infer_ensure_shape)
def _ensure_shape(x, shape):
    # Checked again when it runs: a traced function may get any shape its signature allows.
    if not TensorShape(x.shape).is_compatible_with(TensorShape(shape)):
        raise invalid_argument("EnsureShape", f"Shape of tensor input {dims_text(list(x.shape))}"
                                              f" is not compatible with expected shape "
                                              f"{dims_text(TensorShape(shape))}.")
    return x


@_ensure_shape.gradient
def _ensure_shape_grad(op, dy):
    return [dy]


def ensure_shape(x, shape, name=None):
    """`x` itself, after checking its shape is compatible with `shape`."""
    x = as_tensor(x)
    shape = TensorShape(shape)
    dims = None if shape.rank is None else tuple(shape.as_list())
    return execute(_ensure_shape, (x,), {"shape": dims})


def saturate_cast(value, dtype, name=None):
    """A cast that clamps values to the target dtype's range instead of wrapping around."""
    value = as_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    if value.dtype.is_floating or value.dtype.is_integer:
        if dtype.is_integer or dtype.is_floating:
            low, high = _saturation_limits(value.dtype, dtype)
            value = math_ops.clip_by_value(value, _from_numpy(low), _from_numpy(high))
    return math_ops.cast(value, dtype)


def _saturation_limits(source, target):
    """The clamp bounds of saturate_cast, as values of the `source` dtype: `target`'s range
    within `source`'s. A float source may round a bound out of that range (float32 has no
    2147483647: it rounds to 2147483648.0); TF then steps it one float toward zero, so 1e10
    saturates to int32 as 2147483520."""
    np_source = source.as_numpy_dtype
    bounds = []
    for own, limit, pick in ((source.min, target.min, max), (source.max, target.max, min)):
        bound = np_source(pick(own, limit))
        if source.is_floating and abs(float(bound)) > abs(float(limit)):
            bound = np.nextafter(bound, np_source(0), dtype=np_source)
        bounds.append(np.asarray(bound, np_source))
    return bounds


@register("Bitcast", differentiable=False)
def _bitcast(x, type):  # noqa: A002 - TF's attribute name
    if x.itemsize > type.size:
        # Each element splits into a new last axis; the extra axis of size 1 lets view() do
        # that for a scalar too (NumPy cannot change the itemsize of a 0-d array).
        return np.ascontiguousarray(x).reshape(x.shape + (1,)).view(type._np)
    out = x.view(type._np)
    if x.itemsize < type.size:
        return out.reshape(x.shape[:-1])
    return out.reshape(x.shape)


# TF's Bitcast takes (and makes) numbers only: no bool, string or resource
_BITCAST_TYPES = ("bfloat16 float16 float32 float64 int64 int32 uint8 uint16 uint32 uint64 int8 "
                  "int16 complex64 complex128 qint8 quint8 qint16 quint16 qint32").split()


def bitcast(input, type, name=None):
    """Reinterprets the bytes of `input` as `type` (no conversion of values)."""
    x = as_tensor(input)
    type = dtypes.as_dtype(type)
    for attr, dtype in (("T", x.dtype), ("type", type)):
        if dtype.name not in _BITCAST_TYPES:
            raise support_dtype_error("Bitcast", dtype, _BITCAST_TYPES, "input", attr)
    if x.dtype.size < type.size and (x.shape.rank == 0
                                     or x.shape[-1] != type.size // x.dtype.size):
        # (TF names the two dtypes by their DataType numbers here)
        raise invalid_argument("Bitcast", f"Cannot bitcast from {x.dtype.as_datatype_enum} to "
                                          f"{type.as_datatype_enum}")
    return execute(_bitcast, (x,), {"type": type})


def get_static_value(tensor, partial=False):
    """The value of `tensor` as a NumPy array if it is known without running anything (an eager
    tensor, or a constant while tracing), else None."""
    if isinstance(tensor, Tensor):
        if not is_symbolic(tensor):  # an eager tensor: its value is known
            return tensor.numpy()
        op = getattr(tensor, "_op", None)
        if op is not None and op.type == "Const":
            return np.array(op.attrs["value"])
        if op is not None and op.type == "Shape" and tensor.shape is not None:
            source = op.inputs[0].shape
            if source.is_fully_defined():
                return np.array(source.as_list(), dtype=tensor.dtype.as_numpy_dtype)
        return None
    if hasattr(type(tensor), "_as_tensor"):
        return None  # a Variable can change: not a static value
    return np.asarray(tensor)


_HISTOGRAM_TYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """Counts of `values` in `nbins` equal bins over `value_range` (outliers go to the end
    bins)."""
    # (new names: an error's " name: ..." reads the arguments as given, core/errors.py)
    values, bounds, count = op_inputs(
        "HistogramFixedWidth", (values, value_range, nbins), _HISTOGRAM_TYPES,
        fixed={2: dtypes.int32}, names=("values", "value_range", "nbins"))
    if bounds.ndim != 1:  # (the kernel's checks)
        raise invalid_argument("HistogramFixedWidth", "value_range should be a vector.")
    if bounds.shape[0] != 2:
        raise invalid_argument("HistogramFixedWidth", "value_range should be a vector of 2 "
                                                      "elements.")
    low, high = bounds.numpy().tolist()
    nbins = int(count.numpy())
    scaled = (values.numpy().reshape(-1) - low) / (high - low) * nbins
    bins = np.clip(np.floor(scaled).astype(np.int64), 0, nbins - 1)
    return as_tensor(np.bincount(bins, minlength=nbins).astype(dtypes.as_dtype(dtype)._np))


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """For each value, the index of its bin among `nbins` equal bins over `value_range`
    (values outside go to the end bins), in the shape of `values`."""
    values = as_tensor(values)
    low, high = as_tensor(value_range, dtype=values.dtype).numpy().tolist()
    scaled = (values.numpy() - low) / (high - low) * nbins
    bins = np.clip(np.floor(scaled), 0, nbins - 1)
    return as_tensor(bins.astype(dtypes.as_dtype(dtype)._np))


# --- shapes and sequences -------------------------------------------------------------------------
def broadcast_static_shape(shape_x, shape_y):
    """The TensorShape two shapes broadcast to (ValueError if they cannot)."""
    shape_x, shape_y = TensorShape(shape_x), TensorShape(shape_y)
    if shape_x.rank is None or shape_y.rank is None:
        return TensorShape(None)
    dims = []
    for x, y in itertools.zip_longest(reversed(shape_x.as_list()), reversed(shape_y.as_list()),
                                      fillvalue=1):
        if x is not None and y is not None and 1 not in (x, y) and x != y:
            raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible "
                             f"if for each dimension pair they are either equal or one of them "
                             f"is 1. Received: {shape_x} and {shape_y}.")
        known = [d for d in (x, y) if d is not None and d != 1]
        dims.append(known[0] if known else (1 if x == y == 1 else None))
    return TensorShape(dims[::-1])


def broadcast_dynamic_shape(shape_x, shape_y):
    """The shape (an int tensor) that two shapes, given as tensors, broadcast to."""
    x, y = as_tensor(shape_x), as_tensor(shape_y)
    try:
        out = np.broadcast_shapes(tuple(x.numpy().tolist()), tuple(y.numpy().tolist()))
    except ValueError:
        x_text, y_text = dims_text(x.numpy().tolist()), dims_text(y.numpy().tolist())
        raise invalid_argument("BroadcastArgs",
                               f"Incompatible shapes: {x_text} vs. {y_text}") from None
    return as_tensor(np.array(out, dtype=x.dtype._np))


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):
    """Reverses the first ``seq_lengths[b]`` entries along `seq_axis` of each slice `b` of
    `batch_axis` (the rest of each sequence stays where it is)."""
    x = as_tensor(input)
    lengths = as_tensor(seq_lengths).numpy().astype(np.int64)
    seq_axis = seq_axis % x.ndim
    batch_axis = 0 if batch_axis is None else batch_axis % x.ndim
    if lengths.shape != (x.shape[batch_axis],):
        raise invalid_argument("ReverseSequence", f"Length of seq_lengths != "
                                                  f"input.dims({batch_axis})")
    if np.any(lengths > x.shape[seq_axis]) or np.any(lengths < 0):
        raise invalid_argument("ReverseSequence", f"seq_lengths must be in [0, "
                                                  f"{x.shape[seq_axis]}]")
    # One gather along the sequence axis per batch entry: positions i < n read n - 1 - i.
    steps = np.arange(x.shape[seq_axis])
    order = np.where(steps < lengths[:, None], lengths[:, None] - 1 - steps, steps)
    index_shape = [1] * x.ndim
    index_shape[batch_axis], index_shape[seq_axis] = order.shape
    if batch_axis > seq_axis:
        order = order.T
        index_shape[seq_axis], index_shape[batch_axis] = order.shape
    index = np.broadcast_to(order.reshape(index_shape), x.shape)
    return as_tensor(np.take_along_axis(x.numpy(), index, axis=seq_axis))


def identity_n(input, name=None):
    """Each tensor of a list, passed through."""
    return [math_ops.identity(t) for t in input]


# tf.guarantee_const: its input, promised to a graph's optimizer never to change (deprecated
# in TF, "Not for public use"). Differentiating through it is TF's LookupError: it registers
# no gradient for GuaranteeConst.
@register("GuaranteeConst")
def _guarantee_const(x):
    return x


@_guarantee_const.gradient
def _guarantee_const_grad(op, dy):
    raise LookupError("gradient registry has no entry for: GuaranteeConst")


def guarantee_const(input, name=None):  # noqa: A002 - TF's argument name
    logs.deprecated_once("guarantee_const", "tensorflow.python.ops.array_ops",
                         "Not for public use.")
    return execute(_guarantee_const, (as_tensor(input),))



# --- math -----------------------------------------------------------------------------------------
def _is_python_value(x):
    """A number, list or NumPy array (not a tensor, Variable or composite tensor)."""
    return not is_tensor(x) and not hasattr(type(x), "_as_tensor")


def add(x, y, name=None):
    """``tf.add``: x + y. TF converts x on its own first (``1`` is int32 whatever y is), then y
    with x's dtype as a hint, so ``tf.add(1, 2.5)`` and ``tf.add(1, float_tensor)`` are AddV2's
    dtype-mismatch InvalidArgumentError. (The ``+`` operator differs: ``1 + float_tensor``
    converts the 1 to the tensor's dtype, ``1.5 + int_tensor`` is a TypeError.)"""
    if _is_python_value(x):
        x = convert_to_tensor(x)
    return math_ops.add(x, y)


def divide(x, y, name=None):
    """``tf.math.divide``: x / y, where a Python x takes y's dtype when y is a tensor (else its
    own), then the ``/`` rules apply: ``tf.divide(1, 2.5)`` is a TypeError (int32 != float32)."""
    if _is_python_value(x):
        x = convert_to_tensor(x, dtype=None if _is_python_value(y) else y.dtype)
    return math_ops.truediv(x, y)


# TF's Python wrapper of divide_no_nan casts integers as `/` does (int32 -> float64, ...).
_TRUEDIV_TYPES = {dtypes.uint8: dtypes.float32, dtypes.int8: dtypes.float32,
                  dtypes.uint16: dtypes.float32, dtypes.int16: dtypes.float32,
                  dtypes.uint32: dtypes.float64, dtypes.int32: dtypes.float64,
                  dtypes.uint64: dtypes.float64, dtypes.int64: dtypes.float64}
_DIVIDABLE = (bfloat16, dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
              dtypes.complex128)
_FLOATS_OR_COMPLEX = _DIVIDABLE[1:]  # (what Xdivy, DivNoNan, MulNoNan, Xlogy compute in)


def _same_dtype(x, y):
    if x.dtype != y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")


def divide_no_nan(x, y, name=None):
    """x / y, but 0 wherever y is 0 (even where x is 0 or inf). As TF's wrapper: a Python x
    takes the tensor y's dtype, else y is converted with x's as a hint; integers are cast as
    ``/`` casts them, then TF's op DivNoNan runs."""
    if _is_python_value(x) and not _is_python_value(y):
        y = as_tensor(y)
        x = convert_to_tensor(x, dtype=y.dtype)
    else:
        x = as_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x.dtype)
    _same_dtype(x, y)
    if x.dtype not in _TRUEDIV_TYPES and x.dtype not in _DIVIDABLE:
        expected = ", ".join(repr(d) for d in (*_TRUEDIV_TYPES, *_DIVIDABLE))
        raise TypeError(f"Invalid dtype {x.dtype!r} in tf.math.divide_no_nan. Expected one of "
                        f"{{{expected}}}.")
    if x.dtype in _TRUEDIV_TYPES:
        x, y = math_ops.cast(x, _TRUEDIV_TYPES[x.dtype]), math_ops.cast(y, _TRUEDIV_TYPES[x.dtype])
    x, y = op_inputs("DivNoNan", (x, y), _FLOATS_OR_COMPLEX, names=("x", "y"))
    zero = math_ops.equal(y, 0)
    safe = math_ops.where_v2(zero, math_ops.ones_like(y), y)
    return math_ops.where_v2(zero, math_ops.zeros_like(x * y), math_ops.truediv(x, safe))


def multiply_no_nan(x, y, name=None):
    """x * y, but 0 wherever y is 0 (even where x is nan or inf). TF's wrapper converts y
    with x's dtype as a demand, then runs TF's op MulNoNan."""
    x = as_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype, name="y")
    x, y = op_inputs("MulNoNan", (x, y), _FLOATS_OR_COMPLEX, names=("x", "y"))
    zero = math_ops.equal(y, 0)
    return math_ops.where_v2(zero, math_ops.zeros_like(x * y), x * y)


def xlogy(x, y, name=None):
    """x * log(y), and 0 where x is 0."""
    x, y = op_inputs("Xlogy", (x, y), _FLOATS_OR_COMPLEX, names=("x", "y"))
    zero = math_ops.equal(x, 0)
    safe = math_ops.where_v2(zero, math_ops.ones_like(y), y)
    return math_ops.where_v2(zero, math_ops.zeros_like(x * y), x * math_ops.log(safe))


def xdivy(x, y, name=None):
    """x / y, and 0 where x is 0."""
    x, y = op_inputs("Xdivy", (x, y), _FLOATS_OR_COMPLEX, names=("x", "y"))
    zero = math_ops.equal(x, 0)
    safe = math_ops.where_v2(zero, math_ops.ones_like(y), y)
    return math_ops.where_v2(zero, math_ops.zeros_like(x * y), math_ops.truediv(x, safe))


_TRUNCATE_DIV_TYPES = tuple(dtypes.as_dtype(n) for n in TF_TYPE_LISTS["TruncateDiv"]
                            if n != "bfloat16")


def truncatediv(x, y, name=None):
    """Integer division rounding toward zero (C's), where ``//`` rounds toward -inf."""
    x, y = op_inputs("TruncateDiv", (x, y), _TRUNCATE_DIV_TYPES, names=("x", "y"))
    if x.dtype.is_floating:
        return math_ops.sign(x / y) * math_ops.floor(math_ops.abs(x / y))
    q = math_ops.floordiv(math_ops.abs(x), math_ops.abs(y))
    return math_ops.where_v2(math_ops.equal(math_ops.less(x, 0), math_ops.less(y, 0)), q, -q)


@register("TruncateMod", elementwise=True, broadcasts=True)
def _truncate_mod(x, y):
    return np.fmod(x, y)  # (C's fmod, exact, as TF's kernel calls it)


@_truncate_mod.gradient
def _truncate_mod_grad(op, dz):
    raise LookupError("gradient registry has no entry for: TruncateMod")


_TRUNCATE_MOD_TYPES = tuple(dtypes.as_dtype(n) for n in TF_TYPE_LISTS["TruncateMod"]
                            if n != "bfloat16")


def truncatemod(x, y, name=None):
    """The remainder of truncatediv: its sign is x's (C's ``%`` and ``fmod``;
    ``tf.math.floormod`` is Python's)."""
    x, y = op_inputs("TruncateMod", (x, y), _TRUNCATE_MOD_TYPES, names=("x", "y"))
    if x.dtype.is_floating:
        return execute(_truncate_mod, (x, y))
    return x - truncatediv(x, y) * y


def polyval(coeffs, x, name=None):
    """coeffs[0] * x**(n-1) + ... + coeffs[n-1], by Horner's rule."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = as_tensor(x)
    if not coeffs:
        return math_ops.zeros_like(x)
    out = as_tensor(coeffs[0], dtype=x.dtype) + math_ops.zeros_like(x)
    for c in coeffs[1:]:
        out = out * x + as_tensor(c, dtype=x.dtype)
    return out


def _check_classes(what, values, num_classes):
    """TF asserts class ids are >= 0 and, given num_classes, below it (its Assert's words)."""
    if values.size and values.min() < 0:
        shown = "[" + ", ".join(f"'{v}'" for v in values.reshape(-1)[:3]) + "]"
        raise errors.InvalidArgumentError(
            None, None, f"`{what}` contains negative values.  \nCondition x >= 0 did not hold "
                        f"element-wise:\nx (shape={values.shape} dtype=int64) = \n{shown}")
    if num_classes is not None and values.size and values.max() >= num_classes:
        first = values.reshape(-1)[:3]
        raise errors.InvalidArgumentError(
            None, None, f"`{what}` out of bound\nCondition x < y did not hold.\nFirst "
                        f"{first.size} elements of x:\n{np.array2string(first)}\nFirst 1 "
                        f"elements of y:\n[{int(num_classes)}]")


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=dtypes.int32,
                     name=None):
    """counts[i, j]: how many examples of class i were predicted as class j."""
    from .scatter_ops import tensor_scatter_nd_add
    labels = math_ops.cast(as_tensor(labels), dtypes.int64)
    predictions = math_ops.cast(as_tensor(predictions), dtypes.int64)
    for what, values in (("labels", labels), ("predictions", predictions)):
        if not is_symbolic(values):  # (known now: checked as TF's Asserts check them)
            _check_classes(what, values.numpy(), num_classes)
    if num_classes is None:
        num_classes = int(max(labels.numpy().max(initial=-1),
                              predictions.numpy().max(initial=-1))) + 1
    weights = (math_ops.ones_like(labels, dtype=dtype) if weights is None
               else math_ops.cast(as_tensor(weights), dtype))
    indices = array_ops.stack([labels, predictions], axis=1)
    return tensor_scatter_nd_add(array_ops.zeros([num_classes, num_classes], dtype), indices,
                                 weights)


def global_norm(t_list, name=None):
    """sqrt(sum of the squared entries of every tensor in the list); None entries are skipped.
    An IndexedSlices counts its stored rows (a repeated row twice, as in TF)."""
    squares = [math_ops.reduce_sum(math_ops.square(as_tensor(_stored(t)))) for t in t_list
               if t is not None]
    if not squares:
        return as_tensor(0.0)
    return math_ops.sqrt(math_ops.add_n(squares))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Scales every tensor by ``clip_norm / max(global_norm, clip_norm)``; returns the clipped
    list and the global norm (the gradient-clipping recipe of TF's training guides)."""
    if isinstance(t_list, (Tensor, str)) or not hasattr(t_list, "__iter__"):
        raise TypeError("`t_list` should be a sequence of tensors. Received "
                        f"{type(t_list)}.")
    t_list = list(t_list)
    norm = global_norm(t_list) if use_norm is None else as_tensor(use_norm)
    clip_norm = math_ops.cast(as_tensor(clip_norm), norm.dtype)
    scale = clip_norm * math_ops.minimum(1.0 / norm, 1.0 / clip_norm)
    clipped = [None if t is None else _scaled(t, scale) for t in t_list]
    return clipped, norm


def _stored(t):
    """The values an IndexedSlices stores; any other tensor as it is."""
    return t.values if type(t) is IndexedSlices else t


def _scaled(t, scale):
    """`t` times `scale` (an IndexedSlices stays one, its values scaled)."""
    if type(t) is IndexedSlices:
        return t._with_values(_scaled(t.values, scale))
    t = as_tensor(t)
    return t * math_ops.cast(scale, t.dtype)


# --- linear algebra -----------------------------------------------------------------------------
@register("MatrixBandPart", infer_shape=lambda inputs, attrs: [(inputs[0]._dtype,
                                                               inputs[0]._shape)])
def _band_part(x, num_lower, num_upper):
    if x.ndim < 2:
        raise invalid_argument("MatrixBandPart", f"input must be at least 2-dim, received "
                                                 f"shape: {list(x.shape)}")
    rows, cols = x.shape[-2], x.shape[-1]
    for what, count, limit, of in (("num_lower", num_lower, rows, "rows"),
                                   ("num_upper", num_upper, cols, "columns")):
        if np.ndim(count):
            raise invalid_argument("MatrixBandPart", f"{what} must be scalar, got shape "
                                                     f"{list(np.shape(count))}")
        if count > limit:
            raise invalid_argument("MatrixBandPart", f"{what} must be negative or less or "
                                                     f"equal to number of {of} ({limit}) got: "
                                                     f"{count}")
    i = np.arange(rows)[:, None]
    j = np.arange(cols)[None, :]
    keep = np.ones((rows, cols), bool)
    if num_lower >= 0:
        keep &= (i - j) <= num_lower
    if num_upper >= 0:
        keep &= (j - i) <= num_upper
    return np.where(keep, x, np.zeros((), x.dtype))


@_band_part.gradient
def _band_part_grad(op, dy):
    # The kept entries pass their gradient through; the zeroed ones get none.
    return [execute(_band_part, (dy, op.inputs[1], op.inputs[2])), None, None]


def band_part(input, num_lower, num_upper, name=None):
    """Keeps the band of each matrix: `num_lower` sub- and `num_upper` superdiagonals
    (a negative count keeps the whole triangle)."""
    return execute(_band_part, (as_tensor(input), as_tensor(num_lower), as_tensor(num_upper)))


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    """Matrix times vector: ``a @ b[..., None]``, the last axis dropped."""
    b = as_tensor(b)
    out = math_ops.matmul(a, array_ops.expand_dims(b, -1),
                          transpose_a=transpose_a or adjoint_a)
    return array_ops.squeeze(out, -1)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    """Replaces the main diagonal of each matrix by `diagonal`."""
    x = as_tensor(input)
    diagonal = as_tensor(diagonal, dtype=x.dtype)
    if k != 0:
        raise NotImplementedError("set_diag supports the main diagonal (k=0) only")
    rows, cols = x.shape[-2], x.shape[-1]
    on = np.eye(rows, cols, dtype=bool)
    placed = array_ops.matrix_diag(diagonal, num_rows=rows, num_cols=cols)
    return math_ops.where_v2(on, placed, x)


_CROSS_TYPES = tuple(dtypes.as_dtype(n) for n in TF_TYPE_LISTS["Cross"] if n != "bfloat16")


def cross(a, b, name=None):
    """The cross product of 3-vectors along the last axis (TF's Cross kernel's checks)."""
    # (a and b stay as given: core/errors.py reads them)
    x, y = op_inputs("Cross", (a, b), _CROSS_TYPES, names=("a", "b"))
    if x.shape.is_fully_defined() and y.shape.is_fully_defined():
        if x.shape != y.shape:
            raise invalid_argument("Cross", f"Both inputs must be of same shape: "
                                            f"{dims_text(x.shape)} vs. {dims_text(y.shape)}")
        if x.ndim == 0:
            raise invalid_argument("Cross", "Input must be at least 1D[]")
        if x.shape[-1] != 3:
            raise errors.op_error(errors.FailedPreconditionError, "Cross",
                                  "Cross-products are only defined for 3-element vectors.")
    a0, a1, a2 = array_ops.unstack(x, axis=-1)
    b0, b1, b2 = array_ops.unstack(y, axis=-1)
    return array_ops.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def pinv(a, rcond=None, validate_args=False, name=None):
    """The Moore-Penrose pseudo-inverse, through the SVD (singular values below
    ``rcond * largest`` count as zero)."""
    a = as_tensor(a)
    rows, cols = a.shape[-2], a.shape[-1]
    if rcond is None:
        rcond = 10.0 * max(rows, cols) * np.finfo(a.dtype.as_numpy_dtype).eps
    s, u, v = linalg_ops.svd(a)
    cutoff = rcond * math_ops.reduce_max(s, axis=-1, keepdims=True)
    inv_s = math_ops.where_v2(math_ops.greater(s, cutoff), 1.0 / s, math_ops.zeros_like(s))
    return math_ops.matmul(v * array_ops.expand_dims(inv_s, -2), u, transpose_b=True)


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """The least-squares solution of ``matrix @ x = rhs`` (normal equations, as TF's fast
    path; `l2_regularizer` adds ridge damping)."""
    a = as_tensor(matrix)
    b = as_tensor(rhs, dtype=a.dtype)
    gram = math_ops.matmul(a, a, transpose_a=True)
    if l2_regularizer:
        gram = gram + l2_regularizer * array_ops.eye(a.shape[-1], dtype=a.dtype)
    return linalg_ops.solve(gram, math_ops.matmul(a, b, transpose_a=True))


def expm(input, name=None):
    """The matrix exponential, by scaling and squaring a Taylor series."""
    x = as_tensor(input)
    dims = x.shape.as_list()
    if len(dims) >= 2 and None not in dims[-2:] and dims[-1] != dims[-2]:
        # TF's first product x @ x refuses a matrix that is not square, in its words
        batch = dims if len(dims) > 2 else [1] + dims
        text = "[" + ",".join(str(d) for d in batch) + "]"
        raise kernel_errors.kernel_error("BatchMatMulV2", x.dtype, "inner sizes", a=text,
                                         b=text, adj_x=False, adj_y=False)
    norm = float(np.max(np.abs(x.numpy()))) * x.shape[-1] if x.shape.num_elements() else 0.0
    squarings = max(0, int(np.ceil(np.log2(norm))) + 1) if norm > 0.5 else 0
    scaled = x / (2.0 ** squarings)
    eye = array_ops.eye(x.shape[-1], dtype=x.dtype) + math_ops.zeros_like(x)
    term, total = eye, eye
    for k in range(1, 19):
        term = math_ops.matmul(term, scaled) / float(k)
        total = total + term
    for _ in range(squarings):
        total = math_ops.matmul(total, total)
    return total


# --- space_to_batch / batch_to_space ----------------------------------------------------------
def _block_arg(block_shape, op_name):
    blocks = np.atleast_1d(as_tensor(block_shape).numpy()).astype(np.int64).tolist()
    if any(b < 1 for b in blocks):
        raise invalid_argument(op_name, f"All values in block_shape must be positive, got "
                                        f"value, {blocks}")
    return blocks


def _pairs_arg(pairs, count, op_name, what):
    pairs = np.asarray(as_tensor(pairs).numpy(), np.int64).reshape(-1, 2) if count else \
        np.zeros((0, 2), np.int64)
    if pairs.shape[0] != count:
        raise invalid_argument(op_name, f"{what} should have shape [{count}, 2] instead of "
                                        f"{list(pairs.shape)}")
    if np.any(pairs < 0):
        raise invalid_argument(op_name, f"{what} must be non-negative")
    return pairs.tolist()


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002 - TF's name
    """Pads the M spatial axes after the batch axis, cuts them into blocks of `block_shape`,
    and moves each position inside a block into the batch (block positions outermost)."""
    x = as_tensor(input)
    blocks = _block_arg(block_shape, "SpaceToBatchND")
    m = len(blocks)
    pads = _pairs_arg(paddings, m, "SpaceToBatchND", "paddings")
    rest = x.ndim - 1 - m
    padded = array_ops.pad(x, [[0, 0]] + pads + [[0, 0]] * rest)
    shape = padded.shape.as_list()
    for i, b in enumerate(blocks):
        if shape[1 + i] % b:
            raise invalid_argument("SpaceToBatchND", f"padded_shape[{i}]={shape[1 + i]} is not "
                                                     f"divisible by block_shape[{i}]={b}")
    split = [shape[0]]
    for i, b in enumerate(blocks):
        split += [shape[1 + i] // b, b]
    split += shape[1 + m:]
    tiles = array_ops.reshape(padded, split)
    perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + \
        list(range(1 + 2 * m, 1 + 2 * m + rest))
    moved = array_ops.transpose(tiles, perm)
    return array_ops.reshape(moved, [shape[0] * int(np.prod(blocks))] +
                             [shape[1 + i] // b for i, b in enumerate(blocks)] +
                             shape[1 + m:])


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002 - TF's name
    """The inverse of ``space_to_batch``: batch entries back into block positions of the M
    spatial axes, then `crops` cut from each end."""
    x = as_tensor(input)
    blocks = _block_arg(block_shape, "BatchToSpaceND")
    m = len(blocks)
    crops = _pairs_arg(crops, m, "BatchToSpaceND", "crops")
    shape = x.shape.as_list()
    count = int(np.prod(blocks))
    if shape[0] % count:
        raise invalid_argument("BatchToSpaceND", f"Input batch dimension ({shape[0]}) is not "
                                                 f"divisible by product of block sizes "
                                                 f"({count})")
    batch, rest = shape[0] // count, shape[1 + m:]
    tiles = array_ops.reshape(x, blocks + [batch] + shape[1:])
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(2 * m + 1, 2 * m + 1 + len(rest)))
    moved = array_ops.transpose(tiles, perm)
    full = [shape[1 + i] * b for i, b in enumerate(blocks)]
    merged = array_ops.reshape(moved, [batch] + full + rest)
    begin = [0] + [c[0] for c in crops] + [0] * len(rest)
    size = [batch] + [f - c[0] - c[1] for f, c in zip(full, crops)] + rest
    if any(d < 0 for d in size):
        raise invalid_argument("BatchToSpaceND", f"Negative output dimension size caused by "
                                                 f"overly large crop values {crops}")
    return array_ops.slice(merged, begin, size)


space_to_batch = space_to_batch_nd
batch_to_space_nd = batch_to_space


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """(paddings, crops) that make each of `input_shape` (plus `base_paddings`) divisible by
    `block_shape`, for space_to_batch followed by batch_to_space."""
    shape = np.asarray(as_tensor(input_shape).numpy(), np.int32)
    blocks = np.asarray(as_tensor(block_shape).numpy(), np.int32)
    base = np.zeros((len(blocks), 2), np.int32) if base_paddings is None else \
        np.asarray(as_tensor(base_paddings).numpy(), np.int32)
    padded = shape + base[:, 0] + base[:, 1]
    extra = (blocks - padded % blocks) % blocks
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1)
    crops = np.stack([np.zeros_like(extra), extra], axis=1)
    return as_tensor(paddings), as_tensor(crops)


__all__ = [
    "band_part", "batch_to_space", "batch_to_space_nd", "bitcast", "broadcast_dynamic_shape",
    "broadcast_static_shape",
    "clip_by_global_norm", "confusion_matrix", "cross", "divide_no_nan", "ensure_shape", "expm",
    "get_static_value", "global_norm", "histogram_fixed_width", "histogram_fixed_width_bins",
    "identity_n", "lstsq", "reverse_sequence",
    "matvec", "meshgrid", "multiply_no_nan", "pinv", "polyval", "repeat", "roll",
    "required_space_to_batch_paddings", "saturate_cast", "sequence_mask", "set_diag",
    "shape_n", "space_to_batch", "space_to_batch_nd", "strided_slice", "truncatediv",
    "truncatemod", "unravel_index", "xdivy", "xlogy",
]
