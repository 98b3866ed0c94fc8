"""float32 math as TF's CPU kernels compute it, so values print with TF's last digit.

TF's element-wise kernels run through Eigen. A float32 tensor is processed in packets of 8
values (AVX), each with one of Eigen's polynomial or rational approximations, every step
rounded to float32 (no fused multiply-add in TF's CPU build). Values after the last whole
packet (fewer than 8) take Eigen's scalar path, which for exp and sigmoid calls the C library's
expf (correctly rounded). NumPy's own float32 functions differ from both in the last bit for
many inputs. TF also runs its kernels with denormals flushed to zero: a result smaller than
float32's smallest normal number comes out as 0, and such an input is read as 0 by the packet
path.
"""

import ctypes
import ctypes.util

import numpy as np

_F = np.float32
_PACKET = 8
_TINY = np.finfo(_F).tiny  # the smallest normal float32


def _madd(a, b, c):
    return a * b + c  # two roundings, as without FMA


def _flush_denormals(y):
    """Denormal results become (signed) zeros, as under TF's flush-to-zero mode."""
    small = np.abs(y) < _TINY
    if small.any():
        y = np.where(small, y * _F(0), y)
    return y


def _by_packets(x, packet_fn, tail_fn):
    """Apply `packet_fn` to the whole packets of the flattened `x` and `tail_fn` to the rest."""
    x = np.asarray(x, _F)
    flat = x.reshape(-1)
    whole = flat.size // _PACKET * _PACKET
    out = np.empty_like(flat)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        # (each path only when it has values: on an empty array a packet function still costs
        # its dozens of NumPy calls, most of a small tensor's time)
        if whole:
            out[:whole] = packet_fn(_flush_denormals(flat[:whole]))
        if whole < flat.size:
            out[whole:] = tail_fn(flat[whole:])
    return _flush_denormals(out).reshape(x.shape)


def _by_packets_of_two(y, x, packet_fn, tail_fn):
    """`_by_packets` for a binary op: both operands broadcast to the result's shape first (TF's
    broadcasting kernels read them so: packets of 8 results, then the tail)."""
    if np.ndim(y) == 0 and np.ndim(x) == 0 and hasattr(tail_fn, "one"):  # (one value: all tail)
        value = _F(tail_fn.one(float(y), float(x)))
        return _F(0) * value if abs(value) < _TINY else value
    y, x = np.broadcast_arrays(np.asarray(y, _F), np.asarray(x, _F))
    shape = y.shape
    y, x = y.reshape(-1), x.reshape(-1)
    whole = y.size // _PACKET * _PACKET
    out = np.empty(y.size, _F)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        if whole:  # (the packet function flushes denormals itself)
            out[:whole] = packet_fn(y[:whole], x[:whole])
        if whole < y.size:
            out[whole:] = _flush_denormals(tail_fn(y[whole:], x[whole:]))
    return out.reshape(shape)


_C_TYPES = {np.dtype(np.float32): ctypes.c_float, np.dtype(np.float64): ctypes.c_double}


def c_library_function(name, fallback, arguments=1, dtype=_F):
    """The C library's function `name` (libm's log1pf, or log for float64, ...) of `dtype`,
    applied value by value to the few values of a tail: TF's scalar path calls it, and for
    log1pf, expm1f, logf, sinf and cosf it is not always the correctly rounded value (float64,
    rounded once: `fallback`, used where no C library can be loaded)."""
    try:
        function = getattr(ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6"), name)
    except (OSError, AttributeError, TypeError):
        return fallback
    dtype = np.dtype(dtype)
    function.restype = _C_TYPES[dtype]
    function.argtypes = [_C_TYPES[dtype]] * arguments

    def tail(*operands):
        operands = np.broadcast_arrays(*(np.asarray(v, dtype) for v in operands))  # (scalars too)
        values = zip(*(v.ravel().tolist() for v in operands))
        return np.array([function(*v) for v in values], dtype).reshape(operands[0].shape)
    tail.one = function  # (Python floats in and out)
    return tail


# --- functions TF's kernels leave to the C library ---------------------------------------------
# Eigen has no packet version of tan, sinh, cosh, asinh or acosh: for float32 TF calls the C
# library's tanf (sinhf, ...) value by value. NumPy calls the same functions, except on CPUs for
# which it has SIMD versions of its own (AVX-512: 10-40 % of their values differ from the C
# library's in the last bit). Tensors of up to BY_VALUE values, the ones guides print, ask the C
# library directly; bigger ones keep NumPy's speed.
BY_VALUE = 1024


def c_library(name, numpy_fn, dtype=_F):
    """A kernel of `dtype` computing as TF does with the C library's `name` (``"tanf"``)."""
    by_value = c_library_function(name, None, dtype=dtype)
    if by_value is None:  # (no C library to load: NumPy's values)
        return numpy_fn

    def kernel(x):
        return by_value(x) if x.size <= BY_VALUE else numpy_fn(x)
    kernel.__name__ = name
    return kernel


def _expf(x):
    """The C library's expf (correctly rounded): exp in float64, rounded once."""
    return np.exp(x.astype(np.float64)).astype(_F)


# --- exp ---------------------------------------------------------------------------------------
# Eigen's constants (float32): ln 2 split in two parts, and the degree-6 polynomial.
_LOG2E = _F(1.44269504088896341)
_LN2_HIGH, _LN2_LOW = _F(-0.693359375), _F(2.12194440e-4)
_P2, _P3 = _F(0.49999988079071044921875), _F(0.16666518151760101318359375)
_P4, _P5 = _F(4.166965186595916748046875e-2), _F(8.36894474923610687255859375e-3)
_P6 = _F(1.37449637986719608306884765625e-3)


def _reduce_by_ln2(x):
    """x = m*ln2 + r with m an integer (as float32) and |r| <= ln2/2."""
    m = np.floor(_madd(x, _LOG2E, _F(0.5)))
    r = _madd(m, _LN2_HIGH, x)
    return m, _madd(m, _LN2_LOW, r)


def _packet_exp(x):
    """Eigen's vectorized float32 exp of `x` (a float32 array)."""
    underflow = x < _F(-104.0)
    m, r = _reduce_by_ln2(np.minimum(x, _F(88.723)))
    r2 = r * r
    p_even = _madd(r2, _P6, _P4)
    p_odd = _madd(r2, _P5, _P3)
    p_even = _madd(r2, p_even, _P2)
    y = _madd(r, p_odd, p_even)
    y = _madd(r2, y, r + _F(1.0))
    out = np.ldexp(y, m.astype(np.int32)).astype(_F)
    out = np.maximum(out, x)  # (TF keeps +inf and NaN inputs as they are)
    return np.where(underflow, _F(0.0), out)


def exp(x):
    """float32 exp of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_exp, _expf)


# --- sigmoid -----------------------------------------------------------------------------------
_SIGMOID_ONE = _F(16.6355324)  # from here on the result rounds to 1
# The degree-5 polynomial of Eigen's sigmoid, for exp(r) on [-ln2/2, ln2/2].
_Q2, _Q3 = _F(0.49999141693115234375), _F(0.16666877269744873046875)
_Q4, _Q5 = _F(4.1898667812347412109375e-2), _F(8.33471305668354034423828125e-3)


def _packet_sigmoid(x):
    """Eigen's vectorized float32 sigmoid: e / (1 + e) with e = exp(x/2)**2 from a polynomial."""
    half = np.minimum(x, _SIGMOID_ONE) * _F(0.5)
    m, r = _reduce_by_ln2(half)
    r2 = r * r
    p = _madd(r, _madd(r2, _Q5, _Q3), _madd(r2, _Q4, _Q2))
    p = _madd(r2, p, r + _F(1.0))
    e = p * np.ldexp(_F(1.0), m.astype(np.int32))  # exp(x/2); m stays in float32's range
    e = e * e
    out = e / (_F(1.0) + e)
    return np.where(x < _F(-104.0), _F(0.0), out)


def _scalar_sigmoid(x):
    e = _expf(np.minimum(x, _SIGMOID_ONE))
    return e / (_F(1.0) + e)


def sigmoid(x):
    """float32 sigmoid of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_sigmoid, _scalar_sigmoid)


# --- tanh --------------------------------------------------------------------------------------
_TANH_ONE = _F(7.90738964080810547)  # from here on the rational function is exactly +-1
_TANH_NUM = [_F(c) for c in (1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1)]
_TANH_DEN = [_F(c) for c in (8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1,
                             1.0)]


def horner(x, coefficients):
    """Polynomial with the highest coefficient first, one multiply and one add per step, each
    rounded in x's dtype (float32 here; eigen_double and the special functions use it too)."""
    p = np.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        p = _madd(p, x, x.dtype.type(c))
    return p


def _rational_tanh(x):
    """Eigen's float32 tanh (packets and scalars alike): an odd/even rational function."""
    x = np.maximum(np.minimum(x, _TANH_ONE), -_TANH_ONE)
    x2 = x * x
    p = _madd(x2 * x, horner(x2, _TANH_NUM), x)
    return p / horner(x2, _TANH_DEN)


def tanh(x):
    """float32 tanh of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _rational_tanh, _rational_tanh)


# --- log ---------------------------------------------------------------------------------------
_SQRT_HALF = _F(0.707106781186547524)
_LOG_NUM = [_F(c) for c in (0.18256296349849254, 1.0000000190281063, 1.0000000190281136)]
_LOG_DEN = [_F(c) for c in (0.049616247954120038, 0.59923249590823520, 1.4999999999999927, 1.0)]
_LN2 = _F(0.693147180559945309417)


def _packet_log(x):
    """Eigen's vectorized float32 log: x = f * 2**e, then a rational function for log(f)."""
    f, e = np.frexp(x)  # f in [0.5, 1)
    e = e.astype(_F)
    below = f < _SQRT_HALF  # move f to [sqrt(1/2), sqrt(2)) and centre it on 0
    e = e - below.astype(_F)
    f = (f - _F(1.0)) + np.where(below, f, _F(0.0))
    y = f * horner(f, _LOG_NUM) / horner(f, _LOG_DEN)
    y = _madd(e, _LN2, y)
    y = np.where(x == np.inf, x, y)
    y = np.where(x == 0, _F(-np.inf), y)
    return np.where((x < 0) | np.isnan(x), _F(np.nan), y)


_c_logf = c_library_function("logf", lambda v: np.log(v.astype(np.float64)).astype(_F))


def _logf(x):
    """The C library's logf. It scales a denormal input up by 2**23 first, which TF's
    flush-to-zero mode turns into 0: every positive denormal gets log(2**-150)."""
    y = _c_logf(x)
    return np.where((x > 0) & (x < _TINY), _F(-150 * np.log(2)), y)


def log(x):
    """float32 log of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_log, _logf)


# --- sums along the last axis (softmax's denominators) -----------------------------------------
def _add_packet_lanes(acc):
    """One packet's 8 lanes added as Eigen adds them: halves, then pairs, then the last two."""
    quad = acc[:, :4] + acc[:, 4:]
    return (quad[:, 0] + quad[:, 2]) + (quad[:, 1] + quad[:, 3])


def row_sums(a):
    """Sum of each row of a 2-D float32 array, in the order of Eigen's inner-dimension sum.

    Eigen keeps four packet accumulators over blocks of 32 values, folds them into one, adds the
    remaining whole packets, adds the packet's lanes together, and adds that to the sum of the
    last values (fewer than 8) taken one by one. (Rows longer than 8,192 values are summed as
    two halves by TF; that split is not reproduced here.)
    """
    rows, n = a.shape
    acc = np.zeros((rows, _PACKET), _F)
    done = 0
    if n >= 4 * _PACKET:
        done = n // (4 * _PACKET) * (4 * _PACKET)
        blocks = a[:, :done].reshape(rows, -1, 4, _PACKET)
        four = blocks[:, 0].copy()
        for k in range(1, blocks.shape[1]):
            four += blocks[:, k]
        acc = ((four[:, 0] + four[:, 1]) + four[:, 2]) + four[:, 3]
    while done + _PACKET <= n:
        acc = acc + a[:, done:done + _PACKET]
        done += _PACKET
    tail = np.zeros(rows, _F)
    for k in range(done, n):
        tail = tail + a[:, k]
    return tail + _add_packet_lanes(acc)


def exp_by_rows(a):
    """exp of a 2-D float32 array read row by row, as a reduction reads it: each row's whole
    packets take the packet exp and its last values (fewer than 8) the C library's."""
    whole = a.shape[1] // _PACKET * _PACKET
    out = np.empty_like(a)
    with np.errstate(over="ignore", invalid="ignore"):
        out[:, :whole] = _packet_exp(a[:, :whole])
        out[:, whole:] = _expf(a[:, whole:])
    return _flush_denormals(out)


# --- sin and cos -------------------------------------------------------------------------------
# x is reduced by multiples of pi/2 (pi/2 split into four float32 parts, each step rounded),
# then one of two polynomials on [-pi/4, pi/4] is taken, chosen (with the sign) by the
# multiple's last two bits. From 25,966 (sin) or 18,838 (cos) on, the reduction is exact
# instead, in fixed point with 96 bits of 2/pi (Payne and Hanek's method).
_ROUNDING_MAGIC = _F(12582912.0)  # 1.5 * 2**23: adding it rounds to an integer, kept in the bits
_PI_HALF_PARTS = [_F(c) for c in (1.5703125, 0.000483989715576171875,
                                  -1.62865035235881805419921875e-07,
                                  -5.5644315544167710640977020375430583953857421875e-11)]
_COS_POLY = [_F(c) for c in (2.4372266125283204019069671630859375e-05,
                             -0.00138865201734006404876708984375, 0.041666619479656219482421875,
                             -0.5, 1.0)]
_SIN_POLY = [_F(c) for c in (-0.0001959234114083702898469196984621021329076029360294342041015625,
                             0.0083326873655616851693794799871284340042620897293090820312500000,
                             -0.1666666203982298255503735617821803316473960876464843750000000000)]
_TWO_OVER_PI_BITS = np.array([  # 2/pi's bits, in overlapping 32-bit windows 8 bits apart
    0x00000028, 0x000028be, 0x0028be60, 0x28be60db, 0xbe60db93, 0x60db9391, 0xdb939105,
    0x9391054a, 0x91054a7f, 0x054a7f09, 0x4a7f09d5, 0x7f09d5f4, 0x09d5f47d, 0xd5f47d4d,
    0xf47d4d37, 0x7d4d3770, 0x4d377036, 0x377036d8, 0x7036d8a5, 0x36d8a566, 0xd8a5664f,
    0xa5664f10, 0x664f10e4, 0x4f10e410, 0x10e41000, 0xe4100000], np.uint64)


def _reduce_huge(x):
    """(x - q*pi/2, q mod 4) for large finite x >= 0: x's 24-bit mantissa times 96 bits of 2/pi
    in 2.62 fixed point, rounded to the nearest multiple."""
    u = np.uint64
    bits = x.view(np.uint32).astype(u)
    exponent = (bits >> u(23)) - u(118)
    mantissa = ((bits & u(0x007FFFFF)) | u(0x00800000)) << (exponent & u(7))
    i = (exponent >> u(3)).astype(np.int64)
    with np.errstate(over="ignore"):  # (unsigned arithmetic wraps around, as in C)
        p = mantissa * _TWO_OVER_PI_BITS[i + 7]
        p = mantissa * _TWO_OVER_PI_BITS[i + 3] + (p >> u(32))
        p = (((mantissa * _TWO_OVER_PI_BITS[i - 1]) & u(0xFFFFFFFF)) << u(32)) + p
        q = (p + (u(1) << u(61))) >> u(62)
        p = p - (q << u(62))
    r = p.view(np.int64).astype(np.float64) * 3.4061215800865545e-19  # times pi/2 * 2**-62
    return r.astype(_F), q.astype(np.int32)


def _packet_sin_or_cos(x, sine):
    """Eigen's vectorized float32 sin (or cos)."""
    r = np.abs(x)
    rounded = r * _F(0.636619746685028076171875) + _ROUNDING_MAGIC  # x * 2/pi, rounded
    q = rounded.view(np.int32)  # the multiple of pi/2, in the last bits
    multiple = rounded - _ROUNDING_MAGIC
    for part in _PI_HALF_PARTS:
        r = r - multiple * part
    huge = (np.abs(x) >= _F(25966.0 if sine else 18838.0)) & np.isfinite(x)
    if huge.any():
        r, q = r.copy(), q.copy()
        r[huge], q[huge] = _reduce_huge(np.abs(x[huge]))
    r2 = r * r
    cos_r = horner(r2, _COS_POLY)
    sin_r = _madd(horner(r2, _SIN_POLY) * r2, r, r)
    even = (q & 1) == 0
    if sine:
        out = np.where(even, sin_r, cos_r)
        negative = np.signbit(x) ^ ((q >> 1) & 1).astype(bool)
    else:
        out = np.where(even, cos_r, sin_r)
        negative = (((q + 1) >> 1) & 1).astype(bool)
    return np.where(negative, -out, out)


_sinf = c_library_function("sinf", lambda v: np.sin(v.astype(np.float64)).astype(_F))
_cosf = c_library_function("cosf", lambda v: np.cos(v.astype(np.float64)).astype(_F))


def sin(x):
    """float32 sin of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, lambda v: _packet_sin_or_cos(v, True), _sinf)


def cos(x):
    """float32 cos of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, lambda v: _packet_sin_or_cos(v, False), _cosf)


# --- log1p, expm1, softplus --------------------------------------------------------------------
def _packet_log1p(x):
    """log(1 + x) from the packet log, corrected by x / ((1 + x) - 1) for the rounding of 1 + x."""
    xp1 = x + _F(1.0)
    log_xp1 = _packet_log(xp1)
    corrected = x * (log_xp1 / (xp1 - _F(1.0)))
    return np.where((xp1 == _F(1.0)) | (xp1 == log_xp1), x, corrected)


_log1pf = c_library_function("log1pf", lambda v: np.log1p(v.astype(np.float64)).astype(_F))


def log1p(x):
    """float32 log1p of an array as TF's CPU kernel gives it (after the last whole packet, the
    C library's log1pf)."""
    return _by_packets(x, _packet_log1p, _log1pf)


def _packet_expm1(x):
    """exp(x) - 1 from the packet exp, corrected by x / log(exp(x)) (Kahan's method)."""
    u = _packet_exp(x)
    u_minus_1 = u - _F(1.0)
    log_u = _packet_log(u)
    out = np.where(log_u == u, u, u_minus_1 * (x / log_u))  # (exp(x) = +inf)
    return np.where(u == _F(1.0), x, np.where(u_minus_1 == _F(-1.0), _F(-1.0), out))


_expm1f = c_library_function("expm1f", lambda v: np.expm1(v.astype(np.float64)).astype(_F))


def expm1(x):
    """float32 expm1 of an array as TF's CPU kernel gives it (see log1p for the last values)."""
    return _by_packets(x, _packet_expm1, _expm1f)


_SOFTPLUS_THRESHOLD = _F(np.log(np.finfo(np.float32).eps) + 2)  # about -13.94


def softplus(x):
    """TF's float32 Softplus kernel: x above -threshold, exp(x) below threshold, else
    log1p(exp(x)), each function as TF's kernel rounds it."""
    e = exp(x)
    with np.errstate(over="ignore"):
        middle = log1p(e)
    return np.where(x > -_SOFTPLUS_THRESHOLD, x, np.where(x < _SOFTPLUS_THRESHOLD, e, middle))


# --- erf -----------------------------------------------------------------------------------------
_ERF_NUM = [_F(c) for c in (2.123732201653183437883853912353515625e-06,
                            2.861979592125862836837768554687500000e-04,
                            3.658048342913389205932617187500000000e-03,
                            5.243302136659622192382812500000000000e-02,
                            1.874160766601562500000000000000000000e-01,
                            1.128379106521606445312500000000000000e+00)]
_ERF_DEN = [_F(c) for c in (3.89185734093189239501953125000e-05,
                            1.14329601638019084930419921875e-03,
                            1.47520881146192550659179687500e-02,
                            1.12945675849914550781250000000e-01,
                            4.99425798654556274414062500000e-01, 1.0)]


def _rational_erf(x):
    """Eigen's float32 erf (packets and scalars alike): an odd/even rational function of x,
    x**2 capped at 16 (erf(4) is 1 in float32), the result clipped to [-1, 1]."""
    x2 = np.minimum(_F(16.0), x * x)
    r = (x * horner(x2, _ERF_NUM)) / horner(x2, _ERF_DEN)
    return np.maximum(np.minimum(r, _F(1.0)), _F(-1.0))


def erf(x):
    """float32 erf of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _rational_erf, _rational_erf)


# --- erfc --------------------------------------------------------------------------------------
_ERFC_SMALL = [_F(c) for c in (5.61802298761904239654541015625e-04,
                               -4.91381669417023658752441406250e-03,
                               2.67075151205062866210937500000e-02,
                               -1.12800106406211853027343750000e-01,
                               3.76122951507568359375000000000e-01,
                               -1.12837910652160644531250000000e+00)]
_ERFC_NUM = [_F(c) for c in (1.0208116471767425537109375e-01, 4.2920666933059692382812500e-01,
                             3.2379078865051269531250000e-01, 5.3971976041793823242187500e-02)]
_ERFC_DEN = [_F(c) for c in (1.7251677811145782470703125e-02, 3.9137163758277893066406250e-01,
                             1.0, 6.2173241376876831054687500e-01,
                             9.5662862062454223632812500e-02)]


def _erfc_by(x, exp_fn):
    """Eigen's float32 erfc: 1 + x * S(x**2) for |x| <= 1, else exp(-x**2) (corrected for the
    rounding of x**2) times a rational function of 1/x**2. (TF's packets take 1/x**2 with the
    CPU's approximate reciprocal, which can end an ulp away; here it is exact.)"""
    x = np.minimum(np.maximum(x, _F(-11.0)), _F(11.0))
    x2 = x * x
    small = _madd(x, horner(x2, _ERFC_SMALL), _F(1.0))
    x2_low = (x.astype(np.float64) ** 2 - x2).astype(_F)  # x*x - x2, exactly
    e = exp_fn(-x2)
    z = e - e * x2_low
    q2 = _F(1.0) / x2
    ratio = horner(q2, _ERFC_NUM) / (x * horner(q2, _ERFC_DEN))
    large = _madd(z, ratio, np.where(x < 0, _F(2.0), _F(0.0)))
    return np.where(x2 > _F(1.0), large, small)


def erfc(x):
    """float32 erfc of an array as TF's CPU kernel gives it (but see _erfc_by)."""
    return _by_packets(x, lambda v: _erfc_by(v, _packet_exp), lambda v: _erfc_by(v, _expf))


# --- atan, asin, acos, atanh -------------------------------------------------------------------
# Eigen's float32 packet versions (the C library's atanf, asinf, acosf for the tail values):
# atan, a rational function on [0, 1], and pi/2 minus it at 1/|x| beyond; asin, an even
# polynomial of asin(y)/y on [0, 1/2], with y = sqrt((1 - |x|) / 2) folding in the rest
# (asin(x) = pi/2 - 2 asin(y)); acos, a polynomial of acos(x)/sqrt(1 - x) on [0, 1], and
# acos(-x) = pi - acos(x); atanh, an odd polynomial up to 1/2 and log((1 + x)/(1 - x))/2 beyond.
# (TF takes atan's 1/|x| from the CPU's approximate reciprocal and one Newton step, whose last
# bit depends on the CPU; here it is the exact quotient: 97 % of such values agree.)
_HALF_PI = _F(np.pi / 2)
_ATAN_NUM = [_F(c) for c in (1.12026982009410858154296875e-01, 7.296695709228515625e-01,
                             8.109951019287109375e-01)]
_ATAN_DEN = [_F(c) for c in (1.00917108356952667236328125e-02, 2.8318560123443603515625e-01, 1.0,
                             8.109951019287109375e-01)]
_ASIN = [_F(c) for c in (5.08838854730129241943359375e-2, 3.95139865577220916748046875e-2,
                         7.550220191478729248046875e-2, 0.16664917767047882080078125,
                         1.00000011920928955078125)]
_ACOS_EVEN = [_F(c) for c in (2.36423197202384471893310546875e-3, 2.717843465507030487060546875e-2,
                              8.8804088532924652099609375e-2, 1.57079637050628662109375)]
_ACOS_ODD = [_F(c) for c in (-1.1368644423782825469970703125e-2,
                             -4.8969544470310211181640625e-2, -0.214591205120086669921875)]
_ATANH = [_F(c) for c in (0.1819281280040740966796875, 8.2311116158962249755859375e-2,
                          0.14672131836414337158203125, 0.1997792422771453857421875,
                          0.3333373963832855224609375)]


def _packet_atan(x):
    a = np.abs(x)
    large = a > _F(1.0)
    r = np.where(large, _F(1.0) / a, a)
    r2 = r * r
    p = r * (horner(r2, _ATAN_NUM) / horner(r2, _ATAN_DEN))
    return np.copysign(np.where(large, _HALF_PI - p, p), x)


def _packet_asin(x):
    a = np.abs(x)
    large = a > _F(0.5)
    y = np.where(large, np.sqrt(_F(0.5) - _F(0.5) * a), a)
    p = horner(y * y, _ASIN) * y
    p = np.copysign(np.where(large, _HALF_PI - _F(2.0) * p, p), x)
    return np.where(a > _F(1.0), _F(np.nan), p)


def _packet_acos(x):
    a = np.abs(x)
    x2 = x * x
    p = _madd(horner(x2, _ACOS_ODD), a, horner(x2, _ACOS_EVEN))  # (odd and even terms apart)
    result = np.sqrt(_F(1.0) - a) * p
    return np.where(np.signbit(x), _F(np.pi) - result, result)


def _packet_atanh(x):
    a = np.abs(x)
    x2 = x * x
    small = _madd(x * x2, horner(x2, _ATANH), x)
    large = _F(0.5) * _packet_log((_F(1.0) + x) / (_F(1.0) - x))
    out = np.where(a >= _F(0.5), large, small)
    out = np.where(a == _F(1.0), np.copysign(_F(np.inf), x), out)
    return np.where(a > _F(1.0), _F(np.nan), out)


def _c_or_float64(name, numpy_fn):
    return c_library_function(name, lambda v: numpy_fn(v.astype(np.float64)).astype(_F))


_atanf, _asinf, _acosf = (_c_or_float64(n, f) for n, f in (
    ("atanf", np.arctan), ("asinf", np.arcsin), ("acosf", np.arccos)))
_atanhf = _c_or_float64("atanhf", np.arctanh)


def atan(x):
    """float32 atan of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_atan, _atanf)


def asin(x):
    """float32 asin of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_asin, _asinf)


def acos(x):
    """float32 acos of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_acos, _acosf)


def atanh(x):
    """float32 atanh of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_atanh, _atanhf)


# --- atan2 -------------------------------------------------------------------------------------
# Eigen's float32 packet atan2 is atan's packet of y / x, plus pi (with y's sign) where x is
# negative; where |x| = |y| (infinities too) the quotient is taken as exactly +-1, and where both
# are zeros as a zero of the result's sign, as IEEE's atan2 asks. The tail is the C library's.
def _packet_atan2(y, x):
    both_zero = (y.view(np.uint32) | x.view(np.uint32)) << 1 == 0  # (bits: a denormal is no zero)
    y, x = _flush_denormals(y), _flush_denormals(x)  # (everywhere else it reads as one)
    result_negative = np.signbit(y) ^ np.signbit(x)
    quotient = y / x
    quotient = np.where(np.abs(x) == np.abs(y), np.where(result_negative, _F(-1), _F(1)), quotient)
    quotient = np.where(both_zero, np.where(result_negative, _F(-0.0), _F(0.0)), quotient)
    shift = np.copysign(np.where(np.signbit(x), _F(np.pi), _F(0)), y)
    return _flush_denormals(_packet_atan(quotient) + shift)


_atan2f = c_library_function(
    "atan2f", lambda y, x: np.arctan2(*np.broadcast_arrays(y, x), dtype=np.float64).astype(_F), 2)


def atan2(y, x):
    """float32 atan2 of two arrays (broadcast), value for value as TF's CPU kernel gives it."""
    return _by_packets_of_two(y, x, _packet_atan2, _atan2f)


# --- pow ---------------------------------------------------------------------------------------
# Eigen's float32 packet pow, x**y = 2**(y * log2(x)), carries y * log2(x) as a "double word":
# a pair (hi, lo) of float32s whose exact sum holds about twice float32's digits, because
# multiplying by a large y magnifies log2's error. The helpers below are the classic exact
# transformations: a product or sum as its rounded value plus the rounding error, exactly.
# Special values (zeros, infinities, NaN, negative bases) follow C's pow, as IEEE asks.
def _two_product(x, y):
    """x * y = hi + lo exactly, hi the rounded product. (TF's build splits each factor in two
    halves of 12 bits, Dekker's way; float64 holds the exact product and gives the same lo.)"""
    hi = x * y
    exact = x.astype(np.float64) * y - hi
    return hi, exact.astype(_F)


def fast_two_sum(x, y):
    """x + y = hi + lo exactly when |x| >= |y| (any float dtype)."""
    hi = x + y
    return hi, y - (hi - x)


def add_double_words(x_hi, x_lo, y_hi, y_lo):
    """(x_hi + x_lo) + (y_hi + y_lo) as a double word, |x_hi| >= |y_hi| (any float dtype)."""
    hi, lo = fast_two_sum(x_hi, y_hi)
    return fast_two_sum(hi, (y_lo + lo) + x_lo)


def _times_double_word(x_hi, x_lo, y):
    """(x_hi + x_lo) * y as a double word."""
    c_hi, c_lo = _two_product(x_hi, y)
    t_hi, t_lo = fast_two_sum(c_hi, x_lo * y)
    return fast_two_sum(t_hi, t_lo + c_lo)


def _double_word_constant(value):
    hi = _F(value)
    return hi, _F(value - np.float64(hi))


_LOG2_C0 = _double_word_constant(1.442695041742110273474963832995854318141937255859375)
_LOG2_C1 = _double_word_constant(-7.2134751588268664068692714863573201000690460205078125e-01)
_LOG2_POLY = [_F(c) for c in (9.7010828554630279541015625e-02, -1.6896486282348632812500000e-01,
                              1.7200836539268493652343750e-01, -1.7892272770404815673828125e-01,
                              2.0505344867706298828125000e-01, -2.4046677350997924804687500e-01,
                              2.8857553005218505859375000e-01, -3.6067414283752441406250000e-01,
                              4.8089790344238281250000000e-01)]


def _log2_double_word(z):
    """log2(z) for z in [sqrt(1/2), sqrt(2)] as (x * polynomial(x)) with x = z - 1, its last two
    Horner steps in double words."""
    x = z - _F(1.0)
    p_hi, p_lo = _two_product(x, horner(x, _LOG2_POLY))
    p_hi, p_lo = add_double_words(*_LOG2_C1, p_hi, p_lo)
    p_hi, p_lo = _times_double_word(p_hi, p_lo, x)
    p_hi, p_lo = add_double_words(*_LOG2_C0, p_hi, p_lo)
    return _times_double_word(p_hi, p_lo, x)


def _round_half_away(x):
    """Eigen's round on AVX: truncate x + (0.5 less one unit, with x's sign)."""
    return np.trunc(x + np.copysign(_F(0.49999997), x))


def _exp2(x):
    """2**x for |x| <= 1/2 as exp(ln2 * x), the product's rounding error added back."""
    x = np.maximum(np.minimum(x, _F(129.0)), _F(-151.0))
    p_hi, p_lo = _two_product(_F(np.log(2)), x)
    return _packet_exp(p_hi) * (_F(1.0) + p_lo)


def _times_power_of_two(a, n):
    """a * 2**n, exactly (n an integer as float32): in four steps where 2**n is no float32."""
    big = np.abs(n) > _F(126.0)
    small_n = np.where(big, _F(0.0), n).astype(np.int32)
    out = a * np.ldexp(_F(1.0), small_n).astype(_F)
    if big.any():
        e = np.clip(n, _F(-278.0), _F(278.0)).astype(np.int32)
        b = e >> 2
        c = np.ldexp(_F(1.0), b).astype(_F)
        wide = _flush_denormals(_flush_denormals(_flush_denormals(a * c) * c) * c)
        wide = wide * np.ldexp(_F(1.0), e - 3 * b).astype(_F)
        out = np.where(big, wide, out)
    return out


def _pow_of_positive(x, y):
    m, e = np.frexp(x)  # x = m * 2**e with m in [1/2, 1)
    m, e = m.astype(_F), e.astype(_F)
    low = m < _F(0.70710678118654752440)  # (move m to [sqrt(1/2), sqrt(2)): log2's best range)
    m = np.where(low, _F(2.0) * m, m)
    e = np.where(low, e - _F(1.0), e)
    y_log2_m = _times_double_word(*_log2_double_word(m), y)
    f_hi, f_lo = add_double_words(*_two_product(e, y), *y_log2_m)  # y * log2(x)
    n = _round_half_away(f_hi)  # y * log2(x) = n + r, n an integer, |r| <= 1/2
    r = (f_hi - n) + f_lo
    n_r = _round_half_away(r)
    return _times_power_of_two(_exp2(r - n_r), n + n_r)


_HUGE_EXPONENT = _F(128.0) * _F(np.log(2)) / _F(np.finfo(_F).eps)  # (1 + eps)**y overflows


def _packet_pow(x, y):
    given_x = x  # (y = 1 passes x on as it is, even a denormal)
    x, y = _flush_denormals(x), _flush_denormals(y)
    pow = _flush_denormals(_pow_of_positive(np.abs(x), y))
    y_is_int = (np.floor(y) == y) & ~np.isinf(y)
    y_half = y * _F(0.5)
    y_is_odd = y_is_int & (_round_half_away(y_half) != y_half)
    pow = np.where((x < 0) & ~y_is_int, _F(np.nan), pow)
    pow = np.where(x == 0, np.where(y < 0, _F(np.inf), _F(0.0)), pow)
    pow = np.where(np.signbit(x) & y_is_odd, -pow, pow)
    for_huge_y = np.where(((y < 0) & (x == 0)) | ((y < 0) ^ (np.abs(x) > 1)), _F(np.inf), _F(0.0))
    for_huge_y = np.where(x == -1, _F(1.0), for_huge_y)
    pow = np.where(np.abs(y) >= _HUGE_EXPONENT, for_huge_y, pow)
    for_inf_x = np.where(y < 0, _F(0.0), _F(np.inf))
    for_inf_x = np.where((x < 0) & y_is_odd, -for_inf_x, for_inf_x)
    pow = np.where(np.isinf(x), for_inf_x, pow)
    pow = np.where(np.isnan(x) | np.isnan(y), _F(np.nan), pow)
    return np.where(y == 1, given_x, np.where((x == 1) | (y == 0), _F(1.0), pow))


_powf = c_library_function(
    "powf", lambda x, y: np.power(*np.broadcast_arrays(x, y), dtype=np.float64).astype(_F), 2)


def pow(x, y):
    """float32 x**y of two arrays (broadcast), value for value as TF's CPU kernel gives it."""
    return _by_packets_of_two(x, y, _packet_pow, _powf)


# --- float16 sigmoid and softplus ---------------------------------------------------------------
# TF computes a half's functions in float32 (Eigen's, as above) and rounds each result to half,
# and its half arithmetic rounds every step to half: sigmoid is e / (1 + e) with e = exp(x) as
# a half, softplus log1p of that half.
_H = np.float16
# (TF's threshold is log(epsilon) + 2 with Eigen's half epsilon, 2**-13, not NumPy's 2**-10)
_HALF_SOFTPLUS_THRESHOLD = _H(_H(np.log(_F(2.0 ** -13))) + _H(2))  # -7.008


def sigmoid_half(x):
    """TF's float16 Sigmoid: e / (1 + e) in half steps, 1 where e overflows."""
    e = exp(x.astype(_F)).astype(_H)
    with np.errstate(invalid="ignore", over="ignore"):
        return np.where(np.isinf(e), _H(1), e / (_H(1) + e))


def softplus_half(x):
    """TF's float16 Softplus kernel: x, exp(x) or log1p(exp(x)) by its half threshold."""
    e = exp(x.astype(_F)).astype(_H)
    with np.errstate(over="ignore"):
        middle = log1p(e.astype(_F)).astype(_H)
    return np.where(x > -_HALF_SOFTPLUS_THRESHOLD, x,
                    np.where(x < _HALF_SOFTPLUS_THRESHOLD, e, middle))
