"""Special functions of ``tf.math``: inverse error functions, log-gamma and digamma, Bessel
I0, ``xlog1py``, and small composites TF lists there (``is_non_decreasing``, ``lbeta``, ...).

Without SciPy, each kernel computes in float64 and rounds to the input's dtype: ``erfinv``
refines a closed-form first guess with Newton steps on ``erf``; ``lgamma`` evaluates Python's
``math.lgamma`` per element; ``digamma`` climbs to large arguments by its recurrence and uses
the asymptotic series there.
"""

import math

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from . import array_ops, math_ops
from .math_ops import _erf_float64
from .registry import execute, register
from .support import FLOATS, check_dtype

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


@register("Erfinv", elementwise=True)
def _erfinv(x):
    with np.errstate(all="ignore"):
        return _erfinv_float64(x.astype(np.float64)).astype(x.dtype, copy=False)


@_erfinv.gradient
def _erfinv_grad(op, dy):
    # d/dy erfinv(y) = sqrt(pi)/2 * exp(erfinv(y)^2): the output, already computed.
    y = op.outputs[0]
    return [dy * _HALF_SQRT_PI * math_ops.exp(math_ops.square(y))]


def erfinv(x, name=None):
    return execute(_erfinv, (_float_input(x, "Erfinv"),))


def ndtri(x, name=None):
    """The inverse of the standard normal CDF: sqrt(2) * erfinv(2x - 1)."""
    x = _float_input(x, "Ndtri")
    return math.sqrt(2) * erfinv(2 * x - 1)


def erfcinv(x, name=None):
    """The inverse of erfc, through the normal quantile as TF computes it (so erfcinv(1) is
    -0.0, as in TF)."""
    x = _float_input(x, "Erfinv")
    return -ndtri(0.5 * x) / math.sqrt(2)


# --- log-gamma and digamma ----------------------------------------------------------------------
_lgamma_float64 = np.vectorize(
    lambda v: math.lgamma(v) if v > 0 or v != math.floor(v) else math.inf, otypes=[np.float64])


@register("Lgamma", elementwise=True)
def _lgamma(x):
    return _lgamma_float64(x.astype(np.float64)).astype(x.dtype, copy=False)


@_lgamma.gradient
def _lgamma_grad(op, dy):
    return [dy * digamma(op.inputs[0])]


def lgamma(x, name=None):
    """log |Gamma(x)| (inf at the poles 0, -1, -2, ...)."""
    return execute(_lgamma, (_float_input(x, "Lgamma"),))


def _digamma_float64(x):
    x = np.array(x, np.float64)
    out = np.zeros_like(x)
    poles = (x <= 0) & (x == np.floor(x))
    # Reflection for negative x: psi(1 - x) - psi(x) = pi cot(pi x).
    negative = (x < 0) & ~poles
    reflected = np.where(negative, 1 - x, x)
    shift = np.zeros_like(x)
    while True:  # psi(x) = psi(x + 1) - 1/x: move every argument above 6
        small = reflected < 6
        if not small.any():
            break
        shift -= np.where(small, 1 / np.where(small, reflected, 1), 0)
        reflected = np.where(small, reflected + 1, reflected)
    inv2 = 1 / (reflected * reflected)
    series = (np.log(reflected) - 0.5 / reflected
              - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240
                                                                         - inv2 / 132)))))
    out = series + shift
    with np.errstate(all="ignore"):
        out = np.where(negative, out - math.pi / np.tan(math.pi * x), out)
    return np.where(poles, np.nan, out)


@register("Digamma", differentiable=False, elementwise=True)
def _digamma(x):
    return _digamma_float64(x).astype(x.dtype, copy=False)


def digamma(x, name=None):
    """psi(x), the derivative of lgamma (its own gradient, the trigamma, is not defined
    here)."""
    return execute(_digamma, (_float_input(x, "Digamma"),))


def lbeta(x, name=None):
    """log |Beta(x)| over the last axis: sum(lgamma(x)) - lgamma(sum(x))."""
    x = _float_input(x, "Lbeta")
    return math_ops.reduce_sum(lgamma(x), axis=-1) - lgamma(math_ops.reduce_sum(x, axis=-1))


# --- Bessel functions of the first kind, order 0 (modified) -------------------------------------
@register("BesselI0", differentiable=False, elementwise=True)
def _bessel_i0(x):
    return np.i0(x.astype(np.float64)).astype(x.dtype, copy=False)


def bessel_i0(x, name=None):
    return execute(_bessel_i0, (_float_input(x, "BesselI0"),))


def bessel_i0e(x, name=None):
    """exp(-|x|) * I0(x), which stays finite for large |x|."""
    x = _float_input(x, "BesselI0e")
    return math_ops.exp(-math_ops.abs(x)) * bessel_i0(x)


# --- rounding to even ---------------------------------------------------------------------------
@register("Rint", differentiable=False, elementwise=True)
def _rint(x):
    return np.rint(x)


def rint(x, name=None):
    """The nearest integer, halves to even (2.5 -> 2., 3.5 -> 4.), kept as a float."""
    return execute(_rint, (_float_input(x, "Rint"),))


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
    zero = math_ops.equal(x, 0)
    return math_ops.where_v2(zero, math_ops.zeros_like(x),
                             1 / math_ops.where_v2(zero, math_ops.ones_like(x), x))
