"""float32 exp as TF's CPU kernels compute it, so values print with TF's last digit.

TF's element-wise kernels run through Eigen. A float32 tensor is processed in packets of 8
values (AVX), each with Eigen's polynomial exp: a range reduction by ln 2, a degree-6
polynomial on [-ln2/2, ln2/2] and a scaling by 2**m, every step rounded to float32 (no fused
multiply-add in TF's CPU build). Values after the last whole packet (fewer than 8) go through
the C library's expf, which is correctly rounded. NumPy's own float32 exp differs from both in
the last bit for many inputs.
"""

import numpy as np

_F = np.float32
_PACKET = 8

# Eigen's constants (float32)
_LOG2E = _F(1.44269504088896341)
_LN2_HIGH, _LN2_LOW = _F(-0.693359375), _F(2.12194440e-4)  # -ln 2 in two parts
_P2, _P3 = _F(0.49999988079071044921875), _F(0.16666518151760101318359375)
_P4, _P5 = _F(4.166965186595916748046875e-2), _F(8.36894474923610687255859375e-3)
_P6 = _F(1.37449637986719608306884765625e-3)


def _madd(a, b, c):
    return a * b + c  # two roundings, as without FMA


def _packet_exp(x):
    """Eigen's vectorized float32 exp of `x` (a float32 array)."""
    with np.errstate(over="ignore", invalid="ignore"):
        underflow = x < _F(-104.0)
        clamped = np.minimum(x, _F(88.723))
        m = np.floor(_madd(clamped, _LOG2E, _F(0.5)))
        r = _madd(m, _LN2_HIGH, clamped)
        r = _madd(m, _LN2_LOW, r)
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
    x = np.asarray(x, _F)
    flat = x.reshape(-1)
    whole = flat.size // _PACKET * _PACKET
    out = np.empty_like(flat)
    out[:whole] = _packet_exp(flat[:whole])
    out[whole:] = np.exp(flat[whole:].astype(np.float64)).astype(_F)  # the C library's expf
    return out.reshape(x.shape)
