"""An error raised inside a layer's ``call`` names the layer and the arguments it got.

TF's Keras re-raises such an error, same class, with its message framed:

    Exception encountered when calling layer 'dense' (type Dense).

    <the original message>

    Call arguments received by layer 'dense' (type Dense):
      • inputs=tf.Tensor(shape=(2, 3), dtype=float32)

Only the innermost failing layer adds this (a model around it re-raises as is). A call on
real values quotes the name 'so'; a call on symbolic Keras inputs quotes it "so".
An error a layer raises before its own ``call`` (input checks, ``build``) gets no frame from
that layer, as in TF; the layer whose ``call`` was running around it frames it.
"""

import inspect

from ...core import errors, nest
from ...core.tensor import Tensor
from ..keras_tensor import KerasTensor

_MARK = "_keras_call_info_injected"
_BEFORE_CALL = "_keras_checked_before_call_of"


def raised_before_call(exc, layer_name):
    """Leaves `exc` unframed by the layer named `layer_name`: for a check TF makes before
    that layer's ``call`` but this layer makes inside it. (A layer whose call ran this one
    still frames it, as in TF.)"""
    setattr(exc, _BEFORE_CALL, layer_name)
    return exc


def _framable(exc, layer):
    """Whether `exc` gets `layer`'s frame: Python's own errors, TF's op errors and a user's
    own classes, but not eagerbook's internal signals (they are caught further out)."""
    if getattr(exc, _MARK, False) or getattr(exc, _BEFORE_CALL, None) == layer.name:
        return False
    module = type(exc).__module__ or ""
    return isinstance(exc, errors.OpError) or not module.startswith("eagerbook")


def _argument_text(value):
    """One argument as TF shows it: tensors by shape and dtype only, anything else by repr."""
    def one(item):
        if isinstance(item, (Tensor, KerasTensor)):
            return f"tf.Tensor(shape={item.shape}, dtype={item.dtype.name})"
        return repr(item)
    return nest.map_structure(one, value)


def _arguments(call, args, kwargs):
    """The lines ``  • name=value`` for every parameter of `call`, or None if `args` and
    `kwargs` do not fit its signature (TF then leaves the error as it is)."""
    try:
        signature = inspect.signature(call)
        bound = signature.bind(*args, **kwargs)
    except (TypeError, ValueError):
        return None
    lines = []
    for parameter in signature.parameters.values():
        if parameter.name in bound.arguments:
            value = _argument_text(bound.arguments[parameter.name])
        else:
            value = parameter.default
        lines.append(f"  \u2022 {parameter.name}={value}")
    return "\n".join(lines) or None


def framed(exc, layer, args, kwargs, symbolic=False):
    """`exc` re-made with the layer's frame around its message, or `exc` itself when TF
    would leave it unframed."""
    if not _framable(exc, layer):
        return exc
    arguments = _arguments(layer.call, args, kwargs)
    if arguments is None:
        return exc
    quoted = f'"{layer.name}"' if symbolic else f"'{layer.name}'"
    who = f"layer {quoted} (type {type(layer).__name__})"
    if isinstance(exc, errors.OpError):
        message = exc.message
    else:
        message = exc.args[0] if exc.args else ""
    message = (f"Exception encountered when calling {who}.\n\n{message}\n\n"
               f"Call arguments received by {who}:\n{arguments}")
    try:
        if isinstance(exc, errors.OpError):
            new = type(exc)(exc.node_def, exc.op, message)
        else:
            new = type(exc)(message)
    except TypeError:  # an error class with a signature of its own
        new = RuntimeError(message)
    if hasattr(exc, "__notes__"):
        new.__notes__ = list(exc.__notes__)
    setattr(new, _MARK, True)  # the layers around this one re-raise it as it is
    new._keras_layer_framed = exc  # (a traced step's kernel error is the node's: unframed)
    return new
