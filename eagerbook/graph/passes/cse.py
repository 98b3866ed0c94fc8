"""Common-subexpression elimination: two identical pure ops on the same inputs become one."""

import numpy as np

from .util import fresh_copy, map_subgraphs, remove_ops, replace_tensors, uses_any

_SMALL_CONST = 64


def common_subexpression_elimination(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, common_subexpression_elimination)
    seen = {}
    replacement = {}
    dead = set()
    for op in g.operations:
        if replacement and uses_any(op, replacement):
            op.inputs = tuple(replacement.get(id(t), t) for t in op.inputs)
        key = _key(op)
        if key is None:
            continue
        first = seen.get(key)
        if first is None:
            seen[key] = op
            continue
        for a, b in zip(op.outputs, first.outputs):
            replacement[id(a)] = b
        dead.add(id(op))
    replace_tensors(g, replacement)
    remove_ops(g, dead)
    return g


def _key(op):
    if op.stateful or op.subgraphs or op.type in ("Placeholder", "ReadVariableOp"):
        return None
    if op.type.startswith("TensorArray"):
        return None
    if op.type == "Const":
        value = op.attrs["value"]
        if value.size > _SMALL_CONST or value.dtype == object:
            return None
        return ("Const", value.dtype.str, value.shape, np.ascontiguousarray(value).tobytes())
    try:
        attrs = tuple(sorted((k, _hashable(v)) for k, v in op.attrs.items())) \
            if op.attrs else ()
        key = (op.type, id(op.opdef), tuple(id(t) for t in op.inputs), attrs)
        hash(key)
    except TypeError:
        return None
    return key


def _hashable(v):
    if isinstance(v, np.ndarray):
        return (v.dtype.str, v.shape, v.tobytes())
    if isinstance(v, slice):
        return ("slice", v.start, v.stop, v.step)
    if isinstance(v, tuple):
        return tuple(_hashable(x) for x in v)
    return v
