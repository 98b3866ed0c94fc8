"""Philox-4x32-10, the counter-based generator behind TF's random kernels, in NumPy.

A Philox generator maps a 128-bit *counter* and a 64-bit *key* to 128 random bits (four
uint32 words) by ten rounds of multiply-and-xor; the next block comes from counter + 1.
TF's CPU kernels draw every random tensor this way, so computing the same blocks and turning
them into numbers with the same bit tricks gives exactly TF's values:

* stateless ops (``tf.random.stateless_*``) get key and counter from their seed;
* ``tf.random.Generator`` keeps the counter and key in its state Variable;
* the seeded stateful ops (``tf.random.normal(..., seed=1)``, or after ``set_seed``) start
  at key = seed, counter = (0, 0, seed2) and move on after each call.

Words are little-endian throughout: word 0 is the least significant.
"""

import math

import numpy as np

_MASK32 = 0xFFFFFFFF
_MULTIPLIERS = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_KEY_STEPS = (0x9E3779B9, 0xBB67AE85)  # the key grows by these (golden ratio, sqrt(3)-1)

# Each call of a stateful kernel reserves 256 blocks per output element, however many it
# uses, so the next call never overlaps (TF's "kReservedSamplesPerOutput").
BLOCKS_RESERVED_PER_OUTPUT = 256


def blocks(key, counter, count):
    """`count` consecutive Philox outputs, shape [count, 4] uint32, the first at `counter`.

    key: 2 uint32 words; counter: 4 uint32 words (a 128-bit number).
    """
    start = _as_int(counter)
    start_low = np.uint64(start & 0xFFFFFFFFFFFFFFFF)
    low = start_low + np.arange(count, dtype=np.uint64)  # wraps round at 2**64 ...
    high = np.uint64(start >> 64) + (low < start_low)  # ... carrying into the high half
    return _rounds(key, low, high.astype(np.uint64))


def _as_int(words32):
    return sum(int(w) << (32 * i) for i, w in enumerate(words32))


def _blocks_at(key, counters):
    """One Philox output per 128-bit counter (Python ints, any number of them): [n, 4]."""
    counters = [int(c) % (1 << 128) for c in counters]
    return _rounds(key, np.array([c & 0xFFFFFFFFFFFFFFFF for c in counters], dtype=np.uint64),
                   np.array([c >> 64 for c in counters], dtype=np.uint64))


def _rounds(key, low, high):
    """Philox's ten rounds on counters given as their low and high 64-bit halves."""
    mask = np.uint64(_MASK32)
    c = [low & mask, low >> np.uint64(32), high & mask, high >> np.uint64(32)]
    k0, k1 = int(key[0]), int(key[1])
    for _ in range(10):
        p0 = _MULTIPLIERS[0] * c[0]  # a 32x32 -> 64-bit product: exact in uint64
        p1 = _MULTIPLIERS[1] * c[2]
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ np.uint64(k0), p1 & mask,
             (p0 >> np.uint64(32)) ^ c[3] ^ np.uint64(k1), p0 & mask]
        k0, k1 = (k0 + _KEY_STEPS[0]) & _MASK32, (k1 + _KEY_STEPS[1]) & _MASK32
    return np.stack(c, axis=-1).astype(np.uint32).reshape(-1, 4)


def skip(counter, count):
    """The counter `count` blocks further on (4 uint32 words, wrapping at 2**128)."""
    value = (_as_int(counter) + count) % (1 << 128)
    return [(value >> (32 * i)) & _MASK32 for i in range(4)]


def words(key, counter, n, per_block=4, group_stride=1):
    """The first `n` uint32 words of the stream, flat, `per_block` taken from each block.

    Distributions that turn one block into fewer than four words' worth of values still use
    whole blocks; `group_stride` spaces the blocks (truncated normal's groups are 256 apart).
    """
    count = -(-n // per_block)
    bits = blocks(key, counter, count * group_stride)[::group_stride]
    return bits[:, :per_block].reshape(-1)[:n]


# --- bits to numbers: TF's tricks (random_distributions.h) -------------------------------------
def _unit_float32(x):
    """uint32 -> float32 in [0, 1): 23 random mantissa bits under exponent 0, minus one."""
    return ((x & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)).view(np.float32) - np.float32(1)


def _unit_float16(x):
    return ((x & np.uint32(0x3FF)).astype(np.uint16) | np.uint16(15 << 10)).view(
        np.float16) - np.float16(1)


def _unit_float64(hi, lo):
    """Two uint32 -> float64 in [0, 1): 52 mantissa bits (20 from `hi`, 32 from `lo`)."""
    mantissa = ((hi & np.uint32(0xFFFFF)).astype(np.uint64) << np.uint64(32)) | lo
    return (mantissa | np.uint64(1023 << 52)).view(np.float64) - 1.0


# Box-Muller in float32 calls the C library's logf, sinf and cosf, whose last bit NumPy's own
# float32 functions do not always reproduce. Up to _EXACT_LIMIT values we call the C library
# itself (one call per value, ~2 us each: exact, and at most ~8 ms a draw); past it, or without
# a C library to call, the float64 functions rounded once, which agree on all but about 1.5% of
# values (in the last digit).
_EXACT_LIMIT = 1 << 12


def _c_float_functions():
    try:
        import ctypes
        import ctypes.util
        libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        functions = []
        for name in ("logf", "sinf", "cosf"):
            fn = getattr(libm, name)
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
            functions.append(np.vectorize(fn, otypes=[np.float32]))
        return functions
    except (OSError, AttributeError, TypeError):
        return None


_C_FLOAT_FUNCTIONS = _c_float_functions()


def _rounded(fn):
    """fn on float32 values, computed in float64 and rounded once."""
    return lambda x: fn(x.astype(np.float64)).astype(np.float32)


def _box_muller32(x0, x1):
    """Two standard normals (float32) from two uint32 streams."""
    u1 = np.maximum(_unit_float32(x0), np.float32(1.0e-7))
    v1 = (2.0 * np.pi * _unit_float32(x1).astype(np.float64)).astype(np.float32)
    log, sin, cos = (_C_FLOAT_FUNCTIONS if _C_FLOAT_FUNCTIONS and u1.size <= _EXACT_LIMIT
                     else (_rounded(np.log), _rounded(np.sin), _rounded(np.cos)))
    u2 = np.sqrt(np.float32(-2.0) * log(u1))  # sqrt is correctly rounded in float32 too
    return sin(v1) * u2, cos(v1) * u2


def _box_muller64(x0, x1, x2, x3):
    u1 = np.maximum(_unit_float64(x0, x1), 1.0e-34)
    v1 = 2.0 * np.pi * _unit_float64(x2, x3)
    u2 = np.sqrt(-2.0 * np.log(u1))
    return np.sin(v1) * u2, np.cos(v1) * u2


def _interleave(a, b):
    out = np.empty(a.size * 2, dtype=a.dtype)
    out[0::2], out[1::2] = a, b
    return out


def uniform(key, counter, shape, np_dtype):
    """Floats in [0, 1). float64 takes two words a value (two values a block)."""
    n = int(np.prod(shape, dtype=np.int64))
    if np_dtype == np.float64:
        w = words(key, counter, 2 * n).reshape(-1, 2)
        return _unit_float64(w[:, 0], w[:, 1]).reshape(shape)
    w = words(key, counter, n)
    if np_dtype == np.float16:
        return _unit_float16(w).reshape(shape)
    return _unit_float32(w).astype(np_dtype).reshape(shape)


def normal(key, counter, shape, np_dtype):
    """Standard normals by Box-Muller: float32 (and float16, from float32) take a pair of words
    a pair of values; float64 four words a pair."""
    n = int(np.prod(shape, dtype=np.int64))
    if np_dtype == np.float64:
        w = words(key, counter, 2 * n + (2 * n) % 4).reshape(-1, 4)
        return _interleave(*_box_muller64(*w.T))[:n].reshape(shape)
    w = words(key, counter, n + n % 2).reshape(-1, 2)
    return _interleave(*_box_muller32(w[:, 0], w[:, 1]))[:n].astype(np_dtype).reshape(shape)


def truncated_normal(key, counter, shape, np_dtype):
    """Normals with |x| < 2, drawn in groups (4 values; 2 for float64) whose generators start
    256 blocks apart; each group takes Box-Muller pairs block after block, in order, and keeps
    the values inside until it has its 4 (all groups advance together here)."""
    n = int(np.prod(shape, dtype=np.int64))
    wide = np_dtype == np.float64
    group = 2 if wide else 4
    groups = -(-n // group)
    starts = _as_int(counter) + np.arange(groups, dtype=object) * (
        group * BLOCKS_RESERVED_PER_OUTPUT // 4)
    kept = np.zeros((groups, group), dtype=np.float64 if wide else np.float32)
    have = np.zeros(groups, dtype=np.int64)
    pending, drawn = np.arange(groups), 0
    while pending.size:
        w = _blocks_at(key, starts[pending] + drawn).T  # 4 words per pending group
        pairs = [_box_muller64(*w)] if wide else [_box_muller32(w[0], w[1]),
                                                  _box_muller32(w[2], w[3])]
        for value in (v for pair in pairs for v in pair):  # in the order TF takes them
            take = (np.abs(value) < 2.0) & (have[pending] < group)
            rows = pending[take]
            kept[rows, have[rows]] = value[take]
            have[rows] += 1
        pending, drawn = pending[have[pending] < group], drawn + 1
    return kept.reshape(-1)[:n].astype(np_dtype).reshape(shape)


def uniform_int(key, counter, shape, np_dtype, lo, hi):
    """Integers in [lo, hi): lo + bits % (hi - lo), 32 bits a value (64 for int64)."""
    n = int(np.prod(shape, dtype=np.int64))
    span = hi - lo
    if np.dtype(np_dtype).itemsize == 8:
        w = words(key, counter, 2 * n).reshape(-1, 2).astype(np.uint64)
        bits = w[:, 0] | (w[:, 1] << np.uint64(32))
        return (np.int64(lo) + (bits % np.uint64(span)).astype(np.int64)).reshape(shape)
    bits = words(key, counter, n)
    return (lo + (bits % np.uint32(span)).astype(np.int64)).astype(np_dtype).reshape(shape)


def full_int(key, counter, shape, np_dtype):
    """Integers over the whole range of the dtype: the bits themselves."""
    n = int(np.prod(shape, dtype=np.int64))
    if np.dtype(np_dtype).itemsize == 8:
        w = words(key, counter, 2 * n).reshape(-1, 2).astype(np.uint64)
        return (w[:, 0] | (w[:, 1] << np.uint64(32))).view(np_dtype).reshape(shape)
    return words(key, counter, n).view(np_dtype).reshape(shape)


# --- where the key and counter come from ----------------------------------------------------------
def key_counter_from_seed(seed0, seed1):
    """A stateless op's (key, counter) from its shape-[2] seed: the seed scrambled by one
    Philox block under a fixed key, so nearby seeds give unrelated streams."""
    seed0, seed1 = int(seed0) & 0xFFFFFFFFFFFFFFFF, int(seed1) & 0xFFFFFFFFFFFFFFFF
    counter = [seed0 & _MASK32, seed0 >> 32, seed1 & _MASK32, seed1 >> 32]
    mix = blocks([0x3EC8F720, 0x02461E29], counter, 1)[0]
    return [int(mix[0]), int(mix[1])], [0, 0, int(mix[2]), int(mix[3])]


def key_counter_from_op_seeds(seed, seed2):
    """A stateful op's starting (key, counter) from its two seed attributes."""
    seed, seed2 = int(seed) & 0xFFFFFFFFFFFFFFFF, int(seed2) & 0xFFFFFFFFFFFFFFFF
    return [seed & _MASK32, seed >> 32], [0, 0, seed2 & _MASK32, seed2 >> 32]


def split64(values):
    """uint64/int64 words -> their uint32 halves, low first ([k] -> [2k])."""
    out = []
    for v in values:
        v = int(v) & 0xFFFFFFFFFFFFFFFF
        out += [v & _MASK32, v >> 32]
    return out


def join64(words32):
    """uint32 halves, low first -> uint64 words ([2k] -> [k])."""
    return [int(words32[i]) | (int(words32[i + 1]) << 32) for i in range(0, len(words32), 2)]


# --- binomial samples: TF's sampler (inversion for small means, BTRS otherwise) ---------------
class _DoubleStream:
    """Uniform float64s in [0, 1) from consecutive Philox blocks, two per block taken last
    first (the order TF's binomial sampler uses them). `ready` holds the first few, worked
    out for many streams at once; further blocks are computed one at a time."""

    def __init__(self, key, counter, ready):
        self._key, self._ready = key, ready
        self._next = counter + len(ready) // 2
        self._at = 0

    def __call__(self):
        if self._at == len(self._ready):
            block = _blocks_at(self._key, [self._next])[0]
            self._next += 1
            self._ready = [_unit_float64(block[2], block[3]), _unit_float64(block[0], block[1])]
            self._at = 0
        self._at += 1
        return float(self._ready[self._at - 1])


_BLOCKS_AHEAD = 6  # enough for nearly every sample (inversion averages under 6 blocks)


def _first_doubles(key, starts):
    """The first 2 * _BLOCKS_AHEAD doubles of the streams starting at `starts` (ints)."""
    counters = [start + j for start in starts for j in range(_BLOCKS_AHEAD)]
    bits = _blocks_at(key, counters).reshape(len(starts), _BLOCKS_AHEAD, 4)
    pairs = np.stack([_unit_float64(bits[..., 2], bits[..., 3]),
                      _unit_float64(bits[..., 0], bits[..., 1])], axis=-1)
    return pairs.reshape(len(starts), -1).tolist()


_STIRLING_TAILS = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                   0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                   0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                   0.00833056343336287)


def _stirling_tail(k):
    """log(k!) minus Stirling's approximation of it."""
    if k <= 9:
        return _STIRLING_TAILS[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _binomial_inversion(count, prob, uniform):
    """Counts geometric waiting times until they pass `count` (mean count*prob < 10)."""
    total, successes = 0.0, 0
    log_q = math.log1p(-prob)
    while True:
        total += math.ceil(math.log(uniform()) / log_q)
        if total > count:
            return successes
        successes += 1


def _btrs(count, prob, uniform):
    """Hormann's transformed rejection with squeeze (mean count*prob >= 10)."""
    stddev = math.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor((count + 1) * prob)
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + c)
        if us >= 0.07 and v <= v_r:
            return k
        if k < 0 or k > count:
            continue
        v = math.log(v * alpha / (a / (us * us) + b))
        bound = ((m + 0.5) * math.log((m + 1) / (r * (count - m + 1)))
                 + (count + 1) * math.log((count - m + 1) / (count - k + 1))
                 + (k + 0.5) * math.log(r * (count - k + 1) / (k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m)
                 - _stirling_tail(k) - _stirling_tail(count - k))
        if v <= bound:
            return k


def binomial(key, counter, counts, probs, samples_per_batch):
    """Binomial samples as TF's kernel draws them: `counts` and `probs` (float32 or float64,
    one pair per batch) give `samples_per_batch` samples each, laid out [samples, batches].
    Output number i (counted batch by batch) starts its own stretch of the stream: 42 blocks
    per output on for inversion, 256 for BTRS."""
    num_batches = counts.size
    out = np.zeros((samples_per_batch, num_batches), np.float64)
    one, ten = counts.dtype.type(1), counts.dtype.type(10)
    start = _as_int(counter)
    draws = []  # (sample, batch, count, p, flip, use_btrs, first counter)
    for batch, (count, prob) in enumerate(zip(counts.reshape(-1), probs.reshape(-1))):
        for sample in range(samples_per_batch):
            if count <= 0 or prob <= 0:
                continue  # zero
            if prob >= 1 or np.isnan(prob):
                out[sample, batch] = count if prob >= 1 else np.nan
                continue
            flip = prob > 0.5
            p = one - prob if flip else prob  # (in the counts' precision, as TF)
            use_btrs = bool(count * p >= ten)
            index = batch * samples_per_batch + sample
            draws.append((sample, batch, float(count), float(p), flip, use_btrs,
                          start + index * (256 if use_btrs else 42)))
    ready = _first_doubles(key, [d[-1] for d in draws]) if draws else []
    for (sample, batch, count, p, flip, use_btrs, first), doubles in zip(draws, ready):
        uniform = _DoubleStream(key, first, doubles)
        drawn = (_btrs if use_btrs else _binomial_inversion)(count, p, uniform)
        out[sample, batch] = count - drawn if flip else drawn
    return out


# --- gamma and Poisson samples: TF's samplers, each output on its own stretch of blocks -------
class _BlockStream:
    """Philox blocks one after another from a start counter; normal() and uniform() each turn
    one block into two float64s and hand them out last first, as TF's samplers do (the two
    share the stream, each with its own pair in hand). `ready` holds the first blocks as
    (uniform, uniform, normal, normal) rows, worked out for many streams at once."""

    def __init__(self, key, start, ready):
        self._key, self._next, self._ready = key, start, ready
        self._normals, self._uniforms = [], []

    def _block(self):
        if self._ready:
            return self._ready.pop(0)
        block = _blocks_at(self._key, [self._next])[0]
        self._next += 1
        return _block_values(block[None])[0]

    def uniform(self):
        if not self._uniforms:
            self._uniforms = self._block()[:2]
        return self._uniforms.pop()

    def normal(self):
        if not self._normals:
            self._normals = self._block()[2:]
        return self._normals.pop()


def _block_values(bits):
    """[n, 4] blocks -> [n, 4] lists: the two uniforms and the two normals of each block."""
    uniforms = (_unit_float64(bits[:, 0], bits[:, 1]), _unit_float64(bits[:, 2], bits[:, 3]))
    normals = _box_muller64(bits[:, 0], bits[:, 1], bits[:, 2], bits[:, 3])
    return np.stack(uniforms + tuple(normals), axis=1).tolist()


def _streams(key, counter, count, blocks_apart=BLOCKS_RESERVED_PER_OUTPUT):
    """A _BlockStream for each of `count` outputs, output i starting `blocks_apart` * i blocks
    on; their first few blocks are worked out together."""
    start = _as_int(counter)
    starts = [start + i * blocks_apart for i in range(count)]
    ahead = 3
    if not count:
        return []
    values = _block_values(_blocks_at(key, [s + j for s in starts for j in range(ahead)]))
    return [_BlockStream(key, s + ahead, values[i * ahead:(i + 1) * ahead])
            for i, s in enumerate(starts)]


def _one_gamma(alpha, stream):
    """Marsaglia and Tsang's method (alpha < 1: from alpha + 1, times u ** (1 / alpha))."""
    if alpha == 1.0:
        return -math.log1p(-stream.uniform())
    below_one = alpha < 1
    d = alpha + (2.0 / 3 if below_one else -1.0 / 3)
    c = 1.0 / 3 / math.sqrt(d)
    while True:
        x = stream.normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = stream.uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + d * (
                1 - v + math.log(v)):
            result = d * v
            if below_one:
                result *= stream.uniform() ** (1 / alpha)
            return result


def _per_parameter(draw_one, key, counter, parameters, samples):
    """`draw_one(parameter, stream)` samples laid out [samples, parameters] (float64), output
    number i (counted parameter by parameter) drawn from 256 * i blocks on."""
    flat = [float(p) for p in np.ravel(parameters)]
    out = np.zeros((samples, len(flat)))
    streams = _streams(key, counter, len(flat) * samples)
    for j, parameter in enumerate(flat):
        for s in range(samples):
            out[s, j] = draw_one(parameter, streams[j * samples + s])
    return out


def gamma(key, counter, alphas, samples_per_alpha):
    """Gamma(alpha, 1) samples laid out [samples, alphas] (float64): `_per_parameter`."""
    return _per_parameter(_one_gamma, key, counter, alphas, samples_per_alpha)


def _one_poisson(rate, stream):
    """Knuth's product of uniforms below a rate of 10, Hormann's transformed rejection above."""
    if rate < 10:
        limit, product, k = math.exp(-rate), 1.0, 0.0
        while True:
            product *= stream.uniform()
            if product <= limit:
                return k
            k += 1
    if math.isinf(rate):
        return math.inf
    log_rate = math.log(rate)
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = stream.uniform() - 0.5
        v = stream.uniform()
        u_shifted = 0.5 - abs(u)
        k = math.floor((2 * a / u_shifted + b) * u + rate + 0.43)
        if k < 0:
            continue
        if u_shifted >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if u_shifted < 0.013 and v > u_shifted:
            continue
        s = math.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b))
        t = -rate + k * log_rate - math.lgamma(k + 1)
        if s <= t:
            return k


def poisson(key, counter, rates, samples_per_rate):
    """Poisson(rate) samples laid out [samples, rates] (float64): `_per_parameter`."""
    return _per_parameter(_one_poisson, key, counter, rates, samples_per_rate)


# --- truncated normal with bounds per batch: TF's three samplers ---------------------------------
class _SequentialBlocks:
    """One Philox stream read block after block: uniform() and normal() each turn the next
    block into a group of values (4 in float32, 2 in float64), as TF's distributions do."""

    def __init__(self, key, counter, np_dtype):
        self._key, self._counter, self._dtype = key, counter, np_dtype
        self._blocks, self._at = np.zeros((0, 4), np.uint32), 0

    def _block(self):
        if self._at == len(self._blocks):
            self._blocks = blocks(self._key, self._counter, 64)
            self._counter = skip(self._counter, 64)
            self._at = 0
        self._at += 1
        return self._blocks[self._at - 1]

    def uniform(self):
        b = self._block()
        if self._dtype == np.float64:
            return list(_unit_float64(b[[0, 2]], b[[1, 3]]))
        return list(_unit_float32(b))

    def normal(self):
        b = self._block()
        if self._dtype == np.float64:
            first, second = _box_muller64(b[0:1], b[1:2], b[2:3], b[3:4])
            return [first[0], second[0]]
        first, second = _box_muller32(b[[0, 2]], b[[1, 3]])
        return [first[0], second[0], first[1], second[1]]


_MAX_ITERATIONS = 1000
_STDDEVS_INSIDE_BOUNDS_FOR_NORMALS = 1.3


def parameterized_truncated_normal(key, counter, params, samples_per_batch, np_dtype):
    """Samples of N(mean, stddev) kept in [minval, maxval] for each batch's four `params`
    (flat arrays), laid out [samples, batches], as TF's kernel draws them: normals rejected
    outside the bounds when the mean is well inside them, uniforms on the interval with a
    Gaussian acceptance when it is narrow, else an exponential proposal. All outputs read one
    stream in turn (TF's single-worker order), in the dtype's own arithmetic."""
    t = np.dtype(np_dtype).type
    exp, log = _rounded(np.exp), _rounded(np.log)
    if t is np.float64:
        exp, log = np.exp, np.log
    stream = _SequentialBlocks(key, counter, np.dtype(np_dtype))
    num_batches = len(params[0])
    out = np.zeros((samples_per_batch, num_batches), np_dtype)
    for batch in range(num_batches):
        mean, stddev, low, high = (t(p[batch]) for p in params)
        if (np.isinf(low) and low < 0) or high < mean:  # keep the one-sided bound below
            low, high, stddev = high, low, -stddev
        norm_min, norm_max = (low - mean) / stddev, (high - mean) / stddev
        sqrt_factor = np.sqrt(norm_min * norm_min + t(4))
        cutoff = t(2) * exp(np.asarray(t(0.5) + (norm_min * (norm_min - sqrt_factor)) / t(4),
                                       np_dtype)) / (norm_min + sqrt_factor)
        inside = t(_STDDEVS_INSIDE_BOUNDS_FOR_NORMALS)
        draws = []
        if (norm_min < -inside and norm_max >= 0) or (norm_max > inside and norm_min <= 0):
            while len(draws) < samples_per_batch:
                for z in stream.normal():
                    if norm_min <= z <= norm_max:
                        draws.append(z)
                        if len(draws) == samples_per_batch:
                            break
        elif norm_max - norm_min < cutoff:
            diff = norm_max - norm_min
            plus = t(0) if norm_min < 0 else norm_min * norm_min
            tries = 0
            while len(draws) < samples_per_batch:
                z = [r * diff + norm_min for r in stream.uniform()]
                g = [(plus - v * v) / t(2) for v in z]
                for v, gv, u in zip(z, g, stream.uniform()):
                    if u <= exp(np.asarray(gv, np_dtype)) or tries + 1 >= _MAX_ITERATIONS:
                        draws.append(v)
                        tries = 0
                        if len(draws) == samples_per_batch:
                            break
                    else:
                        tries += 1
        else:
            alpha = (norm_min + np.sqrt(norm_min * norm_min + t(4))) / t(2)
            tries = 0
            while len(draws) < samples_per_batch:
                rand = stream.uniform()
                for i in range(0, len(rand), 2):
                    z = -log(np.asarray(rand[i], np_dtype)) / alpha + norm_min
                    x = alpha - z if norm_min < alpha else norm_min - alpha
                    g = exp(np.asarray(-x * x / t(2), np_dtype))
                    if (rand[i + 1] <= g and z < norm_max) or tries + 1 >= _MAX_ITERATIONS:
                        draws.append(z)
                        tries = 0
                        if len(draws) == samples_per_batch:
                            break
                    else:
                        tries += 1
        out[:, batch] = np.array(draws, np_dtype) * stddev + mean
    return out
