"""``tf.sparse.bincount``: counts per row (``axis=-1``) or over everything (``axis=0``),
returned as a SparseTensor with one entry per value that occurs; ``tf.sparse.sampled_addmm``;
``tf.edit_distance``."""

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from . import array_ops, math_ops
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




def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0,
                  output_type=dtypes.float32):
    """``alpha * (mat1 @ mat2)`` read at the sparse positions `indices`, plus ``beta *
    values``: the sparse result as ``(indices, values, dense_shape)`` (batched over leading
    dimensions)."""
    indices = convert_to_tensor(indices)
    mat1 = convert_to_tensor(mat1, dtype=output_type)
    mat2 = convert_to_tensor(mat2, dtype=output_type)
    product = math_ops.matmul(mat1, mat2)
    picked = array_ops.gather_nd(product, indices, batch_dims=indices.ndim - 2)
    new_values = (math_ops.cast(alpha, output_type) * picked
                  + math_ops.cast(beta, output_type) * convert_to_tensor(values, output_type))
    return indices, new_values, convert_to_tensor(dense_shape)




def _groups(sp):
    """{leading index tuple: the values in order of the last index}."""
    out = {}
    order = np.lexsort(sp.indices.numpy().T[::-1]) if sp.indices.shape[0] else []
    idx, vals = sp.indices.numpy(), sp.values.numpy()
    for k in order:
        out.setdefault(tuple(idx[k][:-1].tolist()), []).append(vals[k])
    return out


def _levenshtein(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """The Levenshtein distance between the sequences of two SparseTensors (the last
    dimension is the sequence), per index of the other dimensions; with `normalize`, divided
    by the truth's length (inf for a hypothesis against an empty truth)."""
    if not isinstance(hypothesis, SparseTensor) or not isinstance(truth, SparseTensor):
        raise TypeError("Hypothesis and truth must be of type SparseTensor.")
    hyp, tru = _groups(hypothesis), _groups(truth)
    shape = np.maximum(hypothesis.dense_shape.numpy()[:-1], truth.dense_shape.numpy()[:-1])
    out = np.zeros(shape, np.float32)
    for group in set(hyp) | set(tru):
        a, b = hyp.get(group, []), tru.get(group, [])
        distance = float(_levenshtein(a, b))
        if normalize:
            distance = distance / len(b) if b else (np.inf if a else np.nan)
        out[group] = distance
    return _from_numpy(out)


__all__ = ["bincount", "edit_distance", "sampled_addmm"]
