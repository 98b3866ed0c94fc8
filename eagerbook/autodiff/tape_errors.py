"""TF's errors for bad arguments to ``GradientTape.gradient``/``jacobian``, kept out of
``tape.py`` so that a first reader can skip them. TF raises these as its own checks meet the
bad value, so their kinds and words are accidents of its implementation; code written against
TF may catch them, so eagerbook raises the same."""

from ..core import nest
from ..core.context import state


def not_a_source(source):
    """A source that is neither a Tensor nor a Variable: TF reads its dtype, then its id."""
    if source is None or isinstance(source, (str, bytes)):
        raise TypeError(f"Cannot convert the argument `type_value`: {source!r} to a TensorFlow "
                        "DType.")
    kind = type(source)
    name = kind.__name__ if kind.__module__ == "builtins" else \
        f"{kind.__module__.split('.')[0]}.{kind.__name__}"
    missing = "_id" if hasattr(source, "dtype") else "dtype"  # (TF 2.21 reads dtype first)
    raise AttributeError(f"'{name}' object has no attribute '{missing}'")


def check_target(target):
    """No target, or a None inside the target's structure (TF reads its dtype)."""
    if target is None:
        raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                        "Variables or CompositeTensors to be differentiated, but received None.")
    if type(target) in (list, tuple, dict) and any(t is None for t in nest.flatten(target)):
        raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")


def unconnected_option(value, kind):
    """``gradient``'s unconnected_gradients as the enum `kind` (an unknown one in TF's words
    for gradient; the enum itself says Python's, "'x' is not a valid UnconnectedGradients")."""
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


_NEEDS_PERSISTENT = "GradientTape must be created with persistent=True to compute the {} with "
_NOT_PERSISTENT = {  # (each message with TF's own doubled space)
    "jacobian": _NEEDS_PERSISTENT.format("jacobian") + "eager execution enabled and with  "
                "experimental_use_pfor set to False.",
    "batch_jacobian": _NEEDS_PERSISTENT.format("batch_jacobian") + "eager execution enabled "
                      "and  with experimental_use_pfor set to False.",
}


def check_loop_mode(what, persistent, use_pfor):
    """TF's jacobians without pfor run the tape once per target element, eagerly: a tape used
    that way must be persistent (eagerbook's loop does not need it, but TF refuses)."""
    if not persistent and not use_pfor and state.graph is None:
        raise RuntimeError(_NOT_PERSISTENT[what])
