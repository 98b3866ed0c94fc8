"""``tf.linalg``."""

from ..ops.math_ops import matmul
