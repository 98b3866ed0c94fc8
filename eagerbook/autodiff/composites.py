"""Composite tensors on a tape, as TF treats them: a RaggedTensor is watched, differentiated
and answered through its flat values (its row partitions are integers, which carry no
gradient); a SparseTensor may be watched (its values), but is refused as a source or target.
"""

from ..core.tensor import EagerTensor, Tensor
from ..core.variable import ResourceVariable
from ..ops.ragged_ops import RaggedTensor
from ..ops.sparse_ops import SparseTensor
from . import tape_errors


def expand(items):
    """`items` with each composite replaced by the tensors a tape watches for it."""
    out = []
    for item in items:
        if isinstance(item, RaggedTensor):
            out.append(item.flat_values)
        elif isinstance(item, SparseTensor):
            out.append(item.values)
        else:
            out.append(item)
    return out


def differentiable(item):
    """The tensor standing for `item` as a gradient source, target or seed."""
    if isinstance(item, RaggedTensor):
        return item.flat_values
    if isinstance(item, SparseTensor):
        raise ValueError("Type SparseTensor is not supported as a gradient source or gradient "
                         "target.")
    return item


def any_composite(items):
    for x in items:  # (a loop, not any(...): this runs on every gradient call)
        if isinstance(x, _COMPOSITES):
            return True
    return False


_COMPOSITES = (RaggedTensor, SparseTensor)


def answer(sources, grads):
    """Each gradient in the form of its source: a ragged source's gets the source's rows."""
    return [s.with_flat_values(g) if isinstance(s, RaggedTensor) and g is not None else g
            for s, g in zip(sources, grads)]


def plain_sources(sources):
    """True for a list or tuple of Variables and eager tensors, the usual gradient sources."""
    if type(sources) is not list and type(sources) is not tuple:
        return False
    for s in sources:  # (a loop, not all(...): this runs on every gradient call)
        if type(s) is not EagerTensor and type(s) is not ResourceVariable:
            return False
    return True


def check_sources(sources):
    """TF's errors for sources that are neither tensors nor Variables."""
    for s in sources:
        if not (isinstance(s, Tensor) or hasattr(type(s), "_as_tensor")):
            tape_errors.not_a_source(s)
