"""``tf.sparse.bincount``: counts per row (``axis=-1``) or over everything (``axis=0``),
returned as a SparseTensor with one entry per value that occurs."""

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from .ragged_ops import RaggedTensor
from .sparse_ops import SparseTensor


def _rows_and_values(values, axis):
    """(row of each value or None, the values, their positions in a flat weight array)."""
    if isinstance(values, SparseTensor):
        flat = values.values.numpy()
        rows = values.indices.numpy()[:, 0] if axis != 0 else None
        return rows, flat, values.values.dtype
    if isinstance(values, RaggedTensor):
        flat = values.flat_values.numpy()
        rows = values.value_rowids().numpy() if axis != 0 else None
        return rows, flat, values.dtype
    tensor = values if isinstance(values, Tensor) else convert_to_tensor(values)
    array = tensor.numpy()
    if axis == 0 or array.ndim < 2:
        return None, array.reshape(-1), tensor.dtype
    rows = np.repeat(np.arange(array.shape[0]), int(np.prod(array.shape[1:])))
    return rows, array.reshape(-1), tensor.dtype


def _flat_weights(weights):
    if isinstance(weights, SparseTensor):
        return weights.values.numpy(), weights.values.dtype
    if isinstance(weights, RaggedTensor):
        return weights.flat_values.numpy(), weights.dtype
    tensor = convert_to_tensor(weights, dtype_hint=dtypes.float32)
    return tensor.numpy().reshape(-1), tensor.dtype


def bincount(values, weights=None, axis=0, minlength=None, maxlength=None,
             binary_output=False, name=None):
    """How often each value occurs: ``SparseTensor`` with indices ``[row, value]``
    (``axis=-1``) or ``[value]`` (``axis=0``); with `weights`, their sums instead of counts;
    `binary_output` gives 1 for every value present. Values at or past `maxlength` are
    dropped; the last dimension is ``max(max value + 1, minlength)``, at most `maxlength`."""
    if axis not in (0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are supported.")
    rows, flat, value_dtype = _rows_and_values(values, axis)
    flat = flat.astype(np.int64)
    if weights is not None:
        w, out_dtype = _flat_weights(weights)
    else:
        w, out_dtype = np.ones(flat.shape, value_dtype.as_numpy_dtype), value_dtype
    keep = np.ones(flat.shape, bool) if maxlength is None else flat < maxlength
    size = int(flat.max()) + 1 if flat.size else 0
    if minlength is not None:
        size = max(size, int(minlength))
    if maxlength is not None:
        size = min(size, int(maxlength))
    nrows = (int(rows.max()) + 1 if rows.size else 0) if rows is not None else None
    if rows is not None and isinstance(values, (SparseTensor, RaggedTensor)):
        nrows = int(values.dense_shape.numpy()[0]) if isinstance(values, SparseTensor) \
            else int(values.nrows().numpy())
    elif rows is not None:
        nrows = int(convert_to_tensor(values).shape[0])
    keys = flat[keep] if rows is None else np.stack([rows[keep], flat[keep]], axis=1)
    counts = {}
    for key, weight in zip(map(tuple, keys.reshape(len(keys), -1)), w[keep]):
        counts[key] = 1 if binary_output else counts.get(key, 0) + weight
    order = sorted(counts)
    np_dtype = out_dtype.as_numpy_dtype
    indices = np.array(order, np.int64).reshape(len(order), 1 if rows is None else 2)
    dense_shape = [size] if rows is None else [nrows, size]
    return SparseTensor(_from_numpy(indices),
                        _from_numpy(np.array([counts[k] for k in order], np_dtype)),
                        _from_numpy(np.array(dense_shape, np.int64)))


__all__ = ["bincount"]
