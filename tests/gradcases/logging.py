"""Gradient cases for eagerbook/ops/logging_ops.py."""

import eagerbook as tf
from eagerbook.testing import GradCase

CASES = [
    GradCase("CheckNumerics", lambda x: tf.debugging.check_numerics(x * x, "finite"), [(3, 2)],
             second_order=True),
    # tf.compat.v1.Print passes its input through (it prints to stderr on each run).
    GradCase("Print", lambda x: tf.compat.v1.Print(x * x, [x], "x: "), [(2, 2)]),
]
