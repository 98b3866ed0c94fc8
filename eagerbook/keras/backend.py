"""Small helpers every part of ``eagerbook.keras`` shares.

* unique layer names (``dense``, ``dense_1``, ...) as Keras hands them out;
* ``init_scope``: create Variables eagerly even while ``tf.function`` traces (TF's
  ``tf.init_scope``), so a layer built on a traced call still gets concrete weights;
* the ``training`` flag that an outer layer passes down to inner layers.
"""

import contextlib
import re

from ..core import context
from ..core.tensor import Tensor

_EPSILON = 1e-7
_FLOATX = "float32"
_NAME_UIDS = {}


def epsilon():
    return _EPSILON


def set_epsilon(value):
    global _EPSILON
    _EPSILON = float(value)


def floatx():
    return _FLOATX


def set_floatx(value):
    global _FLOATX
    _FLOATX = str(value)


def to_snake_case(name):
    intermediate = re.sub("(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    insecure = re.sub("([a-z])([A-Z])", r"\1_\2", intermediate).lower()
    if insecure[0] != "_":
        return insecure
    return "private" + insecure


def unique_object_name(base, zero_based=True):
    """``dense``, then ``dense_1``, ``dense_2``, ... (one counter per base name);
    ``zero_based=False`` numbers from 1 (``input_1``, ``input_2``, as Keras names inputs)."""
    count = _NAME_UIDS.get(base, 0)
    _NAME_UIDS[base] = count + 1
    if not zero_based:
        return f"{base}_{count + 1}"
    return base if count == 0 else f"{base}_{count}"


def restore_deferred(obj):
    """Lets a pending checkpoint restore give `obj`'s just-created Variables their values."""
    from ..checkpoints import checkpoint  # imported here: checkpoints walk keras objects too

    checkpoint.restore_deferred(obj)


def clear_session():
    """Resets the layer-name counters (``tf.keras.backend.clear_session``)."""
    _NAME_UIDS.clear()


@contextlib.contextmanager
def init_scope():
    """Leaves any graph being traced and hides tapes: Variables created here are concrete."""
    if context.state.graph is None and not context.state.recorders:
        yield
        return
    with context.building_graph(None):
        yield


def is_symbolic(t):
    """True for tensors made while ``tf.function`` traces (their value is unknown)."""
    return isinstance(t, Tensor) and t._value is None


# --- the training flag passed from outer to inner layers -----------------------------------
class _CallContext:
    __slots__ = ("training", "depth")

    def __init__(self):
        self.training = None
        self.depth = 0


call_context = _CallContext()


_LEARNING_PHASE = [0]


def learning_phase():
    return _LEARNING_PHASE[0]


def set_learning_phase(value):
    _LEARNING_PHASE[0] = int(value)
