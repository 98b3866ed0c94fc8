"""``tf.custom_gradient``: replace the gradient of a whole function with your own rule.

The forward function runs with every tape paused, then the call is recorded as a single tape
entry whose gradient rule is the user's ``grad_fn``. ``grad_fn`` itself runs eagerbook ops, so
an outer tape can differentiate it again.
"""

import functools

import numpy as np

from ..core import context, nest
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..ops.registry import per_use_op, record_custom
from ..ops.user_gradients import call_grad_fn, run_noting_variables


def custom_gradient(f=None):
    """Decorator: ``f(*x)`` returns ``(y, grad_fn)``; ``grad_fn(*dy)`` returns d(y)/d(x).

    If `f` reads trainable Variables, ``grad_fn`` must accept ``variables=`` and return
    ``(input_grads, variable_grads)``.
    """
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        if context.state.graph is not None and hasattr(context.state.graph, "custom_gradient"):
            return context.state.graph.custom_gradient(f, args, kwargs)
        # Tensors the tape will connect to: the arguments as given (Variables read now, so
        # the read is recorded on active tapes and gradients flow back to the Variable).
        inputs = [convert_to_tensor(a) for a in args]
        result, grad_fn, variables = run_noting_variables(f, args, kwargs,
                                                          context.tapes_paused)
        # Reading the Variables again, with tapes active, records ReadVariableOp entries: the
        # gradients grad_fn returns for them then reach the Variables themselves.
        variable_tensors = [v._as_tensor() for v in variables]
        flat_results = nest.flatten(result)
        # Fresh output tensors, so that tapes see them as produced by this one entry.
        outputs = [_from_numpy(convert_to_tensor(r)._value) for r in flat_results]

        def rule(op, *dys):
            return call_grad_fn(grad_fn, dys, len(inputs), variables)

        op = per_use_op("CustomGradient", None, grad=rule, name=f"CustomGradient-{f.__name__}")
        record_custom(op, tuple(inputs) + tuple(variable_tensors), tuple(outputs))
        return nest.pack_sequence_as(result, outputs)

    @functools.wraps(f)
    def decorated_or_method(*args, **kwargs):
        if args and _is_instance(args[0]):  # a decorated method: `self` is not an input
            bound = functools.wraps(f)(functools.partial(f, args[0]))
            return custom_gradient(bound)(*args[1:], **kwargs)
        return decorated(*args, **kwargs)

    return decorated_or_method


def _is_instance(x):
    """An object that is no tensor value: the `self` of a decorated method (as TF binds it)."""
    return not isinstance(x, (Tensor, np.ndarray, np.generic, int, float, complex, str, bytes,
                              list, tuple)) and not hasattr(type(x), "_as_tensor")

