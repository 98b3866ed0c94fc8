"""The layout of each op's result on DTensors: TF's SPMD rules, op by op.

TF runs an op on DTensors by rewriting it into one op per device on the local pieces, with
communication where needed (a sum over devices after a matmul whose contracted axis was
split). What a learner sees of that is the layout of the result. The rules below are the ones
TF 2.21 gives (each checked there, side by side):

- elementwise ops, broadcasting or not: each axis takes the first sharding its inputs have
  on it; a mesh dimension that would then split two axes splits neither
  (``[x, U] + [U, x] -> [U, U]``);
- MatMul: ``[rows of a, columns of b]``; a split contracted axis becomes a sum over devices
  and leaves no trace; rows and columns on the same mesh dimension both become unsharded;
- reductions drop (or, keeping dims, unshard) the reduced axes; Transpose permutes;
- slicing keeps the sharding of the axes it takes whole;
- Reshape (also ExpandDims and Squeeze) keeps a sharding when it stays on the major axis of
  the same block of elements and still divides it (``[6, 4] [x, U] -> [24] [x]``).
Ops without a rule here give a replicated result: the values are right, only the layout is
less precise than TF's.
"""

from ..core import errors
from .layout import UNSHARDED, Layout

U = UNSHARDED

# Ops whose result has the layout of their first input (same shape, computed per element or
# along an axis TF keeps where it is)
_SAME_AS_INPUT = frozenset(
    "Identity ReadVariableOp StopGradient ZerosLike OnesLike Softmax LogSoftmax Snapshot "
    "PreventGradient CheckNumerics".split())
_REDUCTIONS = frozenset("Sum Mean Max Min Prod All Any EuclideanNorm".split())
_ARG_REDUCTIONS = frozenset(("ArgMax", "ArgMin"))
_RESHAPES = frozenset(("Reshape", "ExpandDims", "Squeeze"))


def output_layouts(op, inputs, layouts, outputs, attrs, mesh):
    """One Layout per output of `op` run on `inputs` (whose layouts are `layouts`, None for a
    regular tensor) on `mesh` (None for an output that is not a tensor)."""
    if not outputs or any(getattr(out, "_value", None) is None for out in outputs):
        return [None] * len(outputs)  # (a call whose outputs are not all tensors: no layouts)
    specs = [_specs(x, layout) for x, layout in zip(inputs, layouts)]
    name = op.name
    rank = outputs[0]._value.ndim
    if name in ("MatMul", "BatchMatMulV2"):
        result = [_matmul(specs, attrs, name)]
    elif op.elementwise or op.broadcasts or name in ("BiasAdd", "AddN", "Select"):
        result = [_merge(specs, inputs, outputs[0])]
    elif name in _SAME_AS_INPUT and len(specs[0]) == rank:
        result = [specs[0]]
    elif name == "SumToShapeOf" and layouts[1] is not None:
        result = [specs[1]]
    elif name in _REDUCTIONS:
        result = [_reduce(specs[0], attrs.get("axis"), attrs.get("keepdims", False))]
    elif name in _ARG_REDUCTIONS:
        result = [_reduce(specs[0], (attrs["axis"],), False)]
    elif name == "Transpose":
        result = [[specs[0][p] for p in attrs["perm"]]]
    elif name in _RESHAPES:
        result = [reshape_specs(inputs[0]._value.shape, specs[0], outputs[0]._value.shape,
                                mesh)]
    elif name == "ConcatV2":
        merged = _merge(specs, inputs, outputs[0])
        merged[attrs["axis"] % rank] = U
        result = [_unique(merged)]
    elif name == "StridedSlice":
        result = [_slice(specs[0], inputs[0]._value.shape, attrs["key"], rank)]
    elif name == "SparseSoftmaxCrossEntropyWithLogits":  # (logits, labels): loss, gradient
        batch = _merge([specs[0][:1], specs[1]], None, None, rank=1)
        result = [batch, _unique(batch + specs[0][1:])]
    else:
        result = [None] * len(outputs)
    return [Layout.replicated(mesh, out._value.ndim) if s is None or len(s) != out._value.ndim
            else Layout(s, mesh) for s, out in zip(result, outputs)]


def _specs(x, layout):
    """A value's sharding specs; a regular tensor's (a scalar, an integer tensor TF copies
    onto the mesh) are all unsharded."""
    if layout is not None:
        return layout.sharding_specs
    value = getattr(x, "_value", None)
    return [U] * (value.ndim if value is not None else 0)


def _unique(specs):
    """A mesh dimension may split one axis only: where the rules would use it twice, neither
    axis stays split."""
    named = [s for s in specs if s != U]
    return [s if s == U or named.count(s) == 1 else U for s in specs]


def _merge(all_specs, inputs, output, rank=None):
    """Elementwise ops: inputs aligned on their last axes (as broadcasting aligns them); each
    output axis takes the first input's sharding of it."""
    rank = output._value.ndim if rank is None else rank
    merged = [U] * rank
    for axis in range(rank):
        for i, specs in enumerate(all_specs):
            position = axis - (rank - len(specs))
            if position < 0 or specs[position] == U:
                continue
            if inputs is not None and inputs[i]._value.shape[position] != \
                    output._value.shape[axis]:
                continue  # (a broadcast axis of size 1 is never split)
            merged[axis] = specs[position]
            break
    return _unique(merged)


def _matmul(specs, attrs, name):
    a, b = list(specs[0]), list(specs[1])
    if attrs.get("transpose_a") or attrs.get("adj_x"):
        a[-2], a[-1] = a[-1], a[-2]
    if attrs.get("transpose_b") or attrs.get("adj_y"):
        b[-2], b[-1] = b[-1], b[-2]
    if a[-1] != U and b[-2] != U and a[-1] != b[-2]:
        raise errors.UnknownError(
            None, None, f"Contracting dimension for matmul has sharding dimension {a[-1]} for the "
            f"left input and {b[-2]} for the right input which are not equal. This case is "
            f"currently not supported. [Op:{name}]")
    rows_and_columns = [a[-2], b[-1]]
    batch = []
    if len(a) > 2 or len(b) > 2:  # BatchMatMulV2: the batch axes broadcast
        a_batch, b_batch = a[:-2], b[:-2]
        width = max(len(a_batch), len(b_batch))
        for axis in range(width):
            pa = axis - (width - len(a_batch))
            pb = axis - (width - len(b_batch))
            first = a_batch[pa] if pa >= 0 and a_batch[pa] != U else \
                b_batch[pb] if pb >= 0 else U
            batch.append(first)
    return _unique(batch + rows_and_columns)


def _reduce(specs, axis, keepdims):
    rank = len(specs)
    reduced = set(range(rank)) if axis is None else {a % rank for a in axis} if rank else set()
    if keepdims:
        return [U if i in reduced else s for i, s in enumerate(specs)]
    return [s for i, s in enumerate(specs) if i not in reduced]


def reshape_specs(in_shape, in_specs, out_shape, mesh):
    """Walks both shapes in blocks of equal element counts: within a block, the sharding of
    the major input axis stays on the major output axis if it still divides it (axes of size
    1 do not count); every other axis of the block is unsharded."""
    out = [U] * len(out_shape)
    i = j = 0
    while i < len(in_shape) and j < len(out_shape):
        block_in, block_out = [i], [j]
        count_in, count_out = in_shape[i], out_shape[j]
        while count_in != count_out:
            if count_in < count_out and i + 1 < len(in_shape):
                i += 1
                block_in.append(i)
                count_in *= in_shape[i]
            elif j + 1 < len(out_shape):
                j += 1
                block_out.append(j)
                count_out *= out_shape[j]
            else:
                return out
        major_in = next((k for k in block_in if in_shape[k] != 1), None)
        major_out = next((k for k in block_out if out_shape[k] != 1), None)
        spec = U if major_in is None else in_specs[major_in]
        if major_out is not None and spec != U and out_shape[major_out] % mesh.dim_size(spec) == 0:
            out[major_out] = spec
        i += 1
        j += 1
    return out


def _slice(specs, shape, key, rank):
    """t[key] for basic keys (ints, slices, ..., None): an axis indexed by an int goes away,
    an axis taken whole keeps its sharding, an axis cut into keeps none."""
    key = key if isinstance(key, tuple) else (key,)
    if any(not (k is None or k is Ellipsis or isinstance(k, (int, slice))) for k in key):
        return None
    used = sum(1 for k in key if k is not None and k is not Ellipsis)
    expanded = []
    for k in key:
        if k is Ellipsis:
            expanded.extend([slice(None)] * (len(specs) - used))
        else:
            expanded.append(k)
    expanded.extend([slice(None)] * (len(specs) - sum(1 for k in expanded if k is not None)))
    out, axis = [], 0
    for k in expanded:
        if k is None:
            out.append(U)
            continue
        if isinstance(k, slice):
            whole = k.indices(shape[axis]) == (0, shape[axis], 1)
            out.append(specs[axis] if whole else U)
        axis += 1
    return out if len(out) == rank else None
