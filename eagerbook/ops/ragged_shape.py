"""``tf.shape`` of a RaggedTensor: a ``tf.experimental.DynamicRaggedShape``.

A ragged shape is the list of row partitions that split the values into rows (one per
ragged dimension, each a ``RowPartition``), then the dense shape of the values themselves
(``inner_shape``). TF prints it by its lengths, a ragged dimension as the tuple of its row
lengths: ``<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>``.
It can build tensors of that shape (``tf.zeros``, ``tf.ones``, ``tf.fill``, ``tf.reshape``,
``tf.broadcast_to`` accept it), and answers the size of its uniform dimensions.
"""

import numpy as np

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor
from .ragged_ops import RaggedTensor


class RowPartition:
    """How a sequence of values is split into rows: ``tf.experimental.RowPartition``, held as
    its row splits (row i is ``values[splits[i]:splits[i + 1]]``)."""

    def __init__(self, row_splits):
        self._row_splits = np.asarray(row_splits, np.int64)

    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None):
        return cls(convert_to_tensor(row_splits).numpy())

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None):
        lengths = np.asarray(convert_to_tensor(row_lengths).numpy(), np.int64)
        return cls(np.concatenate([[0], np.cumsum(lengths)]))

    def row_splits(self):
        return convert_to_tensor(self._row_splits)

    def row_lengths(self):
        return convert_to_tensor(np.diff(self._row_splits))

    def nrows(self):
        return convert_to_tensor(np.int64(len(self._row_splits) - 1))

    def nvals(self):
        return convert_to_tensor(self._row_splits[-1])

    def __repr__(self):
        return f"tf.RowPartition(row_splits={self._row_splits})"


class DynamicRaggedShape:
    """The shape of a (possibly) ragged tensor: row partitions, then the values' shape."""

    def __init__(self, row_partitions, inner_shape, dtype=None, validate=True,
                 static_inner_shape=None):
        self._row_partitions = tuple(row_partitions)
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else dtypes.int64
        inner = inner_shape.numpy() if isinstance(inner_shape, Tensor) else inner_shape
        self._inner_shape = [int(d) for d in np.ravel(np.asarray(inner, np.int64))]
        if self._row_partitions and not self._inner_shape:
            raise ValueError("inner_shape must have rank at least 1 when there are row "
                             "partitions")

    # --- building ---------------------------------------------------------------------------
    @classmethod
    def from_tensor(cls, t, dtype=None):
        """The shape of `t`, a RaggedTensor or anything that converts to a Tensor."""
        if isinstance(t, RaggedTensor):
            partitions = [RowPartition(splits.numpy()) for splits in t.nested_row_splits]
            return cls(partitions, list(t.flat_values.shape), dtype)
        return cls([], list(convert_to_tensor(t).shape), dtype)

    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype=dtypes.int64):
        """From the length of each dimension: an int for a uniform one, a tuple of row
        lengths for a ragged one (``[4, (2, 1, 0, 8), 12]``)."""
        lengths = list(lengths)
        partitions, nvals = [], None
        last_ragged = max([i for i, d in enumerate(lengths) if isinstance(d, (tuple, list))],
                          default=0)
        count = lengths[0] if lengths else None  # how many rows the next dimension splits
        for length in lengths[1:last_ragged + 1]:
            if isinstance(length, (tuple, list)):
                row_lengths = np.asarray(length, np.int64)
            else:  # a uniform dimension inside the ragged ones: rows of equal length
                row_lengths = np.full(count, length, np.int64)
            partitions.append(RowPartition.from_row_lengths(row_lengths))
            count = nvals = int(row_lengths.sum())
        inner = ([nvals] if partitions else lengths[:1]) + lengths[last_ragged + 1:]
        shape = cls(partitions, inner if lengths else [], dtype)
        if num_row_partitions is not None and num_row_partitions != len(partitions):
            raise ValueError(f"eagerbook builds a DynamicRaggedShape with one row partition "
                             f"per ragged dimension ({len(partitions)}), not "
                             f"{num_row_partitions}")
        return shape

    # --- what it holds ----------------------------------------------------------------------
    @property
    def row_partitions(self):
        return self._row_partitions

    @property
    def num_row_partitions(self):
        return len(self._row_partitions)

    @property
    def inner_shape(self):
        return convert_to_tensor(np.asarray(self._inner_shape, self._dtype.as_numpy_dtype))

    @property
    def dtype(self):
        return self._dtype

    @property
    def rank(self):
        return self.num_row_partitions + len(self._inner_shape)

    def static_lengths(self, ragged_lengths=True):
        """Each dimension's length: an int, or for a ragged one the tuple of its row lengths
        (None with ragged_lengths=False)."""
        if not self._row_partitions:
            return list(self._inner_shape)
        lengths = [len(self._row_partitions[0]._row_splits) - 1]
        for partition in self._row_partitions:
            row_lengths = np.diff(partition._row_splits)
            if row_lengths.size and np.all(row_lengths == row_lengths[0]):
                lengths.append(int(row_lengths[0]))
            elif ragged_lengths:
                lengths.append(tuple(int(n) for n in row_lengths))
            else:
                lengths.append(None)
        return lengths + self._inner_shape[1:]

    def is_uniform(self, axis):
        """Whether every row along `axis` has the same length."""
        return not isinstance(self.static_lengths()[axis], tuple)

    def _to_tensor_shape(self):
        return TensorShape([d if isinstance(d, int) else None for d in self.static_lengths()])

    def __getitem__(self, index):
        lengths = self.static_lengths()
        if isinstance(index, slice):
            picked = lengths[index]
            if index.start not in (None, 0) and any(isinstance(d, tuple) for d in picked):
                raise ValueError("All relevant dimensions must be uniform")
            return DynamicRaggedShape.from_lengths(picked, dtype=self._dtype)
        if isinstance(index, Tensor):
            index = int(index.numpy())
        length = lengths[index]
        if isinstance(length, tuple):
            raise ValueError(f"Index {index} is not uniform")
        return convert_to_tensor(np.asarray(length, self._dtype.as_numpy_dtype))

    def __repr__(self):
        lengths = ", ".join(str(d) for d in self.static_lengths())
        return (f"<DynamicRaggedShape lengths=[{lengths}] "
                f"num_row_partitions={self.num_row_partitions}>")

    # --- tensors of this shape ---------------------------------------------------------------
    def _with_values(self, values):
        """A RaggedTensor of this shape around `values` (a Tensor of shape inner_shape);
        the Tensor itself when no dimension is ragged."""
        if not self._row_partitions:
            return values
        splits = [convert_to_tensor(p._row_splits) for p in self._row_partitions]
        return RaggedTensor.from_nested_row_splits(values, splits, validate=False)

    def _value_rows(self):
        """For each value, the index of the outermost row it belongs to."""
        rows = np.arange(self._inner_shape[0]) if self._inner_shape else np.zeros(0, np.int64)
        for partition in reversed(self._row_partitions):
            rows = np.repeat(np.arange(len(partition._row_splits) - 1),
                             np.diff(partition._row_splits))[rows]
        return rows

    def _broadcast(self, x):
        """Dense `x` broadcast to this shape: each ragged dimension of `x` must be 1, and
        its outermost one 1 or the number of rows (``tf.broadcast_to(x, rt_shape)``)."""
        x = convert_to_tensor(x)
        if not self._row_partitions:
            return None
        if x.shape.rank > self.rank:
            raise ValueError(f"Cannot broadcast a tensor of rank {x.shape.rank} to a shape of "
                             f"rank {self.rank}")
        dims = [1] * (self.rank - x.shape.rank) + list(x.shape)
        ragged = self.num_row_partitions  # dimensions 1..ragged sit inside the partitions
        nrows = self.static_lengths()[0]
        if dims[0] not in (1, nrows) or any(d != 1 for d in dims[1:ragged + 1]):
            raise ValueError(f"eagerbook broadcasts to a ragged shape a tensor whose ragged "
                             f"dimensions are 1 and whose rows are 1 or {nrows}; got shape "
                             f"{x.shape}")
        x = x.numpy().reshape([dims[0]] + dims[ragged + 1:])
        rows = self._value_rows() if dims[0] == nrows else np.zeros(self._inner_shape[0], int)
        values = np.broadcast_to(x[rows], self._inner_shape)
        return self._with_values(convert_to_tensor(np.ascontiguousarray(values)))
