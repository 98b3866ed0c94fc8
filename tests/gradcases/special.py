"""Gradient cases for eagerbook/ops/special_math_ops.py (inputs inside each domain)."""

import numpy as np

from eagerbook.ops import special_math_ops as s
from eagerbook.testing import GradCase

_rng = np.random.default_rng(11)
INSIDE_UNIT = _rng.uniform(-0.8, 0.8, (3, 4))
POSITIVE = _rng.uniform(0.5, 6.0, (3, 4))

CASES = [
    GradCase("Erfinv", s.erfinv, [INSIDE_UNIT]),
    GradCase("Lgamma", s.lgamma, [POSITIVE]),
]
