"""``tf.RegisterGradient``, ``tf.no_gradient`` and ``Graph.gradient_override_map``.

TF keeps one table of gradient functions keyed by op type name. Our own ops carry their rules
on their OpDefs (ops/registry.py), so this table holds only what users add: a rule under a new
name, used by the ops made inside ``with graph.gradient_override_map({"Identity": name})``.
Such an op remembers the name (TF's ``_gradient_op_type`` attr); the symbolic gradients of a
graph (``tf.gradients``, and a tape around a tf.function call) look the rule up when they
differentiate it, as TF does, so a rule may be registered after the op was made. A tape
recording inside a tf.function uses the op's own rule, as TF's does.
"""

import contextlib

from ..core.tensor import Tensor, convert_to_tensor
from ..ops.indexed_slices import IndexedSlices
from ..ops.registry import REGISTRY, per_use_op

_USER_GRADIENTS = {}  # op type name -> the user's function (None: not differentiable)


def _check_name(op_type):
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")


def _register(op_type, fn):
    if op_type in _USER_GRADIENTS or op_type in REGISTRY:
        # (TF's message names the registering function's file; ours, this module)
        raise KeyError(f"Registering two gradient with name '{op_type}'! (Previous "
                       f"registration was in _register {__file__})")
    _USER_GRADIENTS[op_type] = fn


class RegisterGradient:
    """Decorator registering ``fn(op, *output_grads) -> input grads`` under `op_type`."""

    def __init__(self, op_type):
        _check_name(op_type)
        self._op_type = op_type

    def __call__(self, fn):
        _register(self._op_type, fn)
        return fn


def no_gradient(op_type):
    """Declares ops of type `op_type` not differentiable: nothing flows back through them."""
    _check_name(op_type)
    _register(op_type, None)


NotDifferentiable = no_gradient  # (TF 1.x's name)


# --- the override map --------------------------------------------------------------------------
def _check_map(op_type_map):
    if not isinstance(op_type_map, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in op_type_map.items()):
        raise TypeError("op_type_map must be a dictionary mapping strings to strings")


@contextlib.contextmanager
def gradient_override_map(graph, op_type_map):
    """Ops of the types in `op_type_map` made in `graph` inside the block take the gradient
    registered under the mapped name (the graph's ``gradient_override_map``)."""
    _check_map(op_type_map)
    saved = graph.gradient_overrides
    graph.gradient_overrides = {**(saved or {}), **op_type_map}
    try:
        yield
    finally:
        graph.gradient_overrides = saved


# --- the rule a gradient sweep uses for an overridden op ---------------------------------------
_RULES = {}  # (id of the op's OpDef, override name) -> OpDef calling the user's function


def gradient_opdef(node):
    """The OpDef whose rule differentiates graph op `node`: its own, or, for an op made under
    an override map, a copy of it calling the function registered under the mapped name."""
    name = node.gradient_op_type
    if name is None or node.opdef is None:
        return node.opdef
    key = (id(node.opdef), name)
    opdef = _RULES.get(key)
    if opdef is None:
        base = node.opdef
        # (a per-use op as @tf.custom_gradient makes: the user's function is its rule)
        opdef = per_use_op("CustomGradient", base.kernel, grad=_user_rule(name),
                           name=base.name, dtypes=base.dtypes, stateful=base.stateful,
                           num_outputs=base.num_outputs)
        _RULES[key] = opdef
    return opdef


def _user_rule(name):
    def rule(entry, *out_grads):
        if name not in _USER_GRADIENTS:
            op = _as_operation(entry)
            raise LookupError(
                f"No gradient defined for operation'{op.name}' (op type: {op.type}). In "
                "general every operation must have an associated `@tf.RegisterGradient` for "
                "correct autodiff, which this op is lacking. If you want to pretend this "
                "operation is a constant in your program, you may insert `tf.stop_gradient`.")
        fn = _USER_GRADIENTS[name]
        if fn is None:  # registered with no_gradient
            return [None] * len(entry.inputs)
        grads = fn(_as_operation(entry), *out_grads)
        if not isinstance(grads, (list, tuple)):
            grads = [grads]
        return [g if g is None or isinstance(g, (Tensor, IndexedSlices))
                else convert_to_tensor(g) for g in grads]
    return rule


def _as_operation(entry):
    """What the user's function gets as `op`: the graph op (TF's tf.Operation) when the
    record knows it, with the inputs the sweep differentiates, else the record itself."""
    node = getattr(entry, "node", None)
    return entry if node is None else node
