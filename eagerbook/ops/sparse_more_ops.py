"""Feature crosses (``tf.sparse.cross``/``cross_hashed``, ``tf.ragged.cross``/``cross_hashed``)
and smaller ``tf.sparse`` helpers (``eye``, ``fill_empty_rows``, ``reshape``, ``to_indicator``,
``mask``).

A cross combines, row by row, one value from each input in every way (the first input varying
slowest): joined as strings with a separator, or hashed together -- each value's FarmHash
fingerprint (an integer's own bits) chained by ``FingerprintCat64`` from a key, as TF's kernels.
The inputs are rank-2: dense Tensors, SparseTensors or RaggedTensors with one row per example.
Crosses and the helpers read values eagerly (their output shapes depend on them).
"""

import itertools

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import Tensor, convert_to_tensor
from .array_ops import gather
from .indexed_slices import IndexedSlices
from .ragged_ops import RaggedTensor
from .sparse_ops import SparseTensor
from .string_hashes import fingerprint64

_MASK = (1 << 64) - 1
_MUL = 0xC6A4A7935BD1E995
_DEFAULT_HASH_KEY = 0xDECAFCAFFE


# --- crosses ---------------------------------------------------------------------------------
def _rows(feature):
    """A rank-2 input's values, one Python list per row."""
    if isinstance(feature, RaggedTensor):
        return [list(row) for row in feature.to_list()]
    if isinstance(feature, SparseTensor):
        indices = feature.indices.numpy()
        values = feature.values.numpy().tolist()
        rows = [[] for _ in range(int(feature.dense_shape.numpy()[0]))]
        for (row, _), value in zip(indices, values):
            rows[row].append(value)
        return rows
    array = convert_to_tensor(feature).numpy()
    if array.ndim != 2:
        raise errors.InvalidArgumentError(None, None, f"tensors must be 2-D, got shape "
                                                      f"{list(array.shape)}")
    return array.tolist()


def _crossed_rows(inputs, op_name):
    features = [_rows(f) for f in inputs]
    if not features:
        raise ValueError("inputs must be a non-empty list")
    counts = {len(f) for f in features}
    if len(counts) != 1:
        raise errors.op_error(errors.InvalidArgumentError, op_name,
                              "inputs must all have the same batch dimension size.")
    return [list(itertools.product(*row)) for row in zip(*features)]


def _as_bytes(value):
    return value if isinstance(value, bytes) else str(value).encode("utf-8")


def _fingerprint(value):
    if isinstance(value, bytes):
        return fingerprint64(value)
    return int(value) & _MASK  # an integer feature hashes as its own 64 bits


def _shift_mix(value):
    return value ^ (value >> 47)


def _fingerprint_cat(first, second):
    result = first ^ _MUL
    result ^= (_shift_mix((second * _MUL) & _MASK) * _MUL) & _MASK
    result = (result * _MUL) & _MASK
    result = (_shift_mix(result) * _MUL) & _MASK
    return _shift_mix(result)


def _hashed(combination, num_buckets, hash_key):
    value = _DEFAULT_HASH_KEY if hash_key is None else int(hash_key) & _MASK
    for part in combination:
        value = _fingerprint_cat(value, _fingerprint(part))
    return value % num_buckets if num_buckets > 0 else value % ((1 << 63) - 1)


def _joined(combination, separator):
    return separator.encode("utf-8").join(_as_bytes(part) for part in combination)


def _as_sparse(rows, values, dtype):
    indices = [[r, j] for r, row in enumerate(rows) for j in range(len(row))]
    width = max((len(row) for row in rows), default=0)
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, 2),
                        convert_to_tensor(np.asarray(values, dtype=dtype)),
                        [len(rows), width])


def _as_ragged(rows, values, dtype):
    return RaggedTensor.from_row_lengths(convert_to_tensor(np.asarray(values, dtype=dtype)),
                                         np.asarray([len(r) for r in rows], np.int64))


def _string_values(rows, separator):
    return np.array([_joined(c, separator) for row in rows for c in row] + [None],
                    dtype=object)[:-1]


def sparse_cross(inputs, name=None, separator=None):
    """``tf.sparse.cross``: every combination of one value per input in each row, joined
    with `separator` ("_X_" by default), as a SparseTensor of strings."""
    rows = _crossed_rows(inputs, "SparseCrossV2")
    values = _string_values(rows, "_X_" if separator is None else separator)
    return _as_sparse(rows, values, object)


def sparse_cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """``tf.sparse.cross_hashed``: the combinations of ``cross`` hashed (int64, modulo
    `num_buckets` when it is positive)."""
    rows = _crossed_rows(inputs, "SparseCrossHashed")
    values = [_hashed(c, int(num_buckets), hash_key) for row in rows for c in row]
    return _as_sparse(rows, values, np.int64)


def ragged_cross(inputs, name=None):
    """``tf.ragged.cross``: as ``tf.sparse.cross``, one ragged row per input row."""
    rows = _crossed_rows(inputs, "RaggedCross")
    return _as_ragged(rows, _string_values(rows, "_X_"), object)


def ragged_cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """``tf.ragged.cross_hashed``: as ``tf.sparse.cross_hashed``, one ragged row per input
    row."""
    rows = _crossed_rows(inputs, "RaggedCross")
    values = [_hashed(c, int(num_buckets), hash_key) for row in rows for c in row]
    return _as_ragged(rows, values, np.int64)


# --- small tf.sparse helpers -----------------------------------------------------------------
def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None):
    """A sparse identity matrix (ones on the main diagonal)."""
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    diagonal = np.arange(min(rows, cols), dtype=np.int64)
    dtype = dtypes.as_dtype(dtype)
    return SparseTensor(np.stack([diagonal, diagonal], axis=1),
                        convert_to_tensor(np.ones(len(diagonal), dtype.as_numpy_dtype)),
                        [rows, cols])


def fill_empty_rows(sp_input, default_value, name=None):
    """(the SparseTensor with `default_value` at column 0 of each row that has no value,
    a bool vector marking those rows); entries come out in row-major order."""
    indices = sp_input.indices.numpy()
    values = sp_input.values.numpy()
    shape = sp_input.dense_shape.numpy()
    empty = np.ones(int(shape[0]), bool)
    empty[indices[:, 0]] = False
    extra = np.zeros((int(empty.sum()), indices.shape[1]), np.int64)
    extra[:, 0] = np.flatnonzero(empty)
    filler = np.full(len(extra), convert_to_tensor(default_value).numpy(), values.dtype)
    all_indices = np.concatenate([indices, extra])
    all_values = np.concatenate([values, filler])
    order = np.lexsort(all_indices.T[::-1])
    filled = SparseTensor(all_indices[order], convert_to_tensor(all_values[order]), shape)
    return filled, convert_to_tensor(empty)


def reshape(sp_input, shape, name=None):
    """The same entries in a dense shape of as many elements (one dimension may be -1)."""
    old_shape = sp_input.dense_shape.numpy()
    new_shape = np.asarray(convert_to_tensor(shape).numpy(), np.int64).reshape(-1)
    total = int(np.prod(old_shape))
    unknown = np.flatnonzero(new_shape == -1)
    if len(unknown) > 1:
        raise errors.op_error(errors.InvalidArgumentError, "SparseReshape",
                              f"only one output dimension may be -1, not both {unknown[0]} and "
                              f"{unknown[1]}")
    if len(unknown):
        known = int(np.prod(new_shape[new_shape != -1]))
        if known == 0 or total % known:
            raise errors.op_error(errors.InvalidArgumentError, "SparseReshape",
                                  f"Input to reshape is a SparseTensor with {total} dense "
                                  f"values, but the requested shape requires a multiple of "
                                  f"{known}")
        new_shape[unknown[0]] = total // known
    if int(np.prod(new_shape)) != total:
        raise errors.op_error(errors.InvalidArgumentError, "SparseReshape",
                              f"Input to reshape is a tensor with {total} dense values, but "
                              f"the requested shape has {int(np.prod(new_shape))}. "
                              f"input_shape=[{','.join(str(d) for d in old_shape)}] "
                              f"output_shape=[{','.join(str(d) for d in new_shape)}]")
    flat = np.ravel_multi_index(sp_input.indices.numpy().T, old_shape) if total else \
        np.zeros(0, np.int64)
    new_indices = np.stack(np.unravel_index(flat, new_shape), axis=1).astype(np.int64) \
        if len(flat) else np.zeros((0, len(new_shape)), np.int64)
    return SparseTensor(new_indices, sp_input.values, new_shape)


def to_indicator(sp_input, vocab_size, name=None):
    """A dense bool tensor, one more axis of `vocab_size`: True at each id of each row."""
    indices = sp_input.indices.numpy()
    ids = sp_input.values.numpy().astype(np.int64)
    shape = sp_input.dense_shape.numpy()
    out = np.zeros(tuple(shape[:-1]) + (int(vocab_size),), bool)
    if np.any((ids < 0) | (ids >= vocab_size)):
        raise errors.op_error(errors.InvalidArgumentError, "SparseToDense",
                              f"indices are out of bounds for vocab_size {vocab_size}")
    out[tuple(indices[:, :-1].T) + (ids,)] = True
    return convert_to_tensor(out)


def mask(a, mask_indices, name=None):
    """The IndexedSlices `a` without the slices whose index is in `mask_indices`."""
    indices = convert_to_tensor(a.indices).numpy()
    keep = ~np.isin(indices, convert_to_tensor(mask_indices).numpy())
    positions = np.flatnonzero(keep)
    values = a.values if isinstance(a.values, Tensor) else convert_to_tensor(a.values)
    return IndexedSlices(gather(values, positions), convert_to_tensor(indices[keep]),
                         a.dense_shape)
