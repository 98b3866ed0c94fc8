"""Scatter and segment ops: ``tf.tensor_scatter_nd_*``, ``tf.math.(unsorted_)segment_*``,
``tf.dynamic_partition``/``dynamic_stitch`` and ``tf.math.bincount``.

A scatter writes rows of ``updates`` into a copy of a tensor at ``indices`` (the last axis of
``indices`` addresses a slice, as in ``tf.gather_nd``); a segment reduction combines the rows
of ``data`` that share a segment id. Their gradients are gathers: each output row came from
known input rows, so the gradient goes back along the same indices.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from ..core.variable import Variable
from . import indexed_slices
from .array_ops import (
    _check_nd,
    _check_nd_values,
    _gather_nd,
    _nd_index,
    concat,
    fill,
    gather,
    gather_nd,
    ones,
    rank,
    reshape,
    shape,
    size,
    tf_gather,
)
from .array_ops import range as range_op  # (Python's range stays usable here)
from .math_ops import abs as math_abs  # (Python's abs stays usable here)
from .math_ops import (
    add,
    cast,
    equal,
    floordiv,
    maximum,
    minimum,
    multiply,
    negative,
    reduce_max,
    sqrt,
    truediv,
    where_v2,
    zeros_like,
)
from .registry import execute, invalid_argument, register
from .shape_rules import (
    ShapeError,
    dims_of,
    dims_text,
    known_value,
    merge_dim,
    node_text,
    with_rank_at_least,
)
from .support import NUMBERS, as_tensor, check_dtype, check_index_dtype


# --- tensor_scatter_nd_* ----------------------------------------------------------------------
def _scatter_op(name, combine, **flags):
    """Registers a TensorScatter* op: its kernel checks the indices, then combines in a copy."""
    def kernel(tensor, indices, updates):
        _check_nd_values(indices, tensor.shape, 0, name)
        out = np.array(tensor, copy=True)
        combine(out, _nd_index(indices, ()), updates)
        return out
    return register(name, **flags)(kernel)


def _assign_at(out, key, updates):
    out[key] = updates


_scatter_update = _scatter_op("TensorScatterUpdate", _assign_at)
_scatter_add = _scatter_op("TensorScatterAdd", np.add.at)
_scatter_sub = _scatter_op("TensorScatterSub", np.subtract.at)
_scatter_max = _scatter_op("TensorScatterMax", np.maximum.at, differentiable=False)
_scatter_min = _scatter_op("TensorScatterMin", np.minimum.at, differentiable=False)


@_scatter_update.gradient
def _scatter_update_grad(op, dy):
    # Overwritten entries of `tensor` do not reach the output; the updates' gradient is read
    # at the places they were written to.
    indices = op.inputs[1]
    cleared = execute(_scatter_update, (dy, indices, execute(_gather_nd, (zeros_like(dy), indices),
                                                                {"batch_dims": 0})))
    return [cleared, None, execute(_gather_nd, (dy, indices), {"batch_dims": 0})]


@_scatter_add.gradient
def _scatter_add_grad(op, dy):
    return [dy, None, execute(_gather_nd, (dy, op.inputs[1]), {"batch_dims": 0})]


@_scatter_sub.gradient
def _scatter_sub_grad(op, dy):
    return [dy, None, -execute(_gather_nd, (dy, op.inputs[1]), {"batch_dims": 0})]


def _tensor_scatter(op, tensor, indices, updates):
    tensor = as_tensor(tensor)
    indices = as_tensor(indices)
    updates = as_tensor(updates, dtype=tensor.dtype)
    _check_nd(list(tensor.shape), indices, 0, op.name)
    m = indices.shape[-1]
    expected = list(indices.shape)[:-1] + list(tensor.shape)[m:]
    if not updates.shape.is_compatible_with(expected):  # None dims (tf.function) match any
        raise invalid_argument(op.name, _tensor_scatter_shape_error(tensor, indices, updates))
    return execute(op, (tensor, indices, updates))


def _tensor_scatter_shape_error(tensor, indices, updates):
    """TF's TensorScatter* messages: the outer dimensions (indices' but the last) first, then
    how many inner dimensions there are, then their sizes."""
    outer = indices.ndim - 1
    ushape, tshape, ishape = list(updates.shape), list(tensor.shape), list(indices.shape)
    text = {name: "[" + ",".join(str(d) for d in dims) + "]"
            for name, dims in (("u", ushape), ("t", tshape), ("i", ishape))}
    if ushape[:outer] != ishape[:outer]:
        return (f"Outer dimensions of indices and update must match. Indices shape: "
                f"{text['i']}, updates shape:{text['u']}")
    ix = ishape[-1]
    if len(ushape) - outer != len(tshape) - ix:
        return (f"Inner dimensions of output shape must match inner dimensions of updates "
                f"shape. Output: {text['t']} updates: {text['u']}")
    return (f"The inner {len(tshape) - ix} dimensions of output.shape={text['t']} must match "
            f"the inner {len(ushape) - outer} dimensions of updates.shape={text['u']}")


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """A copy of `tensor` with the slices at `indices` replaced by `updates`."""
    return _tensor_scatter(_scatter_update, tensor, indices, updates)


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    """A copy of `tensor` with `updates` added at `indices` (repeated indices accumulate)."""
    return _tensor_scatter(_scatter_add, tensor, indices, updates)


def tensor_scatter_nd_sub(tensor, indices, updates, name=None):
    """A copy of `tensor` with `updates` subtracted at `indices`."""
    return _tensor_scatter(_scatter_sub, tensor, indices, updates)


def tensor_scatter_nd_max(tensor, indices, updates, name=None):
    """A copy of `tensor` holding the larger of it and `updates` at `indices`."""
    return _tensor_scatter(_scatter_max, tensor, indices, updates)


def tensor_scatter_nd_min(tensor, indices, updates, name=None):
    """A copy of `tensor` holding the smaller of it and `updates` at `indices`."""
    return _tensor_scatter(_scatter_min, tensor, indices, updates)


# --- segment reductions -------------------------------------------------------------------------
_IDENTITY = {"sum": 0, "prod": 1}


def _infer_segment(inputs, attrs):
    """TF's segment shape functions: [num_segments] + data's dims after the ids' (num_segments
    unknown while tracing unless constant; sorted ids count their segments when they run)."""
    data, ids, num_segments = inputs
    data_dims, id_dims = dims_of(data), dims_of(ids)
    public = attrs.get("_sorted_by") or attrs["_op_name"]

    def refuse(message):
        shown = {"Tindices": ids._dtype}
        if not attrs.get("_sorted_by"):  # (a sorted segment op takes no count)
            shown["Tnumsegments"] = num_segments._dtype
        node = node_text(public, data._dtype, shown,
                         inputs[:2] if attrs.get("_sorted_by") else inputs)
        return ValueError(f"{message} for {node} with input "
                          f"shapes: {dims_text(data_dims)}, {dims_text(id_dims)}"
                          f"{'' if attrs.get('_sorted_by') else ', []'}.")
    if attrs.get("_sorted_by") and id_dims is not None and len(id_dims) != 1:
        raise refuse(f"Shape must be rank 1 but is rank {len(id_dims)}")
    if data_dims is None or id_dims is None:
        return [(data._dtype, None)]
    try:
        with_rank_at_least(data_dims, len(id_dims))
        for d, i in zip(data_dims, id_dims):
            merge_dim(d, i)
    except ShapeError as exc:
        raise refuse(str(exc)) from None
    n = known_value(num_segments)
    return [(data._dtype, [None if n is None else int(n)] + data_dims[len(id_dims):])]


def _segment_kernel(how):
    def kernel(data, segment_ids, num_segments, *, _op_name, _sorted_by=None):
        # Checked when the op runs (eagerly, or traced with ids known only then), as TF's does.
        ids = segment_ids.reshape(-1)
        if _sorted_by and ids.size and (np.any(np.diff(ids) < 0) or ids[0] < 0):
            raise invalid_argument(_sorted_by, "segment ids are not increasing")
        if ids.size and ids.max() >= num_segments:
            at = int(np.argmax(ids))
            raise invalid_argument(_sorted_by or _op_name,
                                   f"segment_ids[{at}] = {int(ids[at])} is out of range [0, "
                                   f"{int(num_segments)})")
        rows = data.reshape((-1,) + data.shape[segment_ids.ndim:])
        out_shape = (int(num_segments),) + rows.shape[1:]
        keep = ids >= 0  # TF drops rows with negative ids
        ids, rows = ids[keep], rows[keep]
        if how in _IDENTITY:
            out = np.full(out_shape, _IDENTITY[how], dtype=data.dtype)
            (np.add if how == "sum" else np.multiply).at(out, ids, rows)
            return out
        # max/min: an empty segment holds the dtype's lowest/highest value, as in TF
        info = np.finfo(data.dtype) if data.dtype.kind == "f" else np.iinfo(data.dtype)
        start = info.min if how == "max" else info.max
        out = np.full(out_shape, start, dtype=data.dtype)
        (np.maximum if how == "max" else np.minimum).at(out, ids, rows)
        return out
    return kernel


_segment_sum = register("UnsortedSegmentSum", infer_shape=_infer_segment)(
    _segment_kernel("sum"))
_segment_prod = register("UnsortedSegmentProd", differentiable=False,
                         infer_shape=_infer_segment)(_segment_kernel("prod"))
_segment_max = register("UnsortedSegmentMax", infer_shape=_infer_segment)(
    _segment_kernel("max"))
_segment_min = register("UnsortedSegmentMin", infer_shape=_infer_segment)(
    _segment_kernel("min"))


def _sum_segments(values, ids, n):
    """UnsortedSegmentSum of `values` by `ids` into `n` segments (what other rules reuse)."""
    return execute(_segment_sum, (values, ids, as_tensor(n)), {"_op_name": "UnsortedSegmentSum"})


@_segment_sum.gradient
def _segment_sum_grad(op, dy):
    # Each row went to segment ids[i]: its gradient is that segment's (rows with a negative id
    # went nowhere and get zero, which gather's clipping would not give: hence the mask).
    ids = op.inputs[1]
    return [_gather_rows(dy, ids), None, None]


def _gather_rows(dy, ids):
    valid = ids >= 0
    picked = gather(dy, where_v2(valid, ids, zeros_like(ids)))
    return multiply(picked, _trailing_ones(cast(valid, dy.dtype), picked))


def _trailing_ones(t, like):
    """`t` with axes of size 1 added after its own, up to `like`'s rank (then it broadcasts
    along like's rows); with like's rank known only when a tf.function runs, a traced reshape."""
    if like.ndim is not None:
        for _ in range(like.ndim - t.ndim):
            t = t[..., None]
        return t
    ones = fill(reshape(rank(like) - rank(t), [1]), 1)
    return reshape(t, concat([shape(t), ones], 0))


def _extreme_grad(op, dy):
    # TF's rule: the gradient goes to every row equal to its segment's extreme, shared evenly.
    data, ids, n = op.inputs
    out = op.outputs[0]
    hit = cast(equal(data, _gather_rows(out, ids)), data.dtype)
    counts = _sum_segments(hit, ids, n)
    share = truediv(_gather_rows(dy, ids), where_v2(equal(_gather_rows(counts, ids), 0),
                                                     1, _gather_rows(counts, ids)))
    return [multiply(hit, share), None, None]


_segment_max.gradient(_extreme_grad)
_segment_min.gradient(_extreme_grad)


# The dtypes segment reductions take (their max and min: no complex numbers)
_SUMMABLE = NUMBERS + (dtypes.complex64, dtypes.complex128)
_ORDERED = NUMBERS


def _segment_args(op_name, data, segment_ids, num_segments, sorted_ids):
    """data, ids and the segment count as a tensor: for sorted ids, the last id + 1 (read when
    the op runs if the ids are known only then)."""
    data = as_tensor(data)
    check_dtype(op_name, data, _ORDERED if op_name.endswith(("Max", "Min")) else _SUMMABLE,
                "data")
    segment_ids = as_tensor(segment_ids)
    check_index_dtype(op_name, segment_ids, "Tindices", "segment_ids",
                      ("int16", "int32", "int64") if op_name == "UnsortedSegmentSum"
                      else ("int32", "int64"))
    ids = known_value(segment_ids)
    if sorted_ids and not is_symbolic(data) and data.ndim == 0:  # (the kernel's first check)
        raise invalid_argument(op_name, "input must be at least rank 1")
    if sorted_ids and ids is not None and ids.ndim != 1:
        raise invalid_argument(op_name, "segment_ids should be a vector.")
    if not is_symbolic(data) and ids is not None and \
            list(data.shape)[:segment_ids.ndim] != list(segment_ids.shape):
        if sorted_ids:  # (the sorted ops' kernels word it so)
            raise invalid_argument(op_name, "segment_ids should be the same size as dimension "
                                            "0 of input.")
        raise invalid_argument(op_name, f"data.shape = {dims_text(data.shape)} does not start "
                                        f"with segment_ids.shape = {dims_text(segment_ids.shape)}")
    if num_segments is not None:
        return data, segment_ids, as_tensor(num_segments)
    if ids is not None:
        return data, segment_ids, as_tensor(int(ids.max()) + 1 if ids.size else 0,
                                            segment_ids.dtype)
    last = reduce_max(segment_ids) if segment_ids.shape.num_elements() != 0 else 0
    return data, segment_ids, maximum(last + 1, 0)  # no ids: no segments


def _reduce(op, public, data, segment_ids, num_segments, sorted_ids):
    data, ids, n = _segment_args(public, data, segment_ids, num_segments, sorted_ids)
    attrs = {"_op_name": op.name, "_sorted_by": public} if sorted_ids else {"_op_name": op.name}
    return execute(op, (data, ids, n), attrs)


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Sums the rows of `data` that share a segment id; `num_segments` rows out."""
    return _reduce(_segment_sum, "UnsortedSegmentSum", data, segment_ids, num_segments, False)


def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    return _reduce(_segment_prod, "UnsortedSegmentProd", data, segment_ids, num_segments, False)


def unsorted_segment_max(data, segment_ids, num_segments, name=None):
    return _reduce(_segment_max, "UnsortedSegmentMax", data, segment_ids, num_segments, False)


def unsorted_segment_min(data, segment_ids, num_segments, name=None):
    return _reduce(_segment_min, "UnsortedSegmentMin", data, segment_ids, num_segments, False)


def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    """The mean of each segment's rows (an empty segment gives 0). As in TF, a sum divided by
    the counts: integers give a float mean (truediv), and a dtype the ops refuse fails where
    TF's does (ones of strings, the sum of bools, the maximum of complex counts)."""
    data = as_tensor(data)
    counts = _unsorted_segment_counts(data, segment_ids, num_segments)
    return truediv(unsorted_segment_sum(data, segment_ids, num_segments), counts)


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    """Each segment's sum divided by the square root of its row count (as TF: integers fail in
    Sqrt)."""
    data = as_tensor(data)
    counts = _unsorted_segment_counts(data, segment_ids, num_segments)
    return truediv(unsorted_segment_sum(data, segment_ids, num_segments), sqrt(counts))


def _unsorted_segment_counts(data, segment_ids, num_segments):
    """The rows of each segment, at least 1, shaped to divide the segments' sums."""
    ids = as_tensor(segment_ids)
    counts = unsorted_segment_sum(ones(shape(ids), data.dtype), ids, num_segments)
    return maximum(_trailing_ones(counts, data), 1)


def _mean(data, ids, n):
    """The sorted segment mean (SegmentMean's kernel): integers divide truncating toward 0."""
    total = _sum_segments(data, ids, n)
    counts = _trailing_ones(_sum_segments(cast(ids >= 0, data.dtype), ids, n), total)
    counts = where_v2(equal(counts, 0), 1, counts)
    if not data.dtype.is_integer:
        return truediv(total, counts)
    if data.dtype.is_unsigned:
        return floordiv(total, counts)
    toward_zero = floordiv(math_abs(total), counts)  # (counts > 0: C's division)
    return where_v2(total < 0, negative(toward_zero), toward_zero)


def segment_sum(data, segment_ids, name=None):
    """Sums rows by sorted segment ids (``tf.math.segment_sum``): max id + 1 rows out."""
    return _reduce(_segment_sum, "SegmentSum", data, segment_ids, None, True)


def segment_prod(data, segment_ids, name=None):
    return _reduce(_segment_prod, "SegmentProd", data, segment_ids, None, True)


def segment_max(data, segment_ids, name=None):
    out = _reduce(_segment_max, "SegmentMax", data, segment_ids, None, True)
    return _empty_to_zero(out, data, segment_ids)


def segment_min(data, segment_ids, name=None):
    out = _reduce(_segment_min, "SegmentMin", data, segment_ids, None, True)
    return _empty_to_zero(out, data, segment_ids)


def _empty_to_zero(out, data, segment_ids):
    # Sorted segment ops give 0 for an id that never occurs (the unsorted ones the extreme).
    ids = as_tensor(segment_ids)
    n = out.shape[0] if out.shape.rank and out.shape[0] is not None else shape(out)[0]
    counts = _sum_segments(cast(ids >= 0, dtypes.int32), ids, n)
    counts = _trailing_ones(counts, out)
    return where_v2(counts > 0, out, zeros_like(out))


def segment_mean(data, segment_ids, name=None):
    data, ids, n = _segment_args("SegmentMean", data, segment_ids, None, True)
    return _mean(data, ids, n)


# --- partition / stitch / bincount --------------------------------------------------------
def _partition_rows(data, p):
    return data.reshape((-1,) + data.shape[p.ndim:])  # one row per partition index


def _infer_partition(inputs, attrs):
    """Each part: an unknown count of rows of data's shape after the partitions' dims."""
    data, partitions = (dims_of(t) for t in inputs)
    if data is not None and partitions is not None:
        with_rank_at_least(data, len(partitions))
        for a, b in zip(data, partitions):
            merge_dim(a, b)
    rest = None if data is None or partitions is None else [None] + data[len(partitions):]
    return [(inputs[0]._dtype, rest)] * attrs["num_partitions"]


@register("DynamicPartition", num_outputs=None, infer_shape=_infer_partition)
def _dynamic_partition(data, partitions, num_partitions):
    bad = (partitions < 0) | (partitions >= num_partitions)
    if bad.any():
        at = np.argwhere(bad)[0].tolist()
        raise invalid_argument("DynamicPartition", f"partitions{at} = "
                                                   f"{int(partitions[tuple(at)])} is not in "
                                                   f"[0, {num_partitions})",
                               f"DynamicPartition_num_partitions_{num_partitions}")
    rows, flat = _partition_rows(data, partitions), partitions.reshape(-1)
    return tuple(rows[flat == i] for i in range(num_partitions))


@_dynamic_partition.gradient
def _dynamic_partition_grad(op, *dys):
    # Each row goes back to where it came from: stitch the parts' gradients by the positions
    # the same partitioning gives to 0, 1, 2, ...
    data, partitions = op.inputs
    positions = reshape(range_op(size(partitions)), shape(partitions))
    parts = execute(_dynamic_partition, (positions, partitions), dict(op.attrs))
    dys = [dy if dy is not None else zeros_like(out) for dy, out in zip(dys, op.outputs)]
    return [reshape(dynamic_stitch(parts, dys), shape(data)), None]


def dynamic_partition(data, partitions, num_partitions, name=None):
    """Splits `data` into `num_partitions` tensors by the partition index of each row."""
    inputs = as_tensor(data), as_tensor(partitions)  # (the arguments stay as given: an
    # error's " name: ..." depends on them, core/errors.py)
    return list(execute(_dynamic_partition, inputs, {"num_partitions": int(num_partitions)}))


def _infer_stitch(inputs, attrs):
    """[n, data's trailing dims]: n is known when all indices are constants."""
    count = len(inputs) // 2
    indices, data = inputs[:count], inputs[count:]
    values = [known_value(i) for i in indices]
    n = None
    if all(v is not None for v in values):
        n = max((int(v.max()) + 1 for v in values if v.size), default=0)
    first, first_idx = dims_of(data[0]), dims_of(indices[0])
    rest = None if first is None or first_idx is None else first[len(first_idx):]
    return [(data[0]._dtype, None if rest is None else [n] + rest)]


@register("DynamicStitch", infer_shape=_infer_stitch)
def _dynamic_stitch(*indices_then_data):
    count = len(indices_then_data) // 2
    indices, data = indices_then_data[:count], indices_then_data[count:]
    for i, (index, rows) in enumerate(zip(indices, data)):
        if rows.shape[:index.ndim] != index.shape:  # (TF's kernel's check and words)
            raise invalid_argument(
                "DynamicStitch", f"data[{i}].shape = {_dims_text(rows.shape)} does not start "
                                 f"with indices[{i}].shape = {_dims_text(index.shape)}",
                f"DynamicStitch_N_{count}")
    flat_idx = np.concatenate([i.reshape(-1) for i in indices])
    rows = np.concatenate([_partition_rows(d, i) for d, i in zip(data, indices)], axis=0)
    n = int(flat_idx.max()) + 1 if flat_idx.size else 0
    last = np.zeros(n, np.int64)
    last[flat_idx] = np.arange(flat_idx.size)  # later positions overwrite earlier ones
    out = rows[last]
    missed = np.ones(n, bool)
    missed[flat_idx] = False
    out[missed] = 0  # positions no index names stay zero, as in TF
    return out


def _dims_text(shape):
    return "[" + ",".join(map(str, shape)) + "]"


@_dynamic_stitch.gradient
def _dynamic_stitch_grad(op, dy):
    count = len(op.inputs) // 2
    return [None] * count + [gather(dy, i) for i in op.inputs[:count]]


def dynamic_stitch(indices, data, name=None):
    """Interleaves the rows of `data` into one tensor at positions `indices` (later wins)."""
    if len(data) != len(indices):
        raise ValueError(f"List argument 'data' to 'dynamic_stitch' Op with length "
                         f"{len(data)} must match length {len(indices)} of argument 'indices'.")
    index_tensors = [as_tensor(i) for i in indices]  # (new names: core/errors.py reads the
    # arguments as given)
    first = as_tensor(data[0]) if len(data) else None  # the rest convert to its dtype, as TF
    data_tensors = [first] + [d if isinstance(d, Tensor) else convert_to_tensor(d, first.dtype)
                              for d in data[1:]] if len(data) else []
    return execute(_dynamic_stitch, tuple(index_tensors) + tuple(data_tensors))


@register("DenseBincount", differentiable=False)
def _dense_bincount(arr, size, weights, binary_output):
    """Counts of 0 .. size-1 in a vector, or in each row of a matrix (values >= size are not
    counted); each occurrence adds its weight when `weights` is not empty."""
    if arr.ndim > 2:
        raise invalid_argument("DenseBincount", f"Shape must be at most rank 2 but is rank "
                                                f"{arr.ndim}")
    size = int(size)
    if size < 0:
        raise invalid_argument("DenseBincount", f"size ({size}) must be non-negative")
    if weights.size and weights.shape != arr.shape:
        raise invalid_argument("DenseBincount",
                               "`weights` must be the same shape as `arr` or a length-0 "
                               "`Tensor`, in which case it acts as all weights equal to 1. "
                               f"Received {_dims_text(weights.shape)}")
    if arr.size and arr.min() < 0:  # (TF's vector and matrix kernels word it differently)
        raise invalid_argument("DenseBincount",
                               "Input arr must be non-negative!" if arr.ndim < 2 else
                               f"Input 'in' must be non-negative! Negative input value found: "
                               f"{arr.min()}")
    rows = arr if arr.ndim == 2 else arr.reshape(1, -1)
    row_weights = weights.reshape(rows.shape) if weights.size else None
    out = np.zeros((rows.shape[0], size), weights.dtype)
    for i, values in enumerate(rows):
        keep = values < size
        counts = np.bincount(values[keep], minlength=size,
                             weights=None if row_weights is None else row_weights[i][keep])
        out[i] = counts > 0 if binary_output else counts
    return out if arr.ndim == 2 else out[0]


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32,
             name=None, axis=None, binary_output=False):
    """How often each value 0, 1, ... occurs in the non-negative ints `arr` (or the sum of
    their `weights`); with ``axis=-1``, counted separately for each row of a matrix. As TF's,
    one DenseBincount op with a size worked out from `arr`, `minlength` and `maxlength`."""
    arr = as_tensor(arr)
    if weights is not None:
        weights = as_tensor(weights)
        if binary_output:
            raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. "
                             "Please specify only one.")
    if not arr.dtype.is_integer:  # TF counts floats by their int32 truncation
        arr = cast(arr, dtypes.int32)
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         "currently supported.")
    output_size = cast(size(arr) > 0, arr.dtype) * (reduce_max(arr) + 1)
    if minlength is not None:
        output_size = maximum(convert_to_tensor(minlength, arr.dtype), output_size)
    if maxlength is not None:
        output_size = minimum(convert_to_tensor(maxlength, arr.dtype), output_size)
    if axis == 0:
        arr = reshape(arr, [-1])
        weights = None if weights is None else reshape(weights, [-1])
    if weights is None:
        weights = as_tensor(np.zeros([0], dtypes.as_dtype(dtype)._np))  # empty: count them
    check_dtype("DenseBincount", arr, (dtypes.int32, dtypes.int64), "input", "Tidx")
    check_dtype("DenseBincount", weights, _BINCOUNT_WEIGHTS, "weights")
    return execute(_dense_bincount, (arr, output_size, weights),
                   {"binary_output": bool(binary_output)})


_BINCOUNT_WEIGHTS = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


__all__ = [
    "bincount", "dynamic_partition", "dynamic_stitch", "segment_max", "segment_mean",
    "segment_min", "segment_prod", "segment_sum", "tensor_scatter_nd_add",
    "tensor_scatter_nd_max", "tensor_scatter_nd_min", "tensor_scatter_nd_sub",
    "tensor_scatter_nd_update", "unsorted_segment_max", "unsorted_segment_mean",
    "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n",
    "unsorted_segment_sum",
]


# --- Variable.scatter_nd_* -----------------------------------------------------------------------
def _variable_scatter_nd(tensor_scatter, op_name, doc):
    def method(self, indices, updates, name=None):
        # TF's ResourceScatterNd* ops: the variable's value with the slices changed, assigned.
        # (indices and updates kept as given: a list there decides the error's name)
        index_tensor, update_tensor = as_tensor(indices), as_tensor(updates, dtype=self.dtype)
        wrong = _resource_scatter_nd_shape_error(self.shape, index_tensor.shape,
                                                 update_tensor.shape)
        if wrong:
            raise invalid_argument(op_name, wrong)
        try:
            scattered = tensor_scatter(self, index_tensor, update_tensor)
        except errors.InvalidArgumentError as error:  # (an index outside: the same words)
            raise invalid_argument(op_name, errors.kernel_message(error.message)) from None
        return self.assign(scattered)
    method.__doc__ = doc
    return method


def _resource_scatter_nd_shape_error(params, indices, updates):
    """TF's ResourceScatterNd* check of the updates' shape: indices' leading dimensions, then
    the input's slices (None when they fit, or when a shape is known only as a trace runs)."""
    if not (params.is_fully_defined() and indices.is_fully_defined()
            and updates.is_fully_defined()):
        return None
    params, indices, updates = params.as_list(), indices.as_list(), updates.as_list()
    slice_dim = indices[-1] if len(indices) > 1 else 1
    batch_dim = len(indices) - 1 if len(indices) > 1 else 1

    def text(dims):
        return "[" + ",".join(map(str, dims)) + "]"
    if indices and updates and indices[0] != updates[0]:  # (the first check, with the sizes)
        return (f"Dimensions [0,1) of indices[shape={text(indices)}] = {indices[0]} must match "
                f"dimensions [0,1) of updates[shape={text(updates)}] = {updates[0]}")
    outer = (f"Dimensions [0,{batch_dim}) of indices[shape={text(indices)}] must match "
             f"dimensions [0,{batch_dim}) of updates[shape={text(updates)}]")
    inner = (f"Dimensions [{slice_dim},{len(params)}) of input[shape={text(params)}] must "
             f"match dimensions [{slice_dim},{len(updates)}) of updates[shape={text(updates)}]")
    if len(updates) < batch_dim:
        return outer
    if len(updates) != batch_dim + len(params) - slice_dim:
        return inner
    if updates[:batch_dim] != indices[:batch_dim]:
        return outer
    return inner if updates[batch_dim:] != params[slice_dim:] else None


for _name, _fn in [("update", tensor_scatter_nd_update), ("add", tensor_scatter_nd_add),
                   ("sub", tensor_scatter_nd_sub), ("max", tensor_scatter_nd_max),
                   ("min", tensor_scatter_nd_min)]:
    setattr(Variable, f"scatter_nd_{_name}", _variable_scatter_nd(
        _fn, f"ResourceScatterNd{_name.capitalize()}",
        f"``Variable.scatter_nd_{_name}``: as ``tf.tensor_scatter_nd_{_name}``, in place."))


# --- Variable.sparse_read / gather_nd: gathers from the variable's value ---------------------
def _sparse_read(self, indices, name=None):
    """``Variable.sparse_read``: the rows `indices` of the variable (TF's ResourceGather)."""
    return tf_gather(self, indices)  # (its gradient: IndexedSlices of the rows read)


def _variable_gather_nd(self, indices, name=None):
    """``Variable.gather_nd``: as ``tf.gather_nd`` on the variable's value."""
    return gather_nd(self, indices)


Variable.sparse_read = _sparse_read
Variable.gather_nd = _variable_gather_nd


# --- Variable.scatter_*(IndexedSlices): rows of the variable changed at sparse_delta.indices --
def _truncating_divide_at(out, key, updates):
    # TF's integer division truncates toward zero (NumPy's floor_divide rounds down)
    for index, update in zip(key[0], updates):
        out[index] = np.trunc(out[index] / update).astype(out.dtype)


def _divide_at(out, key, updates):
    if out.dtype.kind in "iu":
        _truncating_divide_at(out, key, updates)
    else:
        np.divide.at(out, key, updates)


def _dims(array):
    return "[" + ",".join(map(str, array.shape)) + "]"


def _resource_scatter_op(name, combine):
    """Registers TF's ResourceScatter<How> kernel: rows `indices` of `value` combined with
    `updates` (the kernel checks each index against the number of rows)."""
    def kernel(value, indices, updates):
        if updates.ndim and updates.shape != indices.shape + value.shape[1:]:
            raise invalid_argument(name, f"Must have updates.shape = indices.shape + "
                                         f"params.shape[1:] or updates.shape = [], got "
                                         f"updates.shape {_dims(updates)}, indices.shape "
                                         f"{_dims(indices)}, params.shape {_dims(value)}")
        rows = value.shape[0]
        bad = (indices < 0) | (indices >= rows)
        if bad.any():
            where = ",".join(map(str, np.argwhere(bad)[0]))
            raise invalid_argument(name, f"indices[{where}] = {indices[bad].reshape(-1)[0]} "
                                         f"is not in [0, {rows})")
        out = np.array(value, copy=True)
        combine(out, (indices,), np.broadcast_to(updates, indices.shape + value.shape[1:]))
        return out
    return register(name, differentiable=False)(kernel)


_RESOURCE_SCATTERS = {
    "update": _resource_scatter_op("ResourceScatterUpdate", _assign_at),
    "add": _resource_scatter_op("ResourceScatterAdd", np.add.at),
    "sub": _resource_scatter_op("ResourceScatterSub", np.subtract.at),
    "mul": _resource_scatter_op("ResourceScatterMul", np.multiply.at),
    "div": _resource_scatter_op("ResourceScatterDiv", _divide_at),
    "max": _resource_scatter_op("ResourceScatterMax", np.maximum.at),
    "min": _resource_scatter_op("ResourceScatterMin", np.minimum.at),
}


def _variable_scatter(how):
    op = _RESOURCE_SCATTERS[how]

    def method(self, sparse_delta, use_locking=False, name=None):
        if not isinstance(sparse_delta, indexed_slices.IndexedSlices):
            raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received "
                            f"arg: {sparse_delta}")
        indices = as_tensor(sparse_delta.indices)
        updates = as_tensor(sparse_delta.values, dtype=self.dtype)
        return self.assign(execute(op, (self.value(), indices, updates)))
    method.__doc__ = (f"``Variable.scatter_{how}(sparse_delta)``: rows ``sparse_delta.indices`` "
                      f"of the variable {'replaced by' if how == 'update' else how + ' with'} "
                      f"``sparse_delta.values``, in place.")
    return method


for _how in _RESOURCE_SCATTERS:
    setattr(Variable, f"scatter_{_how}", _variable_scatter(_how))


def _batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
    """``Variable.batch_scatter_update(sparse_delta)``: per batch position ``b`` (all axes of
    ``sparse_delta.indices`` but the last), entries ``indices[b]`` of ``self[b]`` replaced by
    ``values[b]``; with 1-D indices, rows as ``scatter_update``."""
    if not isinstance(sparse_delta, indexed_slices.IndexedSlices):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received "
                        f"arg: {sparse_delta}")
    indices = as_tensor(sparse_delta.indices)
    if indices.shape.rank == 1:  # (as TF: rows through scatter_nd_update, which checks them)
        return self.scatter_nd_update(reshape(indices, [-1, 1]),
                                      as_tensor(sparse_delta.values, dtype=self.dtype))
    dims = indices.shape.as_list()
    # (batch coordinates..., index) tuples: where each update goes, for scatter_nd_update
    batch = np.moveaxis(np.indices(dims)[:-1], 0, -1).astype(indices.dtype.as_numpy_dtype)
    nd_indices = concat([convert_to_tensor(batch), reshape(indices, dims + [1])], axis=-1)
    return self.scatter_nd_update(nd_indices, as_tensor(sparse_delta.values, dtype=self.dtype))


Variable.batch_scatter_update = _batch_scatter_update


# --- tf.sparse.segment_*: segment reductions of the rows `indices` picks ------------------------
def _sparse_segment(reduce_sorted, reduce_unsorted, what):
    def reduce_rows(data, indices, segment_ids, num_segments=None, name=None,
                    sparse_gradient=False):
        rows = gather(as_tensor(data), indices)
        if num_segments is not None:
            return reduce_unsorted(rows, segment_ids, num_segments)
        if reduce_sorted is not None:
            return reduce_sorted(rows, segment_ids)
        ids = as_tensor(segment_ids)  # sorted ids: the last one + 1 segments
        count = reduce_max(ids) + 1 if ids.shape[0] else 0
        return reduce_unsorted(rows, ids, count)
    reduce_rows.__doc__ = (f"``tf.sparse.segment_{what}``: ``data``'s rows at `indices`, "
                           f"reduced by (sorted) `segment_ids`.")
    reduce_rows.__name__ = f"segment_{what}"
    return reduce_rows


sparse_segment_sum = _sparse_segment(segment_sum, unsorted_segment_sum, "sum")


def _scaled_sparse_segment(scale_of_count, what):
    """TF's kernel sums each segment's rows, then multiplies by one scale per segment
    computed in the data's dtype (``1 / n``, ``1 / sqrt(n)``): its last digits, not those
    of a division."""
    def reduce_rows(data, indices, segment_ids, num_segments=None, name=None,
                    sparse_gradient=False):
        total = sparse_segment_sum(data, indices, segment_ids, num_segments)
        ids = as_tensor(segment_ids)
        ones = fill(shape(ids)[:1], np.array(1, total.dtype.as_numpy_dtype))
        counts = unsorted_segment_sum(ones, ids, shape(total)[0])
        scale = truediv(1, scale_of_count(maximum(counts, 1)))  # (an empty segment sums to 0)
        return multiply(total, _trailing_ones(scale, total))
    reduce_rows.__doc__ = (f"``tf.sparse.segment_{what}``: ``data``'s rows at `indices`, "
                           f"reduced by (sorted) `segment_ids`.")
    reduce_rows.__name__ = f"segment_{what}"
    return reduce_rows


sparse_segment_mean = _scaled_sparse_segment(lambda n: n, "mean")
sparse_segment_sqrt_n = _scaled_sparse_segment(lambda n: n ** 0.5, "sqrt_n")


# --- tf.IndexedSlices: made dense by scattering its rows (repeats add up) -----------------------
def _slices_to_dense(slices):
    dense_shape = convert_to_tensor(slices.dense_shape)
    return unsorted_segment_sum(slices.values, slices.indices, gather(dense_shape, 0))


def _concat_slices(a, b):
    """The rows of two IndexedSlices of one tensor (int64 indices if either has them)."""
    first, second = a.indices, b.indices
    if first.dtype is not second.dtype:
        first, second = cast(first, dtypes.int64), cast(second, dtypes.int64)
    return indexed_slices.IndexedSlices(concat([a.values, b.values], 0),
                                        concat([first, second], 0), a.dense_shape)


indexed_slices.register_ops(to_dense=_slices_to_dense, concat=_concat_slices,
                            negative=negative, add=add)
