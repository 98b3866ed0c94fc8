"""Gradient cases for eagerbook/ops/special_math_ops.py (inputs inside each domain)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import incomplete_gamma_ops as g
from eagerbook.ops import special_math_ops as s
from eagerbook.testing import Fixed, GradCase

_rng = np.random.default_rng(11)
INSIDE_UNIT = _rng.uniform(-0.8, 0.8, (3, 4))
POSITIVE = _rng.uniform(0.5, 6.0, (3, 4))

CASES = [
    GradCase("Erfinv", s.erfinv, [INSIDE_UNIT]),
    GradCase("Lgamma", s.lgamma, [POSITIVE]),
    GradCase("Ndtri", s.ndtri, [_rng.uniform(0.02, 0.98, (3, 4))]),
]

# Bessel, Dawson, Fresnel, Ei and Spence: both sides of 0 where the function is defined there,
# and arguments on both sides of each kernel's switch between methods (12 for J and Y, 8 for
# Dawson, 6 for Fresnel).
SYMMETRIC = np.array([[-13.0, -7.5, -2.0, -0.3], [0.2, 1.0, 2.5, 5.0], [6.5, 9.0, 12.5, 15.0]])
WIDE_POSITIVE = np.array([[0.1, 0.5, 1.0, 2.0], [3.5, 5.5, 7.0, 9.5], [11.0, 13.0, 20.0, 35.0]])
CASES += [
    GradCase("BesselI0", s.bessel_i0, [INSIDE_UNIT * 4]),
    GradCase("BesselI0e", s.bessel_i0e, [INSIDE_UNIT * 4]),
    GradCase("BesselI1", s.bessel_i1, [INSIDE_UNIT * 4]),
    GradCase("BesselI1e", s.bessel_i1e, [INSIDE_UNIT * 4]),
    GradCase("BesselJ0", s.bessel_j0, [SYMMETRIC]),
    GradCase("BesselJ1", s.bessel_j1, [SYMMETRIC]),
    GradCase("BesselY0", s.bessel_y0, [WIDE_POSITIVE]),
    GradCase("BesselY1", s.bessel_y1, [WIDE_POSITIVE]),
    GradCase("BesselK0", s.bessel_k0, [POSITIVE]),
    GradCase("BesselK0e", s.bessel_k0e, [WIDE_POSITIVE]),
    GradCase("BesselK1", s.bessel_k1, [POSITIVE]),
    GradCase("BesselK1e", s.bessel_k1e, [WIDE_POSITIVE]),
    GradCase("Dawsn", s.dawsn, [SYMMETRIC]),
    GradCase("Expint", s.expint, [POSITIVE]),
    GradCase("FresnelCos", s.fresnel_cos, [SYMMETRIC / 2]),
    GradCase("FresnelSin", s.fresnel_sin, [SYMMETRIC / 2]),
    GradCase("Spence", s.spence, [WIDE_POSITIVE]),
]

# tf.math.igamma & co. (eagerbook/ops/incomplete_gamma_ops.py): both sides of each method's
# switch (x = a + 1 for the incomplete gamma, x = (a+1)/(a+b+2) for the incomplete beta);
# orders, zeta's exponent and betainc's a and b have no gradient (as in TF).

SHAPES_A = np.array([[0.5, 1.0, 2.5, 4.0], [0.7, 3.0, 6.0, 1.5], [2.0, 8.0, 0.9, 5.0]])
CASES += [
    GradCase("Digamma", s.digamma, [POSITIVE]),
    GradCase("Igamma", g.igamma, [SHAPES_A, POSITIVE]),
    GradCase("Igammac", g.igammac, [SHAPES_A, POSITIVE]),
    GradCase("Betainc", g.betainc, [Fixed(_from_numpy(SHAPES_A)),
                                    Fixed(_from_numpy(SHAPES_A[::-1].copy())),
                                    _rng.uniform(0.05, 0.95, (3, 4))]),
    GradCase("Zeta", g.zeta, [Fixed(_from_numpy(SHAPES_A + 1.5)), POSITIVE]),
    GradCase("Polygamma", g.polygamma, [Fixed(_from_numpy(np.floor(SHAPES_A))), POSITIVE]),
]
