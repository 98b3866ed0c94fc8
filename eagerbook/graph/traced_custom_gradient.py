"""``@tf.custom_gradient`` called while ``tf.function`` traces.

The call becomes one op that passes f's results through and whose gradient rule is f's
``grad_fn``, so tapes inside the function and tapes around its call (through the function's
backward graph) both use the user's rule. The op's inputs are f's results, then f's
arguments and the trainable Variables f reads: the rule answers for those.
A SavedModel keeps the rule as a graph of its own (graph/saved_custom_gradient.py).
"""

from ..core import context, nest
from ..core.tensor import convert_to_tensor
from ..ops.registry import execute, per_use_op
from ..ops.user_gradients import call_grad_fn, run_noting_variables


def traced_custom_gradient(f, args, kwargs):
    """A @tf.custom_gradient call while tracing: one op passing f's results through, whose
    gradient rule is f's grad_fn (so tapes inside and outside the function use it).

    Its inputs are f's results, then f's arguments and the trainable Variables f reads
    (their gradients are grad_fn's answers); a grad_fn taking ``variables=`` returns
    ``(input_grads, variable_grads)`` as in eager mode."""
    inputs = [convert_to_tensor(a) for a in args]
    result, grad_fn, variables = run_noting_variables(f, inputs, kwargs,
                                                      context.recorders_paused)
    # Read again with the tapes active, so a tape links these reads to the Variables.
    variable_tensors = [v._as_tensor() for v in variables]
    flat = [convert_to_tensor(r) for r in nest.flatten(result)]
    n = len(flat)

    def rule(op, *dys):  # nothing flows back to the results passed through
        return [None] * n + call_grad_fn(grad_fn, dys, len(inputs), variables)
    rule.saved_gradient_source = (f, kwargs, len(inputs), variables)  # (gradient_graph)

    opdef = per_use_op("CustomGradient", _pass_through, grad=rule, num_outputs=n,
                       name=f"CustomGradient-{getattr(f, '__name__', 'f')}",
                       infer_shape=_infer_pass_through)
    outs = execute(opdef, tuple(flat) + tuple(inputs) + tuple(variable_tensors), {"n": n})
    outs = (outs,) if n == 1 else outs
    return nest.pack_sequence_as(result, list(outs))


def _pass_through(*values, n):
    # One output is the value itself (how compiled code and the dispatcher read an op of
    # num_outputs=1), several are a tuple.
    return values[0] if n == 1 else tuple(values[:n])


def _infer_pass_through(inputs, attrs):
    return [(t._dtype, t._shape) for t in inputs[:attrs["n"]]]
