"""``tf.random.experimental.index_shuffle``: where `index` lands in a pseudorandom permutation
of ``[0, ..., max_index]``, without building the permutation.

As in TF, the permutation is a small block cipher (Simon, 4 rounds) on blocks of at least 16
bits, keyed by the seed; a value that encrypts past `max_index` is encrypted again until it
falls inside ("cycle walking"), which keeps the map a bijection of ``[0, max_index]``.
"""

import math

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from .array_ops import pad
from .registry import execute, invalid_argument, register

_SEED_PAD = 498247692  # TF's first key word: the raw op takes 3 words, users give 2
_ROUNDS = 4


def _rotate_left(x, r, width):
    return ((x << r) | (x >> (width - r))) & ((1 << width) - 1)


def _rotate_right(x, r, width):
    return ((x >> r) | (x << (width - r))) & ((1 << width) - 1)


def _round_keys(key, width, rounds):
    """Simon's key schedule on `width`-bit words (the constants cut to `width` bits)."""
    mask = (1 << width) - 1
    c, z = 0xFFFFFFFC & mask, 0x7369F885192C0EF5 & mask
    keys = [k & mask for k in key]
    for i in range(3, rounds):
        keys.append(c ^ (z & 1) ^ keys[i - 3] ^ _rotate_right(keys[i - 1], 3, width)
                    ^ _rotate_right(keys[i - 1], 4, width))
        z >>= 1
    return keys


def _shuffle_one(index, key, max_index):
    if max_index == 0:
        return 0
    block = math.ceil(math.log2(max_index))
    block = min(max(block + block % 2, 16), 64)
    width = block // 2
    mask = (1 << width) - 1
    keys = _round_keys(key, width, _ROUNDS)

    def mix(x):
        return (_rotate_left(x, 1, width) & _rotate_left(x, 8, width)) ^ \
            _rotate_left(x, 2, width)

    value = index
    while True:
        left, right = (value >> width) & mask, value & mask
        for k1, k2 in zip(keys[::2], keys[1::2]):
            left ^= mix(right) ^ k1
            right ^= mix(left) ^ k2
        value = (left << width) | right
        if value <= max_index:
            return value


def _infer_index_shuffle(inputs, attrs):
    index, seed, max_index = inputs
    batch = [d for t in (index, max_index) if t.shape.rank for d in t.shape.as_list()[:1]]
    if seed.shape.rank == 2:
        batch = batch or seed.shape.as_list()[:1]
    return [(index.dtype, tuple(batch[:1]))]


@register("RandomIndexShuffle", differentiable=False, infer_shape=_infer_index_shuffle)
def _random_index_shuffle(index, seed, max_index, rounds):
    if seed.shape[-1:] != (3,) or seed.ndim not in (1, 2):
        shape = "[" + ",".join(map(str, seed.shape)) + "]"
        raise invalid_argument("RandomIndexShuffle", f"Seed must be a vector of size [3] or a "
                                                     f"matrix of size [1, 3] but got {shape}.")
    words = seed.astype(np.int64).reshape(-1, 3) & 0xFFFFFFFF  # TF casts each to uint32
    n = max(index.size, max_index.size, words.shape[0])
    flat_index = np.broadcast_to(index.reshape(-1), (n,))
    flat_max = np.broadcast_to(max_index.reshape(-1), (n,))
    flat_keys = np.broadcast_to(words, (n, 3))
    out = [_shuffle_one(int(i), [int(k) for k in key], int(m))
           for i, key, m in zip(flat_index, flat_keys, flat_max)]
    shape = () if index.ndim == max_index.ndim == 0 and seed.ndim == 1 else (n,)
    return np.array(out, dtype=index.dtype).reshape(shape)


def index_shuffle(index, seed, max_index):
    """The position of `index` in the permutation of ``[0, ..., max_index]`` chosen by `seed`
    (shape [2]); `index` and `max_index` may be vectors."""
    index = convert_to_tensor(index)
    if index.dtype not in (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64):
        raise TypeError(f"Value passed to parameter 'index' has DataType {index.dtype.name} "
                        "not in list of allowed values: int32, int64, uint32, uint64")
    max_index = convert_to_tensor(max_index, dtype=index.dtype)
    seed = convert_to_tensor(seed)
    seed = pad(seed, [[1, 0]] + [[0, 0]] * (seed.ndim - 1), constant_values=_SEED_PAD)
    return execute(_random_index_shuffle, (index, seed, max_index), {"rounds": _ROUNDS})


__all__ = ["index_shuffle"]
