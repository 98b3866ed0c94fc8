"""RaggedTensors through the ordinary ops: ``tf.add(rt, 1)``, ``tf.reduce_mean(rt, axis=1)``,
``tf.concat([rt1, rt2], axis=0)``, ``tf.math.exp(rt)``, ...

TF answers these through its dispatch mechanism: when an argument is a RaggedTensor, the
public op hands the call to a ragged version. eagerbook does the same with small wrappers,
installed over the public names only (the engine's own calls never see them):

* elementwise ops run on ``flat_values`` (operands share row partitions, or a dense one is
  broadcast to the ragged shape);
* reductions along the ragged axis are segment reductions over each row's values, along the
  first axis they reduce each column position across the rows that have one;
* ``concat``/``stack`` join row partitions; ``tile`` repeats rows and their values.
"""

import functools

import numpy as np

from ..core import errors
from ..core.tensor import Tensor, convert_to_tensor
from . import array_ops, math_ops, more_math_ops, ragged_ops, scatter_ops
from .ragged_ops import RaggedTensor, elementwise
from .ragged_shape import DynamicRaggedShape
from .shape_rules import known_value
from .sparse_ops import SparseTensor

_UNARY = ["abs", "acos", "asin", "atan", "ceil", "cos", "cosh", "exp", "expm1", "floor",
          "is_finite", "is_inf", "is_nan", "log", "log1p", "log_sigmoid", "logical_not",
          "negative", "reciprocal", "round", "rsqrt", "sigmoid", "sign", "sin", "sinh",
          "softplus", "sqrt", "square", "tan", "tanh", "identity", "zeros_like", "ones_like",
          "stop_gradient", "cast", "saturate_cast", "erf", "erfc", "erfinv", "ndtri", "asinh",
          "acosh", "atanh", "real", "imag", "conj", "angle", "bessel_i0", "bessel_i0e",
          "bessel_i1", "bessel_i1e", "rint", "lgamma", "digamma", "softsign",
          "reciprocal_no_nan", "erfcinv", "invert", "adjust_gamma", "encode_base64",
          "decode_base64", "decode_compressed",
          # tf.math.special
          "bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
          "bessel_y0", "bessel_y1", "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence",
          # tf.nn's activations (TF runs them on a RaggedTensor's values, too)
          "relu", "relu6", "elu", "selu", "leaky_relu", "gelu", "silu", "swish", "dropout"]
# The unary ops TF also runs on a SparseTensor's values (its indices and shape kept)
_SPARSE_UNARY = {"abs", "asin", "atan", "negative", "sign", "sin", "sqrt", "square", "tan",
                 "tanh", "erf", "asinh", "atanh", "bessel_i0e", "bessel_i1e", "identity",
                 "stop_gradient", "cast"}
_BINARY = ["add", "subtract", "multiply", "divide", "truediv", "floordiv", "floormod", "mod",
           "maximum", "minimum", "pow", "equal", "not_equal", "less", "less_equal", "greater",
           "greater_equal", "logical_and", "logical_or", "logical_xor", "squared_difference",
           "atan2", "xlogy", "xdivy", "divide_no_nan", "multiply_no_nan", "xlog1py", "realdiv",
           "truncatediv", "truncatemod", "bitwise_and", "bitwise_or", "bitwise_xor",
           "left_shift", "right_shift", "complex"]
_REDUCE = {"reduce_sum": "sum", "reduce_mean": "mean", "reduce_max": "max",
           "reduce_min": "min", "reduce_prod": "prod", "reduce_any": "max", "reduce_all": "min"}


def _unary(fn, sparse=False):
    @functools.wraps(fn)
    def op(x, *args, **kwargs):
        if type(x) is RaggedTensor:
            return x.with_flat_values(fn(x.flat_values, *args, **kwargs))
        if sparse and type(x) is SparseTensor:
            return x.with_values(fn(x.values, *args, **kwargs))
        return fn(x, *args, **kwargs)
    return op


def _binary(fn):
    @functools.wraps(fn)
    def op(x, y, *args, **kwargs):
        if type(x) is RaggedTensor or type(y) is RaggedTensor:
            return elementwise(fn, x, y, *args, **kwargs)
        return fn(x, y, *args, **kwargs)
    return op


def _reduce(fn, how):
    @functools.wraps(fn)
    def op(input_tensor, axis=None, keepdims=False, name=None):
        if type(input_tensor) is not RaggedTensor:
            return fn(input_tensor, axis=axis, keepdims=keepdims, name=name)
        return _ragged_reduce(fn, how, input_tensor, axis, keepdims)
    return op


def _ragged_reduce(fn, how, rt, axis, keepdims):
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
    if axis is None or isinstance(axis, (list, tuple)) and \
            sorted(a % rt.ndim for a in axis) == list(range(rt.ndim)):
        total = fn(rt.flat_values)  # every axis: every value (keepdims keeps them all, as 1s)
        return array_ops.reshape(total, [1] * rt.ndim) if keepdims else total
    if isinstance(axis, (list, tuple)):
        if len(axis) != 1:
            raise ValueError("eagerbook reduces a RaggedTensor along one axis or all of them")
        axis = axis[0]
    axis %= rt.ndim
    if rt.ragged_rank != 1 or axis > 1:
        if axis >= 1 + rt.ragged_rank:  # a uniform inner axis: reduce inside the values
            return rt.with_flat_values(fn(rt.flat_values, axis=axis - rt.ragged_rank))
        raise ValueError("eagerbook reduces nested RaggedTensors along their inner axes only")
    values = rt.values
    if ragged_ops._traced(rt):
        return _traced_reduce(fn, how, rt, axis, keepdims)
    if axis == 1:
        ids, n = rt.value_rowids(), rt.nrows_int()
    else:  # axis 0: each column position across the rows that reach it
        splits = rt.row_splits.numpy()
        ids = np.concatenate([np.arange(b - a) for a, b in zip(splits[:-1], splits[1:])] +
                             [np.zeros(0, np.int64)]).astype(np.int64)
        n = int(np.max(np.diff(splits), initial=0))
    result = _segment_reduce(how, values, ids, n, fn)
    if keepdims:
        result = array_ops.expand_dims(result, axis)
    return result


def _traced_reduce(fn, how, rt, axis, keepdims):
    """A reduction of a 2-D RaggedTensor along axis 1 (each row) or 0 (each column position)
    when its values are known only when the function runs."""
    rowids = rt.value_rowids()
    if axis == 1:
        ids, n = rowids, rt.nrows()
    else:
        ids = math_ops.subtract(array_ops.range(array_ops.shape(rowids, out_type="int64")[0],
                                                dtype="int64"),
                                array_ops.gather(rt.row_splits, rowids))
        n = math_ops.reduce_max(array_ops.concat([array_ops.zeros([1], "int64"),
                                                  rt.row_lengths()], 0))
    result = _segment_reduce(how, rt.values, ids, n, fn)
    if keepdims:
        result = array_ops.expand_dims(result, axis)
    return result


def _segment_reduce(how, values, ids, n, fn):
    if how == "mean":  # sum / count, as TF: an empty row's mean is NaN (integers: as float64)
        if not values.dtype.is_floating:
            values = math_ops.cast(values, "float64")
        sums = scatter_ops.unsorted_segment_sum(values, ids, n)
        counts = scatter_ops.unsorted_segment_sum(math_ops.ones_like(values), ids, n)
        return math_ops.divide_no_cast(sums, counts)
    if fn.__name__ in ("reduce_any", "reduce_all"):
        as_int = math_ops.cast(values, "int32")
        out = _segment_reduce(how, as_int, ids, n, math_ops.reduce_max)
        return math_ops.cast(out, "bool")
    if how == "sum":
        return scatter_ops.unsorted_segment_sum(values, ids, n)
    if how == "prod":
        return scatter_ops.unsorted_segment_prod(values, ids, n)
    return (scatter_ops.unsorted_segment_max if how == "max"
            else scatter_ops.unsorted_segment_min)(values, ids, n)


def _join(fn, stack):
    @functools.wraps(fn)
    def op(values, axis=0, name=None):
        if isinstance(values, Tensor) or not any(type(v) is RaggedTensor for v in values):
            return fn(values, axis=axis, name=name) if name else fn(values, axis=axis)
        return _ragged_join(list(values), axis, stack)
    return op


def _as_ragged(v):
    if type(v) is RaggedTensor:
        return v
    t = convert_to_tensor(v)
    return RaggedTensor.from_tensor(t)


def _ragged_join(values, axis, stack):
    rts = [_as_ragged(v) for v in values]
    ndim = rts[0].ndim
    axis %= ndim + (1 if stack else 0)
    if stack and axis == 0:
        # a new outer dimension: each input becomes one row of rows
        inner = _ragged_join(rts, 0, False)
        if any(r.nrows_int() is None for r in rts):
            counts = array_ops.stack([r.nrows() for r in rts])
            return RaggedTensor.from_row_lengths(inner, counts, validate=False)
        splits = np.cumsum([0] + [r.nrows_int() for r in rts]).astype(np.int64)
        return RaggedTensor.from_row_splits(inner, splits)
    if axis == 0 and ragged_ops._traced(*rts):
        return ragged_ops._concat_rows(rts)
    if axis == 0:
        values = array_ops.concat([r.values for r in rts], 0)
        offsets, parts = 0, []
        for r in rts:
            s = r.row_splits.numpy()
            parts.append(s[1:] + offsets if parts else s + offsets)
            offsets += s[-1]
        return RaggedTensor.from_row_splits(values, np.concatenate(parts))
    if stack:  # each input gains a dimension of size 1 at `axis`, then they are joined there
        return _ragged_join([_expand_dims(r, axis) for r in rts], axis, False)
    if axis == 1:
        return _concat_rows_side_by_side(rts)
    # deeper: the rows' own values are joined (the outer row partitions must agree)
    inner = _ragged_join([r.values for r in rts], axis - 1, False)
    return rts[0].with_values(inner)


def _expand_dims(rt, axis):
    """`rt` with a new dimension of size 1 at `axis` (>= 1)."""
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(rt, 1)
    values = rt.values
    if type(values) is RaggedTensor:
        return rt.with_values(_expand_dims(values, axis - 1))
    return rt.with_values(array_ops.expand_dims(values, axis - 1))


def _concat_rows_side_by_side(rts):
    """``tf.concat(rts, axis=1)``: row i of the result is row i of each input, one after the
    other. The inputs' values are concatenated, then put in their places by one gather (ops
    only, so it traces too)."""
    nrows = [r.nrows() for r in rts]
    for i, n in enumerate(nrows[1:], 1):
        if not ragged_ops._traced(n, nrows[0]) and int(n) != int(nrows[0]):
            raise ragged_ops._failed_comparison(
                f"Input tensors at index 0 (=x) and {i} (=y) have incompatible shapes.", "==",
                int(nrows[0]), int(n))
    lengths = [r.row_lengths() for r in rts]
    total = functools.reduce(math_ops.add, lengths)
    out_starts = math_ops.cumsum(total, exclusive=True)
    before = math_ops.zeros_like(total)  # per row: how many values earlier inputs put there
    places = []
    for r, length in zip(rts, lengths, strict=True):
        rowids = r.value_rowids()
        offset = math_ops.subtract(math_ops.add(array_ops.gather(out_starts, rowids),
                                                array_ops.gather(before, rowids)),
                                   array_ops.gather(r.row_starts(), rowids))
        places.append(math_ops.add(array_ops.range(array_ops.size(rowids, out_type="int64"),
                                                  dtype="int64"), offset))
        before = math_ops.add(before, length)
    order = more_math_ops.invert_permutation(array_ops.concat(places, 0))
    values = ragged_ops._gather_rows(_join_values([r.values for r in rts]), order)
    return RaggedTensor.from_row_lengths(values, total, validate=False)


def _join_values(values):
    if any(type(v) is RaggedTensor for v in values):
        return _ragged_join(values, 0, False)
    return array_ops.concat(values, 0)


def _reverse(fn):
    @functools.wraps(fn)
    def op(tensor, axis, name=None):
        if type(tensor) is not RaggedTensor:
            return fn(tensor, axis, name=name) if name else fn(tensor, axis)
        axes = np.asarray(known_value(convert_to_tensor(axis))).reshape(-1)
        for a in axes:
            tensor = _ragged_reverse(tensor, int(a) % tensor.ndim)
        return tensor
    return op


def _ragged_reverse(rt, axis):
    if axis == 0:  # the rows in the opposite order
        last = math_ops.subtract(rt.nrows(), 1)
        return ragged_ops._gather_rows(rt, array_ops.range(last, -1, -1, dtype="int64"))
    if axis > rt.ragged_rank:  # a uniform inner dimension of the flat values
        return rt.with_flat_values(array_ops.reverse(rt.flat_values, [axis - rt.ragged_rank]))
    if axis > 1:
        return rt.with_values(_ragged_reverse(rt.values, axis - 1))
    # each row's values back to front: value k of row i comes from starts[i] + limits[i] - 1 - k
    rowids = rt.value_rowids()
    ends = math_ops.add(array_ops.gather(rt.row_starts(), rowids),
                        array_ops.gather(rt.row_limits(), rowids))
    source = math_ops.subtract(math_ops.subtract(ends, 1), array_ops.range(
        array_ops.size(rowids, out_type="int64"), dtype="int64"))
    return rt.with_values(ragged_ops._gather_rows(rt.values, source))


def _gather(fn):
    @functools.wraps(fn)
    def op(params, indices, *args, **kwargs):
        if type(params) is not RaggedTensor:
            return fn(params, indices, *args, **kwargs)
        axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
        if axis not in (None, 0):
            raise ValueError("eagerbook gathers the rows of a RaggedTensor (axis=0) only")
        indices = convert_to_tensor(indices)
        if indices.shape.rank != 1:
            raise ValueError("eagerbook gathers RaggedTensor rows with 1-D indices only")
        return ragged_ops._gather_rows(params, math_ops.cast(indices, "int64"))
    return op


def _tile(fn):
    @functools.wraps(fn)
    def op(input, multiples, name=None):
        if type(input) is not RaggedTensor:
            return fn(input, multiples, name=name) if name else fn(input, multiples)
        return _ragged_tile(input, multiples)
    return op


def _ragged_tile(rt, multiples):
    """``tf.tile`` of a 2-D ragged tensor: each row's values repeated ``multiples[1]`` times,
    then the rows repeated ``multiples[0]`` times."""
    times = [int(m) for m in np.asarray(convert_to_tensor(multiples).numpy()).reshape(-1)]
    if len(times) != rt.ndim:
        raise ValueError(f"multiples must have {rt.ndim} elements, got {len(times)}")
    if rt.ragged_rank != 1 or any(m != 1 for m in times[2:]):
        raise ValueError("eagerbook tiles RaggedTensors with one ragged dimension along their "
                         "two outer dimensions only")
    splits = rt.row_splits.numpy()
    rows = [np.tile(np.arange(splits[i], splits[i + 1]), times[1])
            for i in range(len(splits) - 1)] * times[0]
    picked = np.concatenate(rows + [np.zeros(0, np.int64)]).astype(np.int64)
    return RaggedTensor.from_row_lengths(array_ops.gather(rt.values, picked),
                                         [len(r) for r in rows], validate=False)


def _structure_ops():
    """tf.size, tf.rank, tf.expand_dims, tf.math.add_n and tf.math.bincount on RaggedTensors
    (size and rank on SparseTensors too), as TF's dispatch gives them."""
    def size(fn):
        @functools.wraps(fn)
        def op(input, out_type=None, name=None):  # noqa: A002 - TF's argument name
            kwargs = {} if out_type is None else {"out_type": out_type}
            if type(input) is RaggedTensor:
                return fn(input.flat_values, **kwargs)
            if type(input) is SparseTensor:  # the dense shape's size, counted as TF does
                dense = math_ops.reduce_prod(input.dense_shape)
                return math_ops.cast(dense, kwargs.get("out_type", "int32"))
            return fn(input, **kwargs)
        return op

    def rank(fn):
        @functools.wraps(fn)
        def op(input, name=None):  # noqa: A002 - TF's argument name
            if type(input) in (RaggedTensor, SparseTensor):
                return convert_to_tensor(np.int32(input.shape.rank))
            return fn(input)
        return op

    def expand_dims(fn):
        @functools.wraps(fn)
        def op(input, axis, name=None):  # noqa: A002 - TF's argument name
            if type(input) is not RaggedTensor:
                return fn(input, axis, name=name)
            axis = int(axis)
            axis += input.ndim + 1 if axis < 0 else 0
            if axis == 0:  # one row holding all of input's rows
                return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1)
            return _expand_dims(input, axis)
        return op

    def add_n(fn):
        @functools.wraps(fn)
        def op(inputs, name=None):
            if not any(type(v) is RaggedTensor for v in inputs):
                return fn(inputs, name=name)
            return functools.reduce(lambda a, b: elementwise(math_ops.add, a, b), inputs)
        return op

    def bincount(fn):
        @functools.wraps(fn)
        def op(arr, *args, **kwargs):
            return fn(arr.flat_values if type(arr) is RaggedTensor else arr, *args, **kwargs)
        return op

    def reduce_moment(fn, moment):
        @functools.wraps(fn)
        def op(input_tensor, axis=None, keepdims=False, name=None):
            if type(input_tensor) is not RaggedTensor:
                return fn(input_tensor, axis=axis, keepdims=keepdims, name=name)
            if axis is None and moment == "logsumexp":  # every value: the dense op
                return fn(input_tensor.flat_values, keepdims=keepdims)
            return _ragged_moment(input_tensor, axis, keepdims, moment)
        return op

    def where(fn):
        @functools.wraps(fn)
        def op(condition, x=None, y=None, name=None):
            if type(condition) is not RaggedTensor:
                return fn(condition, x, y, name=name)
            if x is None and y is None:
                return _ragged_true_positions(condition)
            x, y = (v if type(v) is RaggedTensor else condition.with_flat_values(
                array_ops.broadcast_to(v, array_ops.shape(condition.flat_values)))
                for v in (x, y))
            ragged_ops._check_same_partitions(condition, x)
            ragged_ops._check_same_partitions(condition, y)
            return condition.with_flat_values(fn(condition.flat_values, x.flat_values,
                                                 y.flat_values))
        return op

    def reshape(fn):
        @functools.wraps(fn)
        def op(tensor, shape, name=None):
            if type(shape) is DynamicRaggedShape:  # the values, in order, in that shape
                values = tensor.flat_values if type(tensor) is RaggedTensor else tensor
                return shape._with_values(fn(values, shape.inner_shape))
            if type(tensor) is RaggedTensor and list(np.ravel(known_value(shape) if isinstance(
                    shape, Tensor) else shape)) == [-1]:
                return array_ops.reshape(tensor.flat_values, [-1])  # all values, in order
            return fn(tensor, shape, name=name)
        return op

    def shape(fn):
        @functools.wraps(fn)
        def op(input, out_type=None, name=None):  # noqa: A002 - TF's argument name
            if type(input) is RaggedTensor:
                return DynamicRaggedShape.from_tensor(input, out_type or "int32")
            return fn(input, **({} if out_type is None else {"out_type": out_type}), name=name)
        return op

    def of_shape(fn):
        """tf.zeros, tf.ones, tf.fill: a ragged shape's values made by `fn`, in that shape."""
        @functools.wraps(fn)
        def op(shape, *args, **kwargs):
            if type(shape) is DynamicRaggedShape:
                return shape._with_values(fn(shape.inner_shape, *args, **kwargs))
            return fn(shape, *args, **kwargs)
        return op

    def broadcast_to(fn):
        @functools.wraps(fn)
        def op(input, shape, name=None):  # noqa: A002 - TF's argument name
            if type(shape) is DynamicRaggedShape and shape.num_row_partitions:
                return shape._broadcast(input)
            if type(shape) is DynamicRaggedShape:
                shape = shape.inner_shape
            return fn(input, shape, name=name)
        return op

    def softmax(fn):
        @functools.wraps(fn)
        def op(logits, axis=None, name=None):
            if type(logits) is not RaggedTensor:
                return fn(logits, axis=axis, name=name)
            if axis not in (None, -1, logits.ndim - 1) or logits.ragged_rank != 1 or \
                    logits.ndim != 2:
                raise ValueError("eagerbook takes the softmax of a 2-D RaggedTensor along its "
                                 "rows only")
            # (TF's ragged softmax: shift by each row's max, exponentiate, divide by row sums)
            shifted = elementwise(math_ops.subtract, logits, array_ops.expand_dims(
                _ragged_reduce(math_ops.reduce_max, "max", logits, 1, False), 1))
            e = shifted.with_flat_values(math_ops.exp(shifted.flat_values))
            return elementwise(math_ops.truediv, e, array_ops.expand_dims(
                _ragged_reduce(math_ops.reduce_sum, "sum", e, 1, False), 1))
        return op

    def split(fn):
        @functools.wraps(fn)
        def op(value, num_or_size_splits, axis=0, num=None, name="split"):
            if type(value) is not RaggedTensor:
                return fn(value, num_or_size_splits, axis=axis, num=num, name=name)
            return _ragged_split(fn, value, num_or_size_splits, axis, num)
        return op

    def embedding_lookup(fn):
        @functools.wraps(fn)
        def op(params, ids, *args, **kwargs):
            if type(ids) is RaggedTensor:
                return ids.with_flat_values(fn(params, ids.flat_values, *args, **kwargs))
            return fn(params, ids, *args, **kwargs)
        return op

    def clip_by_value(fn):
        @functools.wraps(fn)
        def op(t, clip_value_min, clip_value_max, name=None):
            if type(t) is RaggedTensor and not any(
                    type(v) is RaggedTensor for v in (clip_value_min, clip_value_max)):
                return t.with_flat_values(fn(t.flat_values, clip_value_min, clip_value_max))
            return fn(t, clip_value_min, clip_value_max, name=name)
        return op

    return {"size": size, "rank": rank, "expand_dims": expand_dims, "add_n": add_n,
            "bincount": bincount, "where": where, "reshape": reshape, "softmax": softmax,
            "shape": shape, "zeros": of_shape, "ones": of_shape, "fill": of_shape,
            "broadcast_to": broadcast_to,
            "embedding_lookup": embedding_lookup, "clip_by_value": clip_by_value,
            "split": split,
            "reduce_variance": functools.partial(reduce_moment, moment="variance"),
            "reduce_std": functools.partial(reduce_moment, moment="std"),
            "reduce_logsumexp": functools.partial(reduce_moment, moment="logsumexp")}


def _ragged_moment(rt, axis, keepdims, moment):
    """reduce_variance or reduce_std of a RaggedTensor as TF computes them, along any axis
    the ragged reductions take: max(mean(x**2) - mean(x)**2, 0) (and its square root);
    reduce_logsumexp of a 2-D RaggedTensor along its rows, from the ragged max and sum."""
    if moment != "logsumexp":
        if rt.dtype.is_complex:
            raise ValueError(f"reduce_{moment} is not supported for RaggedTensors with complex "
                             "dtypes.")
        squares = rt.with_flat_values(math_ops.square(rt.flat_values))
        mean_of_square = _ragged_reduce(math_ops.reduce_mean, "mean", squares, axis, keepdims)
        mean = _ragged_reduce(math_ops.reduce_mean, "mean", rt, axis, keepdims)
        variance = math_ops.maximum(mean_of_square - math_ops.square(mean), 0)
        return math_ops.sqrt(variance) if moment == "std" else variance
    if axis is None or int(axis) % rt.ndim != 1 or rt.ragged_rank != 1 or rt.ndim != 2:
        raise ValueError("eagerbook takes a 2-D RaggedTensor's logsumexp along its rows only")

    def along_rows(how, fn, x):
        return array_ops.expand_dims(_ragged_reduce(fn, how, x, 1, False), 1)
    # shifted by each row's max; an empty row gives -inf
    top = along_rows("max", math_ops.reduce_max, rt)
    top = math_ops.where_v2(math_ops.is_finite(top), top, math_ops.zeros_like(top))
    e = elementwise(math_ops.subtract, rt, top)
    total = along_rows("sum", math_ops.reduce_sum, e.with_flat_values(
        math_ops.exp(e.flat_values)))
    result = math_ops.log(total) + top
    return result if keepdims else array_ops.squeeze(result, [1])


def _ragged_split(split, rt, num_or_size_splits, axis, num):
    """tf.split of a RaggedTensor: along its rows (axis 0: row slices) or a uniform inner axis
    (the flat values split, the row partitions kept); a ragged axis cannot be split."""
    axis = int(known_value(axis) if isinstance(axis, Tensor) else axis)
    if not -rt.ndim <= axis < rt.ndim:
        raise ValueError(f"axis={axis} out of bounds: expected {-rt.ndim}<=axis<{rt.ndim}")
    if 0 < axis % rt.ndim <= rt.ragged_rank:
        raise ValueError(f"Cannot split a ragged dimension. Got `value` with shape "
                         f"{DynamicRaggedShape.from_tensor(rt)!r} and `axis` {axis % rt.ndim}.")
    if axis % rt.ndim:  # a uniform axis inside the values
        inner = axis % rt.ndim - rt.ragged_rank
        return [rt.with_flat_values(part)
                for part in split(rt.flat_values, num_or_size_splits, axis=inner, num=num)]
    sizes = num_or_size_splits.numpy().tolist() if isinstance(num_or_size_splits, Tensor) \
        else num_or_size_splits
    nrows = rt.nrows_int()
    if isinstance(sizes, int):
        if sizes < 1:
            raise ValueError(f"`num_or_size_splits` must be >=1 if it is an `int`.Received "
                             f"{sizes}.")
        if nrows % sizes:
            raise ragged_ops._failed_comparison(_INEXACT_SPLIT, "==", nrows,
                                                sizes * (nrows // sizes))
        sizes = [nrows // sizes] * sizes
    sizes = list(sizes)
    if num is not None and num != len(sizes):
        raise ValueError(f"`num` does not match the size of `num_or_size_split`. Received "
                         f"`num`: {num} and size of `num_or_size_split`: {len(sizes)}.")
    if any(s < 0 for s in sizes):  # (TF's assert text: its doubled full stop included)
        shown = [str(s) for s in sizes[:3]] + (["..."] if len(sizes) > 3 else [])
        raise errors.InvalidArgumentError(
            None, None, f"`num_or_size_splits` must be non-negative..  \nCondition x >= 0 did "
                        f"not hold element-wise:\nx (shape=({len(sizes)},) dtype=int32) = \n"
                        f"{shown}")
    if sum(sizes) != nrows:
        raise ragged_ops._failed_comparison(_INEXACT_SPLIT, "==", nrows, sum(sizes))
    starts = np.cumsum([0] + sizes)
    return [rt[int(a):int(b)] for a, b in zip(starts[:-1], starts[1:])]


_INEXACT_SPLIT = ("Cannot exactly split the `axis` dimension of `value` with the given "
                  "`num_or_size_split`.")


def _ragged_true_positions(condition):
    """``tf.where(ragged_condition)``: the [row, column] of each true value (int64)."""
    if condition.ragged_rank != 1 or condition.ndim != 2:
        raise ValueError("eagerbook finds true positions of a 2-D RaggedTensor only")
    flat = condition.flat_values.numpy()
    rows = condition.value_rowids().numpy()
    columns = np.arange(flat.size) - condition.row_starts().numpy()[rows]
    keep = np.flatnonzero(flat)
    return convert_to_tensor(np.stack([rows[keep], columns[keep]], axis=1).astype(np.int64))


def install(*namespaces):
    """Replaces the public ops in `namespaces` (modules) by their ragged-aware versions."""
    wrap = {name: functools.partial(_unary, sparse=name in _SPARSE_UNARY) for name in _UNARY}
    wrap.update({name: _binary for name in _BINARY})
    for namespace in namespaces:
        for name, make in wrap.items():
            fn = getattr(namespace, name, None)
            if fn is not None and not hasattr(fn, "__wrapped__"):
                setattr(namespace, name, make(fn))
        for name, how in _REDUCE.items():
            fn = getattr(namespace, name, None)
            if fn is not None and not hasattr(fn, "__wrapped__"):
                setattr(namespace, name, _reduce(fn, how))
        fn = getattr(namespace, "gather", None)
        if fn is not None and not hasattr(fn, "__wrapped__"):
            namespace.gather = _gather(fn)
        fn = getattr(namespace, "tile", None)
        if fn is not None and not hasattr(fn, "__wrapped__"):
            namespace.tile = _tile(fn)
        fn = getattr(namespace, "reverse", None)
        if fn is not None and not hasattr(fn, "__wrapped__"):
            namespace.reverse = _reverse(fn)
        for name, make in _structure_ops().items():
            fn = getattr(namespace, name, None)
            if fn is not None and not hasattr(fn, "__wrapped__"):
                setattr(namespace, name, make(fn))
        for name, stack in (("concat", False), ("stack", True)):
            fn = getattr(namespace, name, None)
            if fn is not None and not hasattr(fn, "__wrapped__"):
                setattr(namespace, name, _join(fn, stack))
