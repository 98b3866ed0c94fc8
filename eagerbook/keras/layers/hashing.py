"""``tf.keras.layers.Hashing``: values -> one of ``num_bins`` bins by a hash of their bytes.

The bins are the ones TF gives, so a model trained with TF hashes a feature the same way here:
without a salt, a value goes to ``Fingerprint64(bytes) % num_bins`` (TF's
``tf.strings.to_hash_bucket_fast``, FarmHash's 64-bit fingerprint); with a salt, to
``SipHash-2-4(key=salt, bytes) % num_bins`` (``to_hash_bucket_strong``). Integers are hashed
as their decimal text (``tf.as_string``). Both hashes are written out below on Python ints
kept to 64 bits with ``& _MASK`` (slow, but short and exact).
"""

import struct

import numpy as np

from ...core import dtypes
from ...core.shape import TensorShape
from ...core.tensor import _from_numpy
from .base import Layer
from .preprocessing import _encode

_MASK = (1 << 64) - 1
# FarmHash's constants (primes between 2^63 and 2^64).
_K0, _K1, _K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F


def _rotate(value, shift):
    return value if shift == 0 else ((value >> shift) | (value << (64 - shift))) & _MASK


def _shift_mix(value):
    return value ^ (value >> 47)


def _fetch64(data, at):
    return struct.unpack_from("<Q", data, at)[0]


def _fetch32(data, at):
    return struct.unpack_from("<I", data, at)[0]


def _hash_len16(u, v, mul):
    a = ((u ^ v) * mul) & _MASK
    a ^= a >> 47
    b = ((v ^ a) * mul) & _MASK
    b ^= b >> 47
    return (b * mul) & _MASK


def _hash_len_0_to_16(data):
    length = len(data)
    if length >= 8:
        mul = _K2 + length * 2
        a = (_fetch64(data, 0) + _K2) & _MASK
        b = _fetch64(data, length - 8)
        c = (_rotate(b, 37) * mul + a) & _MASK
        d = ((_rotate(a, 25) + b) * mul) & _MASK
        return _hash_len16(c, d, mul)
    if length >= 4:
        mul = _K2 + length * 2
        return _hash_len16(length + (_fetch32(data, 0) << 3), _fetch32(data, length - 4), mul)
    if length > 0:
        y = (data[0] + (data[length >> 1] << 8)) & 0xFFFFFFFF
        z = (length + (data[length - 1] << 2)) & 0xFFFFFFFF
        return (_shift_mix(((y * _K2) ^ (z * _K0)) & _MASK) * _K2) & _MASK
    return _K2


def _hash_len_17_to_32(data):
    length = len(data)
    mul = _K2 + length * 2
    a = (_fetch64(data, 0) * _K1) & _MASK
    b = _fetch64(data, 8)
    c = (_fetch64(data, length - 8) * mul) & _MASK
    d = (_fetch64(data, length - 16) * _K2) & _MASK
    return _hash_len16((_rotate((a + b) & _MASK, 43) + _rotate(c, 30) + d) & _MASK,
                       (a + _rotate((b + _K2) & _MASK, 18) + c) & _MASK, mul)


def _hash_len_33_to_64(data):
    length = len(data)
    mul = _K2 + length * 2
    a = (_fetch64(data, 0) * _K2) & _MASK
    b = _fetch64(data, 8)
    c = (_fetch64(data, length - 8) * mul) & _MASK
    d = (_fetch64(data, length - 16) * _K2) & _MASK
    y = (_rotate((a + b) & _MASK, 43) + _rotate(c, 30) + d) & _MASK
    z = _hash_len16(y, (a + _rotate((b + _K2) & _MASK, 18) + c) & _MASK, mul)
    e = (_fetch64(data, 16) * mul) & _MASK
    f = _fetch64(data, 24)
    g = ((y + _fetch64(data, length - 32)) * mul) & _MASK
    h = ((z + _fetch64(data, length - 24)) * mul) & _MASK
    return _hash_len16((_rotate((e + f) & _MASK, 43) + _rotate(g, 30) + h) & _MASK,
                       (e + _rotate((f + a) & _MASK, 18) + g) & _MASK, mul)


def _weak_hash_len32_with_seeds(data, at, a, b):
    w, x, y, z = (_fetch64(data, at + 8 * i) for i in range(4))
    a = (a + w) & _MASK
    b = _rotate((b + a + z) & _MASK, 21)
    c = a
    a = (a + x + y) & _MASK
    b = (b + _rotate(a, 44)) & _MASK
    return (a + z) & _MASK, (b + c) & _MASK


def fingerprint64(data):
    """FarmHash's ``Fingerprint64`` of the bytes `data` (what TF's fast string hash uses)."""
    length = len(data)
    if length <= 16:
        return _hash_len_0_to_16(data)
    if length <= 32:
        return _hash_len_17_to_32(data)
    if length <= 64:
        return _hash_len_33_to_64(data)
    # Longer inputs: 64-byte blocks stirred into the state (x, y, z, v, w), then the last 64.
    seed = 81
    x = seed
    y = (seed * _K1 + 113) & _MASK
    z = (_shift_mix((y * _K2 + 113) & _MASK) * _K2) & _MASK
    v, w = (0, 0), (0, 0)
    x = (x * _K2 + _fetch64(data, 0)) & _MASK
    end = ((length - 1) // 64) * 64
    last64 = end + ((length - 1) & 63) - 63
    at = 0
    while at != end:
        x = (_rotate((x + y + v[0] + _fetch64(data, at + 8)) & _MASK, 37) * _K1) & _MASK
        y = (_rotate((y + v[1] + _fetch64(data, at + 48)) & _MASK, 42) * _K1) & _MASK
        x ^= w[1]
        y = (y + v[0] + _fetch64(data, at + 40)) & _MASK
        z = (_rotate((z + w[0]) & _MASK, 33) * _K1) & _MASK
        v = _weak_hash_len32_with_seeds(data, at, (v[1] * _K1) & _MASK, (x + w[0]) & _MASK)
        w = _weak_hash_len32_with_seeds(data, at + 32, (z + w[1]) & _MASK,
                                        (y + _fetch64(data, at + 16)) & _MASK)
        z, x = x, z
        at += 64
    mul = _K1 + ((z & 0xFF) << 1)
    at = last64
    w0 = (w[0] + ((length - 1) & 63)) & _MASK
    v0 = (v[0] + w0) & _MASK
    w0 = (w0 + v0) & _MASK
    v, w = (v0, v[1]), (w0, w[1])
    x = (_rotate((x + y + v[0] + _fetch64(data, at + 8)) & _MASK, 37) * mul) & _MASK
    y = (_rotate((y + v[1] + _fetch64(data, at + 48)) & _MASK, 42) * mul) & _MASK
    x ^= (w[1] * 9) & _MASK
    y = (y + v[0] * 9 + _fetch64(data, at + 40)) & _MASK
    z = (_rotate((z + w[0]) & _MASK, 33) * mul) & _MASK
    v = _weak_hash_len32_with_seeds(data, at, (v[1] * mul) & _MASK, (x + w[0]) & _MASK)
    w = _weak_hash_len32_with_seeds(data, at + 32, (z + w[1]) & _MASK,
                                    (y + _fetch64(data, at + 16)) & _MASK)
    z, x = x, z
    return _hash_len16((_hash_len16(v[0], w[0], mul) + _shift_mix(y) * _K0 + z) & _MASK,
                       (_hash_len16(v[1], w[1], mul) + x) & _MASK, mul)


def siphash24(key, data):
    """SipHash-2-4 of the bytes `data` under the two 64-bit words `key` (TF's keyed hash)."""
    k0, k1 = key[0] & _MASK, key[1] & _MASK
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D,
         k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]

    def rounds(count):
        for _ in range(count):
            v[0] = (v[0] + v[1]) & _MASK
            v[1] = _rotate(v[1], 64 - 13) ^ v[0]
            v[0] = _rotate(v[0], 64 - 32)
            v[2] = (v[2] + v[3]) & _MASK
            v[3] = _rotate(v[3], 64 - 16) ^ v[2]
            v[0] = (v[0] + v[3]) & _MASK
            v[3] = _rotate(v[3], 64 - 21) ^ v[0]
            v[2] = (v[2] + v[1]) & _MASK
            v[1] = _rotate(v[1], 64 - 17) ^ v[2]
            v[2] = _rotate(v[2], 64 - 32)

    # The last word holds the tail bytes and, in its top byte, the length mod 256.
    padded = data + bytes((-len(data) - 1) % 8) + bytes([len(data) & 0xFF])
    for at in range(0, len(padded), 8):
        word = _fetch64(padded, at)
        v[3] ^= word
        rounds(2)
        v[0] ^= word
    v[2] ^= 0xFF
    rounds(4)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def _as_bytes(value):
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return str(int(value)).encode("ascii")  # integers hash as their decimal text


class Hashing(Layer):
    """Values (strings or integers) -> bin indices in ``[0, num_bins)`` by hashing; with a
    `mask_value`, that value goes to bin 0 and the others to the remaining bins."""

    _MODES = ("int", "one_hot", "multi_hot", "count")

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False,
                 **kwargs):
        if num_bins is None or num_bins <= 0:
            raise ValueError("The `num_bins` for `Hashing` cannot be `None` or non-positive "
                             f"values. Received: num_bins={num_bins}.")
        if output_mode not in self._MODES:
            raise ValueError(f"Unkown value for `output_mode` argument of layer Hashing. "
                             f"Allowed values are: or one of the following values: "
                             f"{self._MODES}. Received: {output_mode}")  # TF's words
        if sparse and output_mode == "int":
            raise ValueError('`sparse` may only be true if `output_mode` is `"one_hot"`, '
                             f'`"multi_hot"`, or `"count"`. Received: sparse={sparse} and '
                             f"output_mode={output_mode}")
        if salt is not None and not (isinstance(salt, (tuple, list)) and len(salt) == 2) \
                and not isinstance(salt, int):
            raise ValueError("The `salt` argument for `Hashing` can only be a tuple of size 2 "
                             f"integers, or a single integer. Received: salt={salt}.")
        if kwargs.get("dtype") is None:  # TF's: the dtype of what the layer returns
            kwargs["dtype"] = "int64" if output_mode == "int" else "float32"
        super().__init__(**kwargs)
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.salt = None if salt is None else list(salt) if isinstance(salt, (tuple, list)) \
            else [salt, salt]
        self.output_mode = output_mode
        self.sparse = sparse
        self._autocast = False

    def _bin(self, value, bins):
        data = _as_bytes(value)
        digest = fingerprint64(data) if self.salt is None else siphash24(self.salt, data)
        return digest % bins

    def call(self, inputs):
        values = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs)
        masked = self.mask_value is not None and self.num_bins > 1
        bins = self.num_bins - 1 if masked else self.num_bins
        flat = values.reshape(-1)
        indices = np.array([self._bin(v, bins) for v in flat], np.int64).reshape(values.shape)
        if masked:
            mask_value = _as_bytes(self.mask_value) if values.dtype.kind in "OSU" \
                else self.mask_value
            is_mask = np.array([(_as_bytes(v) if values.dtype.kind in "OSU" else v) ==
                                mask_value for v in flat], bool).reshape(values.shape)
            indices = np.where(is_mask, 0, indices + 1)
        if self.output_mode == "int":
            return _from_numpy(indices)
        if self.output_mode == "one_hot":
            return _from_numpy(_encode(indices, self.num_bins, "one_hot"))
        rows = indices if indices.ndim > 1 else indices.reshape(1, -1)
        encoded = _encode(rows, self.num_bins, self.output_mode)
        return _from_numpy(encoded if indices.ndim > 1 else encoded[0])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.output_mode == "int":
            return TensorShape(dims)
        if self.output_mode == "one_hot" and (len(dims) < 2 or dims[-1] != 1):
            return TensorShape(dims + [self.num_bins])
        return TensorShape(dims[:-1] + [self.num_bins])

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" else dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt,
                       "mask_value": self.mask_value, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config
