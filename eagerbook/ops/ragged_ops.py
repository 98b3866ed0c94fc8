"""``tf.RaggedTensor`` and ``tf.ragged``: rows of different lengths.

A RaggedTensor is two tensors: ``values`` (all rows concatenated) and ``row_splits`` (int64,
``nrows + 1`` offsets into ``values``; row ``i`` is ``values[row_splits[i]:row_splits[i+1]]``).
``values`` may itself be ragged, which gives more ragged dimensions. There is no kernel of its
own: every method is ordinary ops on those two tensors, so elementwise math on a ragged tensor
(``rt * 2``, ``tf.ragged.map_flat_values(f, rt)``) is math on ``flat_values``, and gradients
flow through it like through any other op.

Inside ``tf.function`` the two tensors are symbolic (their values exist only when the function
runs): the factories and methods then build ops instead of reading values (``_traced`` picks
the road). Row splits are cumulative sums of row lengths, row ids a ``tf.repeat`` of the row
numbers, ``to_tensor`` a scatter into a padded tensor, and so on. TF checks the arguments of
``from_row_splits`` and friends when such a function runs, and so does eagerbook (an op that
checks the row splits, an Assert op that the row ids do not decrease).
"""

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import array_ops, manip_ops, math_ops, scatter_ops
from .array_ops import gather
from .registry import execute, invalid_argument, register


def _infer_checked_splits(inputs, attrs):
    return [(inputs[0]._dtype, inputs[0]._shape)]


@register("RaggedCheckRowSplits", differentiable=False, infer_shape=_infer_checked_splits)
def _check_row_splits(splits, nvals):
    """The row splits, unchanged, when they partition `nvals` values; else TF's error. Runs
    when a traced function runs (eagerly, ``from_row_splits`` checks them at once)."""
    _validate_row_splits(splits, nvals)
    return splits


# TF's RaggedTensor factories check their arguments with assert ops; a failed check reads
# "<what is wrong>\nCondition x == y did not hold.\n..." as below.
_NOT_VALID = "Arguments to {} do not form a valid {}"


def _failed_comparison(what, sym, x, y):
    """TF's text for a failed check ``x <sym> y`` between two scalars."""
    return errors.InvalidArgumentError(None, None, f"{what}\nCondition x {sym} y did not hold."
                                                   f"\nFirst 1 elements of x:\n[{x}]\n"
                                                   f"First 1 elements of y:\n[{y}]")


def _check_non_negative(what, x):
    """TF's assert_non_negative: its error lists up to three of x's entries."""
    x = np.asarray(x, np.int64)
    if np.any(x < 0):
        shown = [str(v) for v in x[:3]] + (["..."] if x.size > 3 else [])
        raise errors.InvalidArgumentError(None, None, f"{what}\nCondition x >= 0 did not hold "
                                                      f"element-wise:\nx (shape={x.shape} "
                                                      f"dtype=int64) = \n{shown}")


def _validate_row_splits(splits, nvals):
    if splits.size == 0:  # (only a traced function's splits get here empty)
        raise errors.InvalidArgumentError(None, None, "row_splits tensor may not be empty.")
    if splits[0] != 0:
        raise _failed_comparison(_NOT_VALID.format("from_row_splits", "RaggedTensor:zero"),
                                 "==", splits[0], 0)
    _check_non_negative(_NOT_VALID.format("from_row_splits", "RaggedTensor:monotonic.  "),
                        np.diff(splits))
    _check_nvals(splits, nvals)


def _check_nvals(splits, nvals):
    if splits[-1] != nvals:
        raise _failed_comparison(_NOT_VALID.format("_from_row_partition", "RaggedTensor"), "==",
                                 splits[-1], nvals)


def _check_not_empty(splits):
    if splits.shape[0] == 0:
        raise ValueError("row_splits tensor may not be empty.")


def _nested_lengths(lengths):
    """True for a list or tuple of row-lengths vectors (one per ragged level)."""
    return isinstance(lengths, (list, tuple)) and bool(lengths) and \
        not isinstance(lengths[0], (int, float, np.integer, np.floating))


class RaggedTensor:
    """Rows of different lengths (``tf.RaggedTensor``): ``values`` split by ``row_splits``."""

    __array_priority__ = 101

    def __init__(self, values, row_splits, uniform_row_length=None):
        # Internal: use the from_* factories, which check their arguments.
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length  # an int when every row is that long

    # --- factories ----------------------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        values = _as_values(values)
        splits = _as_int64_vector(row_splits, "row_splits")
        if _traced(values, splits):  # checked when the function runs, as TF does
            if validate:
                splits = execute(_check_row_splits, (splits, _nvals_tensor(values)))
            return cls(values, splits)
        _check_not_empty(splits)
        if validate:
            _validate_row_splits(splits.numpy(), _nvals(values))
        return cls(values, splits)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True,
                                name=None):
        """Rows of `uniform_row_length` values each: a dimension that is known, unlike a
        ragged one (the shape shows its size)."""
        values = _as_values(values)
        length = int(convert_to_tensor(uniform_row_length).numpy())
        nvals = _nvals(values)
        if length < 0:
            raise ValueError(f"uniform_row_length must be non-negative, got {length}")
        rows = int(nrows) if nrows is not None else (nvals // length if length else 0)
        if rows * length != nvals:  # TF checks this while building, with a ValueError
            raise ValueError(f"uniform_row_length={length} times nrows={rows} must equal "
                             f"nvals={nvals}")
        splits = _from_numpy(np.arange(rows + 1, dtype=np.int64) * length)
        return cls(values, splits, uniform_row_length=length)

    @property
    def uniform_row_length(self):
        """The length of every row as a scalar tensor, or None when rows are ragged."""
        if self._uniform_row_length is None:
            return None
        return _from_numpy(np.array(self._uniform_row_length, np.int64))

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        lengths = _as_int64_vector(row_lengths, "row_lengths")
        if _traced(lengths):
            return cls.from_row_splits(values, _splits_from_lengths(lengths), validate=validate)
        lengths = lengths.numpy()
        if validate:
            _check_non_negative(_NOT_VALID.format("from_row_lengths", "RowPartition.  "),
                                lengths)
        splits = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        if validate:
            _check_nvals(splits, _nvals(_as_values(values)))
        return cls.from_row_splits(values, splits, validate=False)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """Row i starts at row_starts[i] and ends where the next starts (the last: at the end
        of `values`)."""
        values = _as_values(values)
        starts = _as_int64_vector(row_starts, "row_starts")
        if _traced(values, starts):
            nvals = _nvals_tensor(values)
            return cls(values, array_ops.concat([starts, array_ops.reshape(nvals, [1])], 0))
        starts = starts.numpy()
        if validate and starts.size:
            what = _NOT_VALID.format("from_row_starts", "RaggedTensor")
            if starts[0] != 0:
                raise _failed_comparison(what, "==", starts[0], 0)
            _check_non_negative(what + ".  ", np.diff(starts))
            if starts[-1] > _nvals(values):
                raise _failed_comparison(what, "<=", starts[-1], _nvals(values))
        return cls.from_row_splits(values, np.append(starts, _nvals(values)), validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """Row i ends at row_limits[i] and starts where the previous one ends (the first: 0)."""
        limits = _as_int64_vector(row_limits, "row_limits")
        if _traced(limits):
            return cls(_as_values(values), array_ops.concat([_zeros64(1), limits], 0))
        limits = limits.numpy()
        if validate:
            what = _NOT_VALID.format("from_row_limits", "RaggedTensor.  ")
            _check_non_negative(what, limits[:1])
            _check_non_negative(what, np.diff(limits))
        return cls.from_row_splits(values, np.insert(limits, 0, 0), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        rowids = _as_int64_vector(value_rowids, "value_rowids")
        if _traced(rowids) or isinstance(nrows, Tensor) and is_symbolic(nrows):
            if validate:  # an Assert op: the row ids must not decrease (TF's check and words)
                from .logging_ops import _traced_comparison
                steps = math_ops.subtract(rowids[1:], rowids[:-1])
                _traced_comparison(math_ops.greater_equal(steps, 0), "Arguments to "
                                   "from_value_rowids do not form a valid RowPartition.  ",
                                   "x >= 0", steps)
            if nrows is None:  # the last row holding a value, plus one (0 without values)
                nrows = math_ops.add(math_ops.reduce_max(array_ops.concat(
                    [_int64s([-1]), rowids], 0)), 1)
            nrows = math_ops.cast(convert_to_tensor(nrows), dtypes.int64)
            lengths = scatter_ops.unsorted_segment_sum(math_ops.ones_like(rowids), rowids, nrows)
            return cls.from_row_lengths(values, lengths, validate=False)
        rowids = rowids.numpy()
        nvals = _nvals(_as_values(values))
        if rowids.shape[0] != nvals:  # a static shape check in TF: a ValueError
            raise ValueError(f"Shapes ({nvals},) and ({rowids.shape[0]},) are incompatible")
        if nrows is not None and rowids.size and int(nrows) < rowids[-1] + 1:
            raise ValueError(f"Expected nrows >= value_rowids[-1] + 1; got nrows={int(nrows)}, "
                             f"value_rowids[-1]={rowids[-1]}")
        if validate:
            what = _NOT_VALID.format("from_value_rowids", "RowPartition.  ")
            _check_non_negative(what, rowids[:1])
            _check_non_negative(what, np.diff(rowids))
        n = int(nrows) if nrows is not None else (int(rowids[-1]) + 1 if rowids.size else 0)
        lengths = np.bincount(rowids, minlength=n)[:n] if rowids.size else np.zeros(n, np.int64)
        return cls.from_row_lengths(values, lengths, validate=validate)

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None,
                                validate=True):
        """Ragged levels from the outside in, each given by its row lengths."""
        result = _as_values(flat_values)
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        result = _as_values(flat_values)
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=dtypes.int64):
        """Rows of a dense tensor, cut at `lengths` or before trailing `padding` values."""
        tensor = convert_to_tensor(tensor)
        if lengths is not None and padding is not None:
            raise ValueError("Specify argument `lengths` or `padding`, but not both.")
        if _nested_lengths(lengths):
            return cls._from_tensor_nested_lengths(tensor, list(lengths), ragged_rank)
        if ragged_rank > 1:
            return cls._from_tensor_deeper(tensor, lengths, padding, ragged_rank)
        if tensor.ndim < 2:
            raise ValueError(f"tensor must have rank >= 2, got shape {tensor.shape}")
        if _traced(tensor, lengths, padding):
            return _traced_from_tensor(cls, tensor, lengths, padding)
        array = tensor.numpy()
        nrows, ncols = array.shape[:2]
        if lengths is not None:
            lens = np.minimum(_as_int64_vector(lengths, "lengths").numpy(), ncols)
        elif padding is not None:
            pad = convert_to_tensor(padding, dtype=tensor.dtype).numpy()
            is_pad = np.all((array == pad).reshape(nrows, ncols, -1), axis=2)
            not_pad = ~is_pad
            lens = np.where(not_pad.any(axis=1),
                            ncols - np.argmax(not_pad[:, ::-1], axis=1), 0)
        else:
            lens = np.full(nrows, ncols)
        keep = np.arange(ncols)[None, :] < lens[:, None]
        values = array_ops.boolean_mask(tensor, _from_numpy(keep))
        return cls.from_row_lengths(values, lens.astype(np.int64), validate=False)

    @classmethod
    def _from_tensor_nested_lengths(cls, tensor, lengths, ragged_rank):
        """from_tensor with one row-lengths vector per ragged level: the entries a ragged
        boolean mask of those lengths covers, as TF's."""
        if ragged_rank not in (1, len(lengths)):
            raise ValueError(f"If Argument `lengths` is a tuple of row_lengths, argument "
                             f"`ragged_rank` must be len(lengths): {len(lengths)}. Received "
                             f"ragged_rank: {ragged_rank}.")
        if tensor.ndim < len(lengths) + 1:
            raise ValueError(f"Shape {tensor.shape} must have rank at least "
                             f"{len(lengths) + 1}")
        lengths = [_as_int64_vector(level, "lengths") for level in lengths]
        count = int(np.sum(lengths[-1].numpy()))
        ones = cls.from_nested_row_lengths(array_ops.ones([count], dtypes.bool), lengths,
                                           validate=False)
        mask = ones.to_tensor(default_value=False,
                              shape=tensor.shape.as_list()[:len(lengths) + 1])
        kept = array_ops.boolean_mask(tensor, mask)
        return cls.from_nested_row_lengths(kept, lengths, validate=False)

    @classmethod
    def _from_tensor_deeper(cls, tensor, lengths, padding, ragged_rank):
        """from_tensor with ragged_rank > 1: the innermost ragged level from `lengths` or
        `padding`, the outer ones uniform (TF's rule)."""
        shape = tensor.shape.as_list()
        if len(shape) < ragged_rank + 1:
            raise ValueError(f"Shape {tensor.shape} must have rank at least "
                             f"{ragged_rank + 1}")
        sizes = np.cumprod(shape)
        flat = array_ops.reshape(tensor, [int(sizes[ragged_rank - 1])] + shape[ragged_rank:])
        result = cls.from_tensor(flat, lengths, padding)
        for axis in range(ragged_rank - 1, 0, -1):
            result = cls.from_uniform_row_length(result, shape[axis], nrows=int(sizes[axis - 1]),
                                                 validate=False)
        return result

    # --- structure ----------------------------------------------------------------------------
    @property
    def values(self):
        return self._values

    @property
    def row_splits(self):
        return self._row_splits

    @property
    def flat_values(self):
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values._values
        return values

    @property
    def nested_row_splits(self):
        splits, rt = [], self
        while isinstance(rt, RaggedTensor):
            splits.append(rt._row_splits)
            rt = rt._values
        return tuple(splits)

    def nested_row_lengths(self, name=None):
        """The row lengths of each ragged level, outermost first."""
        lengths, rt = [], self
        while isinstance(rt, RaggedTensor):
            lengths.append(rt.row_lengths())
            rt = rt._values
        return tuple(lengths)

    @property
    def ragged_rank(self):
        return len(self.nested_row_splits)

    # tf.function's composite protocol (graph/trace_types.py): a RaggedTensor crosses a traced
    # function's boundary (argument, capture, result) as its tensors, rebuilt around them.
    def __tf_components__(self):
        return [self.flat_values, *self.nested_row_splits]

    def __tf_from_components__(self, parts):
        return RaggedTensor.from_nested_row_splits(parts[0], parts[1:], validate=False)

    @property
    def _type_spec(self):
        return RaggedTensorSpec.from_value(self)

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        return dtypes.int64

    @property
    def shape(self):
        """``[nrows, None, ...]``: ragged dimensions are None, inner ones as in flat_values."""
        inner = list(self.flat_values.shape)[1:]
        levels, level = [], self
        while isinstance(level, RaggedTensor):  # a uniform level knows its size
            levels.append(level._uniform_row_length)
            level = level._values
        return TensorShape([self.nrows_int()] + levels + inner)

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self.shape.rank

    def nrows_int(self):
        """The number of rows as a Python int (None inside tf.function when unknown)."""
        count = self._row_splits.shape[0]
        return None if count is None else int(count) - 1

    def nrows(self, out_type=dtypes.int64, name=None):
        if self.nrows_int() is None:
            return math_ops.subtract(array_ops.shape(self._row_splits, out_type=out_type)[0], 1)
        return _from_numpy(np.array(self.nrows_int(), dtype=dtypes.as_dtype(out_type)._np))

    def row_starts(self, name=None):
        return self._row_splits[:-1]

    def row_limits(self, name=None):
        return self._row_splits[1:]

    def row_lengths(self, axis=1, name=None):
        """Length of every row (``axis=1``), or of every row of a deeper ragged axis."""
        if axis == 1:
            return math_ops.subtract(self._row_splits[1:], self._row_splits[:-1])
        if axis < 1 or not isinstance(self._values, RaggedTensor):
            raise ValueError(f"axis={axis} is not a ragged dimension of {self.shape}")
        return self.with_values(self._values.row_lengths(axis - 1))

    def value_rowids(self, name=None):
        if _traced(self._row_splits):
            return _rowids_from_splits(self._row_splits)
        splits = self._row_splits.numpy()
        return _from_numpy(np.repeat(np.arange(len(splits) - 1, dtype=np.int64),
                                     np.diff(splits)))

    def nested_value_rowids(self, name=None):
        """The value_rowids of each ragged level, outermost first."""
        rowids, rt = [], self
        while isinstance(rt, RaggedTensor):
            rowids.append(rt.value_rowids())
            rt = rt._values
        return tuple(rowids)

    def bounding_shape(self, axis=None, name=None, out_type=dtypes.int64):
        if _traced(self.flat_values, *self.nested_row_splits):
            out = math_ops.cast(_traced_bounding_shape(self), out_type)
            return out if axis is None else out[axis]
        dims = list(self._dense_shape())
        out = _from_numpy(np.array(dims, dtype=dtypes.as_dtype(out_type)._np))
        return out if axis is None else out[axis]

    def with_values(self, new_values):
        return RaggedTensor(_as_values(new_values), self._row_splits)

    def with_flat_values(self, new_values):
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    # --- conversion ---------------------------------------------------------------------------
    def to_list(self):
        """Nested Python lists (bytes for strings), as TF's ``to_list``."""
        values = self._values
        rows = values.to_list() if isinstance(values, RaggedTensor) else values.numpy().tolist()
        splits = self._row_splits.numpy()
        return [rows[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]

    def numpy(self):
        """TF's eager ``RaggedTensor.numpy()``: the rows (slices of ``values.numpy()``) in one
        array, stacked when they all have one length, else a 1-D object array of them."""
        values = self._values.numpy()
        splits = self._row_splits.numpy()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        if any(len(row) != len(rows[0]) for row in rows):
            out = np.empty(len(rows), dtype=object)
            out[:] = rows
            return out
        return np.array(rows)

    def merge_dims(self, outer_axis, inner_axis):
        """Merges axes outer_axis..inner_axis into one (``merge_dims(0, 1)`` of a 2-D ragged
        tensor is its flat values)."""
        rank = self.ndim
        outer_axis %= rank
        inner_axis %= rank
        if inner_axis <= outer_axis:
            return self
        if outer_axis == 0:
            values = self.values
            for _ in range(inner_axis - 1):
                values = values.values if isinstance(values, RaggedTensor) else \
                    array_ops.reshape(values, [-1] + list(values.shape)[2:])
            return values
        if outer_axis == 1 and isinstance(self._values, RaggedTensor):
            inner = self._values.merge_dims(0, inner_axis - 1)
            splits = self._values.row_splits.numpy()[self._row_splits.numpy()]
            return RaggedTensor.from_row_splits(inner, splits)
        raise ValueError("eagerbook merges the outer axes of a RaggedTensor only")

    def to_sparse(self, name=None):
        """The same values as a SparseTensor (indices of every stored value)."""
        from .sparse_ops import SparseTensor
        if _traced(self.flat_values, *self.nested_row_splits):
            return _traced_to_sparse(self, SparseTensor)
        rows = self.to_list()
        indices = []

        def walk(items, prefix):
            for j, item in enumerate(items):
                if isinstance(item, list):
                    walk(item, prefix + [j])
                else:
                    indices.append(prefix + [j])
        walk(rows, [])
        flat = self.flat_values
        index_array = np.array(indices, np.int64).reshape(-1, self.ndim)
        return SparseTensor(index_array, array_ops.reshape(flat, [-1]),
                            self.bounding_shape().numpy())

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=dtypes.int64):
        """A 2-D SparseTensor (indices in row-major order) as rows of its stored values."""
        if _traced(st_input.indices, st_input.dense_shape):
            nrows = math_ops.cast(st_input.dense_shape[0], dtypes.int64)
            rowids = math_ops.cast(st_input.indices[:, 0], dtypes.int64)
            lengths = scatter_ops.unsorted_segment_sum(math_ops.ones_like(rowids), rowids, nrows)
            return cls.from_row_lengths(st_input.values, lengths, validate=False)
        idx = st_input.indices.numpy()
        nrows = int(st_input.dense_shape.numpy()[0])
        lengths = np.bincount(idx[:, 0], minlength=nrows) if len(idx) else np.zeros(nrows, int)
        # Right-ragged, as TF checks: each row's entries at columns 0, 1, ... with no gaps.
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        expected = np.arange(len(idx)) - np.repeat(starts, lengths)
        if len(idx) and np.any(idx[:, 1] != expected):
            raise errors.InvalidArgumentError(None, None, "SparseTensor is not right-ragged")
        return cls.from_row_lengths(st_input.values, lengths)

    def _dense_shape(self):
        rows = self.to_list()
        dims = [len(rows)]

        def walk(items, depth):
            if depth > self.ragged_rank:  # uniform axes of the flat values (added below)
                return
            for item in items:
                if isinstance(item, list):
                    if len(dims) <= depth:
                        dims.append(0)
                    dims[depth] = max(dims[depth], len(item))
                    walk(item, depth + 1)
        walk(rows, 1)
        inner = list(self.flat_values.shape)[1:]
        while len(dims) < 1 + self.ragged_rank:
            dims.append(0)
        return dims + inner

    def to_tensor(self, default_value=None, name=None, shape=None):
        """A dense tensor, short rows padded with `default_value` (zero / b'' by default)."""
        if _traced(self.flat_values, *self.nested_row_splits):
            return _traced_to_tensor(self, default_value, shape)
        dims = self._dense_shape()
        if shape is not None:
            wanted = TensorShape(shape).as_list() if not isinstance(shape, list) else shape
            if len(wanted) != len(dims):
                text = "[" + ",".join("-1" if w is None else str(w) for w in wanted) + "]"
                raise invalid_argument("RaggedTensorToTensor", f"rt_input.shape and shape="
                                       f"{text} are incompatible: rt_input.rank = {len(dims)} "
                                       f"but shape.rank = {len(wanted)}")
            dims = [d if w is None else int(w) for d, w in zip(dims, wanted, strict=False)]
        np_dtype = self.dtype._np
        if default_value is None:
            fill = b"" if self.dtype is dtypes.string else 0
        else:
            fill = convert_to_tensor(default_value, dtype=self.dtype).numpy()
        out = np.full(dims, fill, dtype=np_dtype)

        def place(rows, index):
            for i, row in enumerate(rows):
                if i >= dims[len(index)]:
                    break
                if isinstance(row, list) and len(index) + 1 < 1 + self.ragged_rank + 1 and \
                        len(index) < self.ragged_rank:
                    place(row, index + (i,))
                else:
                    value = np.asarray(row, dtype=np_dtype)
                    target = np.shape(out[index + (i,)])  # np.shape: a string is an object
                    key = tuple(slice(0, min(a, b)) for a, b in zip(value.shape, target,
                                                                   strict=True))
                    out[index + (i,) + key] = value[key]
        place(self.to_list(), ())
        return _from_numpy(out)

    # --- indexing -----------------------------------------------------------------------------
    def __getitem__(self, key):
        if isinstance(key, tuple):
            key = self._without_ellipsis(key)
            if not key:
                return self
            first, rest = key[0], key[1:]
            if isinstance(first, slice) and any(
                    _is_index(k) for k in rest[:self.ragged_rank]):  # (TF's words)
                raise ValueError("Cannot index into an inner ragged dimension.")
            row = self[first]
            if not rest:
                return row
            if isinstance(first, slice) and rest == (None,):  # rt[:, tf.newaxis]
                return RaggedTensor.from_row_splits(
                    row, np.arange(row.nrows_int() + 1, dtype=np.int64), validate=False)
            if isinstance(first, slice) and _traced(self._values, self._row_splits):
                if first != slice(None) or len(rest) != 1 or not isinstance(rest[0], slice):
                    raise ValueError("eagerbook slices a traced RaggedTensor as rt[:, a:b] "
                                     "only.")
                return _traced_slice_rows(self, rest[0])
            if isinstance(first, slice):  # rows kept: index inside every row
                if len(rest) != 1 or not isinstance(rest[0], slice):
                    raise ValueError("eagerbook slices a RaggedTensor's rows with one slice "
                                     "(rt[:, a:b]) only.")
                return row._slice_rows(rest[0])
            return row[rest]
        if _traced(self._values, self._row_splits) or isinstance(key, Tensor) and \
                is_symbolic(key):
            return _traced_getitem(self, key)
        if isinstance(key, slice):
            idx = range(self.nrows_int())[key]
            if idx.step != 1:  # every step-th row
                return _gather_rows(self, np.array(idx, dtype=np.int64))
            splits = self._row_splits.numpy()
            start, stop = (splits[idx.start], splits[idx.stop]) if len(idx) else (0, 0)
            new_splits = splits[idx.start:idx.stop + 1] - start if len(idx) else np.zeros(1)
            return RaggedTensor(self._values[int(start):int(stop)],
                                _from_numpy(new_splits.astype(np.int64)))
        if isinstance(key, Tensor):
            key = int(key.numpy())
        i = int(key)
        n = self.nrows_int()
        if not -n <= i < n:
            raise IndexError(f"Row key {i} out of bounds")
        i %= n
        splits = self._row_splits.numpy()
        return self._values[int(splits[i]):int(splits[i + 1])]

    def _without_ellipsis(self, key):
        """`key` with its `...` spelled out as the full slices it stands for."""
        if not any(k is Ellipsis for k in key):
            return key
        at = next(i for i, k in enumerate(key) if k is Ellipsis)
        named = sum(k is not None for k in key) - 1  # (tf.newaxis adds an axis, takes none)
        rank = self.shape.rank
        return key[:at] + (slice(None),) * max(rank - named, 0) + key[at + 1:]

    def _slice_rows(self, key):
        """``rt[:, start:stop]``: the same slice of every row (rows may get shorter)."""
        splits = self._row_splits.numpy()
        keep, lengths = [], []
        for i in range(len(splits) - 1):
            picked = range(splits[i], splits[i + 1])[key]
            keep.extend(picked)
            lengths.append(len(picked))
        values = _gather_rows(self._values, np.array(keep, dtype=np.int64))
        return RaggedTensor.from_row_lengths(values, np.array(lengths, dtype=np.int64),
                                             validate=False)

    def __iter__(self):
        if self.nrows_int() is None:
            raise TypeError("Iterating over a RaggedTensor with an unknown number of rows is "
                            "not allowed inside tf.function; use tf.map_fn or a tf.range loop.")
        for i in range(self.nrows_int()):
            yield self[i]

    def __len__(self):
        if self.nrows_int() is None:
            raise ValueError("Cannot take the length of a RaggedTensor whose number of rows is "
                             "unknown (tf.function with a None dim); use rt.nrows().")
        return self.nrows_int()

    # --- elementwise math: on flat_values -------------------------------------------------------
    def _elementwise(self, other, fn):
        return elementwise(fn, self, other)

    def __add__(self, other):
        return self._elementwise(other, math_ops.add)

    def __radd__(self, other):
        return self._elementwise(other, lambda a, b: math_ops.add(b, a))

    def __sub__(self, other):
        return self._elementwise(other, math_ops.subtract)

    def __rsub__(self, other):
        return self._elementwise(other, lambda a, b: math_ops.subtract(b, a))

    def __mul__(self, other):
        return self._elementwise(other, math_ops.multiply)

    def __rmul__(self, other):
        return self._elementwise(other, lambda a, b: math_ops.multiply(b, a))

    def __truediv__(self, other):
        return self._elementwise(other, math_ops.truediv)

    def __neg__(self):
        return self.with_flat_values(math_ops.negative(self.flat_values))

    def __abs__(self):
        return self.with_flat_values(math_ops.abs(self.flat_values))

    def __rtruediv__(self, other):
        return self._elementwise(other, lambda a, b: math_ops.truediv(b, a))

    def __floordiv__(self, other):
        return self._elementwise(other, math_ops.floordiv)

    def __mod__(self, other):
        return self._elementwise(other, math_ops.floormod)

    def __pow__(self, other):
        return self._elementwise(other, math_ops.pow)

    def __lt__(self, other):
        return self._elementwise(other, math_ops.less)

    def __le__(self, other):
        return self._elementwise(other, math_ops.less_equal)

    def __gt__(self, other):
        return self._elementwise(other, math_ops.greater)

    def __ge__(self, other):
        return self._elementwise(other, math_ops.greater_equal)

    def __and__(self, other):
        return self._elementwise(other, math_ops.logical_and)

    def __or__(self, other):
        return self._elementwise(other, math_ops.logical_or)

    def __invert__(self):
        return self.with_flat_values(math_ops.logical_not(self.flat_values))

    def __eq__(self, other):
        return self._elementwise(other, math_ops.equal)

    def __ne__(self, other):
        return self._elementwise(other, math_ops.not_equal)

    __hash__ = None

    # --- printing ---------------------------------------------------------------------------
    def __repr__(self):
        if is_symbolic(self.flat_values):  # inside a traced function: no values to show
            return f"tf.RaggedTensor(values={self._values}, row_splits={self._row_splits})"
        # TF's layout: NumPy's array printing with ", " between elements (so long values wrap
        # at NumPy's line width), each row printed by the same rule.
        with np.printoptions(formatter={"all": _row_text}):
            return f"<tf.RaggedTensor {_row_text(self.numpy())}>"

    __str__ = __repr__


class RaggedTensorSpec:
    """The type of a RaggedTensor: shape (``None`` for ragged dimensions), dtype, ragged rank
    (``tf.RaggedTensorSpec``)."""

    def __init__(self, shape=None, dtype=dtypes.float32, ragged_rank=None,
                 row_splits_dtype=dtypes.int64, flat_values_spec=None):
        from ..core.shape import TensorShape
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        self._ragged_rank = ragged_rank
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ragged_rank = property(lambda self: self._ragged_rank)
    row_splits_dtype = property(lambda self: self._row_splits_dtype)

    @classmethod
    def from_value(cls, value):
        return cls(value.shape, value.dtype, value.ragged_rank)

    # An input_signature entry (tf.function): the specs of the tensors a RaggedTensor of this
    # type is made of (flat values, then each level's row splits), and the value rebuilt from
    # tensors of those specs (the placeholders of a trace).
    def __tf_components__(self):
        from ..core.spec import TensorSpec
        dims = self._shape.as_list() if self._shape.rank is not None else None
        inner = [] if dims is None else dims[self._ragged_rank + 1:]
        first = None if dims is None or dims[0] is None else dims[0] + 1
        splits = [TensorSpec([first if level == 0 else None], dtypes.int64)
                  for level in range(self._ragged_rank)]
        return [TensorSpec([None] + inner, self._dtype), *splits]

    def __tf_from_components__(self, parts):
        return RaggedTensor.from_nested_row_splits(parts[0], parts[1:], validate=False)

    @property
    def _type_spec(self):
        return self

    def is_compatible_with(self, other):
        if isinstance(other, RaggedTensor):
            other = RaggedTensorSpec.from_value(other)
        if not isinstance(other, RaggedTensorSpec):
            return False
        return (self._dtype is other._dtype and self._ragged_rank == other._ragged_rank
                and self._shape.is_compatible_with(other._shape))

    def __eq__(self, other):
        return (isinstance(other, RaggedTensorSpec) and self._dtype is other._dtype
                and self._shape == other._shape and self._ragged_rank == other._ragged_rank)

    def __hash__(self):
        return hash((self._dtype, self._ragged_rank))

    def __repr__(self):
        return (f"RaggedTensorSpec({self._shape!r}, {self._dtype!r}, {self._ragged_rank}, "
                f"{self._row_splits_dtype!r})")


def type_spec_from_value(value):
    """The spec describing `value`: a TensorSpec, RaggedTensorSpec or SparseTensorSpec."""
    from ..core.spec import TensorSpec
    from .sparse_ops import SparseTensor, SparseTensorSpec
    if isinstance(value, RaggedTensor):
        return RaggedTensorSpec.from_value(value)
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if hasattr(type(value), "Spec") and hasattr(type(value), "_tf_fields"):
        return value._type_spec  # an ExtensionType
    if hasattr(type(value), "_as_tensor"):
        value = value._as_tensor()
    return TensorSpec.from_tensor(value)


def _row_text(x):
    if isinstance(x, np.ndarray):
        if x.size:
            return np.array2string(x, separator=", ")
        return repr(x.tolist())  # array2string shows any empty array as []
    return str(x)


def _as_values(values):
    if isinstance(values, RaggedTensor):
        return values
    return convert_to_tensor(values)


def _as_int64_vector(value, what):
    tensor = convert_to_tensor(value, dtype_hint=dtypes.int64)
    if not tensor.dtype.is_integer or tensor.ndim != 1:
        raise ValueError(f"{what} must be a 1-D integer tensor, got {tensor!r}")
    if is_symbolic(tensor):  # a traced function's (its RaggedTensor argument's row splits)
        return tensor if tensor.dtype is dtypes.int64 else math_ops.cast(tensor, dtypes.int64)
    return _from_numpy(tensor.numpy().astype(np.int64))


def _is_index(key):
    """A single position (not a slice, `...` or tf.newaxis)."""
    return isinstance(key, (int, np.integer)) or isinstance(key, Tensor) and key.ndim == 0


def _gather_rows(values, rows):
    """Rows `rows` (int64 indices) of `values`, a Tensor or a RaggedTensor."""
    if not isinstance(rows, Tensor):
        rows = convert_to_tensor(np.asarray(rows, np.int64))
    if not isinstance(values, RaggedTensor):
        return gather(values, rows)
    if _traced(rows, values.values, values.row_splits):
        starts = gather(values.row_splits[:-1], rows)
        limits = gather(values.row_splits[1:], rows)
        inner = ragged_range(starts, limits)
        return RaggedTensor.from_row_splits(_gather_rows(values.values, inner.values),
                                            inner.row_splits, validate=False)
    rows = rows.numpy()
    splits = values.row_splits.numpy()
    inner = [np.arange(splits[r], splits[r + 1]) for r in rows] + [np.zeros(0, np.int64)]
    return RaggedTensor.from_row_lengths(
        _gather_rows(values.values, np.concatenate(inner).astype(np.int64)),
        (splits[1:] - splits[:-1])[rows], validate=False)


def _nvals(values):
    return values.nrows_int() if isinstance(values, RaggedTensor) else values.shape[0]


def _nvals_tensor(values):
    if isinstance(values, RaggedTensor):
        return values.nrows()
    return array_ops.shape(values, out_type=dtypes.int64)[0]


def _same_splits(a, b):
    sa, sb = a.nested_row_splits, b.nested_row_splits
    if _traced(*sa, *sb):  # values unknown: the same splits tensors, or trusted as TF's
        return len(sa) == len(sb)  # runtime check would (eagerbook does not check them)
    return len(sa) == len(sb) and all(np.array_equal(x.numpy(), y.numpy())
                                      for x, y in zip(sa, sb, strict=True))


def _invalid(message, detail):
    return errors.InvalidArgumentError(None, None, f"{message}: {detail}")


# --- elementwise math of a RaggedTensor and another (ragged or dense) operand --------------------
def elementwise(fn, x, y, *args, **kwargs):
    """``fn(x, y)`` where x or y is ragged: on the flat values, after TF's ragged broadcasting.

    Two ragged operands must have the same row partitions. A dense operand is broadcast to the
    ragged one's shape: its size in each outer dimension must be 1 or match (in a ragged
    dimension: every row that long); each flat value then meets the dense element at its
    position (a gather), and the inner dimensions broadcast as usual."""
    ragged = x if isinstance(x, RaggedTensor) else y
    other = y if ragged is x else x
    if isinstance(other, RaggedTensor):
        _check_same_partitions(x, y)
        return ragged.with_flat_values(fn(x.flat_values, y.flat_values, *args, **kwargs))
    if not isinstance(other, Tensor):
        other = convert_to_tensor(other, dtype_hint=ragged.dtype)
    if other.ndim:
        other = _spread_dense(other, ragged)
    flat = ragged.flat_values
    pair = (flat, other) if ragged is x else (other, flat)
    return ragged.with_flat_values(fn(*pair, *args, **kwargs))


def _check_same_partitions(x, y):
    from .logging_ops import comparison_error
    sx, sy = x.nested_row_splits, y.nested_row_splits
    if len(sx) != len(sy):
        raise ValueError(f"Inputs must have the same ragged rank, got {len(sx)} and {len(sy)}")
    if _traced(*sx, *sy):
        return  # values unknown while tracing (TF checks them when the function runs)
    for a, b in zip(sx, sy, strict=True):  # TF compares the partitions from the outside in
        if a.shape != b.shape or not np.array_equal(a.numpy(), b.numpy()):
            raise comparison_error(None, "==", a, b, a.shape == b.shape and a.numpy() == b.numpy(),
                                   None)


def _positions(rt):
    """For every flat value of `rt`: its index in each outer dimension (row, column, ...)."""
    if _traced(rt.flat_values, *rt.nested_row_splits):
        return _traced_positions(rt)
    current = np.arange(_nvals(rt.flat_values))
    columns = []
    for splits in reversed([s.numpy() for s in rt.nested_row_splits]):
        parent = np.repeat(np.arange(len(splits) - 1), np.diff(splits))[current]
        columns.append(current - splits[parent])
        current = parent
    return [current] + columns[::-1]


def _spread_dense(dense, rt):
    """`dense` gathered to one entry per flat value of `rt` (see ``elementwise``)."""
    from .logging_ops import comparison_error
    outer = 1 + rt.ragged_rank
    if dense.ndim > rt.ndim:
        raise ValueError(f"Unable to broadcast a tensor of shape {dense.shape} against a "
                         f"RaggedTensor of shape {rt.shape}")
    dense = array_ops.reshape(dense, [1] * (rt.ndim - dense.ndim) + list(dense.shape))
    sizes = list(dense.shape)[:outer]
    if _traced(rt.flat_values, *rt.nested_row_splits):
        if any(n is None for n in sizes):
            raise ValueError(f"eagerbook broadcasts a dense tensor of known outer dims against"
                             f" a traced RaggedTensor, got shape {dense.shape}")
        positions = [p if n != 1 else math_ops.zeros_like(p)
                     for p, n in zip(_positions(rt), sizes, strict=True)]
        return array_ops.gather_nd(dense, array_ops.stack(positions, axis=1))
    if sizes[0] not in (1, rt.nrows_int()):
        raise _invalid("Incompatible shapes", f"{sizes[0]} rows vs. {rt.nrows_int()}")
    for level, splits in enumerate(rt.nested_row_splits, start=1):
        lengths = np.diff(splits.numpy())
        if sizes[level] != 1 and np.any(lengths != sizes[level]):
            uniform = _from_numpy(np.arange(len(lengths) + 1, dtype=np.int64) * sizes[level])
            raise comparison_error(None, "==", uniform, splits, uniform.numpy() == splits.numpy(),
                                   None)
    index = np.stack([p if n != 1 else np.zeros_like(p)
                      for p, n in zip(_positions(rt), sizes, strict=True)], axis=1)
    return array_ops.gather_nd(dense, _from_numpy(index.astype(np.int64)))


# --- tf.ragged ------------------------------------------------------------------------------
def stack(values, axis=0, name=None):
    """``tf.ragged.stack``: rank-R tensors (ragged or dense, same rank and dtype) stacked into
    one rank-(R+1) RaggedTensor along a new `axis`; the other dimensions up to `axis` must
    have matching sizes, rows of different lengths become ragged (dense inputs stacked below
    axis 0 give tf.stack's dense tensor, as TF's do)."""
    if not values:
        raise ValueError("tf.ragged.stack: values must be a non-empty list")
    values = [v if isinstance(v, RaggedTensor) else convert_to_tensor(v) for v in values]
    rank = values[0].shape.rank
    if any(v.shape.rank != rank for v in values) or any(v.dtype != values[0].dtype
                                                        for v in values):
        raise ValueError("tf.ragged.stack: all values must have the same rank and dtype")
    if not -rank - 1 <= axis <= rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank - 1}<=axis<{rank + 1}")
    axis %= rank + 1
    if axis and not any(isinstance(v, RaggedTensor) for v in values):
        return array_ops.stack(values, axis)  # dense inputs below the outer axis stay dense
    if axis == 0 and any(_traced(*_components(v)) for v in values):
        return _traced_stack(values)
    lists = [v.to_list() if isinstance(v, RaggedTensor) else v.numpy().tolist() for v in values]

    def stack_at(parts, depth):
        if depth == 0:
            return list(parts)
        if len({len(p) for p in parts}) != 1:
            raise errors.InvalidArgumentError(None, None, "Inputs must have identical ragged "
                                                      "splits")
        return [stack_at(rows, depth - 1) for rows in zip(*parts)]

    rr = max([1] + [v.ragged_rank for v in values if isinstance(v, RaggedTensor)]) + 1
    return constant(stack_at(lists, axis), dtype=values[0].dtype, ragged_rank=min(rr, rank))


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,
             row_splits_dtype=dtypes.int64):
    """``tf.ragged.constant``: a RaggedTensor from nested Python lists of uneven lengths."""
    depth = abs(_depth(pylist))
    if depth == 0:
        raise ValueError("tf.ragged.constant expects a (nested) list, got a scalar")
    inner_rank = 0 if inner_shape is None else len(inner_shape)
    if ragged_rank is None:
        # Uniform trailing dimensions stay dense only when asked (inner_shape), as in TF.
        ragged_rank = max(depth - 1 - inner_rank, 0)
    if not 0 <= ragged_rank < max(depth - inner_rank, 1):
        raise ValueError(f"ragged_rank={ragged_rank} must be less than the depth of the "
                         f"value ({depth}) minus the inner rank ({inner_rank})")
    if ragged_rank == 0:
        return convert_to_tensor(pylist, dtype=dtype)
    # Walk down one nesting level per ragged dimension, recording each level's row offsets.
    level, nested_splits = list(pylist), []
    for _ in range(ragged_rank):
        offsets = [0]
        for row in level:
            offsets.append(offsets[-1] + len(row))
        nested_splits.append(np.array(offsets, dtype=np.int64))
        level = [item for row in level for item in row]
    if level:
        values = convert_to_tensor(level, dtype=dtype)
    else:
        np_dtype = (dtypes.float32 if dtype is None else dtypes.as_dtype(dtype))._np
        values = _from_numpy(np.zeros([0] + list(inner_shape or []), dtype=np_dtype))
    result = values
    for splits in reversed(nested_splits[1:]):
        result = RaggedTensor(result, convert_to_tensor(splits))  # Const ops when traced
    return RaggedTensor(result, convert_to_tensor(nested_splits[0]))


def _depth(value):
    """The nesting depth of a list of lists. An empty list fits any depth, so a list whose
    rows are all empty gives -k: "at least k" (TF reads [[[1]], []] as depth 3)."""
    if not isinstance(value, (list, tuple)):
        return 0
    known, least = set(), 1
    for v in value:
        d = _depth(v)
        if d >= 0:
            known.add(d)
        else:
            least = max(least, 1 - d)
    if len(known) > 1 or (known and 1 + min(known) < least):
        raise ValueError("all scalar values must have the same nesting depth")
    return 1 + known.pop() if known else -least


def map_flat_values(op, *args, **kwargs):
    """Applies `op` to the flat_values of the ragged arguments (same row partitions)."""
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:
        return op(*args, **kwargs)
    first = ragged[0]
    for other in ragged[1:]:
        if not _same_splits(first, other):
            raise ValueError("Inputs must have identical ragged splits.")

    def flat(a):
        return a.flat_values if isinstance(a, RaggedTensor) else a
    out = op(*[flat(a) for a in args], **{k: flat(v) for k, v in kwargs.items()})
    return first.with_flat_values(out)


def _check_range_args(starts, limits, deltas):
    """TF's RaggedRange kernel: scalars or vectors, the vectors of one length, no zero
    delta."""
    for what, value in (("starts", starts), ("limits", limits), ("deltas", deltas)):
        if value.ndim > 1:
            raise invalid_argument("RaggedRange", f"{what} must be a scalar or vector")
    lengths = {v.shape[0] for v in (starts, limits, deltas) if v.ndim == 1}
    if len(lengths) > 1:
        raise invalid_argument("RaggedRange", "starts, limits, and deltas must have the same "
                                              "shape")
    if np.any(deltas == 0):
        raise invalid_argument("RaggedRange", "Requires delta != 0")


def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None,
                 row_splits_dtype=dtypes.int64):
    """One row per start: ``tf.range(start, limit, delta)`` (``tf.ragged.range``)."""
    if limits is None:
        starts, limits = 0, starts
    if _traced(starts, limits, deltas):
        return _traced_range(starts, limits, deltas, dtype)
    starts, limits, deltas = (np.asarray(convert_to_tensor(v).numpy())
                              for v in (starts, limits, deltas))
    _check_range_args(starts, limits, deltas)
    starts, limits, deltas = np.broadcast_arrays(starts, limits, deltas)
    rows = [np.arange(s, l, d) for s, l, d in zip(starts.reshape(-1), limits.reshape(-1),
                                                   deltas.reshape(-1))]
    kind = np.result_type(starts, limits, deltas)
    if dtype is None:
        dtype = dtypes.from_numpy(kind if kind != np.int64 else np.int32) \
            if kind.kind != "f" else dtypes.float32
    values = np.concatenate(rows + [np.zeros(0)]).astype(dtypes.as_dtype(dtype)._np)
    return RaggedTensor.from_row_lengths(values, [len(r) for r in rows])


def is_ragged(value):
    return isinstance(value, RaggedTensor)


def row_splits_to_segment_ids(splits, name=None, out_type=None):
    splits = _as_int64_vector(splits, "splits")
    if _traced(splits):
        return _rowids_from_splits(splits)
    splits = splits.numpy()
    return _from_numpy(np.repeat(np.arange(len(splits) - 1, dtype=np.int64), np.diff(splits)))


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """The row_splits of rows made of the (sorted) segment ids: row i holds the values whose
    id is i (``[0, 0, 2] -> [0, 2, 2, 3]``)."""
    segment_ids = convert_to_tensor(segment_ids, dtype_hint=dtypes.int64)
    if out_type is None:  # TF's default: the ids' own integer type (int64 for Python lists)
        out_type = segment_ids.dtype if segment_ids.dtype.is_integer else dtypes.int64
    out_type = dtypes.as_dtype(out_type)
    if _traced(segment_ids, num_segments):
        ids = math_ops.cast(array_ops.reshape(segment_ids, [-1]), dtypes.int64)
        if num_segments is None:
            num_segments = math_ops.add(math_ops.reduce_max(array_ops.concat(
                [_int64s([-1]), ids], 0)), 1)
        count = math_ops.cast(num_segments, dtypes.int64)
        lengths = scatter_ops.unsorted_segment_sum(math_ops.ones_like(ids), ids, count)
        return math_ops.cast(_splits_from_lengths(lengths), out_type)
    ids = np.asarray(convert_to_tensor(segment_ids).numpy()).reshape(-1).astype(np.int64)
    count = int(num_segments) if num_segments is not None else int(ids.max(initial=-1)) + 1
    splits = np.concatenate([[0], np.cumsum(np.bincount(ids, minlength=count)[:count])])
    return _from_numpy(splits.astype(out_type.as_numpy_dtype))


def boolean_mask(data, mask, name=None):
    """``tf.ragged.boolean_mask``: keeps the values where `mask` is true, row by row (the
    result is ragged when `mask` has more than one dimension; a 1-D mask keeps whole rows)."""
    if isinstance(mask, RaggedTensor):
        if mask.ragged_rank != 1:
            raise NotImplementedError("eagerbook masks RaggedTensors of one ragged dimension")
        if not isinstance(data, RaggedTensor):
            data = RaggedTensor.from_tensor(data)
        elementwise(lambda a, b: a, mask, data)  # the same row partitions, or TF's error
        if _traced(mask.flat_values, mask.row_splits):
            keep = math_ops.cast(mask.flat_values, dtypes.int64)
            lengths = scatter_ops.unsorted_segment_sum(keep, mask.value_rowids(), mask.nrows())
            values = array_ops.boolean_mask(data.flat_values, mask.flat_values)
            return RaggedTensor.from_row_lengths(values, lengths, validate=False)
        keep = mask.flat_values.numpy().astype(bool)
        lengths = [int(keep[a:b].sum()) for a, b in zip(mask.row_splits.numpy()[:-1],
                                                         mask.row_splits.numpy()[1:])]
        values = array_ops.boolean_mask(data.flat_values, _from_numpy(keep))
        return RaggedTensor.from_row_lengths(values, lengths, validate=False)
    mask = convert_to_tensor(mask, dtype=dtypes.bool)
    if mask.ndim == 1:  # whole rows
        keep = np.flatnonzero(mask.numpy())
        if isinstance(data, RaggedTensor):
            return RaggedTensor.from_row_lengths(
                _gather_rows(data.values, np.concatenate(
                    [np.arange(data.row_splits.numpy()[i], data.row_splits.numpy()[i + 1])
                     for i in keep] + [np.zeros(0, np.int64)]).astype(np.int64)),
                data.row_lengths().numpy()[keep], validate=False)
        return array_ops.boolean_mask(data, mask)
    return boolean_mask(data, RaggedTensor.from_tensor(mask))


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """Row ``i`` holds the elements of `data` whose partition is ``i``, in their order."""
    data = convert_to_tensor(data)
    parts = convert_to_tensor(partitions).numpy().reshape(-1)
    n = int(num_partitions)
    if parts.size and parts.min() < 0:
        raise errors.InvalidArgumentError(None, None, "partitions must be non-negative")
    if parts.size and parts.max() >= n:
        raise errors.InvalidArgumentError(None, None,
                                          "partitions must be less than num_partitions")
    order = np.argsort(parts, kind="stable")
    lengths = np.bincount(parts, minlength=n).astype(np.int64)
    return RaggedTensor.from_row_lengths(gather(data, _from_numpy(order.astype(np.int64))),
                                         _from_numpy(lengths))


# --- the traced road: the same structure built with ops (values known when the function runs) ---
def _traced(*parts):
    """True when any part is a symbolic tensor (or a RaggedTensor holding one)."""
    for p in parts:
        if isinstance(p, RaggedTensor):
            if _traced(p.flat_values, *p.nested_row_splits):
                return True
        elif isinstance(p, Tensor) and is_symbolic(p):
            return True
    return False


def _components(value):
    if isinstance(value, RaggedTensor):
        return [value.flat_values, *value.nested_row_splits]
    return [value]


def _zeros64(n):
    return _int64s([0] * n)


def _int64s(values):
    """An int64 constant (a Const op while tracing, not a captured eager tensor)."""
    return convert_to_tensor(np.asarray(values, np.int64))


def _splits_from_lengths(lengths):
    """row_splits = [0, l0, l0 + l1, ...]."""
    lengths = math_ops.cast(lengths, dtypes.int64)
    return array_ops.concat([_zeros64(1), math_ops.cumsum(lengths)], 0)


def _lengths(splits):
    return math_ops.subtract(splits[1:], splits[:-1])


def _rowids_from_splits(splits):
    """The row of every value: row i repeated (its length) times."""
    nrows = math_ops.subtract(array_ops.shape(splits, out_type=dtypes.int64)[0], 1)
    return manip_ops.repeat(array_ops.range(nrows, dtype=dtypes.int64), _lengths(splits))


def _column_ids(splits, rowids):
    """Every value's position inside its row."""
    count = array_ops.shape(rowids, out_type=dtypes.int64)[0]
    return math_ops.subtract(array_ops.range(count, dtype=dtypes.int64),
                             gather(splits, rowids))


def _max_length(splits):
    """The longest row's length (0 when there are no rows)."""
    return math_ops.reduce_max(array_ops.concat([_zeros64(1), _lengths(splits)], 0))


def _traced_bounding_shape(rt):
    dims = [rt.nrows()]
    level = rt
    while isinstance(level, RaggedTensor):
        dims.append(_max_length(level.row_splits))
        level = level.values
    inner = array_ops.shape(level, out_type=dtypes.int64)[1:]
    return array_ops.concat([array_ops.stack(dims), inner], 0)


def _traced_positions(rt):
    """[row ids, column ids, ...] of every flat value (as ``_positions``, with ops)."""
    count = array_ops.shape(rt.flat_values, out_type=dtypes.int64)[0]
    current = array_ops.range(count, dtype=dtypes.int64)
    columns = []
    for splits in reversed(rt.nested_row_splits):
        parent = gather(_rowids_from_splits(splits), current)
        columns.append(math_ops.subtract(current, gather(splits, parent)))
        current = parent
    return [current] + columns[::-1]


def _traced_to_tensor(rt, default_value, shape):
    """A gather: entry [r, c] is value ``splits[r] + c`` of the values, followed by one row of
    `default_value` that every position past a row's end (or past the last row) reads."""
    values = rt.values
    if isinstance(values, RaggedTensor):
        values = values.to_tensor(default_value)  # inner levels padded first
    if default_value is None:
        default_value = "" if rt.dtype is dtypes.string else 0
    default = convert_to_tensor(default_value, dtype=rt.dtype)
    inner = array_ops.shape(values, out_type=dtypes.int64)[1:]
    padded = array_ops.concat([values, array_ops.fill(
        array_ops.concat([_int64s([1]), inner], 0), default)], 0)
    nvals = array_ops.shape(values, out_type=dtypes.int64)[0]
    nrows, ncols = rt.nrows(), _max_length(rt.row_splits)
    static = [rt.nrows_int(), None] + list(values.shape)[1:]
    if shape is not None:  # the dims asked for cut or pad the bounding box
        wanted = TensorShape(shape).as_list()
        if wanted[0] is not None:
            nrows = _int64s(wanted[0])
        if len(wanted) > 1 and wanted[1] is not None:
            ncols = _int64s(wanted[1])
        static = [s if w is None else int(w) for s, w in zip(static, wanted, strict=False)]
    rows = array_ops.range(nrows, dtype=dtypes.int64)
    rows = array_ops.where(math_ops.less(rows, rt.nrows()), rows, rt.nrows())
    starts = gather(array_ops.concat([rt.row_splits[:-1], _zeros64(1)], 0), rows)
    lengths = gather(array_ops.concat([rt.row_lengths(), _zeros64(1)], 0), rows)
    columns = array_ops.reshape(array_ops.range(ncols, dtype=dtypes.int64), [1, -1])
    inside = math_ops.less(columns, array_ops.reshape(lengths, [-1, 1]))
    index = array_ops.where(inside, math_ops.add(array_ops.reshape(starts, [-1, 1]), columns),
                            nvals)
    out = gather(padded, index)
    out.set_shape(TensorShape(static[:2] + list(out.shape)[2:]))
    return out


def _traced_from_tensor(cls, tensor, lengths, padding):
    shape = array_ops.shape(tensor, out_type=dtypes.int64)
    nrows, ncols = shape[0], shape[1]
    if lengths is not None:
        lens = math_ops.minimum(math_ops.cast(convert_to_tensor(lengths), dtypes.int64), ncols)
    elif padding is not None:
        pad = convert_to_tensor(padding, dtype=tensor.dtype)
        is_pad = math_ops.equal(tensor, pad)
        if tensor.shape.rank is not None and tensor.shape.rank > 2:
            is_pad = math_ops.reduce_all(is_pad, axis=list(range(2, tensor.shape.rank)))
        # a row's length: one past its last value that is not padding
        position = math_ops.add(array_ops.range(ncols, dtype=dtypes.int64), 1)
        kept = math_ops.multiply(math_ops.cast(math_ops.logical_not(is_pad), dtypes.int64),
                                 position)
        lens = math_ops.reduce_max(array_ops.concat(
            [kept, array_ops.zeros(array_ops.stack([nrows, 1]), dtypes.int64)], 1), axis=1)
    else:
        lens = array_ops.fill(array_ops.reshape(nrows, [1]), ncols)
    keep = math_ops.less(array_ops.reshape(array_ops.range(ncols, dtype=dtypes.int64), [1, -1]),
                         array_ops.reshape(lens, [-1, 1]))
    values = array_ops.boolean_mask(tensor, keep)
    return cls.from_row_splits(values, _splits_from_lengths(lens), validate=False)


def _traced_to_sparse(rt, sparse_type):
    positions = _traced_positions(rt)
    flat = rt.flat_values
    if flat.shape.rank is not None and flat.shape.rank > 1:
        raise ValueError("eagerbook turns a traced RaggedTensor with dense inner dims into a "
                         "SparseTensor only eagerly")
    return sparse_type(array_ops.stack(positions, axis=1), flat, rt.bounding_shape())


def _traced_slice_rows(rt, key):
    """``rt[:, start:stop]`` with step 1; a negative bound counts from each row's end (the
    translation tutorial's ``target[:, :-1]``)."""
    if key.step not in (None, 1) or any(b is not None and not isinstance(b, int)
                                        for b in (key.start, key.stop)):
        raise ValueError("eagerbook slices the rows of a traced RaggedTensor with "
                         "integer bounds and step 1 only")
    rowids = rt.value_rowids()
    columns = _column_ids(rt.row_splits, rowids)
    row_lengths = rt.row_lengths()

    def per_row(bound, default):  # the bound of each row, within [0, its length]
        if bound is None:
            return default
        value = convert_to_tensor(bound, dtype=dtypes.int64)
        if bound < 0:
            return math_ops.maximum(math_ops.add(row_lengths, value),
                                    convert_to_tensor(0, dtype=dtypes.int64))
        return math_ops.minimum(row_lengths, value)

    starts = per_row(key.start, math_ops.multiply(row_lengths, 0))
    stops = per_row(key.stop, row_lengths)
    keep = math_ops.logical_and(math_ops.greater_equal(columns, gather(starts, rowids)),
                                math_ops.less(columns, gather(stops, rowids)))
    lengths = math_ops.maximum(math_ops.subtract(stops, starts),
                               convert_to_tensor(0, dtype=dtypes.int64))
    kept = array_ops.boolean_mask(array_ops.range(
        array_ops.shape(rowids, out_type=dtypes.int64)[0], dtype=dtypes.int64), keep)
    return RaggedTensor.from_row_lengths(_gather_rows(rt.values, kept), lengths,
                                         validate=False)


def _traced_getitem(rt, key):
    """``rt[i]`` (a row) or ``rt[a:b]`` (rows) when values are known only at run time."""
    if isinstance(key, slice):
        if key == slice(None):
            return rt
        if key.step not in (None, 1):
            raise ValueError("Slicing a RaggedTensor with a step other than 1 is not "
                             "supported by eagerbook.")
        splits = rt.row_splits[key.start:None if key.stop is None else key.stop + 1] \
            if not (isinstance(key.stop, int) and key.stop < 0) else \
            rt.row_splits[key.start:key.stop]
        start = splits[0]
        kept = array_ops.range(start, splits[-1], dtype=dtypes.int64)
        return RaggedTensor(_gather_rows(rt.values, kept), math_ops.subtract(splits, start))
    index = math_ops.cast(convert_to_tensor(key), dtypes.int64)
    index = array_ops.where(math_ops.less(index, 0), math_ops.add(index, rt.nrows()), index)
    rows = _gather_rows(rt.values, array_ops.range(
        gather(rt.row_splits, index), gather(rt.row_splits, math_ops.add(index, 1)),
        dtype=dtypes.int64))
    return rows


def _traced_range(starts, limits, deltas, dtype):
    """``tf.ragged.range`` with ops: row i is starts[i] + deltas[i] * [0, 1, ...]."""
    starts, limits, deltas = (convert_to_tensor(v) for v in (starts, limits, deltas))
    if dtype is None:
        dtype = starts.dtype if starts.dtype is limits.dtype else dtypes.float32
    starts, limits, deltas = (math_ops.cast(v, dtype) for v in (starts, limits, deltas))
    starts, limits, deltas = _broadcast_vectors(starts, limits, deltas)
    span = math_ops.divide(math_ops.cast(math_ops.subtract(limits, starts), dtypes.float64),
                           math_ops.cast(deltas, dtypes.float64))
    lengths = math_ops.maximum(math_ops.cast(math_ops.ceil(span), dtypes.int64), 0)
    splits = _splits_from_lengths(lengths)
    rowids = _rowids_from_splits(splits)
    steps = math_ops.cast(_column_ids(splits, rowids), dtype)
    values = math_ops.add(gather(starts, rowids), math_ops.multiply(steps, gather(deltas,
                                                                                 rowids)))
    return RaggedTensor(values, splits)


def _broadcast_vectors(*vectors):
    flat = [array_ops.reshape(v, [-1]) for v in vectors]
    size = flat[0]
    for v in flat[1:]:
        size = math_ops.add(size, math_ops.multiply(v, 0)) if v.dtype is size.dtype else size
    return [math_ops.add(v, math_ops.multiply(size, 0)) for v in flat]


def _traced_stack(values):
    """``tf.ragged.stack`` along a new outer axis when some input is symbolic: each input is
    one row (rows of rows when the inputs have rank 2 or more)."""
    if all(not isinstance(v, RaggedTensor) and v.shape.rank == 1 for v in values):
        lengths = array_ops.stack([array_ops.shape(v, out_type=dtypes.int64)[0]
                                   for v in values])
        return RaggedTensor.from_row_lengths(array_ops.concat(values, 0), lengths,
                                             validate=False)
    rts = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(v) for v in values]
    counts = array_ops.stack([r.nrows() for r in rts])
    return RaggedTensor.from_row_lengths(_concat_rows(rts), counts, validate=False)


def _concat_rows(rts):
    """RaggedTensors joined along axis 0: the values concatenated, each input's row splits
    shifted by the number of values before it (ops only, so it traces)."""
    if any(isinstance(r.values, RaggedTensor) for r in rts):
        values = _concat_rows([r.values if isinstance(r.values, RaggedTensor)
                              else RaggedTensor.from_tensor(r.values) for r in rts])
    else:
        values = array_ops.concat([r.values for r in rts], 0)
    parts, offset = [], None
    for r in rts:
        splits = r.row_splits if offset is None else math_ops.add(r.row_splits[1:], offset)
        parts.append(splits)
        offset = r.row_splits[-1] if offset is None else math_ops.add(offset, r.row_splits[-1])
    return RaggedTensor.from_row_splits(values, array_ops.concat(parts, 0), validate=False)


__all__ = ["RaggedTensor", "RaggedTensorSpec", "constant", "is_ragged", "map_flat_values",
           "ragged_range", "row_splits_to_segment_ids", "type_spec_from_value",
           "segment_ids_to_row_splits", "boolean_mask", "stack_dynamic_partitions"]


# --- tf.compat.v1.ragged.constant_value: a ragged value in NumPy arrays ---------------------------
class RaggedTensorValue:
    """TF 1's ragged value held in NumPy arrays (``tf.compat.v1.ragged.RaggedTensorValue``):
    `values` (an array, or another RaggedTensorValue) split into rows by `row_splits`."""

    def __init__(self, values, row_splits):
        self._values = values
        self._row_splits = row_splits

    values = property(lambda self: self._values)
    row_splits = property(lambda self: self._row_splits)

    @property
    def flat_values(self):
        values = self._values
        while isinstance(values, RaggedTensorValue):
            values = values.values
        return values

    @property
    def nested_row_splits(self):
        splits, values = [self._row_splits], self._values
        while isinstance(values, RaggedTensorValue):
            splits.append(values.row_splits)
            values = values.values
        return tuple(splits)

    @property
    def ragged_rank(self):
        return len(self.nested_row_splits)

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def shape(self):
        inner = self.flat_values.shape[1:]
        return (len(self._row_splits) - 1,) + (None,) * self.ragged_rank + tuple(inner)

    def to_list(self):
        rows = self._values.to_list() if isinstance(self._values, RaggedTensorValue) \
            else self._values.tolist()
        return [rows[start:stop] for start, stop in zip(self._row_splits[:-1],
                                                         self._row_splits[1:])]

    def __repr__(self):
        return f"tf.RaggedTensorValue(values={self._values!r}, row_splits={self._row_splits!r})"

    def __str__(self):
        return f"<tf.RaggedTensorValue {self.to_list()}>"


def constant_value(pylist, dtype=None, ragged_rank=None, inner_shape=None,
                   row_splits_dtype="int64"):
    """``tf.compat.v1.ragged.constant_value``: `pylist` as a RaggedTensorValue of NumPy arrays
    (NumPy's dtypes: Python ints are int64, strings str), or a plain array when nothing in it
    is ragged."""
    if not isinstance(pylist, (list, tuple)):
        return np.array(pylist, dtype=dtype)
    depth = _nesting_depth(pylist)
    inner = len(inner_shape) if inner_shape is not None else 0
    if ragged_rank is None:
        ragged_rank = max(0, depth - 1 - inner)
    if ragged_rank == 0:
        return np.array(pylist, dtype=dtype)
    rows, nested_splits = list(pylist), []
    for _ in range(ragged_rank):  # one level of lists at a time, outermost first
        splits, joined = [0], []
        for row in rows:
            joined.extend(row)
            splits.append(len(joined))
        nested_splits.append(np.array(splits, dtype=row_splits_dtype))
        rows = joined
    values = np.array(rows, dtype=dtype)
    if not rows and inner_shape is not None:
        values = values.reshape((0,) + tuple(inner_shape))
    for splits in reversed(nested_splits):
        values = RaggedTensorValue(values, splits)
    return values


def _nesting_depth(pylist):
    """How many list levels lead to the scalars (the deepest, across every element)."""
    if not isinstance(pylist, (list, tuple)):
        return 0
    return 1 + max((_nesting_depth(item) for item in pylist), default=0)
