"""``@tf.custom_gradient`` called while ``tf.function`` traces.

The call becomes one op that passes f's results through and whose gradient rule is f's
``grad_fn``, so tapes inside the function and tapes around its call (through the function's
backward graph) both use the user's rule. The op's inputs are f's results, then f's
arguments and the trainable Variables f reads: the rule answers for those.
"""

import inspect

from ..core import context, nest
from ..core.tensor import convert_to_tensor
from ..ops.registry import execute, per_use_op
from ..ops.variable_ops import READ_VARIABLE


def traced_custom_gradient(f, args, kwargs):
    """A @tf.custom_gradient call while tracing: one op passing f's results through, whose
    gradient rule is f's grad_fn (so tapes inside and outside the function use it).

    Its inputs are f's results, then f's arguments and the trainable Variables f reads
    (their gradients are grad_fn's answers); a grad_fn taking ``variables=`` returns
    ``(input_grads, variable_grads)`` as in eager mode."""
    inputs = [convert_to_tensor(a) for a in args]
    reads = _VariableReads()
    with context.recorders_paused():
        context.push_recorder(reads)
        try:
            result, grad_fn = f(*inputs, **kwargs)
        finally:
            context.pop_recorder(reads)
    variables = list(reads.variables.values())
    if variables and not _accepts_variables(grad_fn):
        raise TypeError("If using @custom_gradient with a function that uses variables, "
                        "then grad_fn must accept a keyword argument 'variables'.")
    # Read again with the tapes active, so a tape links these reads to the Variables.
    variable_tensors = [v._as_tensor() for v in variables]
    flat = [convert_to_tensor(r) for r in nest.flatten(result)]
    n = len(flat)

    def rule(op, *dys):
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
        if len(input_grads) != len(inputs):
            raise ValueError(f"custom_gradient function expected to return {len(inputs)} "
                             f"gradients, but returned {len(input_grads)} instead.")
        return [None] * n + [None if g is None else convert_to_tensor(g)
                             for g in input_grads + var_grads]

    opdef = per_use_op("CustomGradient", _pass_through, grad=rule, num_outputs=n,
                       name=f"CustomGradient-{getattr(f, '__name__', 'f')}",
                       infer_shape=_infer_pass_through)
    outs = execute(opdef, tuple(flat) + tuple(inputs) + tuple(variable_tensors), {"n": n})
    outs = (outs,) if n == 1 else outs
    return nest.pack_sequence_as(result, list(outs))


class _VariableReads:
    """A recorder noting the trainable Variables a custom_gradient function reads."""

    def __init__(self):
        self.variables = {}

    def record(self, op, inputs, outputs, attrs):
        if op is READ_VARIABLE and getattr(inputs[0], "trainable", False):
            self.variables.setdefault(id(inputs[0]), inputs[0])


def _as_list(grads):
    return list(grads) if isinstance(grads, (list, tuple)) else [grads]


def _accepts_variables(fn):
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return True
    return "variables" in params or any(p.kind is inspect.Parameter.VAR_KEYWORD
                                        for p in params.values())


def _pass_through(*values, n):
    # One output is the value itself (how compiled code and the dispatcher read an op of
    # num_outputs=1), several are a tuple.
    return values[0] if n == 1 else tuple(values[:n])


def _infer_pass_through(inputs, attrs):
    return [(t._dtype, t._shape) for t in inputs[:attrs["n"]]]
