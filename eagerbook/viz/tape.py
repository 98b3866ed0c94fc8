"""A GradientTape as a graph: one node per recorded op, edges for the tensors between them.

Nodes come in four kinds:

* ``variable``  a trainable Variable read inside the tape (its ``ReadVariableOp`` entry),
* ``watched``   a tensor passed to ``tape.watch``,
* ``constant``  any other tensor an op used that the tape did not produce (kept alive by the
                tape because the gradient rule may need it: a *saved* tensor),
* ``op``        a recorded op; its value is its (first) output.

After ``gradient`` was called, every node also carries the gradient of the target with respect
to its value, and ``backward_order`` lists the op nodes in the order the backward sweep visits
them (reverse recording order, only ops on a path from a source to a target).

A non-persistent tape frees its entries inside ``gradient``. To look at it afterwards, keep a
snapshot: ``keep_tapes()`` installs a listener (``eagerbook.autodiff.tape.gradient_listeners``)
that snapshots every tape at its ``gradient`` call; ``%load_ext eagerbook`` turns it on.
With no listener installed the engine pays nothing.
"""

import inspect
import math
import pathlib
import weakref

import numpy as np

from ..autodiff import tape as _tape_module
from ..core import context
from ..core.tensor import Tensor
from ..ops import math_ops
from ..ops.backprop import input_gradients

try:  # the engine's backward sweep: backprop(entries, targets, seeds, sources)
    from ..ops.backprop import backprop as _backprop
except ImportError:  # older layout: autodiff.tape.backprop(tape, ...) reading tape.entries
    class _Entries:
        def __init__(self, entries):
            self.entries = entries

    def _backprop(entries, targets, seeds, sources):
        return _tape_module.backprop(_Entries(entries), targets, seeds, sources)

_SNAPSHOTS = weakref.WeakKeyDictionary()  # GradientTape -> TapeSnapshot of its last gradient
_keepers = 0


class TapeSnapshot:
    """What a tape recorded, held independently of the tape (entries, targets, sources)."""

    def __init__(self, entries, tracked=None, targets=(), seeds=(), sources=(),
                 gradients=None, persistent=False):
        self.entries = list(entries)
        self.tracked = dict(tracked or {})
        self.targets = list(targets)
        self.seeds = list(seeds)
        self.sources = list(sources)
        self.gradients = gradients  # what gradient() returned, per source (None if not called)
        self.persistent = persistent

    @property
    def has_gradient(self):
        return self.gradients is not None

    @classmethod
    def of(cls, tape):
        """A snapshot of `tape` (a GradientTape, a TapeSnapshot or an internal Tape)."""
        if isinstance(tape, TapeSnapshot):
            return tape
        if isinstance(tape, _tape_module.GradientTape):
            kept = _SNAPSHOTS.get(tape)
            live = tape._tape
            if kept is not None and (live is None or len(live.entries) == len(kept.entries)):
                return kept
            if live is None:
                if tape._used:
                    raise ValueError(
                        "This GradientTape already computed its gradient and, being "
                        "non-persistent, freed what it recorded. Run `%load_ext eagerbook` "
                        "(or `eagerbook.viz.tape.keep_tapes()`) before recording so the "
                        "tape is kept for viewing, or use GradientTape(persistent=True).")
                return cls([], persistent=tape._persistent)
            return cls(live.entries, live.tracked, persistent=tape._persistent)
        if isinstance(tape, _tape_module.Tape):
            return cls(tape.entries, tape.tracked)
        raise TypeError(f"Expected a tf.GradientTape, got {type(tape).__name__}")


def _listener(gradient_tape, targets, seeds, sources, gradients):
    live = gradient_tape._tape
    entries = live.entries if live is not None else []
    tracked = live.tracked if live is not None else {}
    _SNAPSHOTS[gradient_tape] = TapeSnapshot(entries, tracked, targets, seeds, sources,
                                             list(gradients), gradient_tape._persistent)


def keep_tapes(on=True):
    """Start (or stop) snapshotting every tape when its ``gradient`` is called.

    Calls nest: each ``keep_tapes(True)`` needs one ``keep_tapes(False)``.
    """
    global _keepers
    listeners = _tape_module.gradient_listeners
    if on:
        _keepers += 1
        if _listener not in listeners:
            listeners.append(_listener)
    else:
        _keepers = max(0, _keepers - 1)
        if _keepers == 0 and _listener in listeners:
            listeners.remove(_listener)


def snapshot_of(gradient_tape):
    """The snapshot kept at the tape's last ``gradient`` call, or None."""
    return _SNAPSHOTS.get(gradient_tape)


# --- the view-model -------------------------------------------------------------------------------
def _preview(value, max_items=6):
    arr = np.asarray(value)
    if arr.dtype.kind == "f":
        return np.array2string(arr, precision=4, threshold=max_items, edgeitems=2,
                               suppress_small=True)
    return np.array2string(arr, threshold=max_items, edgeitems=2)


def _array(x):
    if isinstance(x, Tensor):
        return x._value
    if hasattr(type(x), "_as_tensor"):
        return x._value if isinstance(getattr(x, "_value", None), np.ndarray) else x.numpy()
    return np.asarray(x)


def _describe(x):
    arr = _array(x)
    dtype = getattr(x, "dtype", None)
    return {
        "shape": list(arr.shape),
        "dtype": getattr(dtype, "name", str(arr.dtype)),
    }


def _norm(g):
    arr = _array(g).astype(np.float64, copy=False)
    return float(np.sqrt(np.sum(arr * arr))) if arr.size else 0.0


def all_gradients(snapshot):
    """Gradient of the snapshot's targets at every tensor the tape saw: {id(tensor): Tensor}.

    Re-runs the tape's backward sweep (the engine's own ``backprop``) with every tensor as a
    source, with all recorders paused so nothing else notices.
    """
    if not snapshot.targets:
        return {}
    tensors = {}
    for entry in snapshot.entries:
        for t in entry.inputs:
            if isinstance(t, Tensor):
                tensors[id(t)] = t
        for t in entry.outputs:
            tensors[id(t)] = t
    for t in snapshot.targets:
        tensors[id(t)] = t
    sources = list(tensors.values())
    seeds = snapshot.seeds or [None] * len(snapshot.targets)
    with context.recorders_paused():
        seeds = [math_ops.ones_like(t) if s is None else s
                 for t, s in zip(snapshot.targets, seeds)]
        grads = _backprop(snapshot.entries, snapshot.targets, seeds, sources)
    return {id(s): g for s, g in zip(sources, grads) if g is not None}


def _finite(value):
    arr = _array(value)
    return arr.dtype.kind not in "fc" or bool(np.isfinite(arr).all())


def previews(values_of, node_id):
    """``{"value", "grad"}`` text of one node whose arrays ``tape_model`` kept in
    `values_of` instead of formatting them (empty when it kept none)."""
    if not values_of or node_id not in values_of:
        return {}
    value, grad = values_of[node_id]
    shown = {"value": _preview(value)}
    if grad is not None:
        shown["grad"] = _preview(grad)
    return shown


def tape_model(tape, with_values=True, max_nodes=None, grads=None, values_of=None):
    """The view-model of a tape: ``{"nodes", "edges", "backward_order", "targets", ...}``.

    `tape` is a GradientTape (live, or kept by ``keep_tapes``) or a TapeSnapshot. With
    `max_nodes`, only the last `max_nodes` op entries are shown (``truncated`` says how many
    were left out). `grads` (from ``all_gradients``) saves recomputing them.

    Each node carries the text of its value and gradient (``with_values``). Formatting
    arrays is most of the cost of a big tape, so with a dict as `values_of` the arrays are
    kept there by node id instead, for ``previews`` to format when a node is looked at.

    Non-finite values and gradients are marked on their nodes (``nonfinite``: "value" and/or
    "gradient"); ``nan_origin`` is the op where a NaN/Inf was born: the first op whose output
    is not finite although all its inputs are.
    """
    snap = TapeSnapshot.of(tape)
    if grads is None:
        grads = all_gradients(snap) if snap.has_gradient else {}
    entries = snap.entries
    truncated = 0
    if max_nodes is not None and len(entries) > max_nodes:
        truncated = len(entries) - max_nodes
        entries = entries[truncated:]

    nodes, edges = [], []
    node_of = {}  # id(tensor) -> node id
    saved_total = 0
    seen_arrays = set()

    def add_node(node_id, kind, label, value, grad):
        info = _describe(value)
        node = {"id": node_id, "kind": kind, "label": label, **info}
        arr = _array(value)
        if id(arr) not in seen_arrays:
            seen_arrays.add(id(arr))
            node["saved_bytes"] = int(arr.nbytes)
        else:
            node["saved_bytes"] = 0
        if values_of is not None:
            values_of[node_id] = [arr, None if grad is None else _array(grad)]
        elif with_values:
            node["value"] = _preview(arr)
        if grad is not None:
            node["grad_norm"] = _norm(grad)
            if with_values and values_of is None:
                node["grad"] = _preview(_array(grad))
        else:
            node["grad_norm"] = None
        bad = []
        if not _finite(arr):
            bad.append("value")
        if node["grad_norm"] is not None and not math.isfinite(node["grad_norm"]):
            bad.append("gradient")
        if bad:
            node["nonfinite"] = bad
        nodes.append(node)
        return node

    nan_origin = None  # the op where a NaN/Inf was born
    variable_nodes = {}  # id(Variable) -> node id
    var_grads = {}  # node id -> gradients of each read (a Variable read twice sums them)
    for index, entry in enumerate(entries, start=truncated):
        op_name = entry.op.name
        if op_name == "ReadVariableOp" and entry.inputs and not isinstance(entry.inputs[0],
                                                                           Tensor):
            var = entry.inputs[0]
            out = entry.outputs[0]
            node_id = variable_nodes.get(id(var))
            if node_id is None:
                node_id = f"v{len(variable_nodes)}"
                variable_nodes[id(var)] = node_id
                label = getattr(var, "name", "Variable")
                node = add_node(node_id, "variable", label, out, grads.get(id(out)))
                node["index"] = index
            if id(out) in grads:
                var_grads.setdefault(node_id, []).append(_array(grads[id(out)]))
            node_of[id(out)] = node_id
            continue
        node_id = f"n{index}"
        for k, x in enumerate(entry.inputs):
            src = node_of.get(id(x))
            if src is None:
                kind = "watched" if id(x) in snap.tracked else "constant"
                src = f"{'w' if kind == 'watched' else 'c'}{len(nodes)}"
                label = "watched" if kind == "watched" else "const"
                # Constants get no gradient: the tape does not differentiate them.
                add_node(src, kind, label, x, grads.get(id(x)) if kind == "watched" else None)
                node_of[id(x)] = src
            edges.append({"source": src, "target": node_id, "input": k,
                          "label": "x".join(map(str, _array(x).shape)) or "scalar"})
        out = entry.outputs[0] if entry.outputs else None
        g = grads.get(id(out)) if out is not None else None
        node = add_node(node_id, "op", op_name, out if out is not None else np.zeros(()), g)
        node["index"] = index
        node["op"] = op_name
        node["num_outputs"] = len(entry.outputs)
        if entry.attrs:
            node["attrs"] = {k: repr(v) for k, v in entry.attrs.items()}
        for out in entry.outputs:
            node_of[id(out)] = node_id
        if nan_origin is None and not all(_finite(y) for y in entry.outputs) and \
                all(_finite(x) for x in entry.inputs if isinstance(x, Tensor)):
            nan_origin = node_id
            node["nan_origin"] = True

    # Variables read more than once: their gradient is the sum over the reads.
    for node in nodes:
        parts = var_grads.get(node["id"])
        if parts and len(parts) > 1:
            total = np.sum(parts, axis=0)
            node["grad_norm"] = _norm(total)
            if values_of is not None:
                values_of[node["id"]][1] = total
            elif with_values:
                node["grad"] = _preview(total)

    for node in nodes:
        saved_total += node["saved_bytes"]

    target_ids = []
    for t in snap.targets:
        nid = node_of.get(id(t))
        if nid is not None and nid not in target_ids:
            target_ids.append(nid)
    backward = []
    if snap.has_gradient:
        for entry in reversed(entries):
            if any(id(y) in grads for y in entry.outputs):
                nid = node_of.get(id(entry.outputs[0]))
                if nid is not None and nid not in backward:
                    backward.append(nid)
        # Leaves (variables, watched tensors) receive their gradient last.
        for node in nodes:
            if node["kind"] in ("variable", "watched") and node["grad_norm"] is not None \
                    and node["id"] not in backward:
                backward.append(node["id"])
    source_ids = []
    for s in snap.sources:
        key = id(s)
        nid = variable_nodes.get(key) or node_of.get(key)
        if nid is not None:
            source_ids.append(nid)
    for node in nodes:
        node["is_target"] = node["id"] in target_ids
        node["is_source"] = node["id"] in source_ids
    return {
        "nodes": nodes,
        "edges": edges,
        "targets": target_ids,
        "sources": source_ids,
        "backward_order": backward,
        "has_gradient": snap.has_gradient,
        "num_entries": len(snap.entries),
        "truncated": truncated,
        "saved_bytes": saved_total,
        "persistent": snap.persistent,
        "nan_origin": nan_origin,
        "nonfinite": [n["id"] for n in nodes if n.get("nonfinite")],
    }


# --- one node in detail: the op's code and the chain rule at it ----------------------------------
def source_of(fn):
    """(text, "file:line") of a kernel or gradient rule, or a note when it has none."""
    if fn is None:
        return "(no gradient rule: not differentiable)", ""
    try:
        lines, start = inspect.getsourcelines(fn)
        path = pathlib.Path(inspect.getsourcefile(fn)).resolve()
        root = pathlib.Path(__file__).resolve().parents[2]  # the folder holding eagerbook/
        where = f"{path.relative_to(root) if path.is_relative_to(root) else path}:{start}"
        return "".join(lines).rstrip(), where
    except (OSError, TypeError):
        return f"(source of {getattr(fn, '__qualname__', fn)!r} not available)", ""


def node_detail(snapshot, grads, node_id, model):
    """What the side panel shows for one node beyond its value and gradient: the source of
    the op's kernel and gradient rule (from the op registry), and the chain rule at this
    step of the backward sweep, with its numbers:

        upstream gradient (d target / d output) x local derivative = contribution to input k

    The contributions are what the op's gradient rule returns for the upstream gradient, so
    they are the numbers the backward sweep really used. The local derivative is shown
    element by element where it is one (elementwise ops); otherwise the rule's code says how
    the upstream gradient is multiplied (e.g. ``upstream @ W^T`` for MatMul).
    """
    node = next((n for n in model["nodes"] if n["id"] == node_id), None)
    if node is None or node["kind"] != "op":
        return {"id": node_id}
    entry = snapshot.entries[node["index"]]
    kernel_src, kernel_at = source_of(entry.op.kernel)
    grad_src, grad_at = source_of(entry.op.grad)
    detail = {"id": node_id, "op": entry.op.name, "kernel": kernel_src, "kernel_at": kernel_at,
              "grad_rule": grad_src, "grad_rule_at": grad_at, "chain": []}
    upstream = [grads.get(id(y)) for y in entry.outputs]
    if entry.op.grad is None or all(g is None for g in upstream):
        return detail
    with context.recorders_paused():
        upstream = [math_ops.zeros_like(y) if g is None else g
                    for g, y in zip(upstream, entry.outputs)]
        contributions = input_gradients(entry, upstream)  # the rule, as the sweep applies it
    inputs_of = {e["input"]: e["source"] for e in model["edges"] if e["target"] == node_id}
    up = _array(upstream[0])
    for k, c in enumerate(contributions):
        step = {"input": k, "source": inputs_of.get(k, ""), "upstream": _preview(up)}
        if c is None:
            step["note"] = "no gradient needed (this input does not depend on a source)"
        else:
            contrib = _array(c)
            step["contribution"] = _preview(contrib)
            if entry.op.elementwise and contrib.shape == up.shape and up.size \
                    and np.all(up != 0):
                with np.errstate(all="ignore"):
                    step["local"] = _preview(contrib / up)
            else:
                step["note"] = "the rule below multiplies the upstream gradient by the " \
                    "local derivative (not elementwise here)"
        detail["chain"].append(step)
    return detail


def tape_text(model):
    """A plain-text listing of a tape view-model (for terminals and ``repr``)."""
    lines = [f"GradientTape: {model['num_entries']} recorded ops, "
             f"{_bytes(model['saved_bytes'])} of saved tensors"
             + (", gradient computed" if model["has_gradient"] else "")]
    if model["truncated"]:
        lines.append(f"  ({model['truncated']} earlier ops not shown)")
    inputs_of = {}
    for e in model["edges"]:
        inputs_of.setdefault(e["target"], []).append(e["source"])
    for node in model["nodes"]:
        shape = "(" + ", ".join(map(str, node["shape"])) + ("," if len(node["shape"]) == 1
                                                               else "") + ")"
        args = ", ".join(inputs_of.get(node["id"], []))
        head = f"  {node['id']:>5} = {node['label']}({args})" if node["kind"] == "op" else \
            f"  {node['id']:>5} : {node['kind']} {node['label']}"
        tail = f" -> {node['dtype']}{shape}"
        if node.get("grad_norm") is not None:
            tail += f"   |grad| = {node['grad_norm']:.4g}"
        if node["is_target"]:
            tail += "   [target]"
        if node.get("nonfinite"):
            tail += f"   [{' & '.join(node['nonfinite'])} not finite]"
        if node.get("nan_origin"):
            tail += "   <- NaN/Inf born here"
        lines.append(head + tail)
    return "\n".join(lines)


def _bytes(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"
