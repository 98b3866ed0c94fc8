"""``tf.keras.activations``: activation functions by name or as functions."""

import collections
import threading
import types
import warnings

from ..core.tensor import convert_to_tensor
from ..ops import math_ops, nn_ops
from . import serialization


def _t(x):
    return convert_to_tensor(x)


# TF's Keras keeps the input of a softmax or sigmoid on its output (``_keras_logits``), and its
# cross-entropies take those logits when given that output: the loss of the logits, its own
# float32 digits, and their gradient (softmax - labels, also for labels not summing to 1).
# eagerbook's tensors take no attributes: the last outputs are remembered here instead, by
# identity (a loss follows its forward pass, in the same thread: one table per thread),
# holding both tensors only while they are recent.
_PER_THREAD = threading.local()
_KEEP = 8


def _recent_logits():
    table = getattr(_PER_THREAD, "table", None)
    if table is None:
        table = _PER_THREAD.table = collections.OrderedDict()  # id(output) -> (output, logits)
    return table


def _remember_logits(output, logits):
    table = _recent_logits()
    table[id(output)] = (output, logits)
    table.move_to_end(id(output))
    if len(table) > _KEEP:
        table.popitem(last=False)
    return output


def logits_of(output, from_logits, op_type, fn_name):
    """``(output, from_logits)`` as TF's Keras losses take them: the logits a Keras softmax or
    sigmoid ``op_type`` made `output` from, if it did (and TF's warning when `from_logits` was
    already True)."""
    entry = _recent_logits().get(id(output))
    if entry is None or entry[0] is not output:
        return output, from_logits
    if from_logits:
        warnings.warn(f'"`{fn_name}` received `from_logits=True`, but the `output` argument was '
                      f"produced by a {op_type} activation and thus does not represent logits. "
                      "Was this intended?", stacklevel=3)
    return entry[1], True


def linear(x):
    return x


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """max(x, 0), with Keras's optional leak (`alpha`), cap (`max_value`) and `threshold`,
    computed in Keras 2's order (below a threshold x * 0, so negatives give -0.0 as in TF)."""
    x = _t(x)
    if alpha == 0.0 and threshold == 0.0:
        if max_value is None:
            return nn_ops.relu(x)
        if max_value == 6:
            return nn_ops.relu6(x)
    if alpha != 0.0:
        if max_value is None and threshold == 0:
            return nn_ops.leaky_relu(x, alpha=alpha)
        negative_part = nn_ops.relu(math_ops.add(math_ops.negative(x), threshold))
    clip_max = max_value is not None
    if threshold != 0:
        out = math_ops.multiply(x, math_ops.cast(math_ops.greater(x, threshold), x.dtype))
    elif max_value == 6:
        out, clip_max = nn_ops.relu6(x), False
    else:
        out = nn_ops.relu(x)
    if clip_max:
        out = math_ops.clip_by_value(out, math_ops.cast(0, x.dtype),
                                     math_ops.cast(max_value, x.dtype))
    if alpha != 0.0:
        out = math_ops.subtract(out, math_ops.multiply(math_ops.cast(alpha, x.dtype),
                                                       negative_part))
    return out


def mish(x):
    """x * tanh(softplus(x))."""
    x = _t(x)
    return math_ops.multiply(x, math_ops.tanh(math_ops.softplus(x)))


def sigmoid(x):
    x = _t(x)
    return _remember_logits(math_ops.sigmoid(x), x)


def tanh(x):
    return math_ops.tanh(_t(x))


def softmax(x, axis=-1):
    x = _t(x)
    if x.shape.rank is not None and x.shape.rank < 2:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    return _remember_logits(nn_ops.softmax(x, axis=axis), x)


def log_softmax(x, axis=-1):
    return nn_ops.log_softmax(_t(x), axis=axis)


def softplus(x):
    return math_ops.softplus(_t(x))


def softsign(x):
    x = _t(x)
    return math_ops.truediv(x, math_ops.add(math_ops.abs(x), 1.0))


def elu(x, alpha=1.0):
    x = _t(x)
    if alpha == 1.0:
        return nn_ops.elu(x)
    negative = math_ops.multiply(math_ops.expm1(math_ops.minimum(x, math_ops.zeros_like(x))),
                                 alpha)
    return math_ops.where_v2(math_ops.greater(x, 0.0), x, negative)


def selu(x):
    return nn_ops.selu(_t(x))


def swish(x):
    return nn_ops.silu(_t(x))


silu = swish


def gelu(x, approximate=False):
    return nn_ops.gelu(_t(x), approximate=approximate)


def exponential(x):
    return math_ops.exp(_t(x))


def hard_sigmoid(x):
    x = _t(x)
    out = math_ops.add(math_ops.multiply(x, 0.2), 0.5)
    return math_ops.clip_by_value(out, 0.0, 1.0)


def relu6(x):
    return nn_ops.relu6(_t(x))


def leaky_relu(x, alpha=0.2):
    return nn_ops.leaky_relu(_t(x), alpha=alpha)


_BY_NAME = {
    "linear": linear, "relu": relu, "sigmoid": sigmoid, "tanh": tanh, "softmax": softmax,
    "softplus": softplus, "softsign": softsign, "elu": elu, "selu": selu, "swish": swish,
    "mish": mish, "silu": silu, "gelu": gelu, "exponential": exponential,
    "hard_sigmoid": hard_sigmoid, "relu6": relu6, "log_softmax": log_softmax,
    "leaky_relu": leaky_relu,
}


def get(identifier):
    """An activation function from a name, a function, or None (linear)."""
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        # Built-in names first, then custom_object_scope and register_keras_serializable.
        fn = _BY_NAME.get(identifier) or serialization.lookup(identifier)
        if fn is None:
            raise ValueError(f"Unknown activation function '{identifier}' cannot be "
                             "deserialized.")
        return fn
    if isinstance(identifier, dict):
        return _from_entry(identifier)
    if callable(identifier):
        return identifier
    raise TypeError(f"Could not interpret activation function identifier: {identifier!r}")


def _from_entry(entry):
    """The activation a saved entry names: a function (TF's ``{"class_name": "function",
    "config": name, ...}``), or a Keras object such as a ReLU layer."""
    name = entry.get("config")
    if entry.get("class_name") == "function" and isinstance(name, str):
        fn = _BY_NAME.get(name) or serialization.lookup(name)
        if fn is None:
            raise ValueError(f"Unknown activation function '{entry}' cannot be deserialized.")
        return fn
    if isinstance(name, dict):  # an object's entry: made by its class's from_config
        return serialization.deserialize_keras_object(entry)
    return get(entry.get("config", entry.get("class_name")))


def serialize(activation):
    if isinstance(activation, str):  # (even a known name: TF serializes functions only)
        raise ValueError(f"Unknown activation function '{activation}' cannot be serialized "
                         "due to invalid function name. Make sure to use an activation name "
                         "that matches the references defined in activations.py or use "
                         "`@keras.saving.register_keras_serializable()` to register any "
                         f"custom activations. config={activation}")
    name = getattr(activation, "__name__", None)
    if name in _BY_NAME and _BY_NAME[name] is activation:
        return name
    if hasattr(activation, "get_config"):
        return serialization.serialize(activation)
    name = serialization.get_registered_name(activation)  # "package>name" when registered
    if isinstance(activation, types.FunctionType) and name not in _BY_NAME and \
            activation.__name__ != "<lambda>":
        # A function of the user's: TF's entry for a function, by that name (`tf.nn.relu`
        # is "relu": TF gives the name alone when its activations module has one so named)
        return serialization.serialize_keras_object(activation)
    return name


def deserialize(name):
    return get(name)


