"""Gradient cases for eagerbook/ops/logging_ops.py."""

import eagerbook as tf
from eagerbook.testing import GradCase

CASES = [
    GradCase("CheckNumerics", lambda x: tf.debugging.check_numerics(x * x, "finite"), [(3, 2)],
             second_order=True),
]
