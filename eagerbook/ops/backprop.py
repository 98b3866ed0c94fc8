"""The backward sweep shared by GradientTape and tf.function's backward graphs.

It works on records of executed ops (``registry.OpRecord``: op, inputs, outputs, attrs; a tape
keeps tuples of the four) in execution order, so the same loop differentiates an eager tape and
a traced graph. It is a loop over a list, not a recursion: a chain of a million ops is fine.
"""

from ..core.tensor import EagerTensor
from . import indexed_slices, math_ops
from .primitives import _sum_to_shape_of
from .registry import OpRecord, execute
from .support import FLOAT_SET
from .variable_ops import READ_VARIABLE, _read_variable_grad

# Values other than float tensors may carry gradients too: inside tf.function a TensorArray is
# one `variant` tensor, and its gradient is an array of gradients. The graph package registers
# here, per dtype, how to make a zero gradient and how to add two (`ops` may not import
# `graph`: see the layering rule in docs/ARCHITECTURE.md).
GRADIENT_DTYPES = {}  # dtype -> (zeros_like(tensor) -> gradient, add(a, b) -> gradient)
_new = object.__new__


def carries_gradient(t):
    """True for tensors a gradient can flow through: floats, and registered dtypes."""
    return t._dtype in FLOAT_SET or t._dtype in GRADIENT_DTYPES


def zeros_gradient(t):
    """The zero gradient for `t` (a float tensor or a registered dtype); None otherwise."""
    kind = GRADIENT_DTYPES.get(t._dtype)
    if kind is not None:
        return kind[0](t)
    return math_ops.zeros_like(t) if t._dtype in FLOAT_SET else None


def add_gradients(a, b):
    """a + b for two gradients of the same tensor."""
    kind = GRADIENT_DTYPES.get(a._dtype)
    return _add(a, b) if kind is None else kind[1](a, b)


def backprop(records, targets, seeds, sources, keep_slices=False):
    """The backward sweep over `records` (in execution order); one gradient per source.

    `seeds` holds d(loss)/d(target) for each target (None: that target is ignored). A source
    reached only through gathers gets an IndexedSlices if `keep_slices` (as tapes return).
    """
    source_ids = set(map(id, sources))
    # 1. Forward over the records: which tensors depend on a source? Only records with such an
    # input pass gradients back; inputs not depending on a source need none, and the rule is
    # told so (TF's skip_input_indices): `w * x` with a constant x skips d/dx. (Loops, not
    # comprehensions: on Python 3.11 each of those is a function call; this runs per record.)
    depends = set(source_ids)
    relevant = []
    for entry in records:
        inputs = entry[1] if type(entry) is tuple else entry.inputs  # (a tape's: a tuple)
        if len(inputs) == 2:  # (most ops: spelled out, cheaper than the loop below)
            first, second = id(inputs[0]) in depends, id(inputs[1]) in depends
            if not (first or second):
                continue
            skip = () if first and second else (1,) if first else (0,)
        elif len(inputs) == 1:  # (as are one-input ops)
            if id(inputs[0]) not in depends:
                continue
            skip = ()
        else:
            skip = ()
            for i, x in enumerate(inputs):
                if id(x) not in depends:
                    skip += (i,)
        if len(skip) < len(inputs):  # some input depends on a source
            if type(entry) is not tuple:
                entry.skip_input_indices = skip
            elif entry[0] is not READ_VARIABLE:  # (op, inputs, output(s), attrs): its OpRecord,
                record, entry = entry, _new(OpRecord)  # made only now (no __init__ call: the
                entry.op, entry.inputs, entry._outputs, entry.attrs = record  # cheapest way)
                entry.skip_input_indices = skip
            relevant.append(entry)  # (a tape's Variable read stays a tuple: see below)
            outputs = entry[2] if type(entry) is tuple else entry._outputs  # (see OpRecord.outputs)
            if type(outputs) is tuple:
                depends.update(map(id, outputs))
            else:
                depends.add(id(outputs))
    # 2. Seed the targets.
    grads = {}
    for t, seed in zip(targets, seeds):
        if seed is not None and id(t) in depends:  # (a target given twice: its seeds add)
            grads[id(t)] = seed if id(t) not in grads else add_gradients(grads[id(t)], seed)
    # 3. Sweep backwards (reverse execution order is a valid order: an op's consumers all ran
    # after it). Records whose outputs received no gradient are skipped.
    for entry in reversed(relevant):
        if type(entry) is tuple:  # a tape's Variable read: the gradient of the value read is
            key = id(entry[2])  # the Variable's, as it is (IndexedSlices too): no rule to call
            g = grads.get(key) if key in source_ids else grads.pop(key, None)
            if g is not None:
                key = id(entry[1][0])
                previous = grads.get(key)
                grads[key] = g if previous is None else add_gradients(previous, g)
            continue
        outputs = entry._outputs
        if type(outputs) is not tuple:  # one output (no tuple made per record)
            key = id(outputs)  # (_take, spelled out: this runs per record)
            out_grad = grads.get(key) if key in source_ids else grads.pop(key, None)
            if out_grad is None:
                continue  # nothing flows back through this entry
            out_grads = (out_grad,) if type(out_grad) is not _SLICES else _rows(entry, out_grad)
        else:
            out_grads = [_take(grads, y, source_ids) for y in outputs]
            if all(g is None for g in out_grads):
                continue
            if not entry.op.grad_takes_none:  # zeros for the unused outputs, made only if
                out_grads = [zeros_gradient(y) if g is None else g  # the rule needs them
                             for g, y in zip(out_grads, outputs)]
        in_grads = (out_grads if entry.op.grad is _read_variable_grad  # (a Variable read's rule
                    else input_gradients(entry, out_grads))  # passes its gradient on: no call)
        for x, g in zip(entry.inputs, in_grads):
            if g is not None:
                key = id(x)
                if key in depends:
                    previous = grads.get(key)
                    grads[key] = g if previous is None else add_gradients(previous, g)
    return _results(grads, sources, keep_slices)


def input_gradients(entry, out_grads):
    """One step of the chain rule: the op's rule turns its outputs' gradients into its inputs'.

    A broadcasting op's rule answers in the output's shape (``[dy, dy]`` for ``x + y``); here
    each gradient is summed back to its input's shape, once for all such ops."""
    op = entry.op
    if op.grad is None:
        raise LookupError(f"gradient registry has no entry for: {op.name}")
    # An op's eager rule, if it has one, for eager gradients: the same values in fewer ops
    rule = op.eager_grad if op.eager_grad and type(out_grads[0]) is EagerTensor else op.grad
    # (one output, the common case, without the `*`: a star call costs a few calls' worth)
    in_grads = rule(entry, out_grads[0]) if len(out_grads) == 1 else rule(entry, *out_grads)
    if len(in_grads) != len(entry.inputs):
        raise ValueError(f"The gradient rule of {op.name} returned {len(in_grads)} "
                         f"gradients for {len(entry.inputs)} inputs")
    if op.broadcasts:
        in_grads = list(in_grads)  # (a loop, as above)
        for i, x in enumerate(entry.inputs):
            g = in_grads[i]
            if g is not None and g._settled_shape != x._settled_shape:  # (sum_to_shape_of,
                in_grads[i] = execute(_sum_to_shape_of, (g, x))  # without its call per input)
    return in_grads


def _take(grads, y, source_ids):
    """The summed gradient of `y`, popped (freeing memory early) unless `y` is a source."""
    key = id(y)
    g = grads.get(key) if key in source_ids else grads.pop(key, None)
    return g if type(g) is not _SLICES else indexed_slices.to_dense(g)


# --- IndexedSlices: a gather's gradient holds only the rows it read (see indexed_slices.py) ------
_SLICES = indexed_slices.IndexedSlices


def _rows(entry, g):
    """What `entry`'s rule gets for the IndexedSlices `g`: `g` itself if the op hands its
    gradient on unchanged (a Variable read, an identity), else the dense tensor."""
    return (g if entry.op.name in indexed_slices.PASSED_ON else indexed_slices.to_dense(g),)


def _add(a, b):
    if type(a) is _SLICES or type(b) is _SLICES:
        return indexed_slices.add(a, b)  # two IndexedSlices stay one, as in TF
    return math_ops.add(a, b)


def _results(grads, sources, keep_slices):
    found = list(map(grads.get, map(id, sources)))
    return found if keep_slices else [indexed_slices.dense(g) for g in found]
