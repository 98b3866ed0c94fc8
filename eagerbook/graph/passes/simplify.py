"""Algebraic simplification: rewrite patterns that do no work.

    x * 1 -> x      x + 0 -> x      x - 0 -> x      x / 1 -> x      -(-x) -> x
    x / 2**k -> x * 2**-k   (exact: the same real number, rounded once either way)
    transpose(transpose(x, p), q) -> transpose(x, p∘q)  (or x when that is the identity)
    reshape(reshape(x)) -> reshape(x)   reshape(x, x.shape) -> x   identity(x) -> x
    reshape(constant) -> the reshaped constant
    ones_like(x), zeros_like(x) of a known shape -> a constant
    sum_to_shape_of / broadcast_like / cast to what the tensor already is -> x
    sum_to_shape_of(g, like) with known shapes -> sum(g, axes)   (a plain reduction)
    mean(x) with known shapes -> sum(x) * (1/n)                    (one reduction, no division)
    sum over a run of axes with short rows below it -> two sums over long rows
    f(broadcast_like(a, b), c) for elementwise f -> f(a, c)        (NumPy broadcasts anyway)
    broadcast_like(constant, b) with b's shape known -> a constant
    f(x, constant whose elements are all equal) for elementwise f -> f(x, that one value)
    (x * c1) * c2 -> x * (c1 * c2) for scalar constants c1, c2
    square_grad(x, c) -> x * (2 * c) for a scalar constant c     (a mean-square loss's seed)

A rewrite only applies when the result keeps the same dtype and static shape, so ``x * 1``
with a broadcasting ``1`` of a bigger shape stays.
"""

import math

import numpy as np

from ...core.shape import TensorShape
from ...ops.math_ops import long_row_sum_plan
from ...ops.registry import REGISTRY
from .constant_folding import MAX_FOLDED_ELEMENTS
from .util import fresh_copy, map_subgraphs, replace_tensors, same_static_shape, uses_any


def algebraic_simplification(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, algebraic_simplification)
    replacement = {}
    uniform = {}  # id(constant tensor) -> its one-value twin (or None), made once per pass
    g.inserted_before = {}  # id(op) -> the new ops that go just before it (_insert_before)
    for op in list(g.operations):
        if replacement and uses_any(op, replacement):
            op.inputs = tuple(_resolve(replacement, t) for t in op.inputs)
        if op.stateful or op.subgraphs or len(op.outputs) != 1:
            continue
        out = op.outputs[0]
        if op.opdef is not None and (op.opdef.elementwise or op.type == "SelectV2"):
            _skip_broadcasts(op)
            _shrink_uniform_constants(g, op, uniform)
        if op.type in _REWRITTEN:
            new = _rewrite(g, op, out)
            if new is not None and new is not out:
                replacement[id(out)] = new
    inserted = g.__dict__.pop("inserted_before")
    if inserted:  # (one splice: inserting into the list op by op grew with its length)
        g.operations = _spliced(g.operations, inserted)
    replace_tensors(g, replacement)
    return g


def _spliced(operations, inserted):
    out = []
    for op in operations:
        before = inserted.get(id(op))
        if before:
            out.extend(before)
        out.append(op)
    return out


def _resolve(replacement, t):
    while id(t) in replacement:
        t = replacement[id(t)]
    return t


def _const_all(t, value):
    op = t._op
    if op.type != "Const":
        return False
    v = op.attrs["value"]
    if v.dtype.kind not in "biuf" or v.size == 0:
        return False
    if v.size == 1:  # the common case (a scalar constant): no NumPy reduction
        return v.item(0) == value
    return bool((v == value).all())


def _keeps(out, x):
    return x._dtype is out._dtype and same_static_shape(out, x)


# The op types _rewrite looks at (any other op is left alone at once).
_REWRITTEN = frozenset((
    "Mul", "SquareGrad", "AddV2", "Sub", "RealDiv", "Neg", "Identity", "BroadcastLike", "Cast",
    "Transpose", "Reshape", "SumToShapeOf", "Sum", "Mean", "OnesLike", "ZerosLike"))


def _rewrite(g, op, out):
    t = op.type
    ins = op.inputs
    if t == "Mul":
        for a, b in ((ins[0], ins[1]), (ins[1], ins[0])):
            if _const_all(b, 1) and _keeps(out, a):
                return a
        return _fold_scalar_factors(g, op, out)
    elif t == "SquareGrad":
        return _square_grad_of_constant(g, op, out)
    elif t == "AddV2":
        for a, b in ((ins[0], ins[1]), (ins[1], ins[0])):
            if _const_all(b, 0) and _keeps(out, a):
                return a
    elif t in ("Sub", "RealDiv"):
        if _const_all(ins[1], 0 if t == "Sub" else 1) and _keeps(out, ins[0]):
            return ins[0]
        if t == "RealDiv":
            return _divide_by_power_of_two(g, op, out)
    elif t == "Neg":
        if ins[0]._op.type == "Neg":
            return ins[0]._op.inputs[0]
    elif t in ("Identity", "BroadcastLike"):
        if _keeps(out, ins[0]):
            return ins[0]
        if t == "BroadcastLike":
            return _broadcast_constant(g, op, out)
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
        if x._op.type == "Const" and len(op.inputs) == 1 and _static(out):
            value = x._op.attrs["value"].reshape(tuple(out._shape._dims))
            return _insert_before(g, op, "Const", (), {"value": value}, None, out).outputs[0]
    elif t == "SumToShapeOf":
        return _sum_to_shape(g, op, out)
    elif t == "Sum":
        return _sum_in_long_rows(g, op, out)
    elif t == "Mean":
        return _mean_as_sum(g, op, out)
    elif t in ("OnesLike", "ZerosLike"):
        if out._shape.is_fully_defined() and out._dtype._np != np.object_:
            maker = np.ones if t == "OnesLike" else np.zeros
            value = maker(tuple(out._shape._dims), dtype=out._dtype._np)
            node = _insert_before(g, op, "Const", (), {"value": value}, None, out)
            return node.outputs[0]
    return None


def _insert_before(g, op, type_, inputs, attrs, opdef, like, name=None):
    """A new op placed just before `op` in program order (when the pass ends)."""
    node = g.create_op(type_, inputs, attrs, [(like._dtype, like._shape)], opdef=opdef,
                       name=name or op.name)
    g.operations.pop()
    g.inserted_before.setdefault(id(op), []).append(node)
    return node


# --- rewrites that turn gradient plumbing into plain NumPy-friendly ops ----------------------
def _static(t):
    dims = t._shape._dims
    return dims is not None and None not in dims


def _skip_broadcasts(op):
    """An elementwise op broadcasts by itself: feed it broadcast_like's input directly when
    the result keeps its shape."""
    if op.opdef is None or not (op.opdef.elementwise or op.type == "SelectV2"):
        return
    if not any(t._op.type == "BroadcastLike" for t in op.inputs):
        return
    out = op.outputs[0]
    if not _static(out) or not all(_static(t) for t in op.inputs):
        return
    ins = list(op.inputs)
    for k, t in enumerate(ins):
        src = t._op
        if src.type == "BroadcastLike" and _static(src.inputs[0]):
            trial = ins[:k] + [src.inputs[0]] + ins[k + 1:]
            try:
                shape = np.broadcast_shapes(*[tuple(x._shape._dims) for x in trial])
            except ValueError:
                continue
            if shape == tuple(out._shape._dims):
                ins[k] = src.inputs[0]
    op.inputs = tuple(ins)


def _shrink_uniform_constants(g, op, uniform):
    """A constant operand whose elements are all equal (a gradient's seed spread over a
    batch, a zeros array) does the same work as that one value when NumPy broadcasts it:
    feed the op a one-element constant instead, when the result keeps its shape."""
    if op.opdef is None or not (op.opdef.elementwise or op.type == "SelectV2"):
        return
    if not any(t._op.type == "Const" and t._op.attrs["value"].size > 1 for t in op.inputs):
        return
    out = op.outputs[0]
    if not _static(out) or not all(_static(t) for t in op.inputs):
        return
    ins = list(op.inputs)
    for k, t in enumerate(ins):
        if t._op.type != "Const" or t._op.attrs["value"].size <= 1:
            continue
        if id(t) not in uniform:
            uniform[id(t)] = _one_value_twin(g, op, t)
        small = uniform[id(t)]
        if small is None:
            continue
        trial = ins[:k] + [small] + ins[k + 1:]
        if np.broadcast_shapes(*[tuple(x._shape._dims) for x in trial]) == \
                tuple(out._shape._dims):
            ins[k] = small
    op.inputs = tuple(ins)


def _one_value_twin(g, op, t):
    value = t._op.attrs["value"]
    first = value.reshape(-1)[:1]
    if value.dtype.kind not in "biuf" or not (value == first).all():
        return None
    const = _insert_before(g, op, "Const", (), {"value": first.reshape(())}, None,
                           _Like(t._dtype, ()), name=t._op.name)
    return const.outputs[0]


def _broadcast_constant(g, op, out):
    """broadcast_like(constant, b) -> the broadcast constant, when b's shape is known (b is
    only asked for its shape) and the result stays small."""
    x = op.inputs[0]
    if x._op.type != "Const" or not _static(out) or \
            out._shape.num_elements() > MAX_FOLDED_ELEMENTS:
        return None
    value = np.broadcast_to(x._op.attrs["value"], tuple(out._shape._dims)).copy()
    node = _insert_before(g, op, "Const", (), {"value": value}, None, out)
    return node.outputs[0]


def _divide_by_power_of_two(g, op, out):
    """x / 2**k -> x * 2**-k: the same real number, so the same correctly rounded result,
    for a multiplication instead of a division (a mean over a batch of 32 or 64)."""
    x, c = op.inputs
    if not _scalar_const(c) or not x._dtype.is_floating or c._dtype is not x._dtype:
        return None
    value = c._op.attrs["value"]
    mantissa, exponent = np.frexp(value.item(0))
    if mantissa != 0.5 or not np.isfinite(value.item(0)):
        return None
    reciprocal = np.asarray(1.0 / value.astype(np.float64), dtype=value.dtype)
    if not np.isfinite(reciprocal).all() or reciprocal.item(0) * value.item(0) != 1.0:
        return None  # 2**-k not representable in this dtype
    const = _insert_before(g, op, "Const", (), {"value": reciprocal}, None,
                           _Like(c._dtype, value.shape), name=c._op.name)
    node = _insert_before(g, op, "Mul", (x, const.outputs[0]), {}, REGISTRY["Mul"], out)
    return node.outputs[0]


def _scalar_const(t):
    return t._op.type == "Const" and t._op.attrs["value"].size == 1 and \
        t._op.attrs["value"].dtype.kind == "f"


def _fold_scalar_factors(g, op, out):
    """(x * c1) * c2 -> x * (c1 * c2) when c1, c2 are one-element float constants."""
    for k in (0, 1):
        inner, c2 = op.inputs[k], op.inputs[1 - k]
        if not _scalar_const(c2) or inner._op.type != "Mul" or len(inner._op.outputs) != 1:
            continue
        a, b = inner._op.inputs
        x, c1 = (a, b) if _scalar_const(b) else (b, a) if _scalar_const(a) else (None, None)
        if x is None or not _keeps(out, x) and not _keeps(inner, x):
            continue
        value = (c1._op.attrs["value"] * c2._op.attrs["value"]).astype(out._dtype._np)
        shape = value.shape if len(value.shape) >= len(c1._shape) else c1._shape
        const = _insert_before(g, op, "Const", (), {"value": value.reshape(shape)}, None,
                               _Like(out._dtype, shape))
        node = _insert_before(g, op, "Mul", (x, const.outputs[0]), {}, op.opdef, out)
        return node.outputs[0]
    return None


def _square_grad_of_constant(g, op, out):
    """SquareGrad(x, c) = c * (x * 2) -> x * (2 * c): one pass over x instead of two. Doubling
    is exact, so the product rounds the same real number once either way (the same bits),
    except where x * 2 overflows (TF: inf; here finite when |2c| < 1): x * x overflowed there
    already, so the loss is inf."""
    x, dy = op.inputs
    if not _scalar_const(dy) or not _keeps(out, x) or "Mul" not in REGISTRY:
        return None
    with np.errstate(over="ignore"):
        value = (dy._op.attrs["value"] * 2).astype(out._dtype._np)
    if not np.isfinite(value).all() or len(value.shape) > len(x._shape):
        return None
    const = _insert_before(g, op, "Const", (), {"value": value}, None,
                           _Like(out._dtype, value.shape))
    return _insert_before(g, op, "Mul", (x, const.outputs[0]), {}, REGISTRY["Mul"],
                          out).outputs[0]


class _Like:
    def __init__(self, dtype, shape):
        self._dtype = dtype
        self._shape = TensorShape(tuple(shape))


def _sum_to_shape(g, op, out):
    grad, like = op.inputs
    if _keeps(out, grad):
        return grad
    if not (_static(grad) and _static(like)) or "Sum" not in REGISTRY:
        return None
    gdims, ldims = tuple(grad._shape._dims), tuple(like._shape._dims)
    lead = len(gdims) - len(ldims)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(ldims)
                                      if n == 1 and gdims[lead + i] != 1)
    kept = tuple(d for i, d in enumerate(gdims) if i not in axes)
    if kept == ldims:
        attrs = {"axis": axes, "keepdims": False}
    elif lead == 0:
        attrs = {"axis": axes, "keepdims": True}
    else:
        return None
    node = _insert_before(g, op, "Sum", (grad,), attrs, REGISTRY["Sum"], out)
    return node.outputs[0]


# NumPy reduces over leading axes one short row at a time: summing a (32, 24, 24, 16) batch of
# gradients over (0, 1, 2) runs an inner loop of 16 numbers 18,432 times (~9x slower than
# the same sum done over rows of 24 * 16 numbers, then over the 24 partial rows). The plan is
# the eager Mean kernel's (ops/math_ops.py, `long_row_sum_plan`): both sum in the same order.
def _sum_in_long_rows(g, op, out):
    """sum(x, axes) over a run of axes with fewer than SHORT_ROW numbers below it -> a sum
    with the run's last axes folded into long rows, then a sum of those rows' pieces."""
    x = op.inputs[0]
    axes = tuple(op.attrs["axis"] or ())  # None: all axes of an input of unknown rank
    if not axes or not _static(x) or not _static(out) or x._dtype._np == np.object_:
        return None
    plan = long_row_sum_plan(tuple(x._shape._dims), axes)
    if plan is None:
        return None
    outer_dims, summed, folded, inner = plan
    outer = (math.prod(outer_dims),) if outer_dims else ()
    # rows: (outer..., summed, folded * inner) -> (outer..., folded, inner) -> (outer..., inner)
    value = x
    for shape, names in ((outer + (summed, folded * inner), ("rows", "row_sums")),
                         (outer + (folded, inner), ("pieces", None))):
        value = _insert_before(g, op, "Reshape", (value,), {"shape": shape},
                               REGISTRY["Reshape"], _Like(x._dtype, shape),
                               name=f"{op.name}_{names[0]}").outputs[0]
        shape = shape[:-2] + shape[-1:]
        value = _insert_before(g, op, "Sum", (value,), {"axis": (len(outer),),
                                                        "keepdims": False},
                               op.opdef, _Like(x._dtype, shape),
                               name=names[1] and f"{op.name}_{names[1]}").outputs[0]
    if tuple(value._shape._dims) == tuple(out._shape._dims):
        return value
    return _insert_before(g, op, "Reshape", (value,), {"shape": tuple(out._shape._dims)},
                          REGISTRY["Reshape"], out).outputs[0]


def _mean_as_sum(g, op, out):
    x = op.inputs[0]
    if not (_static(x) and x._dtype.is_floating) or "Sum" not in REGISTRY \
            or "Mul" not in REGISTRY:
        return None
    axes = op.attrs["axis"]
    count = int(np.prod([x._shape._dims[a] for a in axes])) if axes else 1
    if count == 0:
        return None
    total = _insert_before(g, op, "Sum", (x,), dict(op.attrs), REGISTRY["Sum"], out)
    scale = _insert_before(g, op, "Const", (), {"value": np.asarray(1.0 / count,
                                                                    dtype=x._dtype._np)},
                           None, _Like(x._dtype, ()))
    node = _insert_before(g, op, "Mul", (total.outputs[0], scale.outputs[0]), {},
                          REGISTRY["Mul"], out)
    return node.outputs[0]
