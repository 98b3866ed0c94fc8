"""TF's float32 softmax as TF 2.21 computes it where it uses oneDNN.

TF's Linux x86 packages turn oneDNN on by default on CPUs with AVX-512 VNNI or BF16, AVX-VNNI
or AMX (``enabled()``; ``TF_ENABLE_ONEDNN_OPTS=0/1`` overrides it, as in TF), and then hand
``tf.nn.softmax`` of float32 tensors of rank 1-5 to oneDNN (its "softmax_accurate" kernel over
the last axis, 16 floats at a time on AVX-512), eagerly and inside ``tf.function``. Its values
differ in the last bit from TF's own Eigen kernel (what TF runs elsewhere): another exp,
another summation order, and ``exp * (1 / sum)``. This module reproduces that kernel step by
step, so printed softmax values carry TF's last digits (checked on more than a million values).
Its constants are facts about oneDNN (hexadecimal float32 bit patterns).

Per row (element i of a row sits in lane i mod 16):
1. the row's max, over 16 lanes, in the kernel's order (``_lane_reduce``);
2. exp(x - max) by oneDNN's polynomial (``_exp``);
3. their sum, in the same order as the max;
4. ``exp * (1 / sum)``.
Denormal values are flushed to zero, as TF runs its kernels. (On CPUs with AVX-VNNI but no
AVX-512, TF's oneDNN takes 8 lanes: rows longer than 8 can end 1 ulp away there.)
"""

import os

import numpy as np

_F32 = np.float32
_LANES = 16  # one AVX-512 register of float32


def _bits(pattern):
    return np.array([pattern], dtype=np.uint32).view(np.float32)[0]


_LOG2E = _bits(0x3FB8AA3B)
_LN2 = _bits(0x3F317218)
_EXP_MAX = _bits(0x42B17218)  # ln(FLT_MAX): larger arguments give inf
_EXP_MIN = _bits(0xC2AEAC50)  # ln(FLT_MIN): smaller arguments give 0
_POLY = [_bits(h) for h in (0x3F7FFFFB, 0x3EFFFEE3, 0x3E2AAD40, 0x3D2B9D0D, 0x3C07CFCE)]
_TINY = np.finfo(np.float32).tiny


def _fma(a, b, c):
    """a * b + c rounded once to float32, as the CPU's fused multiply-add: the product is
    exact in float64, the sum is rounded to odd there and then to float32 (one rounding)."""
    p = np.asarray(a, np.float64) * np.asarray(b, np.float64)
    c = np.asarray(c, np.float64)
    s = p + c
    back = s - c
    error = (p - back) + (c - (s - back))  # what s lost, exactly
    inexact_even = (error != 0) & ((s.view(np.uint64) & 1) == 0) & np.isfinite(s)
    s = np.where(inexact_even, np.nextafter(s, np.where(error > 0, np.inf, -np.inf)), s)
    return s.astype(np.float32)


def _flush(x):
    """Denormals to (signed) zero: TF runs its kernels with flush-to-zero on."""
    return np.where(np.abs(x) < _TINY, np.copysign(_F32(0), x), x).astype(np.float32)


def _exp(x):
    """oneDNN's float32 exp: 2^n * p(r) with n = floor(x log2(e) + 1/2), r = x - n ln(2)."""
    below = x < _EXP_MIN
    x = np.where(x < _EXP_MAX, x, _EXP_MAX)  # (the CPU's min/max: a NaN gives the bound)
    x = np.where(x > _EXP_MIN, x, _EXP_MIN).astype(np.float32)
    n = np.floor((x * _LOG2E).astype(np.float32) + _F32(0.5)).astype(np.float32)
    r = _fma(-n, _LN2, x)
    p = np.full_like(x, _POLY[4])
    for c in (_POLY[3], _POLY[2], _POLY[1], _POLY[0], _F32(1)):
        p = _fma(p, r, c)
    # 2^(n-1) from its exponent bits (2^-127 is +0), then times 2: no overflow at n = 128
    half_scale = (((n - _F32(1)).astype(np.int32) + 127).astype(np.uint32) << 23).view(np.float32)
    half_scale = np.where(below, _F32(0), half_scale).astype(np.float32)
    return _flush(_flush((p * half_scale).astype(np.float32)) * _F32(2))


def _lane_reduce(vectors, n, start, combine):
    """Reduces each row's 16-lane vectors as the kernel does: four accumulators take
    vectors 4k..4k+3 in turn, the leftover whole vectors go to the first ones, the last
    partial vector to accumulator 0 (its unused lanes left alone), then the accumulators are
    combined as (a0, a1), (a2, a3) and the 16 lanes folded pairwise (8, 4, 2, 1 apart)."""
    rows = vectors.shape[0]
    whole, tail = divmod(n, _LANES)
    rounds, extra = divmod(whole, 4)
    count = 4 if rounds else (extra or 1)
    acc = [np.full((rows, _LANES), start, np.float32) for _ in range(count)]
    v = 0
    for _ in range(rounds):
        for i in range(4):
            acc[i] = combine(acc[i], vectors[:, v])
            v += 1
    for i in range(extra):
        acc[i] = combine(acc[i], vectors[:, v])
        v += 1
    if tail:
        acc[0] = acc[0].copy()
        acc[0][:, :tail] = combine(acc[0][:, :tail], vectors[:, v, :tail])
    if count == 4:
        folded = combine(combine(acc[0], acc[1]), combine(acc[2], acc[3]))
    elif count == 3:
        folded = combine(combine(acc[0], acc[1]), acc[2])
    elif count == 2:
        folded = combine(acc[0], acc[1])
    else:
        folded = acc[0]
    lanes = np.arange(_LANES)
    for distance in (8, 4, 2, 1):
        folded = combine(folded, folded[:, lanes ^ distance])
    return folded  # every lane holds the result (they differ only around NaNs)


def _max(a, b):  # the CPU's max: a > b ? a : b (a NaN gives b)
    return np.where(a > b, a, b).astype(np.float32)


def _add(a, b):
    return (a + b).astype(np.float32)


_NEURAL_FLAGS = {"avx512_vnni", "avx512_bf16", "avx_vnni", "amx_tile", "amx_int8", "amx_bf16"}
_ENABLED = []  # decided once per process, as TF decides


def enabled():
    """Whether TF would take oneDNN's kernels on this machine: TF_ENABLE_ONEDNN_OPTS when set
    (1/true, 0/false), else TF's default, on for Linux x86 CPUs with the flags above."""
    if not _ENABLED:
        setting = os.environ.get("TF_ENABLE_ONEDNN_OPTS", "").strip().lower()
        if setting in ("1", "true", "0", "false"):
            _ENABLED.append(setting in ("1", "true"))
        else:
            try:
                with open("/proc/cpuinfo") as f:
                    flags = next((line.split(":", 1)[1].split() for line in f
                                  if line.startswith("flags")), [])
            except OSError:
                flags = []
            _ENABLED.append(bool(_NEURAL_FLAGS.intersection(flags)))
    return _ENABLED[0]


def softmax(rows):
    """Softmax of each row of a 2-D float32 array, as TF's oneDNN kernel computes it."""
    rows = _flush(np.asarray(rows, np.float32))
    count, n = rows.shape
    if count == 0 or n == 0:
        return np.empty((count, n), np.float32)
    width = -(-n // _LANES) * _LANES
    padded = np.zeros((count, width), np.float32)  # (the masked last vector reads zeros)
    padded[:, :n] = rows
    vectors = padded.reshape(count, width // _LANES, _LANES)
    with np.errstate(all="ignore"):
        top = _lane_reduce(vectors, n, _F32(-np.finfo(np.float32).max), _max)
        e = _exp(_flush((vectors - top[:, None, :]).astype(np.float32)))
        total = _lane_reduce(e, n, _F32(0), _add)
        out = _flush(e * _flush((_F32(1) / total).astype(np.float32))[:, None, :])
    return out.reshape(count, width)[:, :n]
