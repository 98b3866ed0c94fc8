"""``tf.bitwise``."""

from ..ops.math_ops import bitwise_and, bitwise_or, bitwise_xor, invert
from ..ops.more_math_ops import left_shift, right_shift
