"""``tf.sets``."""

from ..ops.set_ops import difference, intersection, size, union

__all__ = ["difference", "intersection", "size", "union"]
