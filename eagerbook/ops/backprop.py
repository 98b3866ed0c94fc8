"""The backward sweep shared by GradientTape and tf.function's backward graphs.

It works on records of executed ops (``registry.OpRecord``: op, inputs, outputs, attrs) in
execution order, so the same loop differentiates an eager tape and a traced graph. It is a
loop over a list, not a recursion: a chain of a million ops is fine.
"""

from . import math_ops
from .support import FLOAT_SET


def backprop(records, targets, seeds, sources):
    """The backward sweep over `records` (in execution order); one gradient per source.

    `seeds` holds d(loss)/d(target) for each target (None: that target is ignored).
    """
    source_ids = {id(s) for s in sources}
    # 1. Forward pass over the entries: which tensors depend on some source?
    depends = set(source_ids)
    relevant = []
    for entry in records:
        for x in entry.inputs:
            if id(x) in depends:
                relevant.append(entry)
                for y in entry.outputs:
                    depends.add(id(y))
                break
    # 2. Backward pass: keep entries whose outputs lead to a target.
    needed = {id(t) for t in targets}
    path = []
    for entry in reversed(relevant):
        for y in entry.outputs:
            if id(y) in needed:
                path.append(entry)
                for x in entry.inputs:
                    needed.add(id(x))
                break
    # 3. Seed the targets (d target / d target = 1, or the caller's output_gradients).
    grads = {}
    for t, seed in zip(targets, seeds):
        if seed is not None and id(t) in depends:
            _accumulate(grads, id(t), seed)
    # 4. Sweep: `path` is already in reverse execution order. A gradient is popped once its
    # producer has used it (freeing it early), except for sources: they are the answer.
    for entry in path:
        out_grads = []
        missing = 0
        for y in entry.outputs:
            key = id(y)
            g = grads.get(key) if key in source_ids else grads.pop(key, None)
            if g is None:
                missing += 1
            out_grads.append(g)
        if missing == len(out_grads):
            continue  # nothing flows back through this entry
        if missing:  # TF fills the gradients of unused outputs with zeros
            out_grads = [math_ops.zeros_like(y) if g is None and y._dtype in FLOAT_SET else g
                         for g, y in zip(out_grads, entry.outputs)]
        rule = entry.op.grad
        # Tell the rule which inputs need no gradient (TF's skip_input_indices), so that e.g.
        # Mul does not compute d/dx for a constant x.
        entry.skip_input_indices = tuple(i for i, x in enumerate(entry.inputs)
                                         if id(x) not in depends)
        if rule is None:
            raise LookupError(f"gradient registry has no entry for: {entry.op.name}")
        in_grads = rule(entry, *out_grads)
        if len(in_grads) != len(entry.inputs):
            raise ValueError(f"The gradient rule of {entry.op.name} returned {len(in_grads)} "
                             f"gradients for {len(entry.inputs)} inputs")
        for x, g in zip(entry.inputs, in_grads):
            if g is not None and id(x) in depends:
                _accumulate(grads, id(x), g)
    return [grads.get(id(s)) for s in sources]


def _accumulate(grads, key, g):
    previous = grads.get(key)
    grads[key] = g if previous is None else math_ops.add(previous, g)
