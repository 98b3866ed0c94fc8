"""``tf.math.igamma``, ``igammac``, ``betainc``, ``zeta``, ``polygamma`` and ``nextafter``.

``igamma``, ``igammac``, ``zeta``, ``polygamma`` and ``betainc`` of float32 and float64 run
TF's kernels (Eigen's) step for step in their dtype (special_scalar.py): for igamma a power
series for P below x = max(1, a), a continued fraction for Q above; for zeta its first terms,
then the Euler-Maclaurin tail; for betainc a series or one of two continued fractions. The
other kernels (and dtypes) compute in float64 and round once to the input's dtype, without
SciPy (their last digit may differ from TF's):

* the regularized incomplete gamma of other dtypes (and its derivative in a) sums its power
  series where x < a + 1 and takes 1 - Q(a, x) from Q's continued fraction elsewhere;
* the regularized incomplete beta I_x(a, b) of other dtypes (and its derivative in x)
  evaluates its continued fraction on the side of x where it converges, using
  I_x(a, b) = 1 - I_{1-x}(b, a) for the other;
* the Hurwitz zeta sum over (q + k)^-x of other dtypes adds its first terms and the
  Euler-Maclaurin tail;
* polygamma(n, x) is (-1)^(n+1) n! zeta(n + 1, x) for n >= 1 and digamma for n = 0.

Outside their domains they give TF's values: NaN, or inf at a pole.
"""

import math

import numpy as np

from ..core import dtypes
from . import math_ops, special_scalar
from .op_inputs import op_inputs
from .registry import execute, register
from .special_math_ops import _digamma, _lgamma_float64

_FLOATS = (dtypes.float32, dtypes.float64)
_MAX_TERMS = 2000


def _as_float64(*arrays):
    return np.broadcast_arrays(*[np.asarray(a, np.float64) for a in arrays])


# --- incomplete gamma -------------------------------------------------------------------------
def _log_prefactor(a, x):
    """log(x^a e^-x / Gamma(a)), the factor both of P's series and Q's fraction carry."""
    with np.errstate(divide="ignore"):
        return a * np.log(x) - x - _lgamma_float64(a)


def _lower_series(a, x):
    """P(a, x) from sum_n x^n / (a (a+1) ... (a+n)), for x < a + 1."""
    term = 1 / a
    total = term.copy()
    for n in range(1, _MAX_TERMS):
        term = term * x / (a + n)
        total += term
        if np.all(np.abs(term) <= np.abs(total) * 1e-17):
            break
    return np.exp(_log_prefactor(a, x)) * total


def _upper_fraction(a, x):
    """Q(a, x) from its continued fraction (modified Lentz), for x >= a + 1."""
    tiny = 1e-300
    b = x + 1 - a
    c = np.full_like(x, 1 / tiny)
    d = 1 / b
    h = d.copy()
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b = b + 2
        d = an * d + b
        d = np.where(np.abs(d) < tiny, tiny, d)
        c = b + an / c
        c = np.where(np.abs(c) < tiny, tiny, c)
        d = 1 / d
        step = d * c
        h = h * step
        if np.all(np.abs(step - 1) <= 1e-16):
            break
    return np.exp(_log_prefactor(a, x)) * h


def _regularized_gamma(a, x, upper):
    """P(a, x) (or Q(a, x) if `upper`) elementwise, NaN outside a > 0, x >= 0."""
    a, x = _as_float64(a, x)
    lower = np.full(a.shape, np.nan)
    valid = (a > 0) & (x >= 0)
    with np.errstate(all="ignore"):
        series = valid & (x < a + 1)
        if series.any():
            lower[series] = _lower_series(a[series], x[series])
        fraction = valid & ~series
        if fraction.any():
            lower[fraction] = 1 - _upper_fraction(a[fraction], x[fraction])
        if upper:  # Q directly where the fraction gives it (no 1 - (1 - Q) rounding)
            out = np.array(1 - lower)  # (an array even for 0-d inputs)
            if fraction.any():
                out[fraction] = _upper_fraction(a[fraction], x[fraction])
            return np.where(valid & np.isinf(x), 0.0, out)
    return np.where(valid & np.isinf(x), 1.0, lower)


def _d_lower_dx(a, x):
    """d P(a, x) / dx = x^(a-1) e^-x / Gamma(a)."""
    with np.errstate(all="ignore"):
        return np.exp((a - 1) * np.log(x) - x - _lgamma_float64(a))


@register("Igamma", elementwise=True, broadcasts=True)
def _igamma(a, x):
    if a.dtype in (np.float32, np.float64):  # (TF's kernel in its dtype: special_scalar)
        return special_scalar.igamma(a, x)
    return _regularized_gamma(a, x, upper=False).astype(a.dtype)


@register("Igammac", elementwise=True, broadcasts=True)
def _igammac(a, x):
    if a.dtype in (np.float32, np.float64):
        return special_scalar.igammac(a, x)
    return _regularized_gamma(a, x, upper=True).astype(a.dtype)


@register("IgammaGradA", differentiable=False, elementwise=True, broadcasts=True)
def _igamma_grad_a(a, x):
    """d P(a, x) / da by a central difference in float64 (step ~1e-5 a: error ~1e-10)."""
    a64, x64 = _as_float64(a, x)
    h = 1e-5 * np.maximum(a64, 1.0)
    with np.errstate(all="ignore"):
        ahead = _regularized_gamma(a64 + h, x64, upper=False)
        behind = _regularized_gamma(np.maximum(a64 - h, a64 / 2), x64, upper=False)
        step = a64 + h - np.maximum(a64 - h, a64 / 2)
    return ((ahead - behind) / step).astype(a.dtype)


@_igamma.gradient
def _igamma_grad(op, dz):
    a, x = op.inputs
    return [dz * execute(_igamma_grad_a, (a, x)), dz * execute(_igamma_grad_x, (a, x))]


@_igammac.gradient
def _igammac_grad(op, dz):
    a, x = op.inputs
    return [-(dz * execute(_igamma_grad_a, (a, x))), -(dz * execute(_igamma_grad_x, (a, x)))]


@register("IgammaGradX", differentiable=False, elementwise=True, broadcasts=True)
def _igamma_grad_x(a, x):
    return _d_lower_dx(*_as_float64(a, x)).astype(a.dtype)


def _float_pair(a, x, op_name):
    # (TF's list has half too, with no CPU kernel: a NotFoundError)
    return op_inputs(op_name, (a, x), _FLOATS, names=("a", "x"))


def igamma(a, x, name=None):
    """``tf.math.igamma``: the regularized lower incomplete gamma P(a, x) =
    (1/Gamma(a)) * integral_0^x t^(a-1) e^-t dt."""
    return execute(_igamma, _float_pair(a, x, "Igamma"))


def igammac(a, x, name=None):
    """``tf.math.igammac``: the regularized upper incomplete gamma Q(a, x) = 1 - P(a, x)."""
    return execute(_igammac, _float_pair(a, x, "Igammac"))


# --- incomplete beta --------------------------------------------------------------------------
def _beta_fraction(a, b, x):
    """The continued fraction of I_x(a, b) (modified Lentz), good for x < (a+1)/(a+b+2)."""
    tiny = 1e-300
    c = np.ones_like(x)
    d = 1 - (a + b) * x / (a + 1)
    d = 1 / np.where(np.abs(d) < tiny, tiny, d)
    h = d.copy()
    for m in range(1, _MAX_TERMS):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / np.where(np.abs(d) < tiny, tiny, d)
            c = 1 + numerator / c
            c = np.where(np.abs(c) < tiny, tiny, c)
            step = d * c
            h = h * step
        if np.all(np.abs(step - 1) <= 1e-16):
            break
    with np.errstate(divide="ignore"):
        log_front = (a * np.log(x) + b * np.log1p(-x) - _lgamma_float64(a) - _lgamma_float64(b)
                     + _lgamma_float64(a + b))
    return np.exp(log_front) * h / a


@register("Betainc", elementwise=True, broadcasts=True)
def _betainc(a, b, x):
    if a.dtype == np.float32:  # (TF's kernels: special_scalar)
        return special_scalar.betainc_float32(a, b, x)
    if a.dtype == np.float64:
        return special_scalar.betainc_float64(a, b, x)
    a64, b64, x64 = _as_float64(a, b, x)
    out = np.full(a64.shape, np.nan)
    valid = (a64 > 0) & (b64 > 0) & (x64 >= 0) & (x64 <= 1)
    out[valid & (x64 == 0)] = 0.0
    out[valid & (x64 == 1)] = 1.0
    inside = valid & (x64 > 0) & (x64 < 1)
    direct = inside & (x64 < (a64 + 1) / (a64 + b64 + 2))
    mirrored = inside & ~direct
    with np.errstate(all="ignore"):
        if direct.any():
            out[direct] = _beta_fraction(a64[direct], b64[direct], x64[direct])
        if mirrored.any():
            out[mirrored] = 1 - _beta_fraction(b64[mirrored], a64[mirrored], 1 - x64[mirrored])
    return out.astype(a.dtype)


@register("BetaincGradX", differentiable=False, elementwise=True, broadcasts=True)
def _betainc_grad_x(a, b, x):
    """d I_x(a, b) / dx = x^(a-1) (1-x)^(b-1) / B(a, b)."""
    a64, b64, x64 = _as_float64(a, b, x)
    with np.errstate(all="ignore"):
        log_density = ((a64 - 1) * np.log(x64) + (b64 - 1) * np.log1p(-x64)
                       - _lgamma_float64(a64) - _lgamma_float64(b64)
                       + _lgamma_float64(a64 + b64))
    return np.exp(log_density).astype(a.dtype)


@_betainc.gradient
def _betainc_grad(op, dz):
    # TF gives no gradient for a and b (nor does eagerbook).
    return [None, None, dz * execute(_betainc_grad_x, tuple(op.inputs))]


def betainc(a, b, x, name=None):
    """``tf.math.betainc``: the regularized incomplete beta I_x(a, b)."""
    return execute(_betainc, op_inputs("Betainc", (a, b, x), _FLOATS, names=("a", "b", "x")))


# --- Hurwitz zeta and polygamma ---------------------------------------------------------------
# B_2k / (2k)!, the coefficients of the Euler-Maclaurin tail.
_BERNOULLI_OVER_FACTORIAL = [1 / 12, -1 / 720, 1 / 30240, -1 / 1209600, 1 / 47900160,
                             -691 / 1307674368000, 1 / 74724249600,
                             -3617 / 10670622842880000]


def _hurwitz_zeta(x, q):
    """sum_k (q + k)^-x in float64, with TF's NaN and inf outside x > 1, q > 0."""
    x, q = _as_float64(x, q)
    out = np.full(x.shape, np.nan)
    poles = (x == 1) | ((x > 1) & (q <= 0) & (q == np.floor(q)))
    # For q < 0 only an integer x gives real terms (q + k)^-x.
    ok = (x > 1) & ~poles & ((q > 0) | (x == np.floor(x)))
    if ok.any():
        out[ok] = _zeta_sum(x[ok], q[ok])
    out[poles] = np.inf
    return out


def _zeta_sum(x, q):
    head = int(max(10, math.ceil(10 - q.min())))  # terms summed directly (q + head >= 10)
    with np.errstate(all="ignore"):
        total = np.zeros_like(x)
        for k in range(head):
            total += np.power(q + k, -x)
        w = q + head
        total += np.power(w, 1 - x) / (x - 1) + np.power(w, -x) / 2
        rising = x.copy()  # x (x+1) ... (x+2j-2), times w^(-x-2j+1)
        power = np.power(w, -x - 1)
        for j, coefficient in enumerate(_BERNOULLI_OVER_FACTORIAL):
            total += coefficient * rising * power
            rising = rising * (x + 2 * j + 1) * (x + 2 * j + 2)
            power = power / (w * w)
    return total


@register("Zeta", elementwise=True, broadcasts=True)
def _zeta(x, q):
    if x.dtype in (np.float32, np.float64):  # (TF's kernel in its dtype: special_scalar)
        return special_scalar.zeta(x, q)
    return _hurwitz_zeta(x, q).astype(x.dtype)


@_zeta.gradient
def _zeta_grad(op, dz):
    # d/dq zeta(x, q) = -x zeta(x + 1, q); TF gives no gradient for x.
    x, q = op.inputs
    return [None, dz * -x * execute(_zeta, (x + 1, q))]


def zeta(x, q, name=None):
    """``tf.math.zeta``: the Hurwitz zeta function sum_k (q + k)^-x."""
    return execute(_zeta, op_inputs("Zeta", (x, q), _FLOATS, names=("x", "q")))


@register("Polygamma", elementwise=True, broadcasts=True)
def _polygamma(a, x):
    n, x64 = _as_float64(a, x)
    out = np.full(n.shape, np.nan)
    integer = (n >= 0) & (n == np.floor(n))
    order0 = integer & (n == 0)
    x_order0 = np.broadcast_to(x, n.shape)[order0]
    out[order0] = _digamma.kernel(x_order0)  # (TF's digamma kernel in x's own dtype)
    higher = integer & (n > 0)
    if higher.any() and a.dtype in (np.float32, np.float64):  # (TF's kernel: special_scalar)
        n_own, x_own = np.broadcast_arrays(a, x)
        out[higher] = special_scalar.polygamma_positive(n_own[higher], x_own[higher])
    elif higher.any():
        k = n[higher]
        sign = np.where(k % 2 == 1, 1.0, -1.0)  # (-1)^(k+1)
        factorial = np.exp(_lgamma_float64(k + 1))
        out[higher] = sign * factorial * _hurwitz_zeta(k + 1, x64[higher])
    return out.astype(a.dtype)


@_polygamma.gradient
def _polygamma_grad(op, dz):
    # d/dx polygamma(a, x) = polygamma(a + 1, x); TF gives no gradient for a.
    a, x = op.inputs
    return [None, dz * execute(_polygamma, (a + 1, x))]


def polygamma(a, x, name=None):
    """``tf.math.polygamma``: the a-th derivative of digamma (a a whole number as a float)."""
    return execute(_polygamma, op_inputs("Polygamma", (a, x), _FLOATS, names=("a", "x")))


@_digamma.gradient
def _digamma_grad(op, dy):
    # d/dx digamma(x) = polygamma(1, x), the trigamma function.
    x = op.inputs[0]
    return [dy * execute(_polygamma, (math_ops.ones_like(x), x))]


# --- nextafter --------------------------------------------------------------------------------
@register("NextAfter", differentiable=False, elementwise=True, broadcasts=True)
def _nextafter(x1, x2):
    return np.nextafter(x1, x2)


def nextafter(x1, x2, name=None):
    """``tf.math.nextafter``: the float of x1's dtype next to x1 in the direction of x2."""
    return execute(_nextafter, op_inputs("NextAfter", (x1, x2), _FLOATS, names=("x1", "x2")))
