"""Ordering ops: ``tf.sort``, ``tf.argsort``, ``tf.math.top_k``, ``tf.unique``,
``tf.searchsorted`` and ``tf.math.in_top_k``.

Only the positions are computed by a kernel of their own (``ArgSort``, not differentiable:
positions are integers); sorted values are a gather at those positions, so their gradient is
gather's, which sends each gradient back to the element it came from.
"""

import collections

import numpy as np

from ..core import dtypes
from .array_ops import gather
from .registry import execute, invalid_argument, register
from .support import as_tensor, normalize_axis

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])
Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


@register("ArgSort", differentiable=False)
def _argsort(x, axis, descending, stable):
    # Descending order sorts the negated keys, which keeps equal elements in their original
    # order (a reversed ascending sort would not); booleans and unsigned ints are widened first.
    keys = x.astype(np.float64) if x.dtype.kind in "bu" else x
    if descending:
        keys = -keys
    return np.argsort(keys, axis=axis, kind="stable").astype(np.int32)


def _direction(direction):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"`direction` should be one of {{'ASCENDING', 'DESCENDING'}}. "
                         f"Received: direction={direction}")
    return direction == "DESCENDING"


def _positions(values, axis, descending, op_name):
    if values.dtype.is_complex or values.dtype is dtypes.string:
        raise TypeError(f"{op_name}: ordering a {values.dtype.name} tensor is not supported")
    axis = normalize_axis(axis, values.ndim, op_name)[0] if values.ndim else 0
    if values.ndim == 0:
        raise ValueError("Rank of input must be at least 1, got 0")
    return axis, execute(_argsort, (values,), {"axis": axis, "descending": descending,
                                                "stable": True})


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """The positions that would sort `values` along `axis` (int32)."""
    values = as_tensor(values)
    return _positions(values, axis, _direction(direction), "ArgSort")[1]


def sort(values, axis=-1, direction="ASCENDING", name=None):
    """`values` sorted along `axis`."""
    values = as_tensor(values)
    axis, order = _positions(values, axis, _direction(direction), "Sort")
    return _take(values, order, axis)


def _take(values, order, axis):
    """values[..., order[...], ...] along `axis` (a batched gather over the leading axes)."""
    from .math_ops import transpose
    last = values.ndim - 1
    if axis != last:
        perm = list(range(values.ndim))
        perm[axis], perm[last] = last, axis
        return transpose(_take(transpose(values, perm), transpose(order, perm), last), perm)
    return gather(values, order, axis=last, batch_dims=last)


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """The `k` largest entries of the last axis and their positions (``TopKV2``)."""
    input = as_tensor(input)
    k = int(as_tensor(k)._value)
    if input.ndim < 1:
        raise invalid_argument("TopKV2", "input must be at least 1-D")
    n = input.shape[-1]
    if k < 0:
        raise invalid_argument("TopKV2", f"Need k >= 0, got {k}")
    if n is not None and n < k:
        raise invalid_argument("TopKV2", f"input must have at least k columns. Had {n}, "
                                         f"needed {k}")
    _, order = _positions(input, -1, True, "TopKV2")
    indices = order[..., :k]
    values = _take(input, indices, input.ndim - 1)
    index_type = dtypes.as_dtype(index_type)
    if index_type is not indices.dtype:
        from .math_ops import cast
        indices = cast(indices, index_type)
    return TopKV2(values, indices)


def in_top_k(targets, predictions, k, name=None):
    """Whether each target's prediction is among the `k` largest of its row (ties count)."""
    predictions = as_tensor(predictions)
    targets = as_tensor(targets)
    p = predictions.numpy()
    t = targets.numpy()
    own = p[np.arange(p.shape[0]), t]
    better = (p > own[:, None]).sum(axis=1)
    return as_tensor(better < k)


def unique(x, out_idx=dtypes.int32, name=None):
    """The distinct values of the vector `x` in order of first appearance, and for each
    element the position of its value among them."""
    y, idx, _ = _unique(x, out_idx)
    return Unique(y, idx)


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    y, idx, count = _unique(x, out_idx)
    return UniqueWithCounts(y, idx, count)


def _unique(x, out_idx):
    x = as_tensor(x)
    if x.ndim != 1:
        raise invalid_argument("Unique", f"unique expects a 1D vector. Got shape {list(x.shape)}")
    values = x.numpy()
    _, first, inverse, counts = np.unique(values, return_index=True, return_inverse=True,
                                          return_counts=True)
    order = np.argsort(first, kind="stable")  # NumPy sorts; TF keeps first-appearance order
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx = rank[inverse.reshape(-1)].astype(out_idx.as_numpy_dtype)
    return (gather(x, first[order]), as_tensor(idx), as_tensor(counts[order].astype(
        out_idx.as_numpy_dtype)))


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """Where each of `values` would go in the (row-wise) sorted `sorted_sequence`."""
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: "
                         f"`side` = '{side}'.")
    seq = as_tensor(sorted_sequence).numpy()
    vals = as_tensor(values).numpy()
    if seq.ndim == 1 and vals.ndim == 1:
        out = np.searchsorted(seq, vals, side=side)
    else:
        rows_s = seq.reshape(-1, seq.shape[-1])
        rows_v = vals.reshape(-1, vals.shape[-1])
        out = np.stack([np.searchsorted(s, v, side=side) for s, v in zip(rows_s, rows_v)])
        out = out.reshape(vals.shape)
    return as_tensor(out.astype(out_type.as_numpy_dtype))




def _approx_k(operand, k, reduction_dimension, largest):
    # An exact answer is a valid approximate one (TF's CPU kernel is exact too): top_k along
    # the dimension, moved last and back.
    x = as_tensor(operand)
    axis = reduction_dimension % x.ndim
    perm = [a for a in range(x.ndim) if a != axis] + [axis]
    from .math_ops import negative, transpose
    moved = transpose(x, perm) if axis != x.ndim - 1 else x
    values, indices = top_k(moved if largest else negative(moved), k)
    if not largest:
        values = negative(values)
    if axis != x.ndim - 1:
        back = [int(i) for i in np.argsort(perm)]
        values, indices = transpose(values, back), transpose(indices, back)
    return ApproxTopK(values, indices)


ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """The `k` largest values along `reduction_dimension` and their indices."""
    return _approx_k(operand, k, reduction_dimension, largest=True)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """The `k` smallest values along `reduction_dimension` (ascending) and their indices."""
    return _approx_k(operand, k, reduction_dimension, largest=False)


__all__ = ["TopKV2", "approx_max_k", "approx_min_k", "argsort", "in_top_k", "searchsorted",
           "sort", "top_k", "unique", "unique_with_counts"]
