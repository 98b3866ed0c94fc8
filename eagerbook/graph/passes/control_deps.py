"""Automatic control dependencies: stateful ops keep their program order.

TF adds these edges so that ``v.assign(...)`` followed by ``tf.print(v)`` prints the new value
even though no data flows between them. Each stateful op gets an edge from the previous
stateful op; a Variable read gets an edge from the last write of that Variable before it, and
a write from the reads of that Variable since the previous write. (The compiled code runs ops
in program order anyway; the edges make the order explicit and keep later passes honest.)
"""

from .util import fresh_copy, map_subgraphs


def automatic_control_dependencies(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, automatic_control_dependencies)
    last_stateful = None
    last_write = {}  # id(resource tensor) -> op
    reads_since_write = {}
    for op in g.operations:
        deps = []
        if op.type == "ReadVariableOp":
            handle = id(op.inputs[0])
            if handle in last_write:
                deps.append(last_write[handle])
            reads_since_write.setdefault(handle, []).append(op)
        if op.stateful:
            if last_stateful is not None:
                deps.append(last_stateful)
            for t in op.inputs:
                if t._dtype.name == "resource":
                    deps.extend(r for r in reads_since_write.pop(id(t), [])
                                if all(r is not x._op for x in op.inputs))
                    last_write[id(t)] = op
            last_stateful = op
        seen = set()
        op.control_inputs = [d for d in deps if not (id(d) in seen or seen.add(id(d)))
                             and all(d is not t._op for t in op.inputs)]
    return g
