"""``tf.math.special``: special functions (the Bessel I0 pair eagerbook has)."""

from ..ops.special_math_ops import bessel_i0, bessel_i0e

__all__ = ["bessel_i0", "bessel_i0e"]
