"""What ``@tf.custom_gradient`` asks of the user's ``grad_fn``, shared by the eager call
(`autodiff/custom_gradient.py`) and the traced one (`graph/traced_custom_gradient.py`).

The forward function runs under a recorder noting the trainable Variables it reads; the
gradient rule then calls ``grad_fn(*dys)``, or ``grad_fn(*dys, variables=...)`` when there
were such reads, and checks the answer's shape as TF does before the sweep uses it.
"""

import inspect

from ..core import context
from ..core.tensor import convert_to_tensor
from .variable_ops import READ_VARIABLE


class VariableReads:
    """A recorder that only notes which trainable Variables the function reads."""

    def __init__(self):
        self.variables = {}

    def record(self, op, inputs, outputs, attrs):
        if op is READ_VARIABLE and getattr(inputs[0], "trainable", False):
            self.variables.setdefault(id(inputs[0]), inputs[0])


def run_noting_variables(f, args, kwargs, paused):
    """f(*args, **kwargs) -> (result, grad_fn, the trainable Variables f read), run inside
    `paused` (a context of `core.context` that keeps tapes, or every recorder, from seeing
    f's own ops: the call is recorded as one op instead). A Variable passed as an argument is
    an input, not one of these (its gradient is an input gradient, as in TF)."""
    reads = VariableReads()
    with paused():
        context.push_recorder(reads)
        try:
            result, grad_fn = f(*args, **kwargs)
        finally:
            context.pop_recorder(reads)
    passed = {id(a) for a in args} | {id(v) for v in kwargs.values()}
    variables = [v for v in reads.variables.values() if id(v) not in passed]
    check_accepts_variables(grad_fn, variables)
    return result, grad_fn, variables


def check_accepts_variables(grad_fn, variables):
    """TF's checks of grad_fn when f returns: it must be a callable whose signature Python can
    read (else Python's TypeError "unsupported callable", as TF's getfullargspec gives), and
    if f read Variables, it must take ``variables=`` (else TF's TypeError naming them)."""
    accepts = _accepts_variables(grad_fn)  # (reads grad_fn's signature even with no variables)
    if variables and not accepts:
        raise TypeError("@tf.custom_gradient grad_fn must accept keyword argument "
                        f"'variables', since function uses variables: {variables}")


def call_grad_fn(grad_fn, dys, num_inputs, variables):
    """grad_fn's gradients for the inputs, then for the Variables (None where it gives None)."""
    if variables:
        grads = grad_fn(*dys, variables=variables)
        if not (isinstance(grads, (tuple, list)) and len(grads) == 2):
            raise ValueError("A custom_gradient function that uses variables must "
                             "return (input_gradients, variable_gradients).")
        input_grads, var_grads = _as_list(grads[0]), _as_list(grads[1])
        if len(var_grads) != len(variables):
            raise ValueError(f"Must return gradient for each variable from "
                             f"@custom_gradient grad_fn: expected {len(variables)}, "
                             f"got {len(var_grads)}.")
    else:
        input_grads, var_grads = _as_list(grad_fn(*dys)), []
    if len(input_grads) != num_inputs:
        raise ValueError(f"custom_gradient function expected to return {num_inputs} "
                         f"gradients, but returned {len(input_grads)} instead.")
    return [None if g is None else convert_to_tensor(g) for g in input_grads + var_grads]


def _as_list(grads):
    return list(grads) if isinstance(grads, (list, tuple)) else [grads]


def _accepts_variables(fn):
    try:
        spec = inspect.getfullargspec(fn)
    except TypeError:
        if not callable(fn):
            raise  # "unsupported callable", at f's call as in TF (not at the gradient)
        return True  # a builtin or C function Python cannot read: let the call say
    return "variables" in spec.args or "variables" in spec.kwonlyargs or spec.varkw is not None
