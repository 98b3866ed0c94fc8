"""``tf.summary.experimental``: the thread's default step, and TF's summary scope."""

from ..ops.summary_ops import get_step, set_step, summary_scope

__all__ = ["get_step", "set_step", "summary_scope"]
