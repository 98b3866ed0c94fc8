"""``tf.io.write_graph`` and ``tf.graph_util.import_graph_def``: a graph written out as
TF's GraphDef text, and a GraphDef's operations copied into the graph being built.

eagerbook's GraphDef is a view of one of our graphs (graph/graph_def.py), not a protocol
buffer: it prints TF's text format, and it remembers the graph and the operations it was made
from, which is what ``import_graph_def`` copies (TF's migration guides load a frozen graph this
way: import into ``wrap_function``, then ``prune`` to a function from inputs to outputs).
"""

import os

from ..core import context
from ..core.shape import TensorShape
from .ir import Operation, SymbolicTensor, copy_graph, make_symbolic, resource
from .session import Graph, HashableTensor, get_default_graph


def write_graph(graph_or_graph_def, logdir, name, as_text=True):
    """Writes the GraphDef to ``logdir/name`` in TF's text format; returns the path."""
    graph_def = graph_or_graph_def
    if hasattr(graph_or_graph_def, "as_graph_def"):
        graph_def = graph_or_graph_def.as_graph_def()
    if not as_text:
        raise NotImplementedError("eagerbook writes GraphDefs in TF's text format only "
                                  "(as_text=True): it has no protocol buffer encoder.")
    os.makedirs(logdir, exist_ok=True)
    path = os.path.join(logdir, name)
    with open(path, "w") as f:
        f.write(str(graph_def))
    return path


def import_graph_def(graph_def, input_map=None, return_elements=None, name=None,
                     op_dict=None, producer_op_list=None):
    """Copies `graph_def`'s operations into the default graph, their names under `name`
    ("import" when None, none for ""); `input_map` replaces tensors (``{"x:0": t}``) and
    `return_elements` names the tensors (``"y:0"``) and operations (``"y"``) to return."""
    source = getattr(graph_def, "source", None)
    if source is None:
        raise ValueError("eagerbook imports the GraphDefs that as_graph_def() made in this "
                         "program (it cannot parse serialized protocol buffers).")
    source_graph, operations = source
    target = get_default_graph()
    prefix = "import" if name is None else name
    if prefix:
        prefix = target.unique_name(prefix)
    replaced = {_tensor_key(k): v for k, v in (input_map or {}).items()}
    captures = {id(t): obj for obj, t in source_graph.captures}
    tensors, ops = {}, {}
    with context.building_graph(target):
        for op in operations:
            new_name = f"{prefix}/{op.name}" if prefix else op.name
            if op.type == "Placeholder" and f"{op.name}:0" in replaced and \
                    getattr(target, "building_function", True):
                # a function's trace: a placeholder there must be one of its inputs, so the
                # replaced one is not copied (a Graph keeps it, as TF does, for feeding)
                new = _Alias(target.as_graph_tensor(replaced[f"{op.name}:0"]))
            elif op.type == "Placeholder":
                new = _placeholder(target, op, new_name, captures.get(id(op.outputs[0])))
            else:
                new = _copy_op(target, op, new_name, tensors)
                new.control_inputs = [ops[id(c)] for c in op.control_inputs if id(c) in ops]
            ops[id(op)] = new
            for old, made in zip(op.outputs, new.outputs):
                key = f"{op.name}:{old._index}"
                tensors[id(old)] = (target.as_graph_tensor(replaced[key]) if key in replaced
                                    else made)
    if return_elements is None:
        return None
    by_name = {f"{op.name}": ops[id(op)] for op in operations}
    out = []
    for element in return_elements:
        op_name, colon, index = element.partition(":")
        if op_name not in by_name:
            raise ValueError(f"Requested return_element {element!r} not found in graph_def.")
        new = by_name[op_name]
        out.append(new.outputs[int(index)] if colon else new)
    return out


def _tensor_key(name):
    if isinstance(name, SymbolicTensor):
        name = name.name
    return name if ":" in name else f"{name}:0"


def _placeholder(target, op, name, captured):
    """A placeholder of the import: fed by a Session or a pruned function, or, for one that
    stood for a captured value (a Variable, an eager tensor), that value again."""
    dtype, shape = op.attrs["dtype"], TensorShape(op.attrs["shape"])
    if captured is not None:
        value = target.variable_handle(captured) if dtype is resource else \
            target.as_graph_tensor(captured)
        return value._op if value._op.graph is target else _Alias(value)
    new = Operation(target, "Placeholder", target.unique_name(name), None, (),
                    {"dtype": dtype, "shape": shape})
    new.outputs = (make_symbolic(new, 0, dtype, shape),)
    if isinstance(target, Graph):
        new.outputs[0].__class__ = HashableTensor  # (a TF 1.x feed_dict key)
    target.operations.append(new)  # (not a graph input: the caller feeds it by name)
    target._by_name[new.name] = new
    return new


class _Alias:
    """A captured value standing where an imported placeholder was."""

    def __init__(self, value):
        self.outputs = (value,)


def _copy_op(target, op, name, tensors):
    subgraphs = {label: copy_graph(sub, target) for label, sub in op.subgraphs.items()}
    copies = {id(sub): subgraphs[label] for label, sub in op.subgraphs.items()}
    attrs = {k: copies.get(id(v), v) for k, v in op.attrs.items()}
    inputs = [tensors.get(id(t), t) for t in op.inputs]
    new = target.create_op(op.type, inputs, attrs, [(t._dtype, t._shape) for t in op.outputs],
                           opdef=op.opdef, name=name, stateful=op.stateful,
                           subgraphs=subgraphs or None)
    new.gradient_op_type, new._device = op.gradient_op_type, op._device
    return new
