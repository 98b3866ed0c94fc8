"""Gradient cases for the fused ops the eager backward sweep runs (OpDef.eager_grad rules)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops.registry import REGISTRY, execute
from eagerbook.testing import GradCase

_LIKE = _from_numpy(np.zeros((2, 3, 4)))

CASES = [
    GradCase("MeanGrad", lambda dy: execute(REGISTRY["MeanGrad"], (dy, _LIKE), {"scale": 0.25}),
             [(3, 1)], second_order=True),
    GradCase("MeanGrad", lambda dy: execute(REGISTRY["MeanGrad"], (dy, _LIKE), {"scale": 0.5}),
             [()], second_order=True, name="MeanGrad_scalar"),
    GradCase("MulSumToShapeOf", lambda dy, other: execute(
        REGISTRY["MulSumToShapeOf"], (dy, other, _from_numpy(np.zeros((3, 1))))),
             [(2, 3, 4), (4,)], second_order=True),
]
