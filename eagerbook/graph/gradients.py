"""Gradients through a ``tf.function`` call.

A call of a ConcreteFunction under a ``GradientTape`` is ONE tape entry. Its gradient rule calls
a *backward function*, itself a traced ConcreteFunction, built on first use like this:

1. Replay the forward graph into a new graph whose placeholders are the call's inputs: the
   tensor arguments and the values of the Variables it reads (Variables become plain values:
   a ReadVariableOp is that value, an AssignAdd is an addition). Stateful ops (random numbers)
   are not re-run: their outputs from the forward call are inputs of the backward function.
2. Walk the replayed ops backwards calling the registered gradient rules (the same rules the
   eager tape uses). The rules run eagerbook ops, so they are traced into the graph.
3. Optimize and compile it like any function (dead code elimination drops the parts of the
   forward replay the gradients do not need).

Because the backward function is itself called as a tf.function, an outer tape records that
call too, and its gradient is built the same way: higher-order gradients work.
"""

from ..core import context
from ..core.shape import TensorShape
from ..core.tensor import Tensor
from ..ops import math_ops
from ..ops.backprop import backprop, carries_gradient, zeros_gradient
from ..ops.indexed_slices import IndexedSlices
from ..ops.registry import OpRecord
from ..ops.support import FLOAT_SET
from . import passes
from .compile import compile_graph
from .ir import resource, variant
from .registered_gradients import gradient_opdef
from .tracer import FuncGraph

_SKIP_ON_REPLAY = ("PrintV2",)


class _Support:
    """What a ConcreteFunction needs to be called under a tape."""

    def __init__(self, concrete):
        graph = concrete.graph
        self.concrete = concrete
        self.variables = [v for v in graph.variables if v.dtype in FLOAT_SET]
        self.float_outputs = [t._dtype in FLOAT_SET for t in graph.outputs]
        # Stateful ops whose values the backward function must reuse (random numbers, ...).
        self.saved = [t for op in graph.operations
                      if op.stateful and not op.subgraphs and op.opdef is not None
                      and not op.type.startswith("Assign") and op.type not in _SKIP_ON_REPLAY
                      for t in op.outputs if t._dtype not in (resource, variant)]
        if not self.saved:
            # Nothing to save: under a tape the same program runs as without one.
            self.forward_fn = concrete._ensure_compiled()
            self.forward_graph, self.forward_source = concrete._optimized, concrete._source
        else:
            # The same program, also returning the stateful values the backward pass reuses.
            forward = graph.copy()
            mapping = {id(a): b for a, b in zip(_all_tensors(graph), _all_tensors(forward))}
            forward.outputs = list(forward.outputs) + [mapping[id(t)] for t in self.saved]
            self.forward_graph = passes.optimize(forward)
            self.forward_fn, self.forward_source = compile_graph(self.forward_graph,
                                                                 concrete.name)
        self._backward = None

    def backward_function(self):
        if self._backward is None:
            self._backward = build_backward(self)
        return self._backward

    def backward(self, tensors):
        concrete, positions, n_inputs = self.backward_function()
        results = concrete._call_flat(tensors)
        grads = [None] * n_inputs
        for pos, g in zip(positions, results):
            grads[pos] = g
        return grads


class IndexedSlicesOutput:
    """A traced function's IndexedSlices output (a gather's gradient): its values, indices
    and dense shape are graph outputs, rebuilt into an IndexedSlices around their values."""

    __slots__ = ("indices", "has_shape")

    def __init__(self, graph, leaf, outputs):
        parts = [leaf.values, leaf.indices] + ([leaf.dense_shape]
                                               if leaf.dense_shape is not None else [])
        self.has_shape = leaf.dense_shape is not None
        self.indices = range(len(outputs), len(outputs) + len(parts))
        outputs.extend(graph.as_graph_tensor(t) for t in parts)

    def resolve(self, values):
        parts = [values[i] for i in self.indices]
        return IndexedSlices(*parts) if self.has_shape else IndexedSlices(parts[0], parts[1])


def _all_tensors(graph):
    return [t for op in graph.operations for t in op.outputs]


def forward_backward(concrete):
    return _Support(concrete)


def build_backward(support):
    """The backward ConcreteFunction: (inputs, variable values, saved, dys) -> input grads."""
    fgraph = support.concrete.graph
    bgraph = FuncGraph(fgraph.name + "_grad")
    xs = [bgraph.add_placeholder(t._dtype, t._shape, name=t._op.name) for t in fgraph.inputs]
    var_values = [bgraph.add_placeholder(v.dtype, v.shape, name=_var_name(v))
                  for v in support.variables]
    saved = [bgraph.add_placeholder(t._dtype, t._shape, name="saved_" + t._op.name)
             for t in support.saved]
    float_outs = [t for t, f in zip(fgraph.outputs, support.float_outputs) if f]
    dys = [bgraph.add_placeholder(t._dtype, t._shape, name="d_" + t._op.name)
           for t in float_outs]
    with context.building_graph(bgraph):
        mapping = {id(a): b for a, b in zip(fgraph.inputs, xs)}
        for t, s in zip(support.saved, saved):
            mapping[id(t)] = s
        var_state = {id(v): val for v, val in zip(support.variables, var_values)}
        records = replay(fgraph, bgraph, mapping, var_state)
        targets = [mapping[id(t)] for t in float_outs]
        sources = xs + var_values
        grads = backprop(records, targets, dys, sources, keep_slices=True)
    positions = [i for i, g in enumerate(grads) if g is not None]
    outputs, template = [], []
    for i in positions:  # a gather's gradient stays an IndexedSlices, as TF's tape gives it
        if isinstance(grads[i], IndexedSlices):
            template.append(IndexedSlicesOutput(bgraph, grads[i], outputs))
        else:
            template.append(len(outputs))
            outputs.append(bgraph.as_graph_tensor(grads[i]))
    bgraph.outputs = outputs
    n_inputs = len(sources)
    specs = tuple(t.shape for t in bgraph.inputs)
    # A ConcreteFunction like the forward one (its class: no import of function.py here).
    concrete = type(support.concrete)(bgraph, bgraph.name, (), specs,
                                      list(range(len(template))), template)
    return concrete, positions, n_inputs


def _var_name(v):
    return v.name.split(":")[0].replace("/", "_") + "_value"


class _Record(OpRecord):
    """What gradient rules receive as ``op``: an OpRecord that also knows its graph node."""

    __slots__ = ("node",)

    def __init__(self, op, inputs, outputs, attrs, node=None):
        super().__init__(op, inputs, outputs, attrs)
        self.node = node


def replay(fgraph, bgraph, mapping, var_state, argument_variables=None):
    """Re-emits `fgraph`'s ops into `bgraph` (the current builder); returns gradient records.

    `mapping` maps forward tensor ids to replayed tensors (placeholders given by the caller);
    `var_state` maps Variable ids to their current value in the replay;
    `argument_variables` maps ids of `fgraph`'s resource inputs to the Variables this call
    passes (one trace serves every Variable of the same dtype and shape).
    """
    resources = {id(t): obj for obj, t in fgraph.captures
                 if t._dtype is resource}
    handle_vars = getattr(fgraph, "handle_vars", {})
    argument_handles = set()
    for t in fgraph.inputs:  # Variables passed as arguments
        if t._dtype is resource and id(t) in handle_vars:
            resources[id(t)] = handle_vars[id(t)]
            argument_handles.add(id(t))
    resources.update(argument_variables or {})
    for obj, t in fgraph.captures:
        if id(t) not in mapping and t._dtype is not resource:
            mapping[id(t)] = bgraph.as_graph_tensor(obj)
    bgraph.foreign.update(mapping)
    first_values = dict(var_state)  # each Variable's value on entry: its gradient's source
    records = []
    for op in fgraph.operations:
        if op.type == "Placeholder":
            if id(op.outputs[0]) not in mapping and id(op.outputs[0]) in resources:
                mapping[id(op.outputs[0])] = bgraph.variable_handle(
                    resources[id(op.outputs[0])])
            continue
        if hasattr(getattr(op.opdef, "kernel", None), "replay"):  # a traced function's call
            _replay_call(op, bgraph, mapping, var_state, records)
            continue
        if all(id(t) in mapping for t in op.outputs) and op.outputs:
            # a saved stateful output: not re-run, but a differentiable one (tf.py_function)
            # still passes gradients back through its rule
            opdef = gradient_opdef(op)
            if opdef is not None and opdef.differentiable and \
                    all(id(t) in mapping for t in op.inputs):
                records.append(_Record(opdef, tuple(mapping[id(t)] for t in op.inputs),
                                       tuple(mapping[id(t)] for t in op.outputs), op.attrs))
            continue
        if op.type == "Const":
            node = bgraph.create_op("Const", (), op.attrs, [(t._dtype, t._shape)
                                                            for t in op.outputs])
            mapping[id(op.outputs[0])] = node.outputs[0]
            continue
        if op.type == "ReadVariableOp":
            var = resources.get(id(op.inputs[0]))
            if var is not None and id(var) in var_state:
                mapping[id(op.outputs[0])] = _read(var_state[id(var)], first_values[id(var)],
                                                   records)
                continue
            if var is not None and id(op.inputs[0]) not in argument_handles:
                mapping[id(op.outputs[0])] = bgraph.read_variable(var)
                continue
            # A handle passed into a branch or loop body: read it the same way.
        if op.type.startswith("Assign") and op.type.endswith("VariableOp"):
            var = resources.get(id(op.inputs[0]))
            value = mapping[id(op.inputs[1])]
            if var is not None and id(var) in var_state:
                current = var_state[id(var)]
                if op.type == "AssignAddVariableOp":
                    value = math_ops.add(current, value)
                elif op.type == "AssignSubVariableOp":
                    value = math_ops.subtract(current, value)
                var_state[id(var)] = value
            continue  # the backward pass never writes Variables
        if op.type in _SKIP_ON_REPLAY:
            continue
        ins = [mapping[id(t)] for t in op.inputs]
        node = bgraph.create_op(op.type, ins, op.attrs,
                                [(t._dtype, t._shape) for t in op.outputs], opdef=op.opdef,
                                stateful=op.stateful, subgraphs=op.subgraphs)
        node.gradient_op_type = op.gradient_op_type
        for a, b in zip(op.outputs, node.outputs):
            mapping[id(a)] = b
            bgraph.foreign[id(a)] = b
        opdef = gradient_opdef(op)
        if opdef is not None and opdef.differentiable:
            records.append(_Record(opdef, tuple(ins), node.outputs, op.attrs, node))
    return records


def _replay_call(op, bgraph, mapping, var_state, records):
    """A call of another traced function (graph/nested_calls.py), re-emitted differentiable:
    the Variables it reads enter as their values in this replay."""
    inputs = [mapping[id(t)] for t in op.inputs]
    called = getattr(op.opdef.kernel, "replayed_inline", None)
    if called is not None:
        _replay_inline(called, op, bgraph, inputs, mapping, var_state, records)
        return
    outs = op.opdef.kernel.replay(inputs, var_state)
    for a, b in zip(op.outputs, outs):
        mapping[id(a)] = b
        bgraph.foreign[id(a)] = b
    if outs:
        node = outs[0]._op
        records.append(_Record(node.opdef, tuple(node.inputs), node.outputs, node.attrs, node))


def _replay_inline(called, op, bgraph, inputs, mapping, var_state, records):
    """A call passing Variables as arguments, re-emitted op by op into this replay, the
    reads and writes of its Variable arguments going to this call's Variables."""
    outer_variables = getattr(op.graph, "handle_vars", {})
    inner = {id(p): t for p, t in zip(called.inputs, inputs)}
    arguments = {id(p): outer_variables[id(t)] for p, t in zip(called.inputs, op.inputs)
                 if p._dtype is resource and id(t) in outer_variables}
    records.extend(replay(called, bgraph, inner, var_state, arguments))
    for a, t in zip(op.outputs, called.outputs):
        mapping[id(a)] = inner[id(t)]
        bgraph.foreign[id(a)] = inner[id(t)]


def _read(current, entry_value, records):
    """A read of a Variable in the replay. Its value is the Variable's current one, but, as in
    TF, its gradient goes to the Variable itself, never to the value last assigned to it
    (``v.assign(x); y = v * 2`` gives dy/dv = 2 and no gradient to x): the assigned value
    with its gradient stopped, plus a zero that carries the gradient to the entry value."""
    if current is entry_value:
        return current
    zero = math_ops.subtract(entry_value, math_ops.stop_gradient(entry_value))
    value = math_ops.add(math_ops.stop_gradient(current), zero)
    for t in (zero, value):  # the sweep walks these two (the stopped inputs pass nothing)
        node = t._op
        records.append(_Record(node.opdef, tuple(node.inputs), node.outputs, node.attrs, node))
    return value


def subgraph_gradient(sub, dys_specs, name, outer=None):
    """For control flow: a graph computing d(outputs)/d(inputs) of branch/body `sub`.

    Inputs: sub's inputs then one dy per output that carries gradients (floats and
    TensorArrays); outputs: one gradient per such input (zeros where unconnected, so both
    branches of a cond agree)."""
    g = FuncGraph(name, outer=outer)
    xs = [g.add_placeholder(t._dtype, t._shape, name=t._op.name) for t in sub.inputs]
    grad_out = [t for t in sub.outputs if carries_gradient(t)]
    dys = [g.add_placeholder(t._dtype, t._shape, name="d_" + t._op.name) for t in grad_out]
    with context.building_graph(g):
        mapping = {id(a): b for a, b in zip(sub.inputs, xs)}
        records = replay(sub, g, mapping, {})
        targets = [mapping[id(t)] for t in grad_out]
        grad_in = [x for x in xs if carries_gradient(x)]
        grads = backprop(records, targets, dys, grad_in)
        grads = [zeros_gradient(x) if gr is None else gr for gr, x in zip(grads, grad_in)]
        g.outputs = [g.as_graph_tensor(gr) for gr in grads]
    return g


def is_float(t):
    return isinstance(t, Tensor) and t._dtype in FLOAT_SET


__all__ = ["forward_backward", "build_backward", "replay", "backprop", "subgraph_gradient",
           "TensorShape"]


# --- tf.gradients: symbolic gradients inside the graph being built ------------------------------
def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients="none"):
    """``tf.gradients``: d(sum of ys)/dx for each x, as new ops of the graph being built.

    The graph's operations so far are the records of a backward sweep (the tape's), so the
    gradient rules emit their ops into the same graph. A Variable among `xs` receives the
    gradients of its reads. `stop_gradients` are treated as constants: nothing flows through
    the ops that made them."""
    graph = context.state.graph
    if graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                           "Use tf.GradientTape instead.")
    if unconnected_gradients not in ("none", "zero") and \
            getattr(unconnected_gradients, "value", None) not in ("none", "zero"):
        raise ValueError(f"Unknown value for unconnected_gradients: '{unconnected_gradients}'")
    unconnected = getattr(unconnected_gradients, "value", unconnected_gradients)
    ys = list(ys) if isinstance(ys, (list, tuple)) else [ys]
    xs = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    ys = [graph.as_graph_tensor(y) for y in ys]
    if grad_ys is None:
        seeds = [math_ops.ones_like(y) for y in ys]
    else:
        grad_ys = list(grad_ys) if isinstance(grad_ys, (list, tuple)) else [grad_ys]
        seeds = [math_ops.ones_like(y) if g is None else graph.as_graph_tensor(g)
                 for y, g in zip(ys, grad_ys, strict=True)]
    stopped = {id(t) for t in (stop_gradients or [])}
    handles = {id(obj): t for obj, t in graph.captures if t._dtype is resource}
    records, reads = [], {}
    for op in list(graph.operations):
        if op.type == "ReadVariableOp":  # a Variable's gradient is the sum over its reads
            reads.setdefault(id(op.inputs[0]), []).append(op.outputs[0])
        opdef = gradient_opdef(op)
        if opdef is None or not opdef.differentiable:
            continue
        if any(id(t) in stopped for t in op.outputs):
            continue
        records.append(_Record(opdef, tuple(op.inputs), tuple(op.outputs), op.attrs, op))
    sources, groups = [], []
    for x in xs:
        if hasattr(type(x), "_as_tensor") and id(x) in handles:
            found = reads.get(id(handles[id(x)]), [])
        else:
            found = [graph.as_graph_tensor(x)]
        groups.append((len(sources), len(found)))
        sources.extend(found)
    grads = backprop(records, ys, seeds, sources)
    out = []
    for x, (start, count) in zip(xs, groups, strict=True):
        parts = [g for g in grads[start:start + count] if g is not None]
        total = None if not parts else parts[0] if len(parts) == 1 else math_ops.add_n(parts)
        if total is None and unconnected == "zero":
            total = math_ops.zeros_like(x)
        out.append(total)
    return out


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians",
             colocate_gradients_with_ops=True):
    """``tf.hessians``: for each x, the second derivatives of sum(ys), shaped ``x.shape +
    x.shape``: the gradient of each element of the first gradient (inside a tf.function;
    the shapes of xs must be known while tracing)."""
    from ..ops import array_ops
    if context.state.graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                           "Use tf.GradientTape instead.")
    xs = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    out = []
    for x, first in zip(xs, gradients(ys, xs), strict=True):
        if first is None:
            out.append(None)
            continue
        shape = first.shape
        if not shape.is_fully_defined():
            raise ValueError("tf.hessians needs the shape of its xs known while tracing, got "
                             f"{shape}")
        flat = array_ops.reshape(first, [-1])
        rows = [gradients(flat[i], x, unconnected_gradients="zero")[0]
                for i in range(shape.num_elements())]
        hessian = array_ops.stack(rows) if rows else array_ops.zeros([0] + shape.as_list())
        out.append(array_ops.reshape(hessian, shape.as_list() * 2))
    return out


# --- a ConcreteFunction called while another function is traced --------------------------------
