"""``tf.experimental.StructuredTensor``: a tensor of structures (records with named fields).

A StructuredTensor of shape ``[D1, ..., DN]`` holds, for each field, one value whose first N
dimensions are ``[D1, ..., DN]``: a Tensor, a RaggedTensor (fields of varying length), or
another StructuredTensor (nested records). ``st[i]`` picks record i from every field at once,
and a rank-0 StructuredTensor gives a field by name, ``st["age"]``.

From Python values (``from_pyval``), a list of dictionaries is a vector of records; each
field's values become a Tensor when they form a plain list of scalars and a RaggedTensor when
they nest deeper, as TF builds them. Dimensions after the first (lists of lists of records)
are ragged, and ``row_partitions`` describes how they split the records into rows.
"""

import numpy as np

from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import ragged_ops
from ..ops.ragged_ops import RaggedTensor
from ..ops.ragged_shape import RowPartition  # (tf.experimental.RowPartition, as tf.shape's)

_BAD_INDEX = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
              "tf.int32/tf.int64 tensors are valid indices, got {!r}")


# --- building from Python values ---------------------------------------------------------------
def _first_leaf(nested, depth):
    """The first value `depth` lists down in `nested` (None when every list there is empty)."""
    if depth == 0:
        return nested
    for item in nested:
        leaf = _first_leaf(item, depth - 1)
        if leaf is not None:
            return leaf
    return None


def _records_depth(pyval):
    """How many list levels wrap the dictionaries of `pyval` (0 for one dictionary)."""
    depth = 0
    while isinstance(pyval, (list, tuple)):
        inner = next((item for item in pyval if not (isinstance(item, (list, tuple))
                                                     and not item)), None)
        if inner is None:  # only empty lists: count this level, stop there
            return depth + 1
        pyval, depth = inner, depth + 1
    return depth


def _map_records(nested, depth, fn):
    """`nested` (lists `depth` deep) with `fn` applied to each record."""
    if depth == 0:
        return fn(nested)
    return [_map_records(item, depth - 1, fn) for item in nested]


def _list_depth(value):
    depth = 0
    while isinstance(value, (list, tuple)) and value:
        value, depth = value[0], depth + 1
    return depth + (1 if isinstance(value, (list, tuple)) else 0)


def _field_from_pyval(values, depth):
    """One field's values, nested `depth` lists deep (one level per dimension of the
    StructuredTensor): records again, a Tensor (a flat list of scalars, or one scalar), or a
    RaggedTensor (anything deeper)."""
    leaf = _first_leaf(values, depth)
    if isinstance(leaf, dict) or (isinstance(leaf, (list, tuple)) and leaf
                                  and isinstance(_first_leaf(leaf, _records_depth(leaf)),
                                                 dict)):
        return StructuredTensor.from_pyval(values)
    if _list_depth(values) <= 1:
        return convert_to_tensor(values)
    return ragged_ops.constant(values)


def _partitions_of(pyval, rank):
    """The row partitions of records nested `rank` lists deep (rank >= 2)."""
    partitions, level = [], [pyval]
    for _ in range(rank):
        lengths = [len(item) for item in level]
        partitions.append(RowPartition(np.concatenate([[0], np.cumsum(lengths)])))
        level = [inner for item in level for inner in item]
    return tuple(partitions[1:])


# --- the class ---------------------------------------------------------------------------------
class StructuredTensor:
    """Records with named fields, in a tensor of shape ``shape`` (see the module docstring)."""

    def __init__(self, fields, shape, row_partitions=()):
        self._fields = dict(fields)
        self._shape = TensorShape(shape)
        self._row_partitions = tuple(row_partitions)

    # --- construction ---
    @classmethod
    def from_fields(cls, fields, shape=(), nrows=None, row_partitions=None, validate=False):
        """A StructuredTensor with these fields (Python values are converted to tensors)."""
        converted = {name: _as_field(value) for name, value in fields.items()}
        shape = _known_dims(TensorShape(shape), converted.values())
        if row_partitions is None:
            row_partitions = _partitions_from_fields(converted, shape.rank or 0)
        return cls(converted, shape, row_partitions)

    @classmethod
    def from_fields_and_rank(cls, fields, rank, validate=False):
        """from_fields, the shape being the first `rank` dimensions of the fields."""
        converted = {name: _as_field(value) for name, value in fields.items()}
        if not converted:
            raise ValueError("Must provide at least one field")
        first = next(iter(converted.values()))
        return cls.from_fields(converted, TensorShape(first.shape)[:rank])

    @classmethod
    def from_pyval(cls, pyval, typespec=None):
        """A StructuredTensor from a dictionary or (nested) lists of dictionaries."""
        rank = _records_depth(pyval)
        records = []
        _map_records(pyval, rank, records.append)
        names = sorted({name for record in records for name in record})
        fields = {name: _field_from_pyval(_map_records(pyval, rank, lambda r, n=name: r[n]),
                                          rank) for name in names}
        if rank == 0:
            return cls(fields, [])
        shape = [len(pyval)] + [None] * (rank - 1)
        partitions = _partitions_of(pyval, rank) if rank > 1 else ()
        return cls(fields, shape, partitions)

    # --- properties ---
    @property
    def shape(self):
        return self._shape

    @property
    def rank(self):
        return self._shape.rank

    @property
    def row_partitions(self):
        return self._row_partitions

    def nrows(self):
        if self.rank == 0:
            return None
        first = next(iter(self._fields.values()), None)
        if first is None:
            return convert_to_tensor(np.int64(self._shape[0]))
        rows = first.nrows() if isinstance(first, (RaggedTensor, StructuredTensor)) else \
            first.shape[0]
        return convert_to_tensor(np.int64(int(rows)))

    def field_names(self):
        return tuple(self._fields)

    def field_value(self, field_name):
        """The value of a field, or of a nested field given as a tuple of names."""
        if isinstance(field_name, (list, tuple)):
            value = self
            for name in field_name:
                if not isinstance(value, StructuredTensor):
                    raise KeyError(f"Field path {field_name} not found in {self}")
                value = value.field_value(name)
            return value
        try:
            return self._fields[field_name]
        except KeyError:
            raise KeyError(f"Field {field_name} not found in {self}") from None

    # --- indexing ---
    def __getitem__(self, key):
        key = tuple(key) if isinstance(key, list) else key if isinstance(key, tuple) else (key,)
        if not key:
            return self
        if self.rank == 0:
            if not isinstance(key[0], (str, bytes)):
                raise ValueError("Key for indexing a StructuredTensor must be a string or a "
                                 "full slice (':')")
            name = key[0].decode() if isinstance(key[0], bytes) else key[0]
            value = self._fields[name]
            return value[key[1:]] if len(key) > 1 else value
        for k in key[:self.rank]:
            if isinstance(k, (str, bytes)):
                raise TypeError(_BAD_INDEX.format(k))
        if len(key) > self.rank:
            raise ValueError("Indexing past the records' dimensions is not supported")
        fields = {name: value[key[0] if len(key) == 1 else key]
                  for name, value in self._fields.items()}
        shape = [None for k in key if isinstance(k, slice)] + self._shape.as_list()[len(key):]
        return StructuredTensor.from_fields(fields, shape)

    # --- transformations ---
    def with_updates(self, updates, validate=False):
        """A copy with fields replaced: each key (a name or a path of names) maps to a new
        value, to a function of the old value, or to None (the field is dropped)."""
        fields = dict(self._fields)
        for path, update in updates.items():
            path = (path,) if isinstance(path, str) else tuple(path)
            if len(path) > 1:
                fields[path[0]] = fields[path[0]].with_updates({path[1:]: update})
            elif update is None:
                fields.pop(path[0], None)
            else:
                old = fields.get(path[0])
                fields[path[0]] = _as_field(update(old) if callable(update) else update)
        return StructuredTensor(fields, self._shape, self._row_partitions)

    def merge_dims(self, outer_axis, inner_axis):
        """The records with dimensions outer_axis..inner_axis merged into one."""
        if outer_axis == inner_axis:
            return self
        fields = {name: _merge_field_dims(value, outer_axis, inner_axis)
                  for name, value in self._fields.items()}
        dims = self._shape.as_list()
        merged = dims[outer_axis:inner_axis + 1]
        size = None if None in merged else int(np.prod(merged))
        if size is None and fields:
            first = next(iter(fields.values()))
            size = _dim0(first) if outer_axis == 0 else None
        shape = dims[:outer_axis] + [size] + dims[inner_axis + 1:]
        return StructuredTensor.from_fields(fields, shape)

    def partition_outer_dimension(self, row_partition):
        """The records split into rows by `row_partition`: shape [nrows, None, ...]."""
        splits = row_partition.row_splits()
        fields = {name: _partition_field(value, splits) for name, value in self._fields.items()}
        shape = [int(row_partition.nrows())] + [None] + self._shape.as_list()[1:]
        partitions = (RowPartition(splits.numpy()),) + self._row_partitions
        return StructuredTensor(fields, shape, partitions[1:] if len(shape) < 2 else partitions)

    def promote(self, source_path, new_name):
        """A copy with a nested field (a path of names) raised to a field of its own here, its
        values merged over the dimensions of the records it passed through."""
        value, rank = self, self.rank
        for name in source_path:
            value = value.field_value(name)
        extra = _field_rank(self, source_path)
        for _ in range(extra - rank):
            value = _merge_field_dims(value, rank, rank + 1)
        return self.with_updates({new_name: value})

    def to_pyval(self):
        """The records as nested Python dictionaries and lists."""
        fields = {name: _to_pyval(value) for name, value in self._fields.items()}
        if self.rank == 0:
            return fields
        rows = [{} for _ in range(int(self.nrows()))]
        for name, values in fields.items():
            for row, value in zip(rows, values):
                row[name] = value
        return rows

    def __repr__(self):
        fields = sorted(self._fields.items())
        lines = ",\n        ".join(f'"{name}": ' + str(value).replace("\n", "\n" + " " * 12)
                                   for name, value in fields)
        return ("<StructuredTensor(\n    fields={\n        " + lines + "},\n    shape="
                + str(self._shape) + ")>")

    __str__ = __repr__


# --- helpers for fields ------------------------------------------------------------------------
def _as_field(value):
    if isinstance(value, (Tensor, RaggedTensor, StructuredTensor)):
        return value
    try:
        return convert_to_tensor(value)
    except (ValueError, TypeError):
        return ragged_ops.constant(value)


def _known_dims(shape, values):
    """`shape` with its unknown dimensions taken from the fields' static shapes."""
    if shape.rank is None:
        return shape
    dims = shape.as_list()
    for value in values:
        field_dims = TensorShape(value.shape).as_list() if TensorShape(value.shape).rank \
            is not None else []
        for i, d in enumerate(field_dims[:len(dims)]):
            if dims[i] is None and d is not None:
                dims[i] = d
    return TensorShape(dims)


def _dim0(value):
    if isinstance(value, (RaggedTensor, StructuredTensor)):
        return int(value.nrows())
    return value.shape[0]


def _partitions_from_fields(fields, rank):
    for value in fields.values():
        if isinstance(value, StructuredTensor) and len(value.row_partitions) >= rank - 1:
            return value.row_partitions[:rank - 1]
        if isinstance(value, RaggedTensor) and rank > 1:
            splits = value.nested_row_splits[:rank - 1]
            return tuple(RowPartition(s.numpy()) for s in splits)
    return ()


def _merge_field_dims(value, outer, inner):
    if isinstance(value, StructuredTensor):
        return value.merge_dims(outer, inner)
    if isinstance(value, RaggedTensor):
        merged = value.merge_dims(outer, inner)
        return merged
    from ..ops import array_ops
    shape = list(value.shape)
    new = shape[:outer] + [-1] + shape[inner + 1:]
    return array_ops.reshape(value, new)


def _partition_field(value, splits):
    if isinstance(value, StructuredTensor):
        return value.partition_outer_dimension(RowPartition(splits.numpy()))
    return RaggedTensor.from_row_splits(value, splits)


def _field_rank(st, path):
    """The rank of the records the last name of `path` belongs to."""
    rank, value = st.rank, st
    for name in path[:-1]:
        value = value.field_value(name)
        rank = value.rank
    return rank


def _to_pyval(value):
    if isinstance(value, StructuredTensor):
        return value.to_pyval()
    if isinstance(value, RaggedTensor):
        return value.to_list()
    array = value.numpy()
    return array.tolist() if isinstance(array, np.ndarray) else array.item() \
        if hasattr(array, "item") else array
