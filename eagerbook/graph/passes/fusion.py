"""Elementwise fusion: a chain of elementwise ops becomes one ``FusedElementwise`` op.

XLA fuses such chains into one loop over memory. Our compiled code is NumPy, so a fused op
becomes one nested expression (``Square(Sub(AddV2(Mul(w, x), b), y))``): fewer lines and
temporaries to name, and the graph a learner reads gets shorter. An op joins the chain of its
consumer when it is elementwise, pure, and its result is used exactly once (by that consumer).
"""

from ...ops.registry import define
from .util import fresh_copy, map_subgraphs, remove_ops, replace_tensors


def _fused_kernel(*values, ops, _program):
    results = list(values)
    for opdef, refs, attrs in _program:
        results.append(opdef.kernel(*[results[r] for r in refs], **dict(attrs)))
    return results[-1]


FUSED = define("FusedElementwise", _fused_kernel, differentiable=False)
# At most this many ops per fused op: the generated expression nests one call per op, and
# Python's parser refuses deeply nested expressions (long chains become several fused ops).
MAX_FUSED_OPS = 24


def elementwise_fusion(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, elementwise_fusion)
    only_consumer = _only_consumers(g)
    group_of = {}  # id(op) -> root op
    size = {}  # id(root) -> ops in its group so far
    for op in reversed(g.operations):
        if not _fusable(op):
            continue
        consumer = only_consumer.get(id(op.outputs[0]))
        root = None if consumer is None else group_of.get(id(consumer))
        if root is not None and size[id(root)] < MAX_FUSED_OPS:
            group_of[id(op)] = root
            size[id(root)] += 1
        else:
            group_of[id(op)] = op
            size[id(op)] = 1
    members = {}
    for op in g.operations:
        root = group_of.get(id(op))
        if root is not None:
            members.setdefault(id(root), []).append(op)
    replacement, dead, fused_before = {}, set(), {}
    for ops in members.values():
        if len(ops) < 2:
            continue
        root = ops[-1]
        inside = {id(o.outputs[0]): i for i, o in enumerate(ops)}
        inputs, input_index = [], {}
        for o in ops:
            for t in o.inputs:
                if id(t) not in inside and id(t) not in input_index:
                    input_index[id(t)] = len(inputs)
                    inputs.append(t)
        program = []
        for o in ops:
            refs = tuple(input_index[id(t)] if id(t) in input_index
                         else len(inputs) + inside[id(t)] for t in o.inputs)
            program.append((o.opdef, refs, tuple(o.attrs.items())))
        node = g.create_op("FusedElementwise", inputs,
                           {"ops": tuple(o.type for o in ops), "_program": tuple(program)},
                           [(root.outputs[0]._dtype, root.outputs[0]._shape)], opdef=FUSED,
                           name="fused")
        g.operations.pop()
        fused_before[id(root)] = node
        replacement[id(root.outputs[0])] = node.outputs[0]
        dead.update(id(o) for o in ops)
    if fused_before:  # each fused op takes its root's place in program order
        g.operations = [x for op in g.operations for x in
                        ((fused_before[id(op)], op) if id(op) in fused_before else (op,))]
    replace_tensors(g, replacement)
    remove_ops(g, dead)
    return g


def _only_consumers(g):
    """id(tensor) -> the op using it, for tensors one op uses once (and not an output)."""
    consumer_of, used_more = {}, set()
    for op in g.operations:
        for t in op.inputs:
            key = id(t)
            if key in consumer_of:
                used_more.add(key)
            else:
                consumer_of[key] = op
    used_more.update(id(t) for t in g.outputs if t is not None)
    for key in used_more:
        consumer_of.pop(key, None)
    return consumer_of


def _fusable(op):
    return (op.opdef is not None and op.opdef.elementwise and not op.stateful
            and len(op.outputs) == 1 and not op.control_inputs and not op.subgraphs)
