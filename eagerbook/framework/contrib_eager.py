"""``tf.contrib.eager`` ("tfe"): the function-style gradient API of the eager announcement.

TF 1.x introduced eager execution with helpers that turn a Python function into its gradient
function. They are thin wrappers over ``GradientTape``, kept so the announcement's examples
run unchanged:

    grad = tfe.gradients_function(lambda x: x * x)
    grad(3.0)                      # [<tf.Tensor ... numpy=6.0>]
"""

import functools
import inspect

from ..autodiff.tape import GradientTape
from ..core.tensor import Tensor, convert_to_tensor


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """A no-op: eager execution is always on (and cannot be turned off), as in TF 2."""
    return None


def num_gpus():
    return 0


def _param_indices(f, params, nargs):
    if params is None:
        return list(range(nargs))
    names = None
    indices = []
    for p in params:
        if isinstance(p, str):
            if names is None:
                names = list(inspect.signature(f).parameters)
            if p not in names:
                raise ValueError(f"Parameter {p!r} is not an argument of {f.__name__}: "
                                 f"{names}")
            indices.append(names.index(p))
        else:
            indices.append(int(p))
    for i in indices:
        if not 0 <= i < nargs:
            raise ValueError(f"Parameter index {i} is out of range: {f.__name__} was called "
                             f"with {nargs} positional arguments.")
    return indices


def value_and_gradients_function(f, params=None):
    """Returns ``g(*args)`` giving ``(f(*args), [d f / d args[i] for i in params])``.

    `params` selects the arguments to differentiate (indices or names; all by default).
    A non-scalar result is summed first, as with ``tape.gradient``.
    """
    @functools.wraps(f)
    def decorated(*args, **kwargs):
        args = list(args)
        indices = _param_indices(f, params, len(args))
        with GradientTape() as tape:
            for i in indices:
                if not (isinstance(args[i], Tensor) or hasattr(type(args[i]), "_as_tensor")):
                    args[i] = convert_to_tensor(args[i])
                tape.watch(args[i])
            value = f(*args, **kwargs)
        if value is None:
            raise ValueError("Cannot differentiate a function that returns None; did you "
                             f"forget to return a value from {f.__name__}?")
        grads = tape.gradient(value, [args[i] for i in indices])
        return value, grads

    return decorated


def gradients_function(f, params=None):
    """Returns ``g(*args)`` giving the list of gradients of `f` with respect to its arguments
    (or those named by `params`). Nest it for higher derivatives:
    ``gradients_function(lambda x: gradients_function(f)(x)[0])``."""
    value_and_grads = value_and_gradients_function(f, params)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return value_and_grads(*args, **kwargs)[1]

    return decorated


def implicit_value_and_gradients(f):
    """Returns ``g(*args)`` giving ``(f(*args), [(gradient, variable), ...])`` for every
    trainable Variable that `f` reads (the form ``optimizer.apply_gradients`` takes)."""
    @functools.wraps(f)
    def decorated(*args, **kwargs):
        with GradientTape() as tape:
            value = f(*args, **kwargs)
        variables = tape.watched_variables()
        if not variables:
            raise ValueError("No trainable variables were accessed while the function was "
                             "being computed.")
        grads = tape.gradient(value, list(variables))
        return value, list(zip(grads, variables, strict=True))

    return decorated


def implicit_gradients(f):
    """Returns ``g(*args)`` giving ``[(gradient, variable), ...]`` for the trainable Variables
    `f` reads."""
    value_and_grads = implicit_value_and_gradients(f)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return value_and_grads(*args, **kwargs)[1]

    return decorated
