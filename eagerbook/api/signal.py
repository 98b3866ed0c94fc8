"""``tf.signal``."""

from ..ops.signal_ops import frame

__all__ = ["frame"]
