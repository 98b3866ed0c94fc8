"""Gradient cases for eagerbook/ops/math_ops.py."""

import numpy as np

import eagerbook as tf
from eagerbook.ops import math_ops
from eagerbook.testing import GradCase

POS = np.abs(np.random.default_rng(7).standard_normal((3, 4))) + 0.5

CASES = [
    GradCase("AddV2", lambda a, b: a + b, [(3, 4), (4,)], second_order=True),
    GradCase("Mul", lambda a, b: a * b, [(2, 3), (2, 1)], second_order=True),
    GradCase("Exp", tf.exp, [(3,)], second_order=True),
    GradCase("BatchMatMulV2", lambda a, b: tf.matmul(a, b), [(2, 3), (3, 4)], second_order=True),
    GradCase("Log", tf.math.log if hasattr(tf, "math") else math_ops.log, [POS]),
]
