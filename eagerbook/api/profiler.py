"""``tf.profiler``: TF 2's profiler lives in ``tf.profiler.experimental`` (start, stop, Trace)."""

from . import profiler_experimental as experimental

__all__ = ["experimental"]
