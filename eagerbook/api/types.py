"""``tf.types``: the types tf.function's tracing protocol uses."""

from . import types_experimental as experimental

__all__ = ["experimental"]
