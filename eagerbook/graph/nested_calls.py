"""A tf.function (or ConcreteFunction) called while another tf.function traces.

As in TF, the inner function is not re-run as Python inside the outer trace: it is traced on
its own (once per input signature, in its own cache: its Python runs only then) and the outer
graph holds one op calling that trace's compiled code:

    @tf.function
    def outer(x):
        return inner(x) + 1.0   # outer's graph: Placeholder, PartitionedCall, Const, AddV2, ...

The op is a ``StatefulPartitionedCall`` when the inner graph reads Variables or has stateful
ops (prints, random numbers, assignments), else a ``PartitionedCall``.

Gradients: a tape active inside the outer trace records the call with the inner function's
backward function as its rule, taking the values of the Variables the inner function reads as
extra inputs (``_recorded_call``); when the outer function is differentiated as a whole, its
backward replay (gradients.replay) asks the op to re-emit itself in that recorded form, with
the values the replay has for those Variables (``replay_call``).

A Variable argument is passed as its handle (the inner trace reads and writes the Variable
it is given, as TF's resource argument). Calls this module cannot express as one op are
inlined, as before: the inner Python runs inside the outer trace (dataset arguments, a dataset
returned, a Variable argument while a tape records inside the trace, a graph that is not a
tf.function's trace such as a Keras layer's symbolic call or a TF 1.x graph).
"""

import threading

from ..core import context, nest
from ..core.tensor import Tensor, convert_to_tensor
from ..ops.registry import execute, per_use_op
from .gradients import forward_backward
from .ir import SymbolicTensor, resource
from .trace_types import (
    _call_key,
    _is_variable,
    bind_to_signature,
    is_dataset_argument,
    note_inlined_call,
)
from .tracer import CALLERS


class _InnerTraces(threading.local):
    def __init__(self):
        self.depth = 0  # inner functions being traced on this thread
        # Variables made by traces of functions called inside another's trace: those
        # functions' own (the outer function does not trace again for them, as in TF).
        self.made = 0


_inner_traces = _InnerTraces()


def variables_made():
    """How many Variables this thread made, less those made by inner functions' traces (a
    Variable another thread makes meanwhile is not the trace's: TF's creators are per thread)."""
    return context.thread_state().variables_made - _inner_traces.made


def inside_another_trace():
    """True while an inner function traces for a call in another's trace: its errors pass up
    as they are, framed once by the outermost trace (every level's line, as TF lists them)."""
    return _inner_traces.depth > 0


def call_while_tracing(function, args, kwargs):
    """``function(*args, **kwargs)`` (a Function) while another function traces."""
    if not _callable_as_op(context.state.graph, args, kwargs):
        note_inlined_call(function, args, kwargs)  # (counted; traced alone when listed)
        return function._traced_callable()(*args, **kwargs)
    if function._input_signature is not None:
        args, key = bind_to_signature(function, args, kwargs), "signature"
    else:
        args = function._canonicalize(args, kwargs)
        key = _call_key(args)
    concrete = function._cache.get(key)
    if concrete is None:  # traced on its own (its own graph and cache), now
        concrete = _trace_inside(function, args, key)
    else:
        function._detector.called_without_tracing()
    if not all(isinstance(t, int) or hasattr(t, "resolve") and not _is_dataset_output(t)
               for t in concrete._template):
        return function._traced_callable()(*args)  # (returns a dataset: inlined)
    return call_concrete(concrete, _flat_inputs(args, context.state.graph) +
                         getattr(concrete, "_outer_inputs", []))


def _trace_inside(function, args, key):
    """`function` traced on its own for a call inside another trace; tensors of the calling
    traces it reads (a closure over the caller's values) become extra inputs of its graph."""
    caller = context.state.graph
    here = context.thread_state()
    made, by_inner = here.variables_made, _inner_traces.made
    _inner_traces.depth += 1
    callers = getattr(CALLERS, "graphs", [])
    CALLERS.graphs = callers + _graph_and_enclosing(caller)
    try:
        with context.building_graph(None):
            concrete = function._lookup_or_trace(args, key)
    finally:
        _inner_traces.depth -= 1
        CALLERS.graphs = callers
    _inner_traces.made = by_inner + here.variables_made - made
    graph = concrete.graph
    outer = [(obj, t) for obj, t in graph.captures if isinstance(obj, SymbolicTensor)]
    if outer:  # the caller's tensors are passed in by the call (as TF's captures are)
        graph.captures = [c for c in graph.captures if not isinstance(c[0], SymbolicTensor)]
        graph.inputs = list(graph.inputs) + [t for _, t in outer]
        concrete._outer_inputs = [obj for obj, _ in outer]
        concrete._n_inputs, concrete._fn = len(graph.inputs), None  # (compiled again)
    return concrete


def _graph_and_enclosing(graph):
    graphs = []
    while graph is not None:
        graphs.append(graph)
        graph = getattr(graph, "outer", None)
    return graphs


def _callable_as_op(graph, args, kwargs):
    """True when the call can be one op of `graph`: a tf.function's trace (or a branch or loop
    body inside one), and arguments that are tensors, composites and Python values."""
    root = graph
    while getattr(root, "outer", None) is not None:
        root = root.outer
    if getattr(root, "traced_by", None) is None:
        return False
    flat = nest.flatten([list(args), kwargs])
    if any(map(is_dataset_argument, flat)):
        return False
    # (a tape recording inside the trace differentiates the call through its backward
    # function, which takes tensors only: a Variable argument is then inlined)
    return not (context.state.recorders and any(map(_is_variable, flat)))


def _is_dataset_output(template_entry):
    return type(template_entry).__name__ == "DatasetOutput"


def _flat_inputs(args, graph):
    """The tensors of canonical `args`, in the order of the trace's placeholders (a Variable:
    its handle in `graph`)."""
    inputs = []
    for a in nest.flatten(list(args)):
        if _is_variable(a):
            inputs.append(graph.variable_handle(a))
        elif isinstance(a, Tensor):
            inputs.append(a)
        elif hasattr(type(a), "__tf_components__"):
            inputs.extend(a.__tf_components__())
        elif hasattr(a, "dtype") and hasattr(a, "shape") and not isinstance(a, (int, float)):
            inputs.append(convert_to_tensor(a))  # a NumPy array
    return inputs


def call_concrete(concrete, tensors):
    """`concrete` called on `tensors` in the graph being built: its outputs, structured."""
    if context.state.recorders:
        values = _recorded_call(concrete, tensors)[:len(concrete.graph.outputs)]
    else:
        values = _plain_call(concrete, tensors)
    return concrete._structured(values)


def _is_stateful(graph):
    return bool(graph.variables) or any(t._dtype is resource for t in graph.inputs) or \
        any(op.stateful for op in graph.operations)


def _plain_call(concrete, tensors):
    """The call as TF's graph holds it: the arguments in, the outputs out. The Variables the
    function reads are captures of this graph too, their handles inputs of the op (as in TF:
    the compiled code reads them itself)."""
    graph = context.state.graph
    captured = {id(obj) for obj, _ in concrete.graph.captures}  # (not Variable arguments)
    handles = tuple(graph.variable_handle(v) for v in concrete.graph.variables
                    if id(v) in captured)
    fn = concrete._fn or concrete._ensure_compiled()
    n_args = len(tensors)
    specs = [(t._dtype, t._shape) for t in concrete.graph.outputs]
    stateful = _is_stateful(concrete.graph)

    def kernel(*arrays, f=None):  # (f: the function's name, as TF's op has it)
        outs = fn(*arrays[:n_args])
        return outs[0] if len(specs) == 1 else tuple(outs)

    # (how a backward replay re-emits the call: gradients.replay calls it)
    kernel.replay = lambda inputs, var_state: replay_call(concrete, inputs, var_state)
    if any(t._dtype is resource for t in concrete.graph.inputs):  # (Variable arguments)
        kernel.replayed_inline = concrete.graph
    opdef = per_use_op("StatefulPartitionedCall", kernel, grad=None, stateful=stateful,
                       name=None if stateful else "PartitionedCall", num_outputs=len(specs),
                       differentiable=False, infer_shape=lambda inputs, attrs: specs)
    first_new_op = len(graph.operations)
    outs = execute(opdef, tuple(convert_to_tensor(t) for t in tensors) + handles,
                   {"f": concrete.name})
    calls = [op for op in graph.operations[first_new_op:] if op.opdef is opdef]
    if calls:  # which function the op calls (a SavedModel inlines it)
        graph.__dict__.setdefault("called_functions", {})[id(calls[0])] = concrete
    return (outs,) if len(specs) == 1 else tuple(outs)


def replay_call(concrete, inputs, var_state):
    """A call op of `concrete` re-emitted in a backward replay on `inputs`, differentiable:
    the Variables the function reads enter as the replay's values of them. Its outputs."""
    support = concrete._tape_support or forward_backward(concrete)
    concrete._tape_support = support
    values = [var_state.get(id(v)) for v in support.variables]
    values = [v._as_tensor() if val is None else val
              for v, val in zip(support.variables, values)]
    return _recorded_call(concrete, inputs[:len(concrete.graph.inputs)], values)  # (no handles)


def _recorded_call(concrete, tensors, variable_values=None):
    """The call as a tape records it: the values of the Variables it reads are inputs too, the
    stateful values its backward function reuses are outputs too, its rule that function."""
    support = concrete._tape_support
    if support is None:
        support = concrete._tape_support = forward_backward(concrete)
    fn, saved = support.forward_fn, support.saved
    if variable_values is None:  # (inputs for the tape: the compiled code reads them itself)
        variable_values = [v._as_tensor() for v in support.variables]
    n_args, n = len(tensors), len(concrete.graph.outputs)
    specs = [(t._dtype, t._shape) for t in list(concrete.graph.outputs) + list(saved)]

    def kernel(*arrays, f=None):
        outs = fn(*arrays[:n_args])
        return outs[0] if len(specs) == 1 else tuple(outs)

    def rule(op, *dys):
        from ..ops.math_ops import zeros_like  # (ops build on the graph package)
        outs = op.outputs[:n]
        dys = [zeros_like(o) if d is None else d
               for d, o, is_float in zip(dys, outs, support.float_outputs) if is_float]
        return support.backward(list(op.inputs) + list(op.outputs[n:]) + dys)

    opdef = per_use_op("StatefulPartitionedCall", kernel, grad=rule, num_outputs=len(specs),
                       stateful=True, infer_shape=lambda inputs, attrs: specs)
    outs = execute(opdef, tuple(convert_to_tensor(t) for t in tensors) + tuple(variable_values),
                   {"f": concrete.name})
    return (outs,) if len(specs) == 1 else tuple(outs)
