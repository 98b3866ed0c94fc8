"""Constant folding: a pure op whose inputs are all constants is computed now, once.

Only pure ops fold (never stateful ones such as random numbers or assignments), and never
ops producing Variable handles or opaque values. Results larger than a limit stay ops, so a
graph does not balloon with big constants.
"""

import numpy as np

from .util import fresh_copy, map_subgraphs, release, replace_tensors, uses_any

MAX_FOLDED_ELEMENTS = 1 << 16


def constant_folding(graph):
    g = fresh_copy(graph)
    map_subgraphs(g, constant_folding)
    replacement = {}
    new_ops, folded = [], []
    for op in g.operations:
        if replacement and uses_any(op, replacement):
            op.inputs = tuple(replacement.get(id(t), t) for t in op.inputs)
        if not _foldable(op):
            new_ops.append(op)
            continue
        values = [t._op.attrs["value"] for t in op.inputs]
        try:
            with np.errstate(all="ignore"):
                out = op.opdef.kernel(*values, **op.attrs)
        except Exception:  # noqa: BLE001 - leave the error for run time, as TF does
            new_ops.append(op)
            continue
        outs = (out,) if op.opdef.num_outputs == 1 else tuple(out)
        outs = [np.asarray(o) for o in outs]
        if any(o.size > MAX_FOLDED_ELEMENTS for o in outs) or \
                any(o.dtype.kind not in "biufc" for o in outs):
            new_ops.append(op)
            continue
        for t, value in zip(op.outputs, outs):
            const = g.create_op("Const", (), {"value": value.astype(t._dtype._np, copy=False)},
                                [(t._dtype, t._shape)], name=op.name)
            g.operations.pop()  # create_op appended it: place it here instead
            new_ops.append(const)
            replacement[id(t)] = const.outputs[0]
        folded.append(op)
    g.operations = new_ops
    replace_tensors(g, replacement)
    for op in folded:  # (after the rewiring: `replacement` is keyed by their tensors' ids)
        release(op)
    g._by_name = {op.name: op for op in g.operations}
    return g


def _foldable(op):
    if op.opdef is None or op.stateful or op.subgraphs or not op.inputs:
        return False
    if op.type.startswith("Fused") or op.type.startswith("TensorArray"):
        return False
    if any(t._dtype.name in ("resource", "variant") for t in op.outputs):
        return False
    return all(t._op.type == "Const" for t in op.inputs)
