"""float64 exp, log, tanh, sigmoid, log1p, expm1, softplus, atan, atan2, atanh, erf, erfc, pow
and lgamma as TF's CPU kernels compute them.

The float64 sibling of eigen_float.py: TF's kernels run Eigen's own approximations over
packets of 4 float64 values (AVX registers), every step rounded to float64 (no fused
multiply-add in TF's CPU build), and the values after the last whole packet on Eigen's
scalar path, which calls the C library. NumPy's float64 functions agree with
neither in the last bit for 15-60 % of values, which TF's printed float64 values (17
significant digits) show. Each function below follows Eigen's steps for one packet, on all
the packets of an array at once.
"""

import numpy as np

from . import eigen_float
from .eigen_float import add_double_words, fast_two_sum  # (the same for any float dtype)

_D = np.float64
_PACKET = 4
_LN2 = np.log(2.0)


def _madd(a, b, c):
    return a * b + c  # two roundings, as without FMA


def c_library(name, numpy_fn):
    """The C library's float64 `name` value by value (for a few values: a tail, a diagonal)."""
    return eigen_float.c_library_function(name, numpy_fn, dtype=_D)


# Functions Eigen leaves to the C library for float64 (tan, asin, sinh, ...): TF's values are the
# C library's. NumPy calls the same functions except on CPUs where it has SIMD versions of its
# own (AVX-512: 10-30 % of their values differ in the last bit). Tensors of up to BY_VALUE values,
# the ones guides print, ask the C library directly; bigger ones keep NumPy's speed.
BY_VALUE = 1024


def c_library_kernel(name, numpy_fn):
    """A float64 kernel computing as TF does with the C library's `name` ("tan")."""
    return eigen_float.c_library(name, numpy_fn, dtype=_D)


def _by_packets(x, packet_fn, tail_fn):
    """`packet_fn` on the whole packets of the flattened `x`, `tail_fn` on the rest."""
    flat = np.asarray(x, _D).reshape(-1)
    whole = flat.size // _PACKET * _PACKET
    out = np.empty_like(flat)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        if whole:
            out[:whole] = packet_fn(flat[:whole])
        if whole < flat.size:
            out[whole:] = tail_fn(flat[whole:])
    return out.reshape(np.shape(x))


_exp_c, _log_c = c_library("exp", np.exp), c_library("log", np.log)
_tanh_c = c_library("tanh", np.tanh)
_log1p_c, _expm1_c = c_library("log1p", np.log1p), c_library("expm1", np.expm1)
_atan_c, _atanh_c = c_library("atan", np.arctan), c_library("atanh", np.arctanh)


_pow_c = eigen_float.c_library_function(
    "pow", lambda x, y: np.power(*np.broadcast_arrays(x, y), dtype=_D), 2, dtype=_D)
_atan2_c = eigen_float.c_library_function(
    "atan2", lambda y, x: np.arctan2(*np.broadcast_arrays(y, x), dtype=_D), 2, dtype=_D)


# --- exp: exp(g + n ln 2) = 2**n exp(g), exp(g) from Cephes' rational function ----------------
_EXP_P = (1.26177193074810590878e-4, 3.02994407707441961300e-2, 9.99999999999999999910e-1)
_EXP_Q = (3.00198505138664455042e-6, 2.52448340349684104192e-3, 2.27265548208155028766e-1,
          2.00000000000000000009e0)


def _packet_exp(x):
    underflow = x < -745.519
    g = np.minimum(x, 709.784)
    n = np.floor(_madd(1.4426950408889634073599, g, 0.5))  # the nearest multiple of ln 2
    g = (g - n * 0.693145751953125) - n * 1.42860682030941723212e-6  # (ln 2 in two parts)
    g2 = g * g
    p = _madd(_madd(_EXP_P[0], g2, _EXP_P[1]), g2, _EXP_P[2]) * g
    q = _madd(_madd(_madd(_EXP_Q[0], g2, _EXP_Q[1]), g2, _EXP_Q[2]), g2, _EXP_Q[3])
    e = _madd(2.0, p / (q - p), 1.0)
    out = np.maximum(np.ldexp(e, n.astype(np.int64)), x)  # (keeps +inf and NaN inputs)
    return np.where(underflow, 0.0, out)


def exp(x):
    """float64 exp of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_exp, _exp_c)


# --- log: x = m 2**e with m in [sqrt(1/2), sqrt(2)), log(m) from Cephes' rational function ----
_LOG_P = (1.01875663804580931796e-4, 4.97494994976747001425e-1, 4.70579119878881725854e0,
          1.44989225341610930846e1, 1.79368678507819816313e1, 7.70838733755885391666e0)
_LOG_Q = (1.0, 1.12873587189167450590e1, 4.52279145837532221105e1, 8.29875266912776603211e1,
          7.11544750618563894466e1, 2.31251620126765340583e1)


_horner = eigen_float.horner  # (the same steps, rounded in float64 here)


def _odd_even_polynomial(c, x, x3):
    """Eigen's split Horner's rule for 6 coefficients: two halves of 3, joined by x**3."""
    first = _madd(_madd(c[0], x, c[1]), x, c[2])
    return _madd(first, x3, _madd(_madd(c[3], x, c[4]), x, c[5]))


def _packet_log(x):
    m, e = np.frexp(x)
    e = e.astype(_D)
    low = m < 0.70710678118654752440
    r = m - 1.0 + np.where(low, m, 0.0)  # (2m - 1 where m is low, in Eigen's two steps)
    e = e - np.where(low, 1.0, 0.0)
    r2 = r * r
    r3 = r2 * r
    y = (_odd_even_polynomial(_LOG_P, r, r3) * r3) / _odd_even_polynomial(_LOG_Q, r, r3)
    out = _madd(e, _LN2, r + _madd(-0.5, r2, y))
    out = np.where(x == np.inf, np.inf, out)
    out = np.where((x < 0) | np.isnan(x), np.nan, out)
    return np.where(x == 0, -np.inf, out)


def log(x):
    """float64 log of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_log, _log_c)


# --- tanh: an odd/even rational function (the tail: the C library's tanh) ---------------------
_TANH_ONE = 17.714196154005176  # from here on the rational function is exactly +-1
_TANH_NUM = (2.6158007860482230e-23, 7.6534862268749319e-19, 3.1309488231386680e-15,
             4.2303918148209176e-12, 2.4618379131293676e-09, 6.8644367682497074e-07,
             9.3839087674268880e-05, 5.9809711724441161e-03, 1.5184719640284322e-01)
_TANH_DEN = (6.463747022670968018e-21, 5.782506856739003571e-17, 1.293019623712687916e-13,
             1.123643448069621992e-10, 4.492975677839633985e-08, 8.785185266237658698e-06,
             8.295161192716231542e-04, 3.437448108450402717e-02, 4.851805297361760360e-01, 1.0)


def _rational_tanh(x):
    x = np.maximum(np.minimum(x, _TANH_ONE), -_TANH_ONE)
    x2 = x * x
    return _madd(x2 * x, _horner(x2, _TANH_NUM), x) / _horner(x2, _TANH_DEN)


def tanh(x):
    """float64 tanh of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _rational_tanh, _tanh_c)


# --- sigmoid: e / (1 + e) with e = exp(x), 1 where e overflows ----------------------------------
def sigmoid(x):
    """float64 sigmoid of an array, value for value as TF's CPU kernel gives it."""
    def by(exp_fn):
        def sigmoid_of(v):
            e = exp_fn(v)
            return np.where(e == np.inf, 1.0, e / (1.0 + e))
        return sigmoid_of
    return _by_packets(x, by(_packet_exp), by(_exp_c))


# --- log1p and expm1: from log and exp, their rounding corrected (Kahan's formulas) ------------
def _packet_log1p(x):
    x1 = x + 1.0
    log1 = _packet_log(x1)
    large = x * (log1 / (x1 - 1.0))
    return np.where((x1 == 1.0) | (x1 == log1), x, large)  # (tiny x, and +inf)


def _packet_expm1(x):
    u = _packet_exp(x)
    u1 = u - 1.0
    log_u = _packet_log(u)
    out = np.where(log_u == u, u, u1 * (x / log_u))  # (+inf stays)
    return np.where(u == 1.0, x, np.where(u1 == -1.0, -1.0, out))


def log1p(x):
    """float64 log(1 + x) of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_log1p, _log1p_c)


def expm1(x):
    """float64 exp(x) - 1 of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_expm1, _expm1_c)


# --- atan and atanh: rational functions on a reduced range ---------------------------------------
_ATAN_NUM = (2.6667153866462208e-05, 3.0917513112462781e-03, 5.2574296781008604e-02,
             3.0409318473444424e-01, 7.5365702534987022e-01, 8.2704055405494614e-01,
             3.3004361289279920e-01)
_ATAN_DEN = (2.7311202462436667e-04, 1.0899150928962708e-02, 1.1548932646420353e-01,
             4.9716458728465573e-01, 1.0, 9.3705509168587852e-01, 3.3004361289279920e-01)
_ATANH_NUM = (3.3071338469301391e-03, -4.7129526768798737e-02, 1.8185306179826699e-01,
              -2.5949536095445679e-01, 1.2306328729812676e-01)
_ATANH_DEN = (-3.8679974580640881e-03, 7.6391885763341910e-02, -4.2828141436397615e-01,
              9.8733495886883648e-01, -1.0, 3.6918986189438030e-01)


def _packet_atan(x):
    """atan on [0, 1] by a rational function; beyond, pi/2 minus atan of 1/|x|."""
    a = np.abs(x)
    large = a > 1.0
    r = np.where(large, 1.0 / a, a)
    r2 = r * r
    p = r * (_horner(r2, _ATAN_NUM) / _horner(r2, _ATAN_DEN))
    return np.copysign(np.where(large, np.pi / 2 - p, p), x)


def _packet_atanh(x):
    """x + x**3 R(x**2) up to |x| = 1/2, log((1 + x) / (1 - x)) / 2 beyond."""
    x2 = x * x
    small = _madd(x2 * x, _horner(x2, _ATANH_NUM) / _horner(x2, _ATANH_DEN), x)
    large = 0.5 * _packet_log((1.0 + x) / (1.0 - x))
    a = np.abs(x)
    out = np.where(a >= 0.5, large, small)
    out = np.where(a == 1.0, np.copysign(np.inf, x), out)
    return np.where(a > 1.0, np.nan, out)


def atan(x):
    """float64 atan of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_atan, _atan_c)


def atanh(x):
    """float64 atanh of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _packet_atanh, _atanh_c)


# --- lgamma: the C library's, value by value (Eigen has no packet lgamma) ------------------------
lgamma_by_value = c_library("lgamma", None)


# --- softplus: TF's kernel picks x, exp(x) or log1p(exp(x)) by a threshold ---------------------
_SOFTPLUS_THRESHOLD = np.log(np.finfo(_D).eps) + 2.0  # (about -34)


def softplus(x):
    """TF's float64 Softplus kernel: x above -threshold, exp(x) below threshold, else
    log1p(exp(x)), each function as TF's kernel rounds it."""
    e = exp(x)
    with np.errstate(over="ignore"):
        middle = log1p(e)
    return np.where(x > -_SOFTPLUS_THRESHOLD, x, np.where(x < _SOFTPLUS_THRESHOLD, e, middle))


# --- erf and erfc: erf(x)/x by a rational function up to |x| = 1, erfc beyond ------------------
_ERF_NUM = (1.9493725660006057018823477644531294572516344487667083740234375e-04,
            1.8272566210022942682217328425053892715368419885635375976562500e-03,
            4.5303363351690106863856044583371840417385101318359375000000000e-02,
            1.4215015503619179981775744181504705920815467834472656250000000e-01,
            1.1283791670955125585606992899556644260883331298828125000000000e+00)
_ERF_DEN = (2.0294484101083099089526257108317963684385176748037338256835938e-05,
            6.8117805899186819641732970609382391558028757572174072265625000e-04,
            1.0582026056098614921752165685120417037978768348693847656250000e-02,
            9.3252603143757495374188692949246615171432495117187500000000000e-02,
            4.5931062818368939559832142549566924571990966796875000000000000e-01, 1.0)
_ERFC_NUM = (1.5252844933226974316088642158462107545346952974796295166015625e-04,
             1.0909912393738931124520519233556115068495273590087890625000000e-02,
             1.0628604636755033252537572252549580298364162445068359375000000e-01,
             3.3492472973137982217295416376146022230386734008789062500000000e-01,
             4.5065776215933289750026347064704168587923049926757812500000000e-01,
             2.9433039130294824659017649537418037652969360351562500000000000e-01,
             9.8792676360600226170838311645638896152377128601074218750000000e-02,
             1.7095935395503719655962981960328761488199234008789062500000000e-02,
             1.4249109729504577659398023570247460156679153442382812500000000e-03,
             4.4567378313647954771875570045835956989321857690811157226562500e-05)
_ERFC_DEN = (2.041985103115789845773520028160419315099716186523437500000000e-03,
             5.316030659946043707142493417450168635696172714233398437500000000e-02,
             3.426242193784684864077405563875799998641014099121093750000000e-01,
             8.565637124308049799026321124983951449394226074218750000000000e-01, 1.0,
             5.968805280570776972126623149961233139038085937500000000000000e-01,
             1.890922854723317836356244470152887515723705291748046875000000e-01,
             3.152505418656005586885981983868987299501895904541015625000000e-02,
             2.565085751861882583380047861965067568235099315643310546875000e-03,
             7.899362131678837697403017248376499992446042597293853759765625e-05)


def _square_error(x, x2):
    """x*x - x2 exactly (x2 the rounded square): Dekker's product, x split in two halves."""
    gamma = 134217729.0 * x  # 2**27 + 1
    hi = (x - gamma) + gamma
    lo = x - hi
    return ((hi * hi - x2) + hi * lo + lo * hi) + lo * lo


def _erfc_large(x, x2, exp_fn):
    """erfc for 1 < |x|: exp(-x**2) (corrected for the rounding of x**2) times a rational
    function of 1/x**2, plus 2 for negative x."""
    e = exp_fn(-x2)
    z = e - e * _square_error(x, x2)
    q2 = 1.0 / x2
    r = _horner(q2, _ERFC_NUM) / (x * _horner(q2, _ERFC_DEN))
    return _madd(z, r, np.where(x < 0, 2.0, 0.0))


def _erf_by(exp_fn):
    def erf_of(x):
        x2 = x * x
        small = x * (_horner(x2, _ERF_NUM) / _horner(x2, _ERF_DEN))
        return np.where(x2 > 1.0, 1.0 - _erfc_large(x, x2, exp_fn), small)
    return erf_of


def _erfc_by(exp_fn):
    def erfc_of(x):
        x = np.maximum(np.minimum(x, 28.0), -28.0)
        x2 = x * x
        small = 1.0 - x * (_horner(x2, _ERF_NUM) / _horner(x2, _ERF_DEN))
        return np.where(x2 > 1.0, _erfc_large(x, x2, exp_fn), small)
    return erfc_of


def erf(x):
    """float64 erf of an array, value for value as TF's CPU kernel gives it (the tail takes
    the same steps with the C library's exp)."""
    return _by_packets(x, _erf_by(_packet_exp), _erf_by(_exp_c))


def erfc(x):
    """float64 erfc of an array, value for value as TF's CPU kernel gives it."""
    return _by_packets(x, _erfc_by(_packet_exp), _erfc_by(_exp_c))


# --- pow: 2**(y * log2(x)), y * log2(x) carried in double words ----------------------------------
# As eigen_float's pow, with float64 pairs: log2 of the mantissa comes from an odd polynomial of
# r = c (m - 1) / (m + 1) evaluated in double-word arithmetic. A product's rounding error needs
# Dekker's split of each factor in two 26-bit halves here (no wider float holds it exactly).
def _split(x):
    gamma = 134217729.0 * x  # 2**27 + 1
    hi = (x - gamma) + gamma
    return hi, x - hi


def _two_product(x, y):
    """x * y = hi + lo exactly, hi the rounded product."""
    x_hi, x_lo = _split(x)
    y_hi, y_lo = _split(y)
    hi = x * y
    return hi, (((x_hi * y_hi - hi) + x_hi * y_lo) + x_lo * y_hi) + x_lo * y_lo


def _times_float(x_hi, x_lo, y):
    c_hi, c_lo = _two_product(x_hi, y)
    t_hi, t_lo = fast_two_sum(c_hi, x_lo * y)
    return fast_two_sum(t_hi, t_lo + c_lo)


def _times_double_word(x_hi, x_lo, y_hi, y_lo):
    return add_double_words(*_times_float(x_hi, x_lo, y_hi), *_times_float(x_hi, x_lo, y_lo))


def _divided_by_float(x_hi, x_lo, y):
    t_hi = x_hi / y
    p_hi, p_lo = _two_product(t_hi, y)
    return fast_two_sum(t_hi, (((x_hi - p_hi) - p_lo) + x_lo) / y)


_LOG2_Q = (2.87074255468000586e-9, 2.38957980901884082e-8, 2.31032094540014656e-7,
           2.27279857398537278e-6, 2.31271023278625638e-5, 2.47556738444535513e-4,
           2.88543873228900172e-3)  # q12, q10, ..., q0
_LOG2_C = (0.0400377511598501157, -4.77726582251425391e-19)
_TWO_LOG2E = (2.88539008177792677, 4.07660016854549667e-17)


def _log2_double_word(m):
    """log2(m) for m in [sqrt(1/2), sqrt(2)] as a double word: r = (2/ln 2)(m - 1)/(m + 1),
    then ((Q(r**2) r**2 + C) r**2 + 1) r."""
    r_hi, r_lo = _divided_by_float(*_times_float(*_TWO_LOG2E, m - 1.0), m + 1.0)
    r2_hi, r2_lo = _times_double_word(r_hi, r_lo, r_hi, r_lo)
    r4_hi = _times_double_word(r2_hi, r2_lo, r2_hi, r2_lo)[0]
    q12, q10, q8, q6, q4, q2, q0 = _LOG2_Q
    q_even = _madd(_madd(_madd(q12, r4_hi, q8), r4_hi, q4), r4_hi, q0)
    q_odd = _madd(_madd(q10, r4_hi, q6), r4_hi, q2)
    q = _madd(q_odd, r2_hi, q_even)
    p_hi, p_lo = add_double_words(*_LOG2_C, *_times_float(r2_hi, r2_lo, q))
    p_hi, p_lo = _one_plus(*_times_double_word(r2_hi, r2_lo, p_hi, p_lo))
    return _times_double_word(p_hi, p_lo, r_hi, r_lo)


def _one_plus(y_hi, y_lo):
    """1 + (y_hi + y_lo) as a double word (|y_hi| <= 1)."""
    hi, lo = fast_two_sum(1.0, y_hi)
    return fast_two_sum(hi, y_lo + lo)


def _round_half_away(x):
    """Eigen's round on AVX: truncate x + (0.5 less one unit, with x's sign)."""
    return np.trunc(x + np.copysign(0.49999999999999994, x))


def _exp2(x):
    """2**x for |x| <= 1/2: exp(ln2 * x), the product's rounding error added back."""
    x = np.maximum(np.minimum(x, 1025.0), -1076.0)
    p_hi, p_lo = _two_product(_LN2, x)
    return _packet_exp(p_hi) * (1.0 + p_lo)


def _times_power_of_two(a, n):
    """a * 2**n exactly (n an integer as float64), in four steps where 2**n is out of range."""
    big = np.abs(n) > 1022.0
    out = a * np.ldexp(1.0, np.where(big, 0.0, n).astype(np.int64))
    if big.any():
        e = np.clip(n, -2099.0, 2099.0).astype(np.int64)
        b = e >> 2
        c = np.ldexp(1.0, b)
        wide = ((a * c) * c) * c * np.ldexp(1.0, e - 3 * b)
        out = np.where(big, wide, out)
    return out


def _pow_of_positive(x, y):
    m, e = np.frexp(x)
    e = e.astype(_D)
    low = m < 0.70710678118654752440
    m = np.where(low, 2.0 * m, m)
    e = np.where(low, e - 1.0, e)
    y_log2_m = _times_float(*_log2_double_word(m), y)
    f_hi, f_lo = add_double_words(*_two_product(e, y), *y_log2_m)  # y * log2(x)
    n = _round_half_away(f_hi)
    r = (f_hi - n) + f_lo
    n_r = _round_half_away(r)
    return _times_power_of_two(_exp2(r - n_r), n + n_r)


_HUGE_EXPONENT = 1024 * _LN2 / np.finfo(_D).eps  # (1 + eps)**y overflows from here


def _packet_pow(x, y):
    """C's rules for zeros, infinities, NaN and negative bases around _pow_of_positive."""
    given_x = x  # (y = 1 passes x on as it is)
    x, y = _flush_denormals(x), _flush_denormals(y)  # (TF's CPU reads them as zeros)
    pow = _flush_denormals(_pow_of_positive(np.abs(x), y))
    y_is_int = (np.floor(y) == y) & ~np.isinf(y)
    y_half = y * 0.5
    y_is_odd = y_is_int & (_round_half_away(y_half) != y_half)
    pow = np.where((x < 0) & ~y_is_int, np.nan, pow)
    pow = np.where(x == 0, np.where(y < 0, np.inf, 0.0), pow)
    pow = np.where(np.signbit(x) & y_is_odd, -pow, pow)
    for_huge_y = np.where(((y < 0) & (x == 0)) | ((y < 0) ^ (np.abs(x) > 1)), np.inf, 0.0)
    for_huge_y = np.where(x == -1, 1.0, for_huge_y)
    pow = np.where(np.abs(y) >= _HUGE_EXPONENT, for_huge_y, pow)
    for_inf_x = np.where(y < 0, 0.0, np.inf)
    for_inf_x = np.where((x < 0) & y_is_odd, -for_inf_x, for_inf_x)
    pow = np.where(np.isinf(x), for_inf_x, pow)
    pow = np.where(np.isnan(x) | np.isnan(y), np.nan, pow)
    return np.where(y == 1, given_x, np.where((x == 1) | (y == 0), 1.0, pow))


def _flush_denormals(v):
    small = np.abs(v) < np.finfo(_D).tiny
    return np.where(small, v * 0.0, v) if small.any() else v


def _by_packets_of_two(a, b, packet_fn, tail_fn):
    """`_by_packets` for a binary op: both operands broadcast to the result's shape first; one
    value of each goes straight to the C library (all tail: the common scalar case)."""
    if np.ndim(a) == 0 and np.ndim(b) == 0 and hasattr(tail_fn, "one"):
        return _flush_denormals(_D(tail_fn.one(float(a), float(b))))
    a, b = np.broadcast_arrays(np.asarray(a, _D), np.asarray(b, _D))
    flat_a, flat_b = a.reshape(-1), b.reshape(-1)
    whole = flat_a.size // _PACKET * _PACKET
    out = np.empty(flat_a.size, _D)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        if whole:
            out[:whole] = packet_fn(flat_a[:whole], flat_b[:whole])
        if whole < flat_a.size:
            out[whole:] = tail_fn(flat_a[whole:], flat_b[whole:])
    return out.reshape(a.shape)


def pow(x, y):
    """float64 x**y of two arrays (broadcast), value for value as TF's CPU kernel gives it."""
    return _by_packets_of_two(x, y, _packet_pow, _pow_c)


# --- atan2: atan of y / x, plus pi (with y's sign) where x is negative ---------------------------
def _packet_atan2(y, x):
    both_zero = (y.view(np.uint64) | x.view(np.uint64)) << 1 == 0  # (bits: a denormal is no zero)
    y, x = _flush_denormals(y), _flush_denormals(x)
    result_negative = np.signbit(y) ^ np.signbit(x)
    quotient = y / x
    quotient = np.where(np.abs(x) == np.abs(y), np.where(result_negative, -1.0, 1.0), quotient)
    quotient = np.where(both_zero, np.where(result_negative, -0.0, 0.0), quotient)
    shift = np.copysign(np.where(np.signbit(x), np.pi, 0.0), y)
    return _flush_denormals(_packet_atan(quotient) + shift)


def atan2(y, x):
    """float64 atan2 of two arrays (broadcast), value for value as TF's CPU kernel gives it."""
    return _by_packets_of_two(y, x, _packet_atan2, _atan2_c)
