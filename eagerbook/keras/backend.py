"""Small helpers every part of ``eagerbook.keras`` shares.

* unique layer names (``dense``, ``dense_1``, ...) as Keras hands them out;
* ``init_scope``: create Variables eagerly even while ``tf.function`` traces (TF's
  ``tf.init_scope``), so a layer built on a traced call still gets concrete weights;
* the ``training`` flag that an outer layer passes down to inner layers.
"""

import contextlib
import re
import threading

from ..core import context
from ..core.tensor import Tensor

_EPSILON = 1e-7
_FLOATX = "float32"
_NAME_UIDS = {}
_NAME_UIDS_LOCK = threading.Lock()  # threads making layers at once must not share a name


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
    with _NAME_UIDS_LOCK:
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
    with _NAME_UIDS_LOCK:
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


# --- the training flag passed from outer to inner layers (each thread has its own) ----------
class _CallContext(threading.local):
    def __init__(self):
        self.training = None
        self.depth = 0


call_context = _CallContext()


_LEARNING_PHASE = [0]


def learning_phase():
    return _LEARNING_PHASE[0]


def set_learning_phase(value):
    _LEARNING_PHASE[0] = int(value)


# --- the Keras 2 backend functions the guides call (thin names over eagerbook's ops) --------
def _ops():
    from ..ops import array_ops, math_ops  # ops sit below keras; imported on first use

    return array_ops, math_ops


def mean(x, axis=None, keepdims=False):
    return _ops()[1].reduce_mean(x, axis=axis, keepdims=keepdims)


def sum(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_sum(x, axis=axis, keepdims=keepdims)


def std(x, axis=None, keepdims=False):
    return _ops()[1].reduce_std(x, axis=axis, keepdims=keepdims)


def square(x):
    return _ops()[1].square(x)


def sqrt(x):
    return _ops()[1].sqrt(x)


def exp(x):
    return _ops()[1].exp(x)


def log(x):
    return _ops()[1].log(x)


def abs(x):  # noqa: A001 - Keras's name
    return _ops()[1].abs(x)


def shape(x):
    return _ops()[0].shape(x)


def int_shape(x):
    """The static shape as a tuple (None where unknown)."""
    dims = x.shape.as_list() if hasattr(x.shape, "as_list") else list(x.shape)
    return tuple(dims)


def cast(x, dtype):
    return _ops()[1].cast(x, dtype)


def constant(value, dtype=None, shape=None, name=None):
    from ..core.tensor import constant as tf_constant

    return tf_constant(value, dtype=dtype or floatx(), shape=shape, name=name)


def zeros(shape, dtype=None, name=None):
    return _ops()[0].zeros(shape, dtype=dtype or floatx())


def ones(shape, dtype=None, name=None):
    return _ops()[0].ones(shape, dtype=dtype or floatx())


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    from ..ops import random_ops

    return random_ops.random_normal(shape, mean=mean, stddev=stddev, dtype=dtype or floatx(),
                                    seed=seed)


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    from ..ops import random_ops

    return random_ops.random_uniform(shape, minval=minval, maxval=maxval,
                                     dtype=dtype or floatx(), seed=seed)


def get_value(x):
    # As Keras: anything that is not a tensor (a Python float learning rate...) comes back as is.
    return x.numpy() if hasattr(x, "numpy") else x


def set_value(x, value):
    x.assign(value)


def count_params(x):
    return int(_np_prod(x.shape.as_list()))


def _np_prod(dims):
    out = 1
    for d in dims:
        out *= d
    return out


def _dispatch_on_keras_tensors():
    """On a functional model's KerasTensors these become layers named after the tf op they
    run, as TF's TFOpLambda makes them (``model.add_metric(keras.backend.std(x), ...)``)."""
    from .keras_tensor import _on_keras_tensors
    names = {"mean": "tf.math.reduce_mean", "sum": "tf.math.reduce_sum",
             "std": "tf.math.reduce_std", "square": "tf.math.square", "sqrt": "tf.math.sqrt",
             "exp": "tf.math.exp", "log": "tf.math.log", "abs": "tf.math.abs", "cast": "tf.cast"}
    for name, public_name in names.items():
        globals()[name] = _on_keras_tensors(globals()[name], public_name)


_dispatch_on_keras_tensors()
