"""``tf.RaggedTensor`` and ``tf.ragged``: rows of different lengths.

A RaggedTensor is two tensors: ``values`` (all rows concatenated) and ``row_splits`` (int64,
``nrows + 1`` offsets into ``values``; row ``i`` is ``values[row_splits[i]:row_splits[i+1]]``).
``values`` may itself be ragged, which gives more ragged dimensions. There is no kernel of its
own: every method is ordinary ops on those two tensors, so elementwise math on a ragged tensor
(``rt * 2``, ``tf.ragged.map_flat_values(f, rt)``) is math on ``flat_values``, and gradients
flow through it like through any other op.

eagerbook supports ragged tensors eagerly (not as ``tf.function`` arguments or dataset elements).
"""

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import array_ops, math_ops
from .array_ops import gather


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
        if validate:
            s = splits.numpy()
            if s.size == 0 or s[0] != 0:
                raise _invalid("Arguments to from_row_splits do not form a valid RaggedTensor:"
                               "zero", "first element of row_splits must be zero")
            if np.any(np.diff(s) < 0):
                raise _invalid("Arguments to from_row_splits do not form a valid RaggedTensor:"
                               "monotonic", "row_splits must be sorted in ascending order")
            if s[-1] != _nvals(values):
                raise _invalid("Arguments to from_row_splits do not form a valid RaggedTensor:"
                               "nvals", f"last element of row_splits ({s[-1]}) must equal the "
                                        f"number of values ({_nvals(values)})")
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
        lengths = _as_int64_vector(row_lengths, "row_lengths").numpy()
        if validate and np.any(lengths < 0):
            raise _invalid("Arguments to from_row_lengths do not form a valid RaggedTensor",
                           "row_lengths must be non-negative")
        splits = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """Row i starts at row_starts[i] and ends where the next starts (the last: at the end
        of `values`)."""
        values = _as_values(values)
        starts = _as_int64_vector(row_starts, "row_starts").numpy()
        return cls.from_row_splits(values, np.append(starts, _nvals(values)), validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """Row i ends at row_limits[i] and starts where the previous one ends (the first: 0)."""
        limits = _as_int64_vector(row_limits, "row_limits").numpy()
        return cls.from_row_splits(values, np.insert(limits, 0, 0), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        rowids = _as_int64_vector(value_rowids, "value_rowids").numpy()
        if validate and np.any(np.diff(rowids) < 0):
            raise _invalid("Arguments to from_value_rowids do not form a valid RaggedTensor",
                           "value_rowids must be sorted in ascending order")
        n = int(nrows) if nrows is not None else (int(rowids[-1]) + 1 if rowids.size else 0)
        lengths = np.bincount(rowids, minlength=n)[:n] if rowids.size else np.zeros(n, np.int64)
        return cls.from_row_lengths(values, lengths, validate=validate)

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
        if tensor.ndim < 2:
            raise ValueError(f"tensor must have rank >= 2, got shape {tensor.shape}")
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
        return int(self._row_splits.shape[0]) - 1

    def nrows(self, out_type=dtypes.int64, name=None):
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
        idx = st_input.indices.numpy()
        nrows = int(st_input.dense_shape.numpy()[0])
        lengths = np.bincount(idx[:, 0], minlength=nrows) if len(idx) else np.zeros(nrows, int)
        return cls.from_row_lengths(st_input.values, lengths)

    def _dense_shape(self):
        rows = self.to_list()
        dims = [len(rows)]

        def walk(items, depth):
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
        dims = self._dense_shape()
        if shape is not None:
            wanted = TensorShape(shape).as_list() if not isinstance(shape, list) else shape
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
            if not key:
                return self
            first, rest = key[0], key[1:]
            row = self[first]
            if not rest:
                return row
            if isinstance(first, slice):  # rows kept: index inside every row
                if len(rest) != 1 or not isinstance(rest[0], slice):
                    raise ValueError("eagerbook slices a RaggedTensor's rows with one slice "
                                     "(rt[:, a:b]) only.")
                return row._slice_rows(rest[0])
            return row[rest]
        if isinstance(key, slice):
            idx = range(self.nrows_int())[key]
            if idx.step != 1:
                raise ValueError("Slicing a RaggedTensor with a step other than 1 is not "
                                 "supported by eagerbook.")
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
            raise IndexError(f"Index {i} is out of bounds for a RaggedTensor with {n} rows")
        i %= n
        splits = self._row_splits.numpy()
        return self._values[int(splits[i]):int(splits[i + 1])]

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
        for i in range(self.nrows_int()):
            yield self[i]

    def __len__(self):
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


def _gather_rows(values, rows):
    """Rows `rows` (int64 indices) of `values`, a Tensor or a RaggedTensor."""
    if not isinstance(values, RaggedTensor):
        return gather(values, _from_numpy(rows))
    splits = values.row_splits.numpy()
    inner = [np.arange(splits[r], splits[r + 1]) for r in rows] + [np.zeros(0, np.int64)]
    return RaggedTensor.from_row_lengths(
        _gather_rows(values.values, np.concatenate(inner).astype(np.int64)),
        (splits[1:] - splits[:-1])[rows], validate=False)


def _nvals(values):
    return values.nrows_int() if isinstance(values, RaggedTensor) else values.shape[0]


def _same_splits(a, b):
    sa, sb = a.nested_row_splits, b.nested_row_splits
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
    for a, b in zip(sx, sy, strict=True):  # TF compares the partitions from the outside in
        if a.shape != b.shape or not np.array_equal(a.numpy(), b.numpy()):
            raise comparison_error(None, "==", a, b, a.shape == b.shape and a.numpy() == b.numpy(),
                                   None)


def _positions(rt):
    """For every flat value of `rt`: its index in each outer dimension (row, column, ...)."""
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
        result = RaggedTensor(result, _from_numpy(splits))
    return RaggedTensor(result, _from_numpy(nested_splits[0]))


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


def ragged_range(starts, limits=None, deltas=1, dtype=None, name=None,
                 row_splits_dtype=dtypes.int64):
    """One row per start: ``tf.range(start, limit, delta)`` (``tf.ragged.range``)."""
    if limits is None:
        starts, limits = 0, starts
    starts, limits, deltas = (np.asarray(convert_to_tensor(v).numpy())
                              for v in (starts, limits, deltas))
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
    splits = _as_int64_vector(splits, "splits").numpy()
    return _from_numpy(np.repeat(np.arange(len(splits) - 1, dtype=np.int64), np.diff(splits)))


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """The row_splits of rows made of the (sorted) segment ids: row i holds the values whose
    id is i (``[0, 0, 2] -> [0, 2, 2, 3]``)."""
    ids = np.asarray(convert_to_tensor(segment_ids).numpy()).reshape(-1).astype(np.int64)
    count = int(num_segments) if num_segments is not None else int(ids.max(initial=-1)) + 1
    splits = np.concatenate([[0], np.cumsum(np.bincount(ids, minlength=count)[:count])])
    out_type = dtypes.int64 if out_type is None else dtypes.as_dtype(out_type)
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


__all__ = ["RaggedTensor", "RaggedTensorSpec", "constant", "is_ragged", "map_flat_values",
           "ragged_range", "row_splits_to_segment_ids", "type_spec_from_value",
           "segment_ids_to_row_splits", "boolean_mask", "stack_dynamic_partitions"]
