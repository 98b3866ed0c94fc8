"""``tf.sparse.SparseTensor`` and ``tf.sparse``: tensors stored as (indices, values, shape).

A SparseTensor is three dense tensors: ``indices`` (int64 ``[N, rank]``, the coordinates of the
stored entries), ``values`` (``[N]``) and ``dense_shape`` (int64 ``[rank]``). Unlisted entries
are zero. Most ops want the indices in row-major order; ``tf.sparse.reorder`` sorts them.

Every op here is composed of the ordinary (registered) ops: ``to_dense`` is a ``scatter_nd``,
``from_dense`` a ``where`` plus ``gather_nd``, ``sparse_dense_matmul`` gathers rows of the dense
matrix and scatters their scaled sum, so gradients reach ``values`` and the dense operands with
no rule of their own.

Inside ``tf.function`` the three tensors may be symbolic (``_traced``): the ops then work on
them without reading values (row-major order is a sort of the raveled index keys, a union of
two tensors' entries a ``unique`` of those keys), and the static shape is the dense shape when
it is a constant, as TF's ``constant_value`` gives it. Checks that need values (indices in
range and in order for ``to_dense``, equal indices for ``map_values``) are ops then, which
raise when the function runs.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import array_ops, math_ops, scatter_ops, sort_ops
from .registry import execute, invalid_argument, register
from .shape_rules import known_value


def _int64_argument(value, name):
    """TF converts a SparseTensor's indices and dense_shape to int64: a tensor of another dtype
    is its ValueError, naming the argument (Python lists and NumPy arrays convert)."""
    try:
        return convert_to_tensor(value, dtype=dtypes.int64)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


class SparseTensor:
    """``tf.sparse.SparseTensor(indices, values, dense_shape)``."""

    def __init__(self, indices, values, dense_shape):
        self._indices = _int64_argument(indices, "indices")
        self._values = convert_to_tensor(values)
        self._dense_shape = _int64_argument(dense_shape, "dense_shape")
        if self._indices.ndim != 2:
            raise ValueError(f"Shape {self._indices.shape} must have rank 2")
        if self._values.ndim != 1:
            raise ValueError(f"Shape {self._values.shape} must have rank 1")
        if self._dense_shape.ndim != 1:
            raise ValueError(f"Shape {self._dense_shape.shape} must have rank 1")
        n, rank = self._indices.shape
        if None not in (n, self._values.shape[0]) and self._values.shape[0] != n:
            raise ValueError(f"Dimensions {n} and {self._values.shape[0]} are not compatible")
        if None not in (rank, self._dense_shape.shape[0]) and self._dense_shape.shape[0] != rank:
            raise ValueError(f"Dimensions {rank} and {self._dense_shape.shape[0]} are not "
                             f"compatible")

    @classmethod
    def from_value(cls, value):
        if isinstance(value, SparseTensor):
            return value
        return cls(value.indices, value.values, value.dense_shape)

    @property
    def indices(self):
        return self._indices

    @property
    def values(self):
        return self._values

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        """The dense shape; inside tf.function its dims known while tracing (TF's static
        shape: a constant dense_shape's values, else None dims)."""
        known = known_value(self._dense_shape)
        if known is not None:
            return TensorShape(np.asarray(known).tolist())
        static = getattr(self, "_static_shape", None)
        if static is not None:
            return static
        return TensorShape(None if self._dense_shape.shape[0] is None
                           else [None] * int(self._dense_shape.shape[0]))

    # tf.function's composite protocol (graph/trace_types.py): a SparseTensor crosses a traced
    # function's boundary as its three tensors, rebuilt around them.
    def __tf_components__(self):
        return [self._indices, self._values, self._dense_shape]

    def __tf_from_components__(self, parts):
        return SparseTensor(*parts)

    @property
    def _type_spec(self):
        return SparseTensorSpec.from_value(self)

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        """Checks that `shape` is compatible with this tensor's (known, eagerly) shape."""
        shape = TensorShape(shape)
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Shapes {self.shape} and {shape} are not compatible")

    @property
    def ndim(self):
        return int(self._dense_shape.shape[0])

    def with_values(self, new_values):
        return SparseTensor(self._indices, new_values, self._dense_shape)

    # --- operators: elementwise with a dense or scalar operand (values at the stored entries) ---
    def _cwise(self, other, fn):
        other = convert_to_tensor(other, dtype_hint=self.dtype)
        if other.ndim == 0:
            return self.with_values(fn(self._values, other))
        dense = array_ops.broadcast_to(other, self._dense_shape)
        return self.with_values(fn(self._values, array_ops.gather_nd(dense, self._indices)))

    def __mul__(self, other):
        return self._cwise(other, math_ops.multiply)

    __rmul__ = __mul__

    def __truediv__(self, other):
        return self._cwise(other, math_ops.truediv)

    # (no +, - or unary -: TF's SparseTensor has none, tf.sparse.add adds two)

    def __repr__(self):
        return (f"SparseTensor(indices={self._indices!s}, values={self._values!s}, "
                f"dense_shape={self._dense_shape!s})")

    __str__ = __repr__


class SparseTensorSpec:
    """The type of a SparseTensor: its dense shape and dtype (``tf.SparseTensorSpec``)."""

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    value_type = property(lambda self: SparseTensor)   # what a value of this type is

    @classmethod
    def from_value(cls, value):
        return cls(value.shape, value.dtype)

    # An input_signature entry (tf.function): the specs of indices, values and dense_shape,
    # and the SparseTensor rebuilt from tensors of those specs (the placeholders of a trace).
    def __tf_components__(self):
        from ..core.spec import TensorSpec
        rank = self._shape.rank
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], dtypes.int64)]

    def __tf_from_components__(self, parts):
        value = SparseTensor(*parts)
        value._static_shape = self._shape  # the shape the signature promises
        return value

    @property
    def _type_spec(self):
        return self

    def is_compatible_with(self, other):
        if isinstance(other, SparseTensor):
            other = SparseTensorSpec.from_value(other)
        return (isinstance(other, SparseTensorSpec) and self._dtype is other._dtype
                and self._shape.is_compatible_with(other._shape))

    def __eq__(self, other):
        return (isinstance(other, SparseTensorSpec) and self._dtype is other._dtype
                and self._shape == other._shape)

    def __hash__(self):
        return hash(self._dtype)

    def __repr__(self):
        return f"SparseTensorSpec({self._shape!r}, {self._dtype!r})"


def _sparse(value, what="sp_input"):
    if not isinstance(value, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor, got {type(value).__name__} for `{what}`")
    return value


def _row_major_order(indices, shape):
    if len(indices) == 0:
        return np.zeros(0, dtype=np.int64)
    return np.ravel_multi_index(indices.T, shape)


# --- conversion ------------------------------------------------------------------------------
def from_dense(tensor, name=None):
    """The nonzero entries of a dense tensor, in row-major order."""
    tensor = convert_to_tensor(tensor)
    zero = b"" if tensor.dtype is dtypes.string else 0
    indices = array_ops.where(math_ops.not_equal(tensor, zero))
    values = array_ops.gather_nd(tensor, indices)
    result = SparseTensor(indices, values, array_ops.shape(tensor, out_type=dtypes.int64))
    result._static_shape = tensor.shape  # TF's static shape: the dense tensor's
    return result


def _index_problem(idx, shape):
    """TF's words for the first index of `idx` out of bounds, repeated or out of row-major
    order (None when all are fine)."""
    def text(i):
        return "[" + ",".join(str(int(v)) for v in idx[i]) + "]"
    for i in range(len(idx)):
        if np.any(idx[i] < 0) or np.any(idx[i] >= shape):
            return (f"indices[{i}] = {text(i)} is out of bounds: need 0 <= index < "
                    f"[{','.join(str(int(d)) for d in shape)}]")
    order = _row_major_order(idx, shape)
    for i in range(1, len(order)):
        if order[i] == order[i - 1]:
            return f"indices[{i}] = {text(i)} is repeated"
        if order[i] < order[i - 1]:
            return (f"indices[{i}] = {text(i)} is out of order. Many sparse ops require "
                    f"sorted indices.\n    Use `tf.sparse.reorder` to create a correctly "
                    f"ordered copy.\n\n")
    return None


def _same_as_indices(inputs, attrs):
    # (tracing must not run the check on stand-in values)
    return [(inputs[0]._dtype, inputs[0]._shape)]


@register("SparseIndicesCheck", differentiable=False, infer_shape=_same_as_indices)
def _check_indices(indices, dense_shape):
    """`indices` unchanged once checked, the check ``to_dense`` makes when a function runs."""
    problem = _index_problem(indices, np.asarray(dense_shape).tolist())
    if problem is not None:
        raise errors.op_error(errors.InvalidArgumentError, "SparseToDense", problem)
    return indices


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor; unlisted entries are `default_value` (zero by default). Indices must be
    in row-major order without repeats (``tf.sparse.reorder`` first), as TF checks."""
    sp = _sparse(sp_input)
    if _traced(sp):
        return _traced_to_dense(sp, default_value, validate_indices)
    shape = sp.dense_shape.numpy().tolist()
    idx = sp.indices.numpy()
    if validate_indices:
        problem = _index_problem(idx, shape)
        if problem is not None:
            raise errors.op_error(errors.InvalidArgumentError, "SparseToDense", problem)
    if sp.dtype is dtypes.string:  # no arithmetic on strings: fill directly
        out = np.full(shape, b"" if default_value is None else
                      convert_to_tensor(default_value).numpy(), dtype=object)
        for i, v in zip(idx, sp.values.numpy(), strict=True):
            out[tuple(i)] = v
        return _from_numpy(out)
    dense = array_ops.scatter_nd(sp.indices, sp.values, shape)
    if default_value is None or np.all(convert_to_tensor(default_value).numpy() == 0):
        return dense
    # A select, not `dense + unset * default`: a default of -inf (reduce_max's) times 0 is nan.
    ones = _from_numpy(np.ones(len(idx), dtype=np.int32))
    unset = math_ops.equal(array_ops.scatter_nd(sp.indices, ones, shape), 0)
    default = math_ops.multiply(math_ops.ones_like(dense),
                                convert_to_tensor(default_value, dtype=sp.dtype))
    return math_ops.where_v2(unset, default, dense)


def reorder(sp_input, name=None):
    """The same SparseTensor with its entries in row-major order."""
    sp = _sparse(sp_input)
    if _traced(sp):
        perm = sort_ops.argsort(_keys(sp.indices, sp.dense_shape), stable=True)
        return SparseTensor(array_ops.gather(sp.indices, perm),
                            array_ops.gather(sp.values, perm), sp.dense_shape)
    order = np.argsort(_row_major_order(sp.indices.numpy(), sp.dense_shape.numpy()),
                       kind="stable")
    perm = _from_numpy(order.astype(np.int64))
    return SparseTensor(array_ops.gather(sp.indices, perm), array_ops.gather(sp.values, perm),
                        sp.dense_shape)


# --- arithmetic ----------------------------------------------------------------------------------
def add(a, b, threshold=0, name=None):
    """Sparse + sparse -> sparse (entries at the same index summed; sums with magnitude below
    `threshold` dropped); sparse + dense (either order) -> dense."""
    if not isinstance(a, SparseTensor):
        a, b = b, a
    a = _sparse(a, "a")
    if not isinstance(b, SparseTensor):
        return math_ops.add(to_dense(a, validate_indices=False), convert_to_tensor(b))
    if _traced(a) or _traced(b):
        return _traced_add(a, b, threshold)
    shape, b_shape = a.dense_shape.numpy(), b.dense_shape.numpy()
    if len(shape) != len(b_shape):
        raise errors.op_error(errors.InvalidArgumentError, "SparseAdd",
                              f"Input indices must have the same dimension, got {len(shape)} "
                              f"and {len(b_shape)}")
    if not np.array_equal(shape, b_shape):
        dim = int(np.flatnonzero(shape != b_shape)[0])
        raise errors.op_error(errors.InvalidArgumentError, "SparseAdd",
                              f"Operands' shapes do not match: got {shape[dim]} and "
                              f"{b_shape[dim]} for dimension {dim}")
    both = np.concatenate([a.indices.numpy(), b.indices.numpy()]).reshape(-1, len(shape))
    # Unique index rows, in row-major order. Rows, not raveled keys: like TF's kernel this
    # does not check indices against dense_shape (an index out of range is kept as it is).
    indices, slot = np.unique(both, axis=0, return_inverse=True)
    values = array_ops.concat([a.values, b.values], 0)
    summed = array_ops.scatter_nd(_from_numpy(slot.reshape(-1, 1).astype(np.int64)), values,
                                  [len(indices)])
    result = SparseTensor(_from_numpy(indices.astype(np.int64)), summed, a.dense_shape)
    if threshold:
        keep = np.abs(summed.numpy()) >= threshold
        kept = _from_numpy(np.nonzero(keep)[0].astype(np.int64))
        result = SparseTensor(array_ops.gather(result.indices, kept),
                              array_ops.gather(summed, kept), a.dense_shape)
    return result


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """``sp_a @ b`` for a 2-D SparseTensor and a dense matrix (a dense result)."""
    sp = _sparse(sp_a, "sp_a")
    b = convert_to_tensor(b, dtype=sp.dtype)
    if sp.ndim != 2:  # (TF's kernel's checks and words)
        raise errors.op_error(errors.InvalidArgumentError, "SparseTensorDenseMatMul",
                              "Tensor 'a_shape' must have 2 elements")
    if b.ndim != 2:
        raise errors.op_error(errors.InvalidArgumentError, "SparseTensorDenseMatMul",
                              "Tensor 'b' is not a matrix")
    rows, cols = sp.indices[:, 0], sp.indices[:, 1]
    if _traced(sp):
        return _traced_matmul(sp, b, rows, cols, adjoint_a, adjoint_b)
    n_rows, n_cols = (int(d) for d in sp.dense_shape.numpy())
    if adjoint_a:
        rows, cols, n_rows, n_cols = cols, rows, n_cols, n_rows
    if adjoint_b:
        b = array_ops.transpose(b)
    if b.shape[0] != n_cols:
        raise errors.op_error(
            errors.InvalidArgumentError, "SparseTensorDenseMatMul",
            f"Cannot multiply A and B because inner dimension does not match: {n_cols} vs. "
            f"{b.shape[0]}.  Did you forget a transpose?  Dimensions of A: [{n_rows}, "
            f"{n_cols}).  Dimensions of B: [{','.join(map(str, b.shape))}]")
    # Each stored entry a[r, c] contributes a[r, c] * b[c, :] to row r of the result.
    contributions = math_ops.multiply(array_ops.expand_dims(sp.values, 1),
                                      array_ops.gather(b, cols))
    return array_ops.scatter_nd(array_ops.expand_dims(rows, 1), contributions,
                                [n_rows, int(b.shape[1])])


def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None):
    """Concatenates SparseTensors along `axis` (the other dimensions must match, unless
    ``expand_nonconcat_dims`` takes their maximum)."""
    inputs = [_sparse(sp, "sp_inputs") for sp in sp_inputs]
    rank = inputs[0].ndim
    axis = int(axis) % rank
    if any(_traced(sp) for sp in inputs):
        return _traced_concat(inputs, axis)
    shapes = [sp.dense_shape.numpy() for sp in inputs]
    out_shape = np.max(shapes, axis=0) if expand_nonconcat_dims else shapes[0].copy()
    for position, shape in enumerate(shapes[1:], 1):
        others = [d for d in range(rank) if d != axis]
        if not expand_nonconcat_dims and not np.array_equal(shape[others], out_shape[others]):
            dim = next(d for d in others if shape[d] != out_shape[d])  # (TF's words)
            raise errors.op_error(errors.InvalidArgumentError, "SparseConcat",
                                  f"Input shapes must match: expected {out_shape[dim]} for "
                                  f"dimension {dim} but got {shape[dim]} at position "
                                  f"{position}", f"SparseConcat_N_{len(inputs)}")
    out_shape[axis] = sum(int(shape[axis]) for shape in shapes)
    indices, offset = [], 0
    for sp, shape in zip(inputs, shapes, strict=True):
        shifted = sp.indices.numpy().copy()
        shifted[:, axis] += offset
        indices.append(shifted)
        offset += int(shape[axis])
    joined = SparseTensor(_from_numpy(np.concatenate(indices).astype(np.int64)),
                          array_ops.concat([sp.values for sp in inputs], 0),
                          _from_numpy(out_shape.astype(np.int64)))
    return reorder(joined)


def slice(sp_input, start, size, name=None):  # noqa: A001 - TF's public name
    """The entries inside the box [start, start + size), re-indexed from `start`."""
    sp = _sparse(sp_input)
    if _traced(sp) or _traced_value(start) or _traced_value(size):
        return _traced_slice(sp, start, size)
    start = np.asarray(convert_to_tensor(start).numpy(), dtype=np.int64)
    size = np.asarray(convert_to_tensor(size).numpy(), dtype=np.int64)
    shape = sp.dense_shape.numpy()
    stop = np.minimum(start + size, shape)
    idx = sp.indices.numpy()
    inside = np.all((idx >= start) & (idx < stop), axis=1)
    kept = _from_numpy(np.nonzero(inside)[0].astype(np.int64))
    new_indices = _from_numpy((idx[inside] - start).reshape(-1, len(shape)))
    return SparseTensor(new_indices, array_ops.gather(sp.values, kept),
                        _from_numpy(np.maximum(stop - start, 0)))


def transpose(sp_input, perm=None, name=None):
    """Permutes the dimensions (reversed by default); the result is in row-major order."""
    sp = _sparse(sp_input)
    rank = sp.ndim
    perm = list(range(rank))[::-1] if perm is None else [int(p) for p in perm]
    if sorted(perm) != list(range(rank)):
        raise errors.InvalidArgumentError(None, None, f"{perm} is not a permutation of "
                                                      f"{list(range(rank))}")
    if _traced(sp):
        return reorder(SparseTensor(array_ops.gather(sp.indices, perm, axis=1), sp.values,
                                    array_ops.gather(sp.dense_shape, perm)))
    idx = sp.indices.numpy()[:, perm]
    shape = sp.dense_shape.numpy()[perm]
    return reorder(SparseTensor(_from_numpy(np.ascontiguousarray(idx)), sp.values,
                                _from_numpy(shape)))


def _reduction_axes(sp, axis, op_name):
    """`axis` checked as TF's sparse reduction kernels check it (a repeated axis counts once)."""
    if axis is None or isinstance(axis, Tensor) and is_symbolic(axis):
        return axis
    rank = sp.indices.shape[1]
    axes = np.asarray(axis.numpy() if isinstance(axis, Tensor) else axis).reshape(-1).tolist()
    for a in axes:
        if rank is not None and not -rank <= a < rank:
            raise invalid_argument(op_name, f"Invalid reduction dimension {a}, for input with "
                                            f"{rank} dimensions.")
    if rank is None:
        return axis
    unique = sorted({a % rank for a in axes})
    return unique if np.ndim(axis) else unique[0]


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The largest *stored* value (over `axis`): unlisted entries are missing, not zeros."""
    sp = _sparse(sp_input)
    axis = _reduction_axes(sp, axis, "SparseReduceMaxSparse" if output_is_sparse
                           else "SparseReduceMax")
    lowest = -np.inf if sp.dtype.is_floating else sp.dtype.min
    dense = to_dense(sp, default_value=lowest, validate_indices=False)
    largest = math_ops.reduce_max(dense, axis=axis, keepdims=bool(keepdims))
    # Where nothing is stored along `axis`, TF's result is 0, not the lowest value.
    count = _stored_count(sp, axis, keepdims)
    result = math_ops.where_v2(math_ops.greater(count, 0), largest, math_ops.zeros_like(largest))
    return _where_stored(result, count) if output_is_sparse else result


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """Sum over `axis` (all axes when None): a dense tensor, or with `output_is_sparse` a
    SparseTensor of the positions some stored entry reached."""
    sp = _sparse(sp_input)
    axis = _reduction_axes(sp, axis, "SparseReduceSumSparse" if output_is_sparse
                           else "SparseReduceSum")
    total = math_ops.reduce_sum(to_dense(sp, validate_indices=False), axis=axis,
                                keepdims=bool(keepdims))
    return _where_stored(total, _stored_count(sp, axis, keepdims)) if output_is_sparse \
        else total


def _stored_count(sp, axis, keepdims):
    """How many stored entries each reduced position gathers."""
    stored = SparseTensor(sp.indices, math_ops.ones_like(sp.values, dtypes.int32),
                          sp.dense_shape)
    return math_ops.reduce_sum(to_dense(stored, validate_indices=False), axis=axis,
                               keepdims=bool(keepdims))


def _where_stored(dense, count):
    """The positions of `dense` with a nonzero `count`, as a SparseTensor (row-major)."""
    if is_symbolic(dense):
        raise NotImplementedError("sparse reductions with output_is_sparse=True inside "
                                  "tf.function are not supported in eagerbook")
    reached = count.numpy() > 0
    positions = np.argwhere(reached).astype(np.int64).reshape(len(np.flatnonzero(reached)),
                                                              dense.shape.rank)
    values = np.asarray(dense.numpy()).reshape(-1)[np.flatnonzero(reached.reshape(-1))]
    return SparseTensor(positions, _from_numpy(values), np.array(dense.shape.as_list(), np.int64))


def retain(sp_input, to_retain):
    """Keeps the stored values where the boolean vector `to_retain` is True."""
    sp = _sparse(sp_input)
    if _traced(sp) or _traced_value(to_retain):
        keep = convert_to_tensor(to_retain, dtype=dtypes.bool)
        return SparseTensor(array_ops.boolean_mask(sp.indices, keep),
                            array_ops.boolean_mask(sp.values, keep), sp.dense_shape)
    keep = np.asarray(convert_to_tensor(to_retain).numpy(), bool)
    return SparseTensor(sp.indices.numpy()[keep], array_ops.boolean_mask(sp.values, keep),
                        sp.dense_shape)


def expand_dims(sp_input, axis=None, name=None):
    """A new axis of size 1 at `axis` (as ``tf.expand_dims`` for dense tensors)."""
    sp = _sparse(sp_input)
    rank = sp.indices.shape[1]
    axis = -1 if axis is None else int(axis)  # TF 2's default: a new last axis
    axis = axis + rank + 1 if axis < 0 else axis
    if _traced(sp):
        zeros = math_ops.zeros_like(sp.indices[:, :1])
        return SparseTensor(array_ops.concat([sp.indices[:, :axis], zeros,
                                              sp.indices[:, axis:]], 1), sp.values,
                            array_ops.concat([sp.dense_shape[:axis], _int64_vector([1]),
                                              sp.dense_shape[axis:]], 0))
    idx = np.insert(sp.indices.numpy(), axis, 0, axis=1)
    shape = np.insert(sp.dense_shape.numpy(), axis, 1)
    return SparseTensor(idx, sp.values, shape)


def reset_shape(sp_input, new_shape=None):
    """The same values with `new_shape` (by default the tightest shape holding them)."""
    sp = _sparse(sp_input)
    if new_shape is None:
        idx = sp.indices.numpy()
        shape = idx.max(axis=0) + 1 if len(idx) else np.zeros(idx.shape[1], np.int64)
    else:
        shape = np.asarray(convert_to_tensor(new_shape).numpy(), np.int64)
        current = sp.dense_shape.numpy()
        if shape.shape != current.shape:  # (TF merges the two shape vectors' lengths)
            raise ValueError(f"Dimensions {shape.size} and {current.size} are not compatible")
        if np.any(shape < current):  # (TF's message names the two shapes the other way round)
            raise ValueError(f"Requested new_shape should have dimension sizes >= "
                             f"sp_input.shape.  Found new_shape ({current}), sp_input.shape "
                             f"({shape}).")
    return SparseTensor(sp.indices, sp.values, shape)


def map_values(op, *args, **kwargs):
    """Applies `op` to the values of the SparseTensor arguments (which share their indices)."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = sparse[0]
    for other in sparse[1:]:
        if _traced(first) or _traced(other):  # checked by an Assert op when the function runs
            from .logging_ops import _traced_comparison
            _traced_comparison(math_ops.equal(first.indices, other.indices),
                               "Mismatched indices!", "x == y", first.indices, other.indices)
            continue
        if not np.array_equal(other.indices.numpy(), first.indices.numpy()):
            raise errors.InvalidArgumentError(None, None, "Inputs must have identical indices.")

    def values(a):
        return a.values if isinstance(a, SparseTensor) else a
    return first.with_values(op(*[values(a) for a in args],
                                **{k: values(v) for k, v in kwargs.items()}))


def split(sp_input=None, num_split=None, axis=None, name=None, keyword_required=None):
    """`num_split` SparseTensors along `axis`; when the size does not divide evenly, the
    first ``size % num_split`` pieces are one longer."""
    sp = _sparse(sp_input)
    shape = np.asarray(sp.dense_shape.numpy() if not _traced(sp) else
                       known_value(sp.dense_shape))
    if shape.ndim != 1:  # None: a shape known only when the function runs
        raise ValueError("tf.sparse.split inside tf.function needs a constant dense_shape")
    axis = int(axis) % len(shape)
    base, extra = divmod(int(shape[axis]), int(num_split))
    pieces, begin = [], 0
    for i in range(int(num_split)):
        length = base + (1 if i < extra else 0)
        start = np.zeros(len(shape), np.int64)
        start[axis] = begin
        size = shape.copy()
        size[axis] = length
        pieces.append(slice(sp, start, size))
        begin += length
    return pieces


def _union(sp_a, sp_b, combine):
    """Entries at the indices of either input, ``combine(a, b)`` with 0 where one lacks."""
    a, b = _sparse(sp_a, "sp_a"), _sparse(sp_b, "sp_b")
    if _traced(a) or _traced(b):
        ops = {np.maximum: math_ops.maximum, np.minimum: math_ops.minimum}
        return _traced_union(a, b, ops[combine])
    shape = a.dense_shape.numpy()
    if not np.array_equal(shape, b.dense_shape.numpy()):
        raise errors.InvalidArgumentError(None, "SparseSparseMaximum",
                                          "Operands do not have the same ranks or shapes")
    keys_a = _row_major_order(a.indices.numpy(), shape)
    keys_b = _row_major_order(b.indices.numpy(), shape)
    keys = np.union1d(keys_a, keys_b)
    dtype = a.values.numpy().dtype
    values_a = np.zeros(len(keys), dtype)
    values_b = np.zeros(len(keys), dtype)
    values_a[np.searchsorted(keys, keys_a)] = a.values.numpy()
    values_b[np.searchsorted(keys, keys_b)] = b.values.numpy()
    indices = np.stack(np.unravel_index(keys, shape), axis=1) if len(keys) else \
        np.zeros((0, len(shape)), np.int64)
    return SparseTensor(_from_numpy(indices.astype(np.int64)),
                        _from_numpy(combine(values_a, values_b)), a.dense_shape)


def maximum(sp_a, sp_b, name=None):
    """The elementwise maximum of two SparseTensors of one shape (missing entries are 0)."""
    return _union(sp_a, sp_b, np.maximum)


def minimum(sp_a, sp_b, name=None):
    """The elementwise minimum of two SparseTensors of one shape (missing entries are 0)."""
    return _union(sp_a, sp_b, np.minimum)


def softmax(sp_input, name=None):
    """Softmax over the last axis counting only the entries present: each group of entries
    that share all other indices sums to 1 (absent entries stay absent, not 0)."""
    sp = reorder(_sparse(sp_input))
    return sp.with_values(execute(_sparse_softmax, (sp.indices, sp.values, sp.dense_shape)))


def _softmax_groups(indices):
    """The group number of every entry (entries sharing all indices but the last)."""
    _, group = np.unique(indices[:, :-1], axis=0, return_inverse=True)
    return group.reshape(-1)


@register("SparseSoftmax", infer_shape=lambda inputs, attrs: [(inputs[1]._dtype,
                                                                inputs[1]._shape)])
def _sparse_softmax(indices, values, dense_shape):
    if len(dense_shape) < 2:
        raise invalid_argument("SparseSoftmax", f"Input should have rank >= 2, but received "
                                                f"shape: {', '.join(map(str, dense_shape))}")
    group = _softmax_groups(indices)
    largest = np.full(group.max() + 1 if group.size else 0, -np.inf, values.dtype)
    np.maximum.at(largest, group, values)
    shifted = values - largest[group]
    # as the dense kernel: float32's exp rounded once from float64, then a multiply by the
    # reciprocal of the group's sum (the digits TF prints)
    e = np.exp(shifted, dtype=np.float64).astype(values.dtype) \
        if values.dtype == np.float32 else np.exp(shifted)
    total = np.zeros(largest.shape, values.dtype)
    np.add.at(total, group, e)
    return e * np.reciprocal(total)[group]


@_sparse_softmax.gradient
def _sparse_softmax_grad(op, dy):
    # within each group, dx = y * (dy - sum(dy * y)), as for the dense softmax
    indices, y = op.inputs[0], op.outputs[0]
    rank = array_ops.shape(indices, out_type=dtypes.int64)[1]
    groups = _keys(indices[:, :rank - 1], op.inputs[2][:rank - 1])
    _, segment = sort_ops.unique(groups, out_idx=dtypes.int64)
    count = math_ops.add(math_ops.reduce_max(array_ops.concat([_int64_vector([-1]), segment],
                                                              0)), 1)
    dot = scatter_ops.unsorted_segment_sum(math_ops.multiply(dy, y), segment, count)
    return [None, math_ops.multiply(math_ops.subtract(dy, array_ops.gather(dot, segment)), y),
            None]


# --- the traced road (tf.function): the same results built with ops ----------------------------
def _traced(sp):
    return any(is_symbolic(t) for t in (sp.indices, sp.values, sp.dense_shape))


def _traced_value(value):
    return isinstance(value, Tensor) and is_symbolic(value)


def _int64_vector(values):
    """An int64 constant (a Const op while tracing, not a captured eager tensor)."""
    return convert_to_tensor(np.asarray(values, np.int64))


def _keys(indices, dense_shape):
    """Each entry's position in row-major order (its raveled index)."""
    strides = math_ops.cumprod(dense_shape, exclusive=True, reverse=True)
    return math_ops.reduce_sum(math_ops.multiply(indices, strides), axis=1)


def _unravel(keys, dense_shape):
    """Indices [N, rank] of raveled `keys` (the inverse of ``_keys``). The first index is
    not wrapped: as TF's kernels, an index past the first dim is kept as it is."""
    strides = math_ops.cumprod(dense_shape, exclusive=True, reverse=True)
    wrap = array_ops.concat([_int64_vector([2 ** 62]), dense_shape[1:]], 0)
    return math_ops.floormod(math_ops.floordiv(array_ops.expand_dims(keys, 1), strides), wrap)


def _traced_union(a, b, combine):
    """``maximum``/``minimum`` of two SparseTensors: entries at either's indices (row-major),
    `combine` of the two values with 0 where one has none."""
    keys_a, keys_b = _keys(a.indices, a.dense_shape), _keys(b.indices, a.dense_shape)
    unique_keys, slot = sort_ops.unique(array_ops.concat([keys_a, keys_b], 0),
                                        out_idx=dtypes.int64)
    count = array_ops.shape(unique_keys, out_type=dtypes.int64)[0]
    size_a = array_ops.shape(keys_a, out_type=dtypes.int64)[0]
    values_a = scatter_ops.unsorted_segment_sum(a.values, slot[:size_a], count)
    values_b = scatter_ops.unsorted_segment_sum(b.values, slot[size_a:], count)
    order = sort_ops.argsort(unique_keys, stable=True)
    return SparseTensor(_unravel(array_ops.gather(unique_keys, order), a.dense_shape),
                        array_ops.gather(combine(values_a, values_b), order), a.dense_shape)


def _shape_arg(sp):
    """The dense shape as a list when known while tracing (a constant), else the tensor."""
    known = known_value(sp.dense_shape)
    return sp.dense_shape if known is None else np.asarray(known).tolist()


def _traced_to_dense(sp, default_value, validate_indices=True):
    indices = sp.indices
    if validate_indices:  # checked by an op when the function runs
        indices = execute(_check_indices, (indices, sp.dense_shape))
    dense = array_ops.scatter_nd(indices, sp.values, _shape_arg(sp))
    if default_value is None:
        return dense
    known = known_value(convert_to_tensor(default_value))
    if known is not None and np.all(np.asarray(known) == 0):
        return dense
    ones = math_ops.ones_like(sp.values, dtypes.int32)
    unset = math_ops.equal(array_ops.scatter_nd(indices, ones, _shape_arg(sp)), 0)
    default = math_ops.multiply(math_ops.ones_like(dense),
                                convert_to_tensor(default_value, dtype=sp.dtype))
    return math_ops.where_v2(unset, default, dense)


def _traced_add(a, b, threshold):
    """Entries at the union of both index sets, in row-major order, equal indices summed."""
    keys = array_ops.concat([_keys(a.indices, a.dense_shape), _keys(b.indices, a.dense_shape)],
                            0)
    unique_keys, slot = sort_ops.unique(keys, out_idx=dtypes.int64)
    count = array_ops.shape(unique_keys, out_type=dtypes.int64)[0]
    summed = scatter_ops.unsorted_segment_sum(array_ops.concat([a.values, b.values], 0), slot,
                                              count)
    order = sort_ops.argsort(unique_keys, stable=True)
    indices = _unravel(array_ops.gather(unique_keys, order), a.dense_shape)
    values = array_ops.gather(summed, order)
    if threshold:
        keep = math_ops.greater_equal(math_ops.abs(values), threshold)
        indices, values = array_ops.boolean_mask(indices, keep), array_ops.boolean_mask(
            values, keep)
    return SparseTensor(indices, values, a.dense_shape)


def _traced_matmul(sp, b, rows, cols, adjoint_a, adjoint_b):
    n_rows = sp.dense_shape[1] if adjoint_a else sp.dense_shape[0]
    if adjoint_a:
        rows, cols = cols, rows
    if adjoint_b:
        b = array_ops.transpose(b)
    contributions = math_ops.multiply(array_ops.expand_dims(sp.values, 1),
                                      array_ops.gather(b, cols))
    shape = array_ops.stack([n_rows, array_ops.shape(b, out_type=dtypes.int64)[1]])
    return array_ops.scatter_nd(array_ops.expand_dims(rows, 1), contributions, shape)


def _traced_concat(inputs, axis):
    rank = inputs[0].ndim
    along = _int64_vector(np.arange(rank) == axis)
    indices, offset = [], None
    for sp in inputs:
        shift = along if offset is None else math_ops.multiply(along, offset)
        indices.append(sp.indices if offset is None else math_ops.add(sp.indices, shift))
        size = sp.dense_shape[axis]
        offset = size if offset is None else math_ops.add(offset, size)
    first = inputs[0].dense_shape
    shape = math_ops.add(math_ops.multiply(first, 1 - along), math_ops.multiply(along, offset))
    return reorder(SparseTensor(array_ops.concat(indices, 0),
                                array_ops.concat([sp.values for sp in inputs], 0), shape))


def _traced_slice(sp, start, size):
    start = math_ops.cast(convert_to_tensor(start), dtypes.int64)
    size = math_ops.cast(convert_to_tensor(size), dtypes.int64)
    stop = math_ops.minimum(math_ops.add(start, size), sp.dense_shape)
    inside = math_ops.reduce_all(math_ops.logical_and(
        math_ops.greater_equal(sp.indices, start), math_ops.less(sp.indices, stop)), axis=1)
    indices = math_ops.subtract(array_ops.boolean_mask(sp.indices, inside), start)
    return SparseTensor(indices, array_ops.boolean_mask(sp.values, inside),
                        math_ops.maximum(math_ops.subtract(stop, start), 0))


__all__ = ["SparseTensor", "SparseTensorSpec", "add", "concat", "expand_dims", "from_dense",
           "map_values", "maximum", "minimum", "reduce_max", "reduce_sum", "reorder",
           "reset_shape", "retain", "slice", "softmax", "sparse_dense_matmul", "split",
           "to_dense", "transpose"]
