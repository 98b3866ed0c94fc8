"""Ordering ops: ``tf.sort``, ``tf.argsort``, ``tf.math.top_k``, ``tf.unique``,
``tf.searchsorted`` and ``tf.math.in_top_k``.

Only the positions are computed by a kernel of their own (``ArgSort``, not differentiable:
positions are integers); sorted values are a gather at those positions, so their gradient is
gather's, which sends each gradient back to the element it came from.
"""

import collections

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import Tensor
from .array_ops import gather, reshape, shape
from .op_inputs import op_inputs
from .registry import execute, invalid_argument, register
from .shape_rules import dims_of, dims_text, known_value, node_text
from .support import (
    FLOATS,
    INTS,
    as_tensor,
    attr_error,
    check_dtype,
    check_index_dtype,
    dtype_error,
    normalize_axis,
    not_found_error,
    tf_enum_name,
)
from .tf_type_lists import TF_TYPE_LISTS

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
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    return direction == "DESCENDING"


def _shape_slice_error(index):
    """TF's error for its wrapper's ``shape(values)[axis]`` out of the shape's bounds."""
    return errors.op_error(errors.InvalidArgumentError, "StridedSlice",
                           f"slice index {index} of dimension 0 out of bounds.",
                           node_name="strided_slice/")


def _positions(values, axis, descending, op_name):
    # TF sorts with TopKV2 (largest first), ascending on negated values (integers shifted so
    # the smallest fits): Neg refuses first what it does not take (bools, strings), the axis'
    # size is read next, then TopKV2 refuses the rest (complex numbers).
    dtype = values.dtype
    if not descending and not dtype.is_integer and dtype.name not in TF_TYPE_LISTS["Neg"]:
        raise dtype_error("Neg", dtype, TF_TYPE_LISTS["Neg"])
    if values.ndim == 0 or not -values.ndim <= int(axis) < values.ndim:
        # TF's sort reads the axis' size from the shape vector: an index out of its bounds
        index = int(axis) + values.ndim if int(axis) < 0 else int(axis)
        raise _shape_slice_error(index)
    if dtype.name not in TF_TYPE_LISTS["TopKV2"]:
        raise dtype_error("TopKV2", dtype, TF_TYPE_LISTS["TopKV2"], "input")
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


def _top_k_refusal(x_dims, k):
    """Why TF's TopKV2 refuses an input of dims `x_dims` (None = unknown) and `k` (None when
    only the run knows it), in its shape function's words; None when it may run."""
    if x_dims is not None and len(x_dims) < 1:
        return "Shape must be at least rank 1 but is rank 0"
    if k is not None and k < 0:
        return f"Dimension size, given by scalar input 1, must be non-negative but is {k}"
    n = None if x_dims is None else x_dims[-1]
    if k is not None and n is not None and n < k:
        return f"input must have last dimension >= k = {k} but is {n}"
    return None


def _infer_top_k(inputs, attrs):
    x, k = inputs
    dims = dims_of(x)
    k_value = known_value(k)
    k_value = None if k_value is None else int(k_value)
    refused = _top_k_refusal(dims, k_value)
    if refused is not None:
        computed = "" if k_value is None or dims is not None and not dims else \
            f" and with computed input tensors: input[1] = <{k_value}>"
        shown = {**attrs, "Tk": k._dtype, "index_type": dtypes.int32}
        raise ValueError(f"{refused} for {node_text('TopKV2', x._dtype, shown, inputs)} with input "
                         f"shapes: {dims_text(dims)}, []{computed}.")
    out = None if dims is None else dims[:-1] + [k_value]
    return [(x._dtype, out), (dtypes.int32, out)]


@register("TopKV2", differentiable=False, num_outputs=2, infer_shape=_infer_top_k)
def _top_k(x, k, *, sorted=True):
    # Values come out of this kernel for TF's graph, but top_k's differentiable values are a
    # gather at these positions (its gradient sends each one back where it came from).
    k = int(k)
    if x.ndim < 1:
        raise invalid_argument("TopKV2", "input must be at least 1-D")
    if k < 0:
        raise invalid_argument("TopKV2", f"Need k >= 0, got {k}")
    if x.shape[-1] < k:
        raise invalid_argument("TopKV2", f"input must have at least k columns. Had "
                                         f"{x.shape[-1]}, needed {k}")
    indices = _argsort.kernel(x, -1, True, True)[..., :k]
    return np.take_along_axis(x, indices, -1), indices


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """The `k` largest entries of the last axis and their positions (``TopKV2``)."""
    values = as_tensor(input)  # (input stays as given: core/errors.py reads it)
    # TF's op: k an int32 tensor unless given as one (attr Tk), then the dtypes, then its shape
    k = as_tensor(int(k) if isinstance(k, bool) else k,
                  None if isinstance(k, Tensor) else dtypes.int32)
    check_index_dtype("TopKV2", k, "Tk", "k", ("int16", "int32", "int64"))
    if values.dtype.name not in TF_TYPE_LISTS["TopKV2"]:
        raise dtype_error("TopKV2", values.dtype, TF_TYPE_LISTS["TopKV2"], "input")
    if k.ndim not in (None, 0):
        raise invalid_argument("TopKV2", f"k must be scalar, got shape {dims_text(k.shape)}")
    _, indices = execute(_top_k, (values, k), {"sorted": bool(sorted)})
    values = _take(values, indices, values.ndim - 1) if values.ndim is not None else _
    index_type = dtypes.as_dtype(index_type)
    if index_type is not indices.dtype:
        from .math_ops import cast
        indices = cast(indices, index_type)
    return TopKV2(values, indices)


def in_top_k(targets, predictions, k, name=None):
    """Whether each target's prediction is among the `k` largest of its row (ties count)."""
    from .math_ops import cast, greater, less, logical_and, reduce_sum, where_v2
    predictions = as_tensor(predictions)
    targets = as_tensor(targets)
    n = predictions.shape[-1] if predictions.shape[-1] is not None else shape(predictions)[-1]
    valid = logical_and(targets >= 0, targets < cast(n, targets.dtype))  # else: False, as TF
    own = gather(predictions, where_v2(valid, targets, 0), axis=1, batch_dims=1)
    better = reduce_sum(cast(greater(predictions, own[:, None]), dtypes.int32), axis=1)
    return logical_and(valid, less(better, k))


def _infer_unique(inputs, attrs):
    # How many values are distinct is known only when the op runs: TF's [None] (idx is x's).
    x = inputs[0]
    dims = dims_of(x)
    idx = dtypes.as_dtype(attrs["out_idx"])
    if dims is not None and len(dims) != 1:
        raise ValueError(f"Shape must be rank 1 but is rank {len(dims)} for "
                         f"{node_text(attrs['_op_name'], x._dtype, {'out_idx': idx}, inputs)}"
                         f" with input shapes: {dims_text(dims)}.")
    return [(x._dtype, [None]), (idx, dims)] + \
        [(idx, [None])] * (attrs["_op_name"] == "UniqueWithCounts")


def _unique_kernel(x, *, out_idx, _op_name):
    if x.ndim != 1:
        raise invalid_argument(_op_name, "unique expects a 1D vector.")
    _, first, inverse, counts = np.unique(x, return_index=True, return_inverse=True,
                                          return_counts=True)
    order = np.argsort(first, kind="stable")  # NumPy sorts; TF keeps first-appearance order
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx_type = dtypes.as_dtype(out_idx).as_numpy_dtype
    y, idx = x[first[order]], rank[inverse.reshape(-1)].astype(idx_type)
    if _op_name == "Unique":
        return y, idx
    return y, idx, counts[order].astype(idx_type)


# Not differentiable, as in TF (no gradient is registered for Unique).
_unique_op = register("Unique", differentiable=False, num_outputs=2,
                      infer_shape=_infer_unique)(_unique_kernel)
_unique_with_counts_op = register("UniqueWithCounts", differentiable=False, num_outputs=3,
                                  infer_shape=_infer_unique)(_unique_kernel)


def unique(x, out_idx=dtypes.int32, name=None):
    """The distinct values of the vector `x` in order of first appearance, and for each
    element the position of its value among them."""
    attrs = {"out_idx": dtypes.as_dtype(out_idx).name, "_op_name": "Unique"}
    return Unique(*execute(_unique_op, (as_tensor(x),), attrs))


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    attrs = {"out_idx": dtypes.as_dtype(out_idx).name, "_op_name": "UniqueWithCounts"}
    return UniqueWithCounts(*execute(_unique_with_counts_op, (as_tensor(x),), attrs))


def _infer_search(inputs, attrs):
    seq, values = dims_of(inputs[0]), dims_of(inputs[1])
    for dims in (seq, values):
        if dims is not None and len(dims) < 1:
            raise ValueError(f"Shape must be at least rank 1 but is rank 0 for "
                             f"{node_text(attrs['_op_name'], inputs[0]._dtype, (), inputs)} "
                             f"with input shapes:"
                             f" {dims_text(seq)}, {dims_text(values)}.")
    return [(dtypes.as_dtype(attrs["out_type"]), values)]


def _search_kernel(seq, values, *, out_type, _op_name):
    side = "left" if _op_name == "LowerBound" else "right"
    if seq.ndim == 1 and values.ndim == 1:
        out = np.searchsorted(seq, values, side=side)
    else:
        if seq.shape[:-1] != values.shape[:-1]:
            raise invalid_argument(_op_name, f"Leading dim_size of both tensors must match. "
                                             f"Got shapes {list(seq.shape)} and "
                                             f"{list(values.shape)}")
        rows_s = seq.reshape(-1, seq.shape[-1])
        rows_v = values.reshape(-1, values.shape[-1])
        out = np.stack([np.searchsorted(s, v, side=side) for s, v in zip(rows_s, rows_v)])
        out = out.reshape(values.shape)
    return out.astype(dtypes.as_dtype(out_type).as_numpy_dtype)


_lower_bound = register("LowerBound", differentiable=False,
                        infer_shape=_infer_search)(_search_kernel)
_upper_bound = register("UpperBound", differentiable=False,
                        infer_shape=_infer_search)(_search_kernel)


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """Where each of `values` would go in the (row-wise) sorted `sorted_sequence`: TF's
    LowerBound (side="left") or UpperBound (side="right")."""
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: "
                         f"`side` = '{side}'.")
    op = _lower_bound if side == "left" else _upper_bound
    out_type = dtypes.as_dtype(out_type)
    # TF's wrapper makes both inputs matrices of rows first (`shape[-1]`: a strided slice)
    sequence, searched = as_tensor(sorted_sequence), as_tensor(values)
    if sequence.shape.rank == 0 or searched.shape.rank == 0:
        raise _shape_slice_error(-1)
    sequence, searched = op_inputs(op.name, (sequence, searched), names=("sorted_inputs",
                                                                         "values"))
    if sequence._dtype not in _SEARCHABLE:
        raise not_found_error(op.name, sequence._dtype, [d.name for d in _SEARCHABLE],
                              f", out_type={tf_enum_name(out_type)}")
    attrs = {"out_type": out_type.name, "_op_name": op.name}
    if sequence.ndim is None or searched.ndim is None or sequence.ndim == searched.ndim == 1 \
            or None in (sequence.shape[-1], searched.shape[-1]):  # (the kernel takes any rows)
        return execute(op, (sequence, searched), attrs)
    # rows of both, as TF's wrapper reshapes them, and the answer back in the values' shape
    rows = execute(op, (reshape(sequence, [-1, sequence.shape[-1]]),
                        reshape(searched, [-1, searched.shape[-1]])), attrs)
    return reshape(rows, shape(searched))


_SEARCHABLE = FLOATS + INTS  # (LowerBound takes any dtype; TF's CPU kernels, numbers)


def _approx_k(operand, k, reduction_dimension, largest):
    # An exact answer is a valid approximate one (TF's CPU kernel is exact too): top_k along
    # the dimension, moved last and back.
    try:  # (`k` is the op's attr: TF makes it an int first)
        k = int(k)
    except (TypeError, ValueError):
        raise TypeError(f"Expected int for argument 'k' not {k!r}.") from None
    if k < 0:
        raise attr_error("ApproxTopK", f"Value for attr 'k' of {k} must be at least minimum 0")
    x = as_tensor(operand)
    check_dtype("ApproxTopK", x, (dtypes.float16, dtypes.float32))
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
