"""Shape and indexing ops: reshape, transpose, stack, slicing, gathering, padding, ...

Gradient rules of shape ops move gradients back to where the values came from: a reshape's
gradient is reshaped back, a transpose's is transposed by the inverse permutation, and so on.
"""

import numpy as np

from ..core.tensor import Tensor, convert_to_tensor
from .math_ops import _reshape, reshape_to
from .registry import execute, invalid_argument, register
from .support import as_tensor


def _shape_list(shape, op_name):
    """A shape argument (list, tuple, TensorShape or int tensor) -> list of ints."""
    if isinstance(shape, Tensor) or hasattr(type(shape), "_as_tensor"):
        shape = convert_to_tensor(shape)
        if not shape.dtype.is_integer:
            raise invalid_argument(op_name, f"shape must be an integer tensor, got "
                                            f"{shape.dtype.name}")
        return [int(d) for d in np.asarray(shape._value).reshape(-1)]
    try:
        return [int(d) if d is not None else -1 for d in shape]
    except TypeError:
        raise TypeError(f"{op_name}: shape must be a list of integers, got {shape!r}") from None


def reshape(tensor, shape, name=None):
    tensor = as_tensor(tensor)
    dims = _shape_list(shape, "Reshape")
    if dims.count(-1) > 1:
        raise invalid_argument("Reshape", f"only one input size may be -1, not both "
                                          f"{dims.index(-1)} and "
                                          f"{len(dims) - 1 - dims[::-1].index(-1)}")
    if tensor._value is not None:
        size = tensor._value.size
        known = int(np.prod([d for d in dims if d != -1], dtype=np.int64))
        if (-1 not in dims and known != size) or (-1 in dims and (known == 0 or size % known)):
            raise invalid_argument(
                "Reshape", f"Input to reshape is a tensor with {size} values, but the requested "
                           f"shape has {known} (shape {dims}, input shape {list(tensor.shape)})")
    return execute(_reshape, (tensor,), {"shape": tuple(dims)})


@register("Transpose")
def _transpose(x, perm):
    return np.transpose(x, perm)


@_transpose.gradient
def _transpose_grad(op, dy):
    perm = op.attrs["perm"]
    inverse = tuple(int(i) for i in np.argsort(perm))
    return [execute(_transpose, (dy,), {"perm": inverse})]


def transpose(a, perm=None, conjugate=False, name="transpose"):
    a = as_tensor(a)
    ndim = a.ndim
    if perm is None:
        perm = tuple(range(ndim - 1, -1, -1))
    else:
        perm = tuple(int(p) for p in (perm._value.tolist() if isinstance(perm, Tensor) else perm))
        if sorted(p % ndim if ndim else p for p in perm) != list(range(ndim)):
            raise invalid_argument("Transpose", f"{list(perm)} is not a valid permutation of "
                                                f"{ndim} dimensions")
        perm = tuple(p % ndim for p in perm)
    return execute(_transpose, (a,), {"perm": perm})


@register("Pack", num_outputs=1)
def _pack(*values, axis):
    return np.stack(values, axis=axis)


@_pack.gradient
def _pack_grad(op, dy):
    return list(unstack(dy, num=len(op.inputs), axis=op.attrs["axis"]))


def stack(values, axis=0, name="stack"):
    """Joins tensors of one shape along a new axis."""
    values = _same_dtype_list(values, "Pack")
    shapes = {tuple(v._value.shape) for v in values if v._value is not None}
    if len(shapes) > 1:
        raise invalid_argument("Pack", "Shapes of all inputs must match: "
                                       + " != ".join(str(list(s)) for s in sorted(shapes)))
    rank = values[0].ndim + 1
    if not -rank <= axis < rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    return execute(_pack, tuple(values), {"axis": int(axis) % rank})


@register("Unpack", num_outputs=None)
def _unpack(x, num, axis):
    return tuple(np.take(x, i, axis=axis) for i in range(num))


@_unpack.gradient
def _unpack_grad(op, *dys):
    dys = [d if d is not None else _zeros_for(o) for d, o in zip(dys, op.outputs)]
    return [stack(dys, axis=op.attrs["axis"])]


def _zeros_for(t):
    from .math_ops import zeros_like
    return zeros_like(t)


def unstack(value, num=None, axis=0, name="unstack"):
    value = as_tensor(value)
    if value.ndim == 0:
        raise ValueError("Input shape must have rank >= 1 for unstack")
    axis = int(axis)
    if not -value.ndim <= axis < value.ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-value.ndim}, {value.ndim})")
    axis %= value.ndim
    size = value.shape[axis]
    if num is None:
        if size is None:
            raise ValueError(f"Cannot infer argument `num` from shape {value.shape}")
        num = size
    elif size is not None and num != size:
        raise invalid_argument("Unpack", f"Input shape axis {axis} must equal {num}, got {size}")
    return list(execute(_unpack, (value,), {"num": int(num), "axis": axis}))


def _same_dtype_list(values, op_name):
    if isinstance(values, Tensor):
        values = list(values)
    if not values:
        raise ValueError(f"{op_name} needs at least one tensor")
    first = None
    out = []
    for v in values:
        if first is None:
            t = convert_to_tensor(v)
            first = t._dtype
        else:
            t = v if isinstance(v, Tensor) else convert_to_tensor(
                v, dtype=None if hasattr(type(v), "_as_tensor") else first)
        if t._dtype is not first:
            raise invalid_argument(op_name, f"All inputs of {op_name} must have the same dtype; "
                                            f"got {first.name} and {t._dtype.name}")
        out.append(t)
    return out


__all__ = ["reshape", "reshape_to", "transpose", "stack", "unstack"]


# --- indexing: t[1:3, ..., tf.newaxis, ::-1] ----------------------------------------------------
_INDEX_HELP = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
               "tf.int32/tf.int64 tensors are valid indices")


def _normalize_index(key):
    """Turns a Python index into a tuple of ints, slices, None and Ellipsis (an op attr)."""
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if k is None or k is Ellipsis:
            out.append(k)
        elif isinstance(k, slice):
            out.append(slice(*(None if v is None else _index_int(v)
                               for v in (k.start, k.stop, k.step))))
        else:
            out.append(_index_int(k))
    return tuple(out)


def _index_int(v):
    if isinstance(v, bool):
        raise TypeError(f"{_INDEX_HELP}, got {v!r}")
    if isinstance(v, Tensor) or hasattr(type(v), "_as_tensor"):
        t = convert_to_tensor(v)
        if t.ndim != 0 or not t.dtype.is_integer:
            raise TypeError(f"{_INDEX_HELP}, got {t!r}")
        return int(t._value)
    if isinstance(v, (int, np.integer)):
        return int(v)
    raise TypeError(f"{_INDEX_HELP}, got {v!r}")


@register("StridedSlice")
def _strided_slice(x, key):
    return np.array(x[key])


@_strided_slice.gradient
def _strided_slice_grad(op, dy):
    return [execute(_strided_slice_grad_op, (dy, op.inputs[0]), {"key": op.attrs["key"]})]


@register("StridedSliceGrad")
def _strided_slice_grad_op(dy, like, key):
    """Scatters the slice's gradient back into zeros shaped like the sliced input."""
    out = np.zeros(like.shape, dtype=dy.dtype)
    out[key] = dy
    return out


@_strided_slice_grad_op.gradient
def _strided_slice_grad_op_grad(op, ddx):
    return [execute(_strided_slice, (ddx,), {"key": op.attrs["key"]}), None]


def tensor_getitem(tensor, key):
    """``tensor[key]`` with NumPy's basic indexing rules (what TF's __getitem__ supports)."""
    key = _normalize_index(key)
    if tensor._value is not None:
        try:
            tensor._value[key]
        except IndexError as exc:
            raise invalid_argument("StridedSlice", f"slice index out of bounds for shape "
                                                   f"{list(tensor.shape)}: {exc}") from None
    return execute(_strided_slice, (tensor,), {"key": key})
