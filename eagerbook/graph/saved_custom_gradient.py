"""A ``@tf.custom_gradient`` call in a SavedModel: its rule as a graph of its own
(``gradient_graph``: f traced again, then grad_fn, from f's arguments and the incoming
gradients), so a loaded function's gradient is still the user's (``loaded_custom_gradient``),
as with TF's ``experimental_custom_gradients``.
"""

from ..core import context
from ..core.tensor import convert_to_tensor
from ..ops.registry import per_use_op
from ..ops.user_gradients import call_grad_fn, run_noting_variables
from .gradients import replay
from .traced_custom_gradient import _infer_pass_through, _pass_through
from .tracer import FuncGraph


def gradient_graph(op):
    """The rule of a traced custom-gradient `op` as a graph of its own, or None for any other
    op: (f's arguments, one gradient per result) -> gradients for the arguments, then for the
    Variables f reads. f is traced again inside, so the graph needs nothing of the function
    that called it (grad_fn's closure refers to that trace's tensors)."""
    source = getattr(getattr(op.opdef, "grad", None), "saved_gradient_source", None)
    if source is None:
        return None
    f, kwargs, n_args, variables = source
    n = op.attrs["n"]
    graph = FuncGraph(op.name + "_gradient")
    args = [graph.add_placeholder(t.dtype, t.shape, name=f"arg_{i}")
            for i, t in enumerate(op.inputs[n:n + n_args])]
    dys = [graph.add_placeholder(t.dtype, t.shape, name=f"dy_{i}")
           for i, t in enumerate(op.outputs)]
    with context.building_graph(graph):
        _, grad_fn, _ = run_noting_variables(f, args, kwargs, context.recorders_paused)
        grads = call_grad_fn(grad_fn, dys, n_args, variables)
        graph.outputs = [None if g is None else graph.as_graph_tensor(g) for g in grads]
    return graph


def loaded_custom_gradient(graph, n, name):
    """The op of a loaded custom-gradient call: passes its `n` results through; its rule
    replays `graph` (from gradient_graph) into the backward graph being built."""
    n_args = len(graph.inputs) - n

    def rule(op, *dys):
        builder = context.state.graph
        arguments = list(op.inputs[n:n + n_args]) + [convert_to_tensor(dy) for dy in dys]
        mapping = {id(p): builder.as_graph_tensor(t) for p, t in zip(graph.inputs, arguments)}
        replay(graph, builder, mapping, {})
        return [None] * n + [None if t is None else mapping[id(t)] for t in graph.outputs]

    return per_use_op("CustomGradient", _pass_through, grad=rule, num_outputs=n, name=name,
                      infer_shape=_infer_pass_through)
