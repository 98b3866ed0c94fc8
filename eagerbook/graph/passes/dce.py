"""Dead-code elimination: drop ops nothing needs. Stateful ops are never dropped."""

from .util import fresh_copy, map_subgraphs, remove_ops


def dead_code_elimination(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, dead_code_elimination)
    live = set()
    stack = [t._op for t in g.outputs if t is not None]
    stack += [op for op in g.operations if op.stateful or op.type == "Placeholder"]
    while stack:
        op = stack.pop()
        if id(op) in live:
            continue
        live.add(id(op))
        stack.extend(t._op for t in op.inputs)
        # An unused Variable read only orders itself before a later write: it may go.
        stack.extend(c for c in op.control_inputs if c.type != "ReadVariableOp")
    dead = {id(op) for op in g.operations if id(op) not in live}
    remove_ops(g, dead)
    # Captures nothing reads any more are dropped too (graph inputs always stay).
    used = {id(t) for op in g.operations for t in op.inputs}
    used.update(id(t) for t in g.outputs if t is not None)
    if g.outer is None:
        unused = {id(t._op) for _, t in g.captures if id(t) not in used}
        if unused:
            g.captures = [(o, t) for o, t in g.captures if id(t._op) not in unused]
            remove_ops(g, unused)
    return g
