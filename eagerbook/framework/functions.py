"""Small top-level helpers of TF: ``tf.inside_function``, ``tf.get_logger``,
``tf.recompute_grad``."""

import functools

from ..core import logs
from ..core.context import state


def inside_function():
    """True while ``tf.function`` traces (building a graph), False when running eagerly."""
    return state.graph is not None


def get_logger():
    """The Python logger named "tensorflow", which TF's own messages (and eagerbook's) go
    through (``core/logs.py``)."""
    return logs.logger


def recompute_grad(f):
    """TF keeps fewer activations of `f` and recomputes them for the gradient: a memory
    saving only, the values and gradients are those of `f` itself, which is what eagerbook
    computes (it keeps the activations)."""
    @functools.wraps(f)
    def inner(*args, **kwargs):
        return f(*args, **kwargs)
    return inner
