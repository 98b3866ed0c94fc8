"""``tf.types.experimental``."""

from ..graph.trace_types import TraceType, TracingContext

__all__ = ["TraceType", "TracingContext"]
