"""Helpers shared by the passes: copying, use counts, replacing tensors."""

import contextlib
import threading

from ..ir import copy_graph

_mode = threading.local()


def fresh_copy(graph):
    """Passes never change their input: each one works on a copy. (Inside ``optimize`` the
    pipeline copies the graph once and the passes rewrite that copy: see rewriting_in_place.)"""
    if getattr(_mode, "in_place", False):
        return graph
    return copy_graph(graph)


@contextlib.contextmanager
def rewriting_in_place():
    """Passes called inside rewrite their argument instead of copying it (for a graph the
    caller owns: one copy for a whole pipeline instead of one per pass)."""
    previous = getattr(_mode, "in_place", False)
    _mode.in_place = True
    try:
        yield
    finally:
        _mode.in_place = previous


def consumers(graph):
    """id(tensor) -> number of uses (op inputs and graph outputs)."""
    uses = {}
    for op in graph.operations:
        for t in op.inputs:
            uses[id(t)] = uses.get(id(t), 0) + 1
    for t in graph.outputs:
        if t is not None:
            uses[id(t)] = uses.get(id(t), 0) + 1
    return uses


def replace_tensors(graph, replacement):
    """Rewires every use of a tensor in `replacement` (id -> new tensor), transitively."""
    if not replacement:
        return

    def resolve(t):
        seen = 0
        while id(t) in replacement and seen < 1000:
            t = replacement[id(t)]
            seen += 1
        return t

    for op in graph.operations:
        if uses_any(op, replacement):
            op.inputs = tuple(resolve(t) for t in op.inputs)
    graph.outputs = [None if t is None else resolve(t) for t in graph.outputs]


def uses_any(op, replacement):
    """True when an input of `op` is replaced (its id is a key of `replacement`). (A plain
    loop: every pass asks it of every op, and any() over a generator costs twice as much.)"""
    for t in op.inputs:
        if id(t) in replacement:
            return True
    return False


def remove_ops(graph, dead, free=True):
    """Drops operations whose ids are in `dead` (and frees them: see release; `free=False`
    for a graph still being traced, whose tables are keyed by its tensors' ids)."""
    kept = []
    for op in graph.operations:
        if id(op) in dead:
            if free:
                release(op)
        else:
            kept.append(op)
    graph.operations = kept
    for op in graph.operations:
        if op.control_inputs:
            op.control_inputs = [c for c in op.control_inputs if id(c) not in dead]
    graph._by_name = {op.name: op for op in graph.operations}


def release(op):
    """Breaks the cycle between a dropped op and its output tensors, so both are freed at once
    (the cycle collector is paused while a function is optimized: see graph/function.py)."""
    op.outputs = ()


def same_static_shape(a, b):
    return a._shape._dims is not None and a._shape._dims == b._shape._dims \
        and None not in a._shape._dims


def map_subgraphs(graph, fn):
    """Applies a pass to the branches and loop bodies of control-flow ops (in place on the
    copy `graph`)."""
    for op in graph.operations:
        if op.subgraphs:
            op.subgraphs = {k: fn(g) for k, g in op.subgraphs.items()}
            op.stateful = any(_has_stateful(g) for g in op.subgraphs.values())


def _has_stateful(graph):
    return any(op.stateful for op in graph.operations)
