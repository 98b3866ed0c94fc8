"""``tf.nn``."""

from ..ops.math_ops import sigmoid, tanh
