"""``tf.sets``: set operations along the last dimension of two tensors.

Each row (all dimensions but the last) of a dense tensor, or the values a SparseTensor holds
in that row, is a set. The result is a SparseTensor with each row's result set sorted, and a
last dimension as long as the largest result set.
"""

import itertools

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from .registry import invalid_argument
from .sparse_ops import SparseTensor

# The element dtypes a set may have, and TF's printing of that set in its error message.
_SET_DTYPES = (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8,
               dtypes.uint16, dtypes.string)
_SET_DTYPES_SHOWN = ("frozenset({tf.int32, tf.uint8, tf.int16, tf.int8, tf.string, tf.int64, "
                     "tf.uint16})")


def _checked(value, label):
    """`value` as a Tensor or SparseTensor whose dtype a set may have (TF's TypeError)."""
    if not isinstance(value, (Tensor, SparseTensor)):
        value = convert_to_tensor(value)
    dtype = value.values.dtype if isinstance(value, SparseTensor) else value.dtype
    if dtype not in _SET_DTYPES:
        raise TypeError(f"'{label}' has invalid dtype `{dtype}` not in supported dtypes: "
                        f"`{_SET_DTYPES_SHOWN}`.")
    return value


def _op_name(a, b):
    kinds = ["Sparse" if isinstance(v, SparseTensor) else "Dense" for v in (a, b)]
    return f"{kinds[0]}To{kinds[1]}SetOperation"


def _row_sets(value, op_name="SetSize"):
    """{row index tuple: set of values}, the leading shape, the dtype."""
    if isinstance(value, SparseTensor):
        shape = [int(d) for d in value.dense_shape.numpy()]
        sets = {row: set() for row in itertools.product(*map(range, shape[:-1]))}
        for index, item in zip(value.indices.numpy().tolist(), value.values.numpy().tolist()):
            sets[tuple(index[:-1])].add(item)
        return sets, shape[:-1], value.values.dtype
    array = value.numpy()
    if array.ndim < 2:
        raise invalid_argument(op_name, f"Shape {list(array.shape)} has rank {array.ndim} < 2")
    sets = {row: set(array[row].tolist()) for row in itertools.product(*map(range,
                                                                              array.shape[:-1]))}
    return sets, list(array.shape[:-1]), value.dtype


def _set_operation(a, b, combine, labels=("a", "b")):
    a, b = _checked(a, labels[0]), _checked(b, labels[1])
    dtype_a = a.values.dtype if isinstance(a, SparseTensor) else a.dtype
    dtype_b = b.values.dtype if isinstance(b, SparseTensor) else b.dtype
    if dtype_a != dtype_b:
        raise TypeError(f"Types don't match, {dtype_a} vs {dtype_b}.")
    op_name = _op_name(a, b)
    sets_a, lead_a, dtype_a = _row_sets(a, op_name)
    sets_b, lead_b, dtype_b = _row_sets(b, op_name)
    if lead_a != lead_b and op_name == "DenseToDenseSetOperation":
        raise invalid_argument(op_name, f"Mismatched shapes [{','.join(map(str, lead_a))}] vs "
                                        f"[{','.join(map(str, lead_b))}]")
    if lead_a != lead_b:
        raise ValueError(f"Shapes of a {lead_a} and b {lead_b} must match but for the last "
                         "dimension.")
    indices, values, width = [], [], 0
    for row in sorted(sets_a):
        result = sorted(combine(sets_a[row], sets_b[row]))
        width = max(width, len(result))
        indices += [list(row) + [i] for i in range(len(result))]
        values += result
    np_dtype = object if dtype_a.name == "string" else dtype_a.as_numpy_dtype
    return SparseTensor(
        _from_numpy(np.array(indices, np.int64).reshape(len(indices), len(lead_a) + 1)),
        _from_numpy(np.array(values, np_dtype)),
        _from_numpy(np.array(lead_a + [width], np.int64)))


def intersection(a, b, validate_indices=True):
    """The values in both `a` and `b`, per row."""
    return _set_operation(a, b, set.intersection)


def union(a, b, validate_indices=True):
    """The values in `a` or `b`, per row."""
    return _set_operation(a, b, set.union)


def difference(a, b, aminusb=True, validate_indices=True):
    """The values of `a` not in `b` (or, with ``aminusb=False``, of `b` not in `a`), per row."""
    return _set_operation(a, b, set.difference) if aminusb else \
        _set_operation(b, a, set.difference, labels=("b", "a"))


def size(a, validate_indices=True):
    """How many distinct values each row of the SparseTensor `a` holds (int32)."""
    if not isinstance(a, SparseTensor):
        raise TypeError(f"Expected `SparseTensor`, got {a!s}.")
    sets, lead, _ = _row_sets(a)
    counts = np.array([len(sets[row]) for row in sorted(sets)], np.int32).reshape(lead)
    return _from_numpy(counts)


__all__ = ["difference", "intersection", "size", "union"]
