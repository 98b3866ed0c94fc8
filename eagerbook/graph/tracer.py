"""The graph builder: what the op dispatcher talks to while ``tf.function`` traces.

While a ``FuncGraph`` is installed (``context.building_graph``), every op call lands in
``add_op`` instead of running its kernel; the builder appends an operation and returns symbolic
outputs whose dtype and shape it infers. The rest of the protocol:

    capture_constant(tensor)     an eager tensor made while tracing -> a Const op
    read_variable(variable)      Variables are captured by identity, read by ReadVariableOp
    assign_variable(v, kind, x)  AssignVariableOp / AssignAddVariableOp / AssignSubVariableOp
    custom_gradient(f, a, kw)    a @tf.custom_gradient function called while tracing
    variable_created(v)          a tf.Variable was created while tracing (first trace only)
    lift_to_eager(t)             a Variable's initial value computed inside the trace

Shape inference: an op may declare ``infer_shape(inputs, attrs) -> [(dtype, shape), ...]``
(its shape rule, which also words TF's graph-time errors); otherwise its kernel runs on small
stand-in arrays of the input shapes (``stand_ins.py``).
"""

import threading

import numpy as np

from ..core import context
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..ops.variable_ops import ASSIGN_OPS, READ_VARIABLE
from .ir import Graph, SymbolicTensor, out_of_scope_error, outer_autograph, resource
from .stand_ins import run_on_stand_ins
from .traced_custom_gradient import traced_custom_gradient

CALLERS = threading.local()  # .graphs: those of the traces calling the one being traced


class FuncGraph(Graph):
    """A graph under construction (TF's FuncGraph)."""

    def __init__(self, name="graph", outer=None, autograph=False):
        super().__init__(name, outer, names_ops=True)  # as TF's Python API (graph/naming.py)
        self._captured = {}  # id(outside object) -> placeholder
        self._keepalive = []  # captured objects (keeps their ids valid)
        self.variables = []  # Variables this graph reads or writes, in first-use order
        self.created_variables = []
        self.allow_variable_creation, self.autograph = True, autograph or outer_autograph(outer)
        self.actual_inputs = {}  # id(placeholder) -> eager Tensor (the call being traced)
        self.foreign = {}  # id(tensor of another graph) -> tensor of this graph
        self.handle_vars = {}  # id(resource placeholder) -> Variable
        self.variable_inputs = {}  # id(Variable passed as an argument) -> its input position
        self.object_inputs = set()  # ids of placeholders whose values are objects (datasets)
        self.structured_outputs = None

    # --- tensors from elsewhere ---------------------------------------------------------------
    def as_graph_tensor(self, t):
        if isinstance(t, SymbolicTensor):
            g = t._op.graph
            if g is self:
                return t
            mapped = self.foreign.get(id(t))
            if mapped is not None:
                return mapped
            if self._is_enclosing(g):
                return self._capture(t, t._dtype, t._shape, t._op.name)
            # made in another, finished tf.function, or a loop body or branch not enclosing us
            raise out_of_scope_error(t, g)
        if isinstance(t, Tensor):
            return self._capture(t, t._dtype, t.shape, "captured")
        if hasattr(type(t), "_as_tensor"):
            return self.as_graph_tensor(t._as_tensor())
        raise TypeError(f"Expected a Tensor, got {t!r}")

    def _is_enclosing(self, g):
        outer = self.outer
        while outer is not None:
            if outer is g:
                return True
            outer = outer.outer
        return any(c is g for c in getattr(CALLERS, "graphs", ()))  # (nested_calls.py)

    def _capture(self, obj, dtype, shape, name):
        """A placeholder standing for `obj` (an outside tensor, Variable or outer tensor)."""
        key = id(obj)
        placeholder = self._captured.get(key)
        if placeholder is not None:
            return placeholder
        if self.outer is not None and isinstance(self.outer, FuncGraph) and not (
                isinstance(obj, SymbolicTensor) and obj._op.graph is self.outer):
            # Capture through the enclosing graph first: branches see only their parent.
            if hasattr(type(obj), "_as_tensor"):
                outer_t = self.outer.variable_handle(obj)
            else:
                outer_t = self.outer.as_graph_tensor(obj)
            placeholder = self._capture(outer_t, dtype, shape, name)
            self._captured[key] = placeholder
            return placeholder
        placeholder = self.add_placeholder(dtype, shape, name=name, capture_of=obj)
        self._captured[key] = placeholder
        self._keepalive.append(obj)
        return placeholder

    def add_variable_input(self, variable, name):
        """A Variable passed as an argument: a resource input (a later call may pass another
        Variable of the same dtype and shape, as in TF), used for every access while tracing."""
        handle = self.add_placeholder(resource, TensorShape([]), name=name)
        if id(variable) not in self._captured:
            self._captured[id(variable)] = handle
            self._keepalive.append(variable)
            self.variable_inputs[id(variable)] = len(self.inputs) - 1
            if variable not in self._var_list():
                self.variables.append(variable)
        self.handle_vars[id(handle)] = variable
        self.actual_inputs[id(handle)] = variable
        return handle

    def variable_handle(self, variable):
        if variable not in self._var_list():
            self.variables.append(variable)
        name = variable.name.split(":")[0].replace("/", "_") or "var"
        handle = self._capture(variable, resource, TensorShape([]), name)
        self.handle_vars[id(handle)] = variable
        return handle

    def _var_list(self):
        return _IdentityList(self.variables)

    # --- the builder protocol --------------------------------------------------------------------
    def add_op(self, op, inputs, attrs):
        ins = [self.as_graph_tensor(t) for t in inputs]
        defaults = getattr(op.kernel, "__kwdefaults__", None)  # attrs a call may leave out:
        if defaults:  # every node states them, as TF's graphs do (MatMul's transpose_a=False)
            attrs = {**defaults, **attrs}
        specs = infer_outputs(op, ins, attrs)
        node = self.create_op(op.name, ins, attrs, specs, opdef=op,
                              stateful=bool(op.stateful))
        if op.num_outputs == 1:
            return node.outputs[0]
        return node.outputs

    def capture_constant(self, tensor):
        value = tensor._value
        node = self.create_op("Const", (), {"value": value},
                              [(tensor._dtype, TensorShape._from_tuple(value.shape))])
        return node.outputs[0]

    def read_variable(self, variable):
        handle = self.variable_handle(variable)
        node = self.create_op("ReadVariableOp", (handle,), {}, [(variable.dtype,
                                                                 variable.shape)],
                              opdef=READ_VARIABLE)
        out = node.outputs[0]
        for recorder in tuple(context.state.recorders):
            recorder.record(READ_VARIABLE, (variable,), (out,), {})
        return out

    def assign_variable(self, variable, kind, value):
        value = self.as_graph_tensor(convert_to_tensor(value, dtype=variable.dtype))
        if not variable._shape.is_compatible_with(value.shape):
            raise ValueError(
                f"Cannot assign value to variable ' {variable.name}': Shape mismatch.The "
                f"variable shape {variable._shape}, and the assigned value shape "
                f"{value.shape} are incompatible.")
        handle = self.variable_handle(variable)
        self.create_op(kind, (handle, value), {}, [], opdef=ASSIGN_OPS[kind],
                       stateful=True)
        return None  # tf.function: Variable.assign returns the Variable itself

    def variable_created(self, variable):
        if not self.allow_variable_creation:
            raise ValueError(
                "tf.function only supports singleton tf.Variables created on the first call. "
                "Make sure the tf.Variable is only created once or created outside tf.function."
                " See https://www.tensorflow.org/guide/function#creating_tfvariables for more "
                "information.")
        self.created_variables.append(variable)

    def lift_to_eager(self, tensor):
        """The value of `tensor`, computed now (a Variable initializer inside a trace)."""
        return lift_to_eager(self, tensor)

    def output_identities(self, outputs):
        """Each output through an Identity node, as TF's functions end (graph/naming.py)."""
        return self.namer.output_identities(outputs)

    def custom_gradient(self, f, args, kwargs):
        """A @tf.custom_gradient call while tracing (graph/traced_custom_gradient.py)."""
        return traced_custom_gradient(f, args, kwargs)


class _IdentityList:
    def __init__(self, items):
        self.items = items

    def __contains__(self, obj):
        return any(x is obj for x in self.items)


# --- shape inference ------------------------------------------------------------------------------
def infer_outputs(op, inputs, attrs):
    """[(dtype, TensorShape)] for the outputs of `op` applied to symbolic `inputs`: its shape
    rule if it declares one, else its kernel run on stand-in arrays (graph/stand_ins.py)."""
    custom = op.infer_shape
    if custom is not None:
        return [(d, s if isinstance(s, TensorShape) else TensorShape(s))
                for d, s in custom(inputs, attrs)]
    if op.num_outputs == 0:
        return []  # nothing to infer (and never run a print or an assignment while tracing)
    return run_on_stand_ins(op, inputs, attrs)


# --- Variable initializers computed inside a trace ---------------------------------------------
def lift_to_eager(graph, tensor):
    """Runs the ops that produce `tensor` now, eagerly (placeholders take the values of the
    call being traced). Used for ``tf.Variable(initial_value)`` inside a first trace."""
    if not isinstance(tensor, SymbolicTensor):
        return tensor
    needed = {}
    stack = [tensor._op]
    while stack:
        op = stack.pop()
        if id(op) in needed:
            continue
        needed[id(op)] = op
        for t in op.inputs:
            stack.append(t._op)
    values = {}
    for op in [op for op in graph.operations if id(op) in needed]:
        if op.type == "Placeholder":
            actual = graph.actual_inputs.get(id(op.outputs[0]))
            if actual is None:
                captured = [obj for obj, t in graph.captures if t is op.outputs[0]]
                if captured and (isinstance(captured[0], Tensor)
                                 or hasattr(type(captured[0]), "_as_tensor")):
                    actual = captured[0]
                else:
                    raise ValueError(
                        "A tf.Variable's initial value depends on a function argument whose "
                        "value is unknown while tracing; create the Variable outside the "
                        "tf.function or from values known at trace time.")
            values[id(op.outputs[0])] = actual
            continue
        if op.type == "Const":
            values[id(op.outputs[0])] = op.attrs["value"]
            continue
        args = [values[id(t)] for t in op.inputs]
        args = [a._value if isinstance(a, Tensor) else a for a in args]
        out = op.opdef.kernel(*args, **op.attrs)
        outs = (out,) if op.opdef.num_outputs == 1 else tuple(out)
        for t, o in zip(op.outputs, outs):
            values[id(t)] = o if not isinstance(o, np.generic) else np.asarray(o)
    result = values[id(tensor)]
    return _from_numpy(np.asarray(result)) if not isinstance(result, Tensor) else result
