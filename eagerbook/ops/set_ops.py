"""``tf.sets``: set operations along the last dimension of two tensors.

Each row (all dimensions but the last) of a dense tensor, or the values a SparseTensor holds
in that row, is a set. The result is a SparseTensor with each row's result set sorted, and a
last dimension as long as the largest result set.
"""

import itertools

import numpy as np

from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from .sparse_ops import SparseTensor


def _row_sets(value):
    """{row index tuple: set of values}, the leading shape, the dtype."""
    if isinstance(value, SparseTensor):
        shape = [int(d) for d in value.dense_shape.numpy()]
        sets = {row: set() for row in itertools.product(*map(range, shape[:-1]))}
        for index, item in zip(value.indices.numpy().tolist(), value.values.numpy().tolist()):
            sets[tuple(index[:-1])].add(item)
        return sets, shape[:-1], value.values.dtype
    tensor = value if isinstance(value, Tensor) else convert_to_tensor(value)
    array = tensor.numpy()
    if array.ndim < 2:
        raise ValueError(f"Invalid rank {array.ndim}: a set operation needs rank >= 2.")
    sets = {row: set(array[row].tolist()) for row in itertools.product(*map(range,
                                                                              array.shape[:-1]))}
    return sets, list(array.shape[:-1]), tensor.dtype


def _set_operation(a, b, combine):
    sets_a, lead_a, dtype_a = _row_sets(a)
    sets_b, lead_b, dtype_b = _row_sets(b)
    if dtype_a != dtype_b:
        raise TypeError(f"Unexpected dtype: {dtype_b.name} vs {dtype_a.name}.")
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
        _set_operation(b, a, set.difference)


def size(a, validate_indices=True):
    """How many distinct values each row of the SparseTensor `a` holds (int32)."""
    if not isinstance(a, SparseTensor):
        raise TypeError(f"Expected `SparseTensor`, got {a!s}.")
    sets, lead, _ = _row_sets(a)
    counts = np.array([len(sets[row]) for row in sorted(sets)], np.int32).reshape(lead)
    return _from_numpy(counts)


__all__ = ["difference", "intersection", "size", "union"]
