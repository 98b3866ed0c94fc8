"""``tf.bitwise``."""

from ..ops.math_ops import bitwise_and, bitwise_or, bitwise_xor, invert
