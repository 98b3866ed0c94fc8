"""Algebraic simplification: rewrite patterns that do no work.

    x * 1 -> x      x + 0 -> x      x - 0 -> x      x / 1 -> x      -(-x) -> x
    transpose(transpose(x, p), q) -> transpose(x, p∘q)  (or x when that is the identity)
    reshape(reshape(x)) -> reshape(x)   reshape(x, x.shape) -> x   identity(x) -> x
    ones_like(x), zeros_like(x) of a known shape -> a constant
    sum_to_shape_of / broadcast_like / cast to what the tensor already is -> x

A rewrite only applies when the result keeps the same dtype and static shape, so ``x * 1``
with a broadcasting ``1`` of a bigger shape stays.
"""

import numpy as np

from .util import fresh_copy, map_subgraphs, replace_tensors, same_static_shape


def algebraic_simplification(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, algebraic_simplification)
    replacement = {}
    for op in list(g.operations):
        if any(id(t) in replacement for t in op.inputs):
            op.inputs = tuple(_resolve(replacement, t) for t in op.inputs)
        if op.stateful or op.subgraphs or len(op.outputs) != 1:
            continue
        out = op.outputs[0]
        new = _rewrite(g, op, out)
        if new is not None and new is not out:
            replacement[id(out)] = new
    replace_tensors(g, replacement)
    return g


def _resolve(replacement, t):
    while id(t) in replacement:
        t = replacement[id(t)]
    return t


def _const_all(t, value):
    op = t._op
    if op.type != "Const":
        return False
    v = op.attrs["value"]
    return v.dtype.kind in "biuf" and v.size > 0 and bool(np.all(v == value))


def _keeps(out, x):
    return x._dtype is out._dtype and same_static_shape(out, x)


def _rewrite(g, op, out):
    t = op.type
    ins = op.inputs
    if t == "Mul":
        for a, b in ((ins[0], ins[1]), (ins[1], ins[0])):
            if _const_all(b, 1) and _keeps(out, a):
                return a
    elif t == "AddV2":
        for a, b in ((ins[0], ins[1]), (ins[1], ins[0])):
            if _const_all(b, 0) and _keeps(out, a):
                return a
    elif t in ("Sub", "RealDiv"):
        if _const_all(ins[1], 0 if t == "Sub" else 1) and _keeps(out, ins[0]):
            return ins[0]
    elif t == "Neg":
        if ins[0]._op.type == "Neg":
            return ins[0]._op.inputs[0]
    elif t in ("Identity", "SumToShapeOf", "BroadcastLike"):
        if _keeps(out, ins[0]):
            return ins[0]
    elif t == "Cast":
        if ins[0]._dtype is out._dtype:
            return ins[0]
    elif t == "Transpose":
        inner = ins[0]._op
        if inner.type == "Transpose" and len(inner.outputs) == 1:
            p, q = inner.attrs["perm"], op.attrs["perm"]
            composed = tuple(p[i] for i in q)
            if composed == tuple(range(len(composed))):
                return inner.inputs[0]
            node = _insert_before(g, op, "Transpose", (inner.inputs[0],), {"perm": composed},
                                  op.opdef, out)
            return node.outputs[0]
        if tuple(op.attrs["perm"]) == tuple(range(len(op.attrs["perm"]))):
            return ins[0]
    elif t == "Reshape":
        x = ins[0]
        if x._op.type == "Reshape" and len(op.inputs) == 1 and len(x._op.inputs) == 1:
            x = x._op.inputs[0]
            if _keeps(out, x):
                return x
            node = _insert_before(g, op, "Reshape", (x,), dict(op.attrs), op.opdef, out)
            return node.outputs[0]
        if _keeps(out, x):
            return x
    elif t in ("OnesLike", "ZerosLike"):
        if out._shape.is_fully_defined() and out._dtype._np != np.object_:
            maker = np.ones if t == "OnesLike" else np.zeros
            value = maker(tuple(out._shape._dims), dtype=out._dtype._np)
            node = _insert_before(g, op, "Const", (), {"value": value}, None, out)
            return node.outputs[0]
    return None


def _insert_before(g, op, type_, inputs, attrs, opdef, like):
    node = g.create_op(type_, inputs, attrs, [(like._dtype, like._shape)], opdef=opdef,
                       name=op.name)
    g.operations.pop()
    g.operations.insert(g.operations.index(op), node)
    return node
