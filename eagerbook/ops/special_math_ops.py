"""Special functions of ``tf.math``: inverse error functions, log-gamma and digamma, Bessel
functions, Dawson, Fresnel, exponential and Spence integrals, ``xlog1py``, and small
composites TF lists there (``is_non_decreasing``, ``lbeta``, ...).

Where TF's kernel is known step by step, float32 follows it so values print with TF's digits:
``ndtri`` (Eigen's float version, below), ``lgamma`` (the C library's, value by value), the
Bessel functions (eigen_bessel); Dawson, Ei, Fresnel and Spence follow TF's kernels in float32
and float64 alike (special_scalar). The rest compute in float64 and round to the input's
dtype: ``ndtri`` of float64 refines a first guess with Newton steps on the normal CDF,
``erfinv`` is ``ndtri((x + 1) / 2) / sqrt(2)`` as in TF's kernel, and ``digamma`` climbs to
large arguments by its recurrence and uses the asymptotic series there.
"""

import math

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import convert_to_tensor
from . import array_ops, eigen_bessel, eigen_double, eigen_float, math_ops, special_scalar
from .math_ops import _erf_float64
from .more_math_ops import _erfc_float64
from .registry import execute, register
from .support import FLOATS, check_dtype

_F32 = np.float32

_HALF_SQRT_PI = math.sqrt(math.pi) / 2


def _float_input(x, op_name):
    x = convert_to_tensor(x)
    if x.dtype not in FLOATS:
        check_dtype(op_name, x, FLOATS)
    return x


# --- inverse error function --------------------------------------------------------------------
def _erfinv_float64(y):
    # A first guess good to ~1e-3 (Winitzki's closed form), then Newton on erf(x) = y:
    # x <- x - (erf(x) - y) / erf'(x), with erf'(x) = 2/sqrt(pi) exp(-x^2).
    a = 0.147
    log_term = np.log1p(-y * y)
    first = 2 / (math.pi * a) + log_term / 2
    x = np.sign(y) * np.sqrt(np.sqrt(first * first - log_term / a) - first)
    for _ in range(3):
        x = x - (_erf_float64(x) - y) * _HALF_SQRT_PI * np.exp(x * x)
    x = np.where(y == 1, np.inf, np.where(y == -1, -np.inf, x))
    return np.where(np.abs(y) > 1, np.nan, x)


def _normal_cdf(z):
    """P(Z <= z) for a standard normal Z, in float64, accurate far into the lower tail."""
    return _erfc_float64(-z / math.sqrt(2)) / 2


def _normal_quantile(p):
    """The z with P(Z <= z) = p, in float64: a first guess (erfinv's, or the tail's asymptote
    for tiny p), then Newton steps on log P(Z <= z), mirrored above 1/2, so that p = 1e-300
    still gives its z. NaN outside [0, 1]; -inf and inf at 0 and 1."""
    p = np.asarray(p, np.float64)
    upper = p > 0.5
    q = np.where(upper, 1 - p, p)
    with np.errstate(all="ignore"):
        z = np.where(q < 1e-8, -np.sqrt(-2 * np.log(q)),
                     math.sqrt(2) * _erfinv_float64(2 * np.maximum(q, 1e-8) - 1))
        for _ in range(4):
            cdf = _normal_cdf(z)
            density = np.exp(-z * z / 2) / math.sqrt(2 * math.pi)
            step = (np.log(cdf) - np.log(q)) * cdf / density
            z = np.where(np.isfinite(step) & (q > 0), z - step, z)
        z = np.where(q == 0, -np.inf, z)
    z = np.where(upper, -z, z)
    return np.where((p < 0) | (p > 1) | np.isnan(p), np.nan, z)


# float32: TF's kernel (Eigen's version of Cephes' ndtri) in float32 step for step: a rational
# function of (p - 1/2)^2 in the middle, and beyond exp(-2) from either end one in
# 1/sqrt(-2 log p), with Eigen's packet log. (TF's CPU may take 1/x with an approximate
# instruction in the tails, which can end one unit in the last place away.)
_NDTRI_MIDDLE = ([-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
                  1.39312609387279679503e1, -1.23916583867381258016e0],
                 [1.0, 1.95448858338141759834e0, 4.67627912898881538453e0,
                  8.63602421390890590575e1, -2.25462687854119370527e2, 2.00260212380060660359e2,
                  -8.20372256168333339912e1, 1.59056225126211695515e1,
                  -1.18331621121330003142e0])
_NDTRI_TAIL = ([4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
                4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
                -1.40256079171354495875e-1, -3.50424626827848203418e-2,
                -8.57456785154685413611e-4],
               [1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
                1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
                -3.80806407691578277194e-2, -9.33259480895457427372e-4])
_NDTRI_FAR_TAIL = ([3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
                    1.33303460815807542389e0, 2.01485389549179081538e-1,
                    1.23716634817820021358e-2, 3.01581553508235416007e-4,
                    2.65806974686737550832e-6, 6.23974539184983293730e-9],
                   [1.0, 6.02427039364742014255e0, 3.67983563856160859403e0,
                    1.37702099489081330271e0, 2.16236993594496635890e-1,
                    1.34204006088543189037e-2, 3.28014464682127739104e-4,
                    2.89247864745380683936e-6, 6.79019408009981274425e-9])


def _ratio_f32(t, pair):
    return eigen_float.horner(t, pair[0]) / eigen_float.horner(t, pair[1])


def _ndtri_float32(a):
    from . import eigen_float
    a = eigen_float._flush_denormals(a.astype(_F32))  # TF reads denormal inputs as 0
    exp_neg_two = _F32(0.13533528323661269189)
    lower = a <= _F32(1) - exp_neg_two
    b = np.where(lower, a, _F32(1) - a)
    with np.errstate(all="ignore"):
        c = b - _F32(0.5)
        c2 = c * c
        middle = (c * (c2 * _ratio_f32(c2, _NDTRI_MIDDLE)) + c) * _F32(2.50662827463100050242)
        x = np.sqrt(_F32(-2) * eigen_float.log(b))
        z = _F32(1) / x
        near = x < _F32(8)
        x1 = z * np.where(near, _ratio_f32(z, _NDTRI_TAIL), _ratio_f32(z, _NDTRI_FAR_TAIL))
        tail = (x - eigen_float.log(x) / x) - x1
        tail = np.where(lower, -tail, tail)
    out = np.where(exp_neg_two < b, middle, tail)
    return np.where(a == 0, -np.inf, np.where(a == 1, np.inf, out)).astype(_F32)


@register("Ndtri", elementwise=True)
def _ndtri(x):
    if x.dtype == np.float32:
        return _ndtri_float32(x)
    return _normal_quantile(x).astype(x.dtype, copy=False)


@_ndtri.gradient
def _ndtri_grad(op, dy):
    # d/dp ndtri(p) = 1 / density(ndtri(p)) = sqrt(2 pi) exp(ndtri(p)^2 / 2): the output.
    z = op.outputs[0]
    return [dy * math.sqrt(2 * math.pi) * math_ops.exp(math_ops.square(z) / 2)]


def ndtri(x, name=None):
    """The inverse of the standard normal CDF, computed in float64 (tiny probabilities keep
    their quantile: ndtri(1e-30) is -11.46, not -inf)."""
    return execute(_ndtri, (_float32_or_64_input(x, "Ndtri"),))


@register("Erfinv", elementwise=True)
def _erfinv(x):
    # As TF's kernel: erfinv(x) = ndtri((x + 1) / 2) / sqrt(2), with (x + 1) / 2 rounded to
    # x's dtype first (so erfinv of a float32 1e-8 is 0, as in TF).
    if x.dtype == np.float32:  # TF's float32 kernel: ndtri(x/2 + 1/2) * sqrt(1/2)
        return _ndtri_float32(_F32(0.5) * x + _F32(0.5)) * _F32(math.sqrt(0.5))
    half_up = ((x + x.dtype.type(1)) / x.dtype.type(2)).astype(x.dtype)
    with np.errstate(all="ignore"):
        return (_normal_quantile(half_up) / math.sqrt(2)).astype(x.dtype, copy=False)


@_erfinv.gradient
def _erfinv_grad(op, dy):
    # d/dy erfinv(y) = sqrt(pi)/2 * exp(erfinv(y)^2): the output, already computed.
    y = op.outputs[0]
    return [dy * _HALF_SQRT_PI * math_ops.exp(math_ops.square(y))]


def erfinv(x, name=None):
    return execute(_erfinv, (_float32_or_64_input(x, "Erfinv"),))


def erfcinv(x, name=None):
    """The inverse of erfc, through the normal quantile as TF computes it (so erfcinv(1) is
    -0.0, as in TF)."""
    x = convert_to_tensor(x)  # (an integer x fails at 0.5 * x, as in TF)
    # (TF multiplies by sqrt(1/2) in x's dtype, which rounds differently from dividing by
    # sqrt(2))
    return -ndtri(0.5 * x) * math_ops.cast(math.sqrt(0.5), x.dtype)


# --- log-gamma and digamma ----------------------------------------------------------------------
_lgamma_float64 = np.vectorize(
    lambda v: math.lgamma(v) if v > 0 or v != math.floor(v) else math.inf, otypes=[np.float64])


# TF's float32 kernel calls the C library's lgammaf for each value (no packet version): the
# same function gives its last digit (the float64 value rounded once can differ by an ulp)
_lgammaf = eigen_float.c_library_function(
    "lgammaf", lambda v: _lgamma_float64(v.astype(np.float64)).astype(np.float32))


@register("Lgamma", elementwise=True)
def _lgamma(x):
    if x.dtype == np.float32:
        with np.errstate(divide="ignore"):
            return _lgammaf(x)
    if x.dtype == np.float64 and x.size <= eigen_double.BY_VALUE and eigen_double.lgamma_by_value:
        return eigen_double.lgamma_by_value(x)  # (TF calls the C library's lgamma value by value)
    return _lgamma_float64(x.astype(np.float64)).astype(x.dtype, copy=False)


@_lgamma.gradient
def _lgamma_grad(op, dy):
    return [dy * digamma(op.inputs[0])]


def lgamma(x, name=None):
    """log |Gamma(x)| (inf at the poles 0, -1, -2, ...)."""
    return execute(_lgamma, (_float_input(x, "Lgamma"),))


# TF's kernel (Eigen's digamma, one value at a time) step for step in the input's dtype:
# reflection for x <= 0, the recurrence psi(x) = psi(x + 1) - 1/x up to x >= 10, then
# log(x) - 1/(2x) minus a short series in 1/x^2 (Eigen's float series is shorter than its
# double one), with the C library's log and tan.
_DIGAMMA_SERIES = {  # dtype: (coefficients, the x from which the series is left out)
    np.dtype(np.float32): (np.array([-4.16666666666666666667e-3, 3.96825396825396825397e-3,
                                     -8.33333333333333333333e-3, 8.33333333333333333333e-2],
                                    _F32), 1e8),
    np.dtype(np.float64): (np.array([8.33333333333333333333e-2, -2.10927960927960927961e-2,
                                     7.57575757575757575758e-3, -4.16666666666666666667e-3,
                                     3.96825396825396825397e-3, -8.33333333333333333333e-3,
                                     8.33333333333333333333e-2]), 1e17)}
_C_LOG = {np.dtype(np.float32): eigen_float._c_logf,
          np.dtype(np.float64): eigen_float.c_library_function("log", np.log, dtype=np.float64)}
_C_TAN = {np.dtype(np.float32): eigen_float.c_library_function(
              "tanf", lambda v: np.tan(v.astype(np.float64)).astype(_F32)),
          np.dtype(np.float64): eigen_float.c_library_function("tan", np.tan, dtype=np.float64)}


def _eigen_digamma(x):
    one, half, pi = x.dtype.type(1), x.dtype.type(0.5), x.dtype.type(np.pi)
    with np.errstate(all="ignore"):
        negative = x <= 0
        floor = np.floor(x)
        pole = negative & (floor == x)
        fraction = x - floor
        up = negative & (fraction > half)
        fraction = np.where(up, x - (floor + one), fraction)
        reflection = np.where(fraction != half,
                              pi / np.where(negative, _C_TAN[x.dtype](pi * fraction), one), 0)
        s = np.where(negative, one - x, x)
        w = np.zeros_like(s)
        for _ in range(11):  # s climbs by 1 until it reaches 10
            small = s < 10
            w = np.where(small, w + one / s, w)
            s = np.where(small, s + one, s)
        coefficients, last = _DIGAMMA_SERIES[x.dtype]
        z = one / (s * s)
        series = np.where(s < last, z * eigen_float.horner(z, coefficients), 0)
        y = _C_LOG[x.dtype](s) - (half / s) - series - w
        y = np.where(negative, y - reflection, y)
        return np.where(pole, np.nan, y).astype(x.dtype)


def _digamma_float64(x):
    return _eigen_digamma(np.asarray(x, np.float64))


@register("Digamma", elementwise=True)  # (its gradient, trigamma: incomplete_gamma_ops)
def _digamma(x):
    if x.dtype == np.float16:  # (Eigen's half digamma is its float one, rounded)
        return _eigen_digamma(x.astype(_F32)).astype(np.float16)
    return _eigen_digamma(x)


def digamma(x, name=None):
    """psi(x), the derivative of lgamma (its own derivative is polygamma(1, x))."""
    return execute(_digamma, (_float_input(x, "Digamma"),))


def lbeta(x, name=None):
    """log |Beta(x)| over the last axis: sum(lgamma(x)) - lgamma(sum(x))."""
    x = _float_input(x, "Lbeta")
    return math_ops.reduce_sum(lgamma(x), axis=-1) - lgamma(math_ops.reduce_sum(x, axis=-1))


# --- modified Bessel functions of the first kind, I0 and I1 --------------------------------------
# float32 and float16 follow TF's kernels (eigen_bessel); float64 is computed in float64.


@register("BesselI0", elementwise=True)
def _bessel_i0(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.i0(x)
    return np.i0(x.astype(np.float64)).astype(x.dtype, copy=False)


def bessel_i0(x, name=None):
    return execute(_bessel_i0, (_float_input(x, "BesselI0"),))


@register("BesselI0e", elementwise=True)
def _bessel_i0e(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.i0e(x)
    x64 = x.astype(np.float64)
    return (np.exp(-np.abs(x64)) * np.i0(x64)).astype(x.dtype, copy=False)


def bessel_i0e(x, name=None):
    """exp(-|x|) * I0(x), which stays finite for large |x|."""
    return execute(_bessel_i0e, (_float_input(x, "BesselI0e"),))


# --- Bessel J, Y, K and I1 (tf.math.special) ----------------------------------------------------
# float32 and float16 follow TF's kernels (eigen_bessel). float64 is computed by a method
# suited to the argument's range: power series for small arguments, asymptotic
# expansions for large ones (where a series would lose its digits to cancellation), and the
# trapezoidal rule on an integral for K0 and K1. float64 results agree with TF's (Cephes'
# double versions) to about 1e-9 relative, not always in the last printed digits.
_EULER_GAMMA = 0.5772156649015329


def _in_float64(x, float64_fn):
    with np.errstate(all="ignore"):  # inf and nan come out where TF gives them
        return np.asarray(float64_fn(x.astype(np.float64))).astype(x.dtype, copy=False)


def _power_series(x_sq_quarter, order, weights=None, count=80):
    """sum_k (x^2/4 signed)^k w_k / (k! (k+order)!) for the Bessel series; x_sq_quarter is
    +x^2/4 (modified functions) or -x^2/4."""
    term = np.full_like(x_sq_quarter, 1.0 / math.factorial(order))
    total = np.zeros_like(x_sq_quarter)
    for k in range(count):
        total = total + term * (1.0 if weights is None else weights[k])
        term = term * x_sq_quarter / ((k + 1) * (k + 1 + order))
    return total


def _harmonic_weights(order, count=80):
    """H_k + H_{k+order}, H_k the k-th harmonic number (H_0 = 0)."""
    harmonic = np.concatenate([[0.0], np.cumsum(1.0 / np.arange(1, count + order + 1))])
    return harmonic[:count] + harmonic[order:count + order]


def _asymptotic_terms(order, x, count, alternate):
    """The terms a_k = prod_{j<=k} (4 order^2 - (2j-1)^2) / (k! (8x)^k), k = 0..count, summed
    into the even- and odd-k parts; alternate=True gives them TF's (Hankel's) signs
    (P = a0 - a2 + a4 ..., Q = a1 - a3 ...), False the plain sum (modified functions)."""
    mu = 4.0 * order * order
    term = np.ones_like(x)
    even, odd = np.ones_like(x), np.zeros_like(x)
    for k in range(1, count + 1):
        term = term * (mu - (2 * k - 1) ** 2) / (k * 8.0 * x)
        sign = (-1.0 if (k // 2) % 2 else 1.0) if alternate else 1.0
        if k % 2:
            odd = odd + sign * term
        else:
            even = even + sign * term
    return even, odd


_J_SERIES_LIMIT = 12.0


def _bessel_j(order, x):
    ax = np.abs(x)
    small = np.minimum(ax, _J_SERIES_LIMIT)
    series = (small / 2) ** order * _power_series(-(small * small) / 4, order)
    big = np.maximum(ax, _J_SERIES_LIMIT)
    p, q = _asymptotic_terms(order, big, 20, alternate=True)
    phase = big - (order / 2 + 0.25) * math.pi
    asymptotic = np.sqrt(2 / (math.pi * big)) * (p * np.cos(phase) - q * np.sin(phase))
    result = np.where(ax <= _J_SERIES_LIMIT, series, asymptotic)
    return np.sign(x) * result if order == 1 else result


def _bessel_y(order, x):
    small = np.clip(x, 1e-300, _J_SERIES_LIMIT)
    series = ((2 / math.pi) * (np.log(small / 2) + _EULER_GAMMA) * _bessel_j(order, small)
              - (small / 2) ** order * _power_series(-(small * small) / 4, order,
                                                     _harmonic_weights(order)) / math.pi)
    if order == 1:
        series = series - 2 / (math.pi * small)
    big = np.maximum(x, _J_SERIES_LIMIT)
    p, q = _asymptotic_terms(order, big, 20, alternate=True)
    phase = big - (order / 2 + 0.25) * math.pi
    asymptotic = np.sqrt(2 / (math.pi * big)) * (p * np.sin(phase) + q * np.cos(phase))
    result = np.where(x <= _J_SERIES_LIMIT, series, asymptotic)
    return np.where(x <= 0, -np.inf, result)


_I_SERIES_LIMIT = 30.0


def _bessel_i_scaled(order, x):
    """exp(-|x|) I_order(x)."""
    ax = np.abs(x)
    small = np.minimum(ax, _I_SERIES_LIMIT)
    series = (np.exp(-small) * (small / 2) ** order
              * _power_series(small * small / 4, order, count=120))
    big = np.maximum(ax, _I_SERIES_LIMIT)
    even, odd = _asymptotic_terms(order, big, 30, alternate=False)
    asymptotic = (even - odd) / np.sqrt(2 * math.pi * big)
    result = np.where(ax <= _I_SERIES_LIMIT, series, asymptotic)
    return np.sign(x) * result if order == 1 else result


def _bessel_k_scaled(order, x):
    """exp(x) K_order(x) = integral_0^inf exp(-x (cosh t - 1)) cosh(order t) dt by the
    trapezoidal rule, which is exact to double precision here (the integrand is analytic in a
    strip and decays doubly exponentially) once the step resolves the peak at t = 0, whose
    width is about 1/sqrt(x): 100 steps of min(1/4, pi/sqrt(20 x)) reach past where the
    integrand falls below 1e-17 of its peak."""
    positive = np.where(x > 0, x, 1.0)
    step = np.minimum(0.25, math.pi / np.sqrt(20 * positive))
    total = 0.5 * np.ones_like(positive)
    for j in range(1, 100):
        t = j * step
        total = total + np.exp(-positive * (np.cosh(t) - 1)) * np.cosh(order * t)
    return np.where(x <= 0, np.inf, step * total)


@register("BesselI1", elementwise=True)
def _bessel_i1_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.i1(x)
    return _in_float64(x, lambda x: np.exp(np.abs(x)) * _bessel_i_scaled(1, x))


def bessel_i1(x, name=None):
    """I1(x), the modified Bessel function of the first kind of order 1."""
    return execute(_bessel_i1_kernel, (_float_input(x, "BesselI1"),))


@register("BesselI1e", elementwise=True)
def _bessel_i1e_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.i1e(x)
    return _in_float64(x, lambda x: _bessel_i_scaled(1, x))


def bessel_i1e(x, name=None):
    """exp(-|x|) I1(x), finite for large |x|."""
    return execute(_bessel_i1e_kernel, (_float_input(x, "BesselI1e"),))


@register("BesselJ0", elementwise=True)
def _bessel_j0_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.j0(x)
    return _in_float64(x, lambda x: _bessel_j(0, x))


def bessel_j0(x, name=None):
    """J0(x), the Bessel function of the first kind of order 0."""
    return execute(_bessel_j0_kernel, (_float_input(x, "BesselJ0"),))


@register("BesselJ1", elementwise=True)
def _bessel_j1_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.j1(x)
    return _in_float64(x, lambda x: _bessel_j(1, x))


def bessel_j1(x, name=None):
    """J1(x), the Bessel function of the first kind of order 1."""
    return execute(_bessel_j1_kernel, (_float_input(x, "BesselJ1"),))


@register("BesselY0", elementwise=True)
def _bessel_y0_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.y0(x)
    return _in_float64(x, lambda x: _bessel_y(0, x))


def bessel_y0(x, name=None):
    """Y0(x), the Bessel function of the second kind of order 0 (-inf for x <= 0, as in TF)."""
    return execute(_bessel_y0_kernel, (_float_input(x, "BesselY0"),))


@register("BesselY1", elementwise=True)
def _bessel_y1_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.y1(x)
    return _in_float64(x, lambda x: _bessel_y(1, x))


def bessel_y1(x, name=None):
    """Y1(x), the Bessel function of the second kind of order 1 (-inf for x <= 0, as in TF)."""
    return execute(_bessel_y1_kernel, (_float_input(x, "BesselY1"),))


@register("BesselK0", elementwise=True)
def _bessel_k0_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.k0(x)
    return _in_float64(x, lambda x: np.exp(-x) * _bessel_k_scaled(0, x))


def bessel_k0(x, name=None):
    """K0(x), the modified Bessel function of the second kind of order 0 (inf for x <= 0,
    as in TF)."""
    return execute(_bessel_k0_kernel, (_float_input(x, "BesselK0"),))


@register("BesselK0e", elementwise=True)
def _bessel_k0e_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.k0e(x)
    return _in_float64(x, lambda x: _bessel_k_scaled(0, x))


def bessel_k0e(x, name=None):
    """exp(x) K0(x)."""
    return execute(_bessel_k0e_kernel, (_float_input(x, "BesselK0e"),))


@register("BesselK1", elementwise=True)
def _bessel_k1_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.k1(x)
    return _in_float64(x, lambda x: np.exp(-x) * _bessel_k_scaled(1, x))


def bessel_k1(x, name=None):
    """K1(x), the modified Bessel function of the second kind of order 1 (inf for x <= 0,
    as in TF)."""
    return execute(_bessel_k1_kernel, (_float_input(x, "BesselK1"),))


@register("BesselK1e", elementwise=True)
def _bessel_k1e_kernel(x):
    if x.dtype in (np.float32, np.float16):  # (float16: the float path, as TF)
        return eigen_bessel.k1e(x)
    return _in_float64(x, lambda x: _bessel_k_scaled(1, x))


def bessel_k1e(x, name=None):
    """exp(x) K1(x)."""
    return execute(_bessel_k1e_kernel, (_float_input(x, "BesselK1e"),))


# --- ops TF has no float16 CPU kernel for: its error lists the kernels it registers ---------------
def _kernel_lines(*kernels):
    return "".join(f"  device='{device}'; T in [{types}]\n" for device, types in kernels)


_XLA_LINES = _kernel_lines(*((device, "DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF")
                             for device in ("XLA_CPU_JIT", "XLA_GPU_JIT")))
_GPU_FIRST = _kernel_lines(("GPU", "DT_DOUBLE"), ("GPU", "DT_FLOAT"), ("CPU", "DT_DOUBLE"),
                           ("CPU", "DT_FLOAT"))
_CPU_FIRST = _kernel_lines(("CPU", "DT_DOUBLE"), ("CPU", "DT_FLOAT"), ("GPU", "DT_DOUBLE"),
                           ("GPU", "DT_FLOAT"))
_KERNELS_WITHOUT_HALF = {
    "Dawsn": _GPU_FIRST, "Expint": _GPU_FIRST, "FresnelCos": _CPU_FIRST,
    "FresnelSin": _CPU_FIRST, "Spence": _CPU_FIRST, "Erfinv": _XLA_LINES + _GPU_FIRST,
    "Ndtri": _XLA_LINES + _CPU_FIRST,
    "Rint": _XLA_LINES + _kernel_lines(("GPU", "DT_HALF")) + _GPU_FIRST,
}


def _float32_or_64_input(x, op_name):
    x = _float_input(x, op_name)
    if x.dtype == dtypes.float16:
        raise errors.op_error(
            errors.NotFoundError, op_name,
            f"Could not find device for node: {{{{node {op_name}}}}} = {op_name}[T=DT_HALF]\n"
            f"All kernels registered for op {op_name}:\n{_KERNELS_WITHOUT_HALF[op_name]}")
    return x


# Dawson, Ei, Fresnel and Spence: TF's own kernels, for float32 and float64 (special_scalar).
@register("Dawsn", elementwise=True)
def _dawsn_kernel(x):
    return special_scalar.dawsn(x)


def dawsn(x, name=None):
    """Dawson's integral exp(-x^2) * integral_0^x exp(t^2) dt."""
    return execute(_dawsn_kernel, (_float32_or_64_input(x, "Dawsn"),))


@register("Expint", elementwise=True)
def _expint_kernel(x):
    return special_scalar.expint(x)


def expint(x, name=None):
    """The exponential integral Ei(x) (nan for x < 0, as in TF)."""
    return execute(_expint_kernel, (_float32_or_64_input(x, "Expint"),))


@register("FresnelCos", elementwise=True)
def _fresnel_cos_kernel(x):
    return special_scalar.fresnel_cos(x)


def fresnel_cos(x, name=None):
    """The Fresnel integral C(x) = integral_0^x cos(pi t^2 / 2) dt."""
    return execute(_fresnel_cos_kernel, (_float32_or_64_input(x, "FresnelCos"),))


@register("FresnelSin", elementwise=True)
def _fresnel_sin_kernel(x):
    return special_scalar.fresnel_sin(x)


def fresnel_sin(x, name=None):
    """The Fresnel integral S(x) = integral_0^x sin(pi t^2 / 2) dt."""
    return execute(_fresnel_sin_kernel, (_float32_or_64_input(x, "FresnelSin"),))


@register("Spence", elementwise=True)
def _spence_kernel(x):
    return special_scalar.spence(x)


def spence(x, name=None):
    """Spence's function integral_1^x ln t / (1 - t) dt = Li2(1 - x) (nan for x < 0)."""
    return execute(_spence_kernel, (_float32_or_64_input(x, "Spence"),))


# --- their gradients (d/dx of each, written with the functions themselves) ---------------------
def _over_x(value, x, at_zero):
    """value / x, and ``at_zero`` where x is 0 (the limit the derivative has there)."""
    zero = math_ops.equal(x, 0)
    safe_x = math_ops.where_v2(zero, math_ops.ones_like(x), x)
    return math_ops.where_v2(zero, at_zero * math_ops.ones_like(x), value / safe_x)


@_bessel_i0.gradient
def _bessel_i0_grad(op, dy):
    return [dy * bessel_i1(op.inputs[0])]


@_bessel_i0e.gradient
def _bessel_i0e_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # (e^-|x| I0)' = I1e - sign(x) I0e
    return [dy * (bessel_i1e(x) - math_ops.sign(x) * y)]


@_bessel_i1_kernel.gradient
def _bessel_i1_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # I1' = I0 - I1 / x
    return [dy * (bessel_i0(x) - _over_x(y, x, 0.5))]


@_bessel_i1e_kernel.gradient
def _bessel_i1e_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # (e^-|x| I1)' = I0e - I1e (sign(x) + 1/x)
    return [dy * (bessel_i0e(x) - y * math_ops.sign(x) - _over_x(y, x, 0.5))]


@_bessel_j0_kernel.gradient
def _bessel_j0_grad(op, dy):
    return [-dy * bessel_j1(op.inputs[0])]


@_bessel_j1_kernel.gradient
def _bessel_j1_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # J1' = J0 - J1 / x
    return [dy * (bessel_j0(x) - _over_x(y, x, 0.5))]


@_bessel_y0_kernel.gradient
def _bessel_y0_grad(op, dy):
    return [-dy * bessel_y1(op.inputs[0])]


@_bessel_y1_kernel.gradient
def _bessel_y1_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # Y1' = Y0 - Y1 / x
    return [dy * (bessel_y0(x) - y / x)]


@_bessel_k0_kernel.gradient
def _bessel_k0_grad(op, dy):
    return [-dy * bessel_k1(op.inputs[0])]


@_bessel_k0e_kernel.gradient
def _bessel_k0e_grad(op, dy):
    return [dy * (op.outputs[0] - bessel_k1e(op.inputs[0]))]


@_bessel_k1_kernel.gradient
def _bessel_k1_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # K1' = -K0 - K1 / x
    return [dy * (-bessel_k0(x) - y / x)]


@_bessel_k1e_kernel.gradient
def _bessel_k1e_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # (e^x K1)' = -K0e + K1e (1 - 1/x)
    return [dy * (y - bessel_k0e(x) - y / x)]


@_dawsn_kernel.gradient
def _dawsn_grad(op, dy):
    x, y = op.inputs[0], op.outputs[0]  # D' = 1 - 2 x D
    return [dy * (1 - 2 * x * y)]


@_expint_kernel.gradient
def _expint_grad(op, dy):
    x = op.inputs[0]
    return [dy * math_ops.exp(x) / x]


@_fresnel_cos_kernel.gradient
def _fresnel_cos_grad(op, dy):
    x = op.inputs[0]
    return [dy * math_ops.cos(math.pi / 2 * math_ops.square(x))]


@_fresnel_sin_kernel.gradient
def _fresnel_sin_grad(op, dy):
    x = op.inputs[0]
    return [dy * math_ops.sin(math.pi / 2 * math_ops.square(x))]


@_spence_kernel.gradient
def _spence_grad(op, dy):
    x = op.inputs[0]  # d/dx spence = ln x / (1 - x), -1 at x = 1
    return [dy * _over_x(math_ops.log(x), 1 - x, -1.0)]


# --- rounding to even ---------------------------------------------------------------------------
@register("Rint", differentiable=False, elementwise=True)
def _rint(x):
    return np.rint(x)


def rint(x, name=None):
    """The nearest integer, halves to even (2.5 -> 2., 3.5 -> 4.), kept as a float."""
    return execute(_rint, (_float32_or_64_input(x, "Rint"),))


# --- composites ---------------------------------------------------------------------------------
def xlog1py(x, y, name=None):
    """x * log1p(y), and 0 where x is 0 (even where log1p(y) is not finite)."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    safe_y = math_ops.where_v2(math_ops.equal(x, 0), math_ops.zeros_like(y), y)
    return math_ops.where_v2(math_ops.equal(x, 0), math_ops.zeros_like(x),
                             x * math_ops.log1p(safe_y))


def is_non_decreasing(x, name=None):
    """Whether each element is >= the one before it (over the flattened tensor)."""
    flat = array_ops.reshape(convert_to_tensor(x), [-1])
    return math_ops.reduce_all(math_ops.greater_equal(flat[1:], flat[:-1]))


def is_strictly_increasing(x, name=None):
    """Whether each element is > the one before it (over the flattened tensor)."""
    flat = array_ops.reshape(convert_to_tensor(x), [-1])
    return math_ops.reduce_all(math_ops.greater(flat[1:], flat[:-1]))


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """The elementwise sum of a list of tensors (TF's deprecated name for ``add_n``)."""
    total = math_ops.add_n(inputs)
    if tensor_dtype is not None and total.dtype != dtypes.as_dtype(tensor_dtype):
        raise TypeError(f"tensor_dtype is {tensor_dtype}, but the inputs are {total.dtype}")
    return total


def reciprocal_no_nan(x, name=None):
    """1 / x, and 0 where x is 0."""
    x = convert_to_tensor(x)
    convert_to_tensor(1, x.dtype)  # (TF divides a constant 1 of x's dtype by x: DivNoNan)
    zero = math_ops.equal(x, 0)
    return math_ops.where_v2(zero, math_ops.zeros_like(x),
                             1 / math_ops.where_v2(zero, math_ops.ones_like(x), x))
