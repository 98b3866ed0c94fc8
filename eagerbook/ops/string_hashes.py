"""The string hashes TF uses, so values land in the same bins
as with TF: FarmHash's ``Fingerprint64`` (``tf.strings.to_hash_bucket_fast``, ``Hashing``
without a salt, the OOV slots of ``StringLookup``), SipHash-2-4 (``to_hash_bucket_strong``,
``Hashing`` with a salt) and MurmurHash2-64A with TF's seed (``to_hash_bucket``). Written on
Python ints kept to 64 bits with ``& _MASK``: slow, but short and exact.
"""

import struct

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


_MURMUR_M = 0xC6A4A7935BD1E995
_HASH64_SEED = 0xDECAFCAFFE  # TF's Hash64 seed


def hash64(data, seed=_HASH64_SEED):
    """TF's ``Hash64``: MurmurHash2-64A of `data` (bytes), little-endian 8-byte blocks."""
    h = (seed ^ (len(data) * _MURMUR_M)) & _MASK
    blocks = len(data) // 8
    for i in range(blocks):
        k = (_fetch64(data, 8 * i) * _MURMUR_M) & _MASK
        k = ((k ^ (k >> 47)) * _MURMUR_M) & _MASK
        h = ((h ^ k) * _MURMUR_M) & _MASK
    tail = data[8 * blocks:]
    if tail:
        h ^= int.from_bytes(tail, "little")
        h = (h * _MURMUR_M) & _MASK
    h = ((h ^ (h >> 47)) * _MURMUR_M) & _MASK
    return h ^ (h >> 47)

