"""``v[key].assign(value)`` while tf.function traces (TF's sliced assignment in a graph).

Eagerly, ``v[key]`` returns a tensor that remembers its Variable (core/variable.py). While
tracing, it is the symbolic output of the slice op; the graph remembers which Variable and key
it came from, so its ``assign`` reads the Variable, writes `value` into that part of the value
(a ``TensorStridedSliceUpdate`` node, TF's op of that name) and assigns the result back, all in
program order with the function's other Variable reads and writes. Only ``assign`` exists, as
in TF: a slice's ``assign_add`` is an AttributeError in a graph.
"""

import numpy as np

from ..core.tensor import Tensor, convert_to_tensor
from ..ops.array_ops import _bind_index, _normalize_index
from ..ops.registry import define, execute


def _strided_slice_update(x, value, *indices, key):
    """`x` with ``x[key]`` replaced by `value` (broadcast to the slice); entry i of `key` is
    ``indices[i]`` when it holds the int i in a 1-tuple (an index known when the graph runs)."""
    out = np.array(x, copy=True)
    out[_bind_index(key, indices)] = value
    return out


def _infer_like_input(inputs, attrs):
    return [(inputs[0]._dtype, inputs[0]._shape)]


STRIDED_SLICE_UPDATE = define("TensorStridedSliceUpdate", _strided_slice_update,
                              differentiable=False, infer_shape=_infer_like_input)


def slice_of(tensor):
    """(Variable, key) when `tensor` is a traced ``v[key]``, else None."""
    slices = getattr(tensor._op.graph, "variable_slices", None)
    return None if slices is None else slices.get(id(tensor))


def assign_slice(variable, key, value, read_value=True):
    """``variable[key].assign(value)`` in the graph being traced."""
    value = convert_to_tensor(value, dtype=variable.dtype)
    indices = []

    def mark(k):  # a symbolic index becomes an input of the update (see _bind_index)
        if isinstance(k, Tensor):
            indices.append(k)
            return (len(indices) - 1,)
        return k
    key = tuple(slice(mark(k.start), mark(k.stop), mark(k.step)) if isinstance(k, slice)
                else mark(k) for k in _normalize_index(key))
    updated = execute(STRIDED_SLICE_UPDATE, (variable._as_tensor(), value, *indices),
                      {"key": key})
    variable.assign(updated)
    return variable if read_value else None
