"""The order in which TF's checkpoint reader lists a checkpoint's keys.

``reader.get_variable_to_shape_map()`` (and ``..._dtype_map()``) come from a C++
``std::unordered_map`` filled with the checkpoint's keys in sorted order; a Python dict made
from it keeps the hash table's iteration order. Printing such a dict is common in TF's guides,
so eagerbook lists the keys in that same order: the order of GCC's standard library (libstdc++,
what TF's Linux builds use), reproduced here step by step. Nothing else depends on it.

The table, in three facts:
* a key's bucket is ``hash(key) % bucket_count``, where ``hash`` is libstdc++'s
  ``_Hash_bytes`` (a MurmurHash2 variant, 64-bit, seed 0xc70f6907);
* all entries form one list; a key whose bucket is empty goes to the front of the list,
  any other key just before the first key of its bucket;
* when the table would hold more keys than buckets, it grows to a prime bucket count (at least
  double) and re-inserts the keys in list order by the same rule.
"""

import bisect

_MASK = (1 << 64) - 1
_MUL = 0xC6A4A7935BD1E995
_SEED = 0xC70F6907


def _shift_mix(v):
    return v ^ (v >> 47)


def _hash_bytes(data):
    """libstdc++'s ``std::hash<std::string>`` on 64-bit machines."""
    n = len(data)
    whole = n & ~7
    h = (_SEED ^ (n * _MUL)) & _MASK
    for i in range(0, whole, 8):  # 8 bytes at a time, little-endian
        word = int.from_bytes(data[i:i + 8], "little")
        h = ((h ^ ((_shift_mix((word * _MUL) & _MASK) * _MUL) & _MASK)) * _MUL) & _MASK
    if n & 7:  # the last 1-7 bytes as one little-endian number
        h = ((h ^ int.from_bytes(data[whole:], "little")) * _MUL) & _MASK
    return _shift_mix((_shift_mix(h) * _MUL) & _MASK)


# The bucket counts libstdc++ chooses from (its prime list; small requests use the first few).
_SMALL = (2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13)
_PRIMES = (
    13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 103, 109,
    113, 127, 137, 139, 149, 157, 167, 179, 193, 199, 211, 227, 241, 257, 277, 293, 313, 337,
    359, 383, 409, 439, 467, 503, 541, 577, 619, 661, 709, 761, 823, 887, 953, 1031, 1109,
    1193, 1289, 1381, 1493, 1613, 1741, 1879, 2029, 2179, 2357, 2549, 2753, 2971, 3209, 3469,
    3739, 4027, 4349, 4703, 5087, 5503, 5953, 6427, 6949, 7517, 8123, 8783, 9497, 10273,
    11113, 12011, 12983, 14033, 15173, 16411, 17749, 19183, 20753, 22447, 24281, 26267, 28411,
    30727, 33223, 35933, 38873, 42043, 45481, 49201, 53201, 57557, 62233, 67307, 72817,
    78779, 85229, 92203, 99733)


def _bucket_count(at_least):
    if at_least < len(_SMALL):
        return _SMALL[at_least]
    i = bisect.bisect_left(_PRIMES, at_least)
    # (past the list's end, some 100,000 keys, the order is ours: fixed, not TF's)
    return _PRIMES[i] if i < len(_PRIMES) else at_least


class _Table:
    """The hash table's one list of keys, with each bucket's predecessor of its first key
    (as libstdc++ keeps it: inserting before a bucket's first key needs that predecessor)."""

    _HEAD = object()  # stands before the first key

    def __init__(self, buckets, codes):
        self.buckets, self.codes = buckets, codes
        self.after = {self._HEAD: None}  # key -> the next key in the list
        self.before = {}                 # bucket -> the key (or _HEAD) before its first key

    def insert(self, key):
        bucket = self.codes[key] % self.buckets
        if bucket in self.before:  # join its bucket, in front of the bucket's keys
            previous = self.before[bucket]
            self.after[key], self.after[previous] = self.after[previous], key
        else:  # alone in its bucket: to the front of the whole list
            first = self.after[self._HEAD]
            self.after[key], self.after[self._HEAD] = first, key
            self.before[bucket] = self._HEAD
            if first is not None:
                self.before[self.codes[first] % self.buckets] = key

    def keys(self):
        key, out = self.after[self._HEAD], []
        while key is not None:
            out.append(key)
            key = self.after[key]
        return out


def unordered_map_order(keys):
    """`keys` (a checkpoint's keys) in the order TF's reader returns them."""
    keys = sorted(keys)  # the reader fills the table from the sorted checkpoint
    codes = {key: _hash_bytes(key.encode("utf-8")) for key in keys}
    table, limit = _Table(1, codes), 0
    for count, key in enumerate(keys, start=1):
        if count > limit:  # grow: at least 11 buckets first, then at least double
            wanted = max(count, 11 if limit == 0 else 0)
            if wanted >= table.buckets:
                grown = _Table(_bucket_count(max(wanted + 1, 2 * table.buckets)), codes)
                for other in table.keys():
                    grown.insert(other)
                table = grown
            limit = table.buckets
        table.insert(key)
    return table.keys()
