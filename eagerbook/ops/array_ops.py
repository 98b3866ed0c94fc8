"""Shape and indexing ops: reshape, transpose, stack, slicing, gathering, padding, ...

Gradient rules of shape ops move gradients back to where the values came from: a reshape's
gradient is reshaped back, a transpose's is transposed by the inverse permutation, and so on.
"""

import builtins
import operator

import numpy as np

from ..core import context, dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from .indexed_slices import IndexedSlices
from .math_ops import (  # noqa: F401 - transpose is declared in math_ops, exported here too
    _dims_text,
    _reshape,
    _transpose,
    add,
    cast,
    equal,
    identity,
    maximum,
    multiply,
    reduce_sum,
    reshape_to,
    sum_to_shape_of,
    transpose,
    truediv,
    where_v2,
    zeros_like,
)
from .primitives import EXPAND_AXES
from .registry import REGISTRY, execute, invalid_argument, register
from .shape_rules import (
    ShapeError,
    dims_of,
    dims_text,
    graph_time_error,
    known_value,
    merge_shapes,
    node_text,
)
from .support import (
    as_tensor,
    attr_error,
    check_index_dtype,
    dtype_error,
    op_def_text,
    tf_type_name,
)


def _shape_list(shape, op_name):
    """A shape argument (list, tuple, TensorShape or int tensor) -> list of ints."""
    if isinstance(shape, Tensor) or hasattr(type(shape), "_as_tensor"):
        shape = convert_to_tensor(shape)
        if not shape.dtype.is_integer:
            raise invalid_argument(op_name, f"shape must be an integer tensor, got "
                                            f"{shape.dtype.name}")
        return [int(d) for d in np.asarray(shape._value).reshape(-1)]
    try:
        return [operator.index(d) if d is not None else -1 for d in shape]
    except (TypeError, AttributeError):  # 2.5, "ab", a float tensor: TF refuses them
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32") from None


def _traced_shape_input(shape):
    """A shape argument that holds a traced value (``[tf.shape(x)[0], -1]`` inside a
    tf.function) -> the integer tensor TF feeds its op as the shape input (a list is packed,
    TF's auto-packing); None when every element is known now (the op keeps it as an attr)."""
    if isinstance(shape, Tensor):
        return shape if is_symbolic(shape) else None
    if isinstance(shape, (list, tuple)) and any(isinstance(d, Tensor) and is_symbolic(d)
                                                for d in shape):
        wide = any(isinstance(d, Tensor) and d.dtype == dtypes.int64 for d in shape)
        return convert_to_tensor(shape, dtypes.int64 if wide else dtypes.int32)
    return None


def _known_shape_value(t):
    """What tracing knows of a traced 1-D shape tensor's value (TF's constant_value_as_shape):
    a list of ints, None where an element is only known when the graph runs; None if even its
    length is unknown. Follows Const, Shape, Pack and StridedSlice-of-Shape."""
    op = t._op
    if op.type == "Const":
        return [int(v) for v in np.reshape(op.attrs["value"], -1)]
    if op.type == "Shape":
        dims = op.inputs[0]._shape._dims
        return None if dims is None else list(dims)
    if op.type == "Pack" and op.attrs["axis"] == 0:
        return [_known_scalar(v) for v in op.inputs]
    if op.type == "StridedSlice" and op.inputs[0]._op.type == "Shape":
        dims = _known_shape_value(op.inputs[0])
        key = op.attrs["key"]
        if dims is not None and len(key) == 1 and isinstance(key[0], builtins.slice):
            return dims[key[0]]
    n = t._shape._dims
    return None if n is None or len(n) != 1 or n[0] is None else [None] * n[0]


def _known_scalar(t):
    """A traced scalar's value when tracing knows it (a Const, a static dim of tf.shape)."""
    op = t._op
    if op.type == "Const":
        return int(op.attrs["value"])
    if op.type == "StridedSlice" and op.inputs[0]._op.type == "Shape":
        dims = _known_shape_value(op.inputs[0])
        key = op.attrs["key"]
        if dims is not None and len(key) == 1 and isinstance(key[0], (int, np.integer)):
            return dims[key[0]] if -len(dims) <= key[0] < len(dims) else None
    if op.type in _KNOWN_SCALAR_ARITHMETIC and len(op.inputs) == 2:
        # TF's constant folding of shape arithmetic (`s[1] * s[2]` of a (None, 8, 8, 3) input)
        a, b = (_known_scalar(v) for v in op.inputs)
        if a is not None and b is not None and (b != 0 or op.type != "FloorDiv"):
            return _KNOWN_SCALAR_ARITHMETIC[op.type](a, b)
    return None


_KNOWN_SCALAR_ARITHMETIC = {"Mul": operator.mul, "AddV2": operator.add, "Add": operator.add,
                            "Sub": operator.sub, "FloorDiv": operator.floordiv,
                            "Maximum": max, "Minimum": min}


def _attr_or_input_shape(inputs, attrs, name):
    """The shape an op was given: its attr (eager, known) or its traced second input."""
    if name in attrs:
        return list(attrs[name])
    return _known_shape_value(inputs[1])


def reshape(tensor, shape, name=None):
    x = as_tensor(tensor)  # (a new name: an error's " name: ..." reads the arguments as given)
    shape_input = _traced_shape_input(shape)
    if shape_input is not None:  # computed while tracing: the op reads it when the graph runs
        if not shape_input._dtype.is_integer:
            raise TypeError(f"Value passed to parameter 'shape' has DataType "
                            f"{shape_input._dtype.name} not in list of allowed values: "
                            f"int32, int64")
        return execute(_reshape, (x, shape_input), {})
    dims = _shape_list(shape, "Reshape")
    if dims.count(-1) > 1:
        raise invalid_argument("Reshape", f"Only one input size may be -1, not both "
                                          f"{dims.index(-1)} and "
                                          f"{len(dims) - 1 - dims[::-1].index(-1)}")
    return execute(_reshape, (x,), {"shape": tuple(dims)})  # the kernel checks the sizes


def _infer_reshape(inputs, attrs):
    """The traced shape of a reshape (its -1 filled in when the input's size is known), with
    TF's graph-time error when the known sizes cannot match."""
    x, dims = inputs[0], _attr_or_input_shape(inputs, attrs, "shape")
    if dims is None:
        return [(x._dtype, None)]
    if None in dims:  # a size known only at run time: the kernel checks the sizes then
        return [(x._dtype, [None if d == -1 else d for d in dims])]
    known = int(np.prod([d for d in dims if d != -1], dtype=np.int64))
    size = x._shape.num_elements()
    if size is not None and (known != size if -1 not in dims else known and size % known):
        shape = "[" + ",".join("?" if d == -1 else str(d) for d in dims) + "]"
        held = ("shape",) if len(inputs) == 1 else ()  # (TF's shape is a constant input)
        node = (f"{node_text('Reshape', x._dtype, {'Tshape': dtypes.int32}, inputs, held=held)}"
                f" with input shapes: {_dims_text(x._shape)}, [{len(dims)}] and with input "
                f"tensors computed as partial shapes: input[1] = {shape}.")
        if -1 in dims:
            raise ValueError(f"Dimension size must be evenly divisible by {known} but is "
                             f"{size} for {node}")
        raise ValueError(f"Cannot reshape a tensor with {size} elements to shape {shape} "
                         f"({known} elements) for {node}")
    if -1 in dims:
        dims[dims.index(-1)] = size // known if size is not None and known else None
    return [(x._dtype, dims)]


def _reshape_grad(op, dy):
    """A reshape's gradient takes the input's shape back: read at run time when tracing did
    not know it (the shape input itself gets no gradient)."""
    x = op.inputs[0]
    extra = [None] * (len(op.inputs) - 1)  # (a traced shape input, when there is one)
    if x.shape.rank is not None and x.shape.as_list().count(None) <= 1:
        return [reshape_to(dy, x.shape.as_list())] + extra
    return [execute(_reshape, (dy, shape(x)), {})] + extra


_reshape.grad = _reshape_grad  # the primitive's own rule knows static shapes only


def _infer_sum_to_shape_of(inputs, attrs):
    return [(inputs[0]._dtype, inputs[1]._shape)]  # always the shape of `like`


REGISTRY["SumToShapeOf"].infer_shape = _infer_sum_to_shape_of  # a gradient's sum while tracing
_reshape.infer_shape = _infer_reshape  # the primitive stays minimal; its tracing rule lives here


def _infer_pack(inputs, attrs):
    """TF's Pack shape function: all shapes merge into one (checked from the last input
    back, as TF does), and the stacked axis of size N goes in at `axis`."""
    merged = dims_of(inputs[-1])
    for i in builtins.range(len(inputs) - 2, -1, -1):
        try:
            merged = merge_shapes(dims_of(inputs[i]), merged)
        except ShapeError as exc:
            raise graph_time_error(f"{exc}\n\tFrom merging shape {i} with other shapes.", "Pack",
                                   inputs[0]._dtype, inputs,
                                   {"N": len(inputs), "axis": attrs["axis"]}) from None
    if merged is None:
        return [(inputs[0]._dtype, None)]
    axis = attrs["axis"] % (len(merged) + 1)
    return [(inputs[0]._dtype, merged[:axis] + [len(inputs)] + merged[axis:])]


@register("Pack", num_outputs=1, infer_shape=_infer_pack)
def _pack(*values, axis):
    try:
        return np.stack(values, axis=axis)
    except ValueError:  # shapes differ (checked when the op runs, eagerly or traced)
        i = next(i for i, v in enumerate(values) if v.shape != values[0].shape)
        raise invalid_argument("Pack", f"Shapes of all inputs must match: values[0].shape = "
                                       f"{dims_text(list(values[0].shape))} != values[{i}].shape"
                                       f" = {dims_text(list(values[i].shape))}",
                               f"Pack_N_{len(values)}") from None


@_pack.gradient
def _pack_grad(op, dy):
    return list(unstack(dy, num=len(op.inputs), axis=op.attrs["axis"]))


def parallel_stack(values, name="parallel_stack"):
    """``tf.parallel_stack``: ``stack(values)`` along a new first axis, for graphs only (TF
    refuses it eagerly: it copies each input in as it becomes ready, which needs a graph)."""
    if context.state.graph is None:
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    return stack(values, axis=0)


def stack(values, axis=0, name="stack"):
    """Joins tensors of one shape along a new axis."""
    if axis == 0 and (isinstance(values, Tensor) or hasattr(type(values), "_as_tensor")):
        return convert_to_tensor(values)  # TF's stack of one tensor along axis 0 is the tensor
    if axis == 0 and all(map(_python_value, values)):
        try:  # Python numbers and lists convert as one constant first, as in TF: [1, 2.5]
            return convert_to_tensor(values)  # is float32
        except (TypeError, ValueError):
            pass  # (not one constant: packed below, with the error Pack gives)
    first = values[0] if isinstance(values, (list, tuple)) and values else None
    rank = getattr(as_tensor(first), "ndim", None) if first is not None else None
    if rank is not None and not -rank - 1 <= axis < rank + 1:  # (TF checks it on values[0])
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank - 1}, {rank + 1})")
    tensors = _same_dtype_list(values, "Pack")  # (a new name: core/errors.py reads `values`)
    if tensors[0].ndim is None:  # unknown rank while tracing: the shape rule places the axis
        return execute(_pack, tuple(tensors), {"axis": int(axis)})
    rank = tensors[0].ndim + 1
    if not -rank <= axis < rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    namer = getattr(context.state.graph, "namer", None)
    if axis == 0 and namer is not None:
        try:
            return execute(_pack, tuple(tensors), {"axis": 0})
        except ValueError:  # TF first packs the list as one value, named "stack"; refused,
            namer.forget_call()  # Pack itself is called: the node TF's error names is stack_1
    return execute(_pack, tuple(tensors), {"axis": int(axis) % rank})


def _python_value(value):
    """Whether `value` is a Python number or string, or a list or tuple of them (NumPy values
    keep their own dtype: they are packed one by one)."""
    if isinstance(value, (list, tuple)):
        return all(map(_python_value, value))
    return isinstance(value, (int, float, complex, bool, str, bytes)) and not isinstance(
        value, np.generic)  # (np.float64 is a Python float too)


def _array_of(value, like):
    """A kernel's result as an array of `like`'s dtype: one element of a string tensor comes
    out of NumPy as bytes, which np.array would turn into a fixed-width bytes array that drops
    trailing NUL bytes (b"a\x00" -> b"a")."""
    return np.array(value) if isinstance(value, np.ndarray) else np.array(value, like.dtype)


@register("Unpack", num_outputs=None)
def _unpack(x, num, axis):
    return tuple(_array_of(np.take(x, i, axis=axis), x) for i in builtins.range(num))


@_unpack.gradient
def _unpack_grad(op, *dys):
    dys = [d if d is not None else _zeros_for(o) for d, o in zip(dys, op.outputs)]
    return [stack(dys, axis=op.attrs["axis"])]


def _zeros_for(t):
    return zeros_like(t)


def unstack(value, num=None, axis=0, name="unstack"):
    tensor = as_tensor(value)  # (value kept as given: see errors.name_suffix)
    if tensor.ndim == 0:
        raise ValueError("Input shape must have rank >= 1 for unstack")
    axis = int(axis)
    if not -tensor.ndim <= axis < tensor.ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-tensor.ndim}, "
                         f"{tensor.ndim})")
    axis %= tensor.ndim
    size = tensor.shape[axis]
    if num is None:
        if size is None:
            raise ValueError(f"Cannot infer argument `num` from shape {tensor.shape}")
        num = size
    elif size is not None and num != size:
        raise invalid_argument("Unpack", f"Input shape axis {axis} must equal {num}, got shape "
                                         f"{_dims_text(tensor.shape.as_list())}",
                               f"Unpack_num_{num}")
    return list(execute(_unpack, (tensor,), {"num": int(num), "axis": axis}))


def _same_dtype_list(values, op_name):
    if isinstance(values, Tensor):
        values = list(values)
    if not values:
        raise ValueError(f"{op_name} needs at least one tensor")
    # (as TF's fast path: the dtype of the first tensor given, Python values converted to it)
    first = next((convert_to_tensor(v)._dtype for v in values
                  if isinstance(v, Tensor) or hasattr(type(v), "_as_tensor")), None)
    out = []
    for i, v in enumerate(values):
        if first is None:
            t = convert_to_tensor(v)
            first = t._dtype
        else:
            t = v if isinstance(v, Tensor) else convert_to_tensor(
                v, dtype=None if hasattr(type(v), "_as_tensor") else first)
        if t._dtype is not first:
            raise invalid_argument(op_name, f"cannot compute {op_name} as input #{i}(zero-based) "
                                            f"was expected to be a {tf_type_name(first)} tensor "
                                            f"but is a {tf_type_name(t._dtype)} tensor")
        out.append(t)
    return out


__all__ = ["reshape", "reshape_to", "transpose", "stack", "unstack"]


# --- indexing: t[1:3, ..., tf.newaxis, ::-1] ----------------------------------------------------
_INDEX_HELP = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
               "tf.int32/tf.int64 tensors are valid indices")


def _normalize_index(key):
    """Turns a Python index into a tuple of ints, slices, None and Ellipsis (an op attr)."""
    if isinstance(key, list):  # TF reads t[[0, 1]] as t[0, 1] (no fancy indexing)
        key = tuple(key)
    elif not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if k is None or k is Ellipsis:
            out.append(k)
        elif isinstance(k, builtins.slice):
            out.append(builtins.slice(*(None if v is None else _index_int(v)
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
        if is_symbolic(t):
            return t  # tf.function: the index is an input of the slice op
        return int(t._value)
    if isinstance(v, (int, np.integer)):
        return int(v)
    raise TypeError(f"{_INDEX_HELP}, got {v!r}")


def _slice_bounds_problem(shape, key):
    """TF's words for an index `key` that does not fit `shape`, or None when it fits."""
    if not shape:
        return "Attempting to slice scalar input."
    consuming = sum(1 for k in key if k is not None and k is not Ellipsis)
    if consuming > len(shape):
        return (f"Index out of range using input dim {len(shape)}; "
                f"input has only {len(shape)} dims")
    dim = 0
    for k in key:
        if k is Ellipsis:
            dim += len(shape) - consuming
        elif k is not None:
            if not isinstance(k, builtins.slice) and not -shape[dim] <= k < shape[dim]:
                # TF reports a negative index after adding the dimension's size to it
                index = k + shape[dim] if k < 0 else k
                return f"slice index {index} of dimension {dim} out of bounds."
            dim += 1
    return None


@register("StridedSlice")
def _strided_slice(x, key):
    try:
        return _array_of(x[key], x)
    except IndexError:
        problem = _slice_bounds_problem(x.shape, key) or f"invalid index {key!r}"
        raise invalid_argument("StridedSlice", problem) from None
    except ValueError:  # NumPy: "slice step cannot be zero"
        steps = [k.step if isinstance(k, builtins.slice) else 1  # (tf.slice is this module's)
                 for k in (key if isinstance(key, tuple) else (key,))]
        if 0 not in steps:
            raise
        raise invalid_argument("StridedSlice", f"strides[{steps.index(0)}] must be non-zero") \
            from None


@_strided_slice.gradient
def _strided_slice_grad(op, dy):
    return [execute(_strided_slice_grad_op, (dy, op.inputs[0]), {"key": op.attrs["key"]})]


def _infer_shaped_like_input(inputs, attrs):
    # a slice's gradient has the sliced input's shape (stand-ins would pair dy with a slice
    # of another size when dims are unknown)
    return [(inputs[0]._dtype, inputs[1]._shape)]


@register("StridedSliceGrad", infer_shape=_infer_shaped_like_input)
def _strided_slice_grad_op(dy, like, key):
    """Scatters the slice's gradient back into zeros shaped like the sliced input."""
    out = np.zeros(like.shape, dtype=dy.dtype)
    out[key] = dy
    return out


@_strided_slice_grad_op.gradient
def _strided_slice_grad_op_grad(op, ddx):
    return [execute(_strided_slice, (ddx,), {"key": op.attrs["key"]}), None]


@register("StridedSliceDynamic")
def _strided_slice_dynamic(x, *indices, key):
    """``x[key]`` where entry i of `key` is ``indices[i]`` when `key` holds the int i in a
    1-tuple ``(i,)`` (an index only known when a tf.function runs)."""
    key = _bind_index(key, indices)
    try:
        return _array_of(x[key], x)
    except IndexError:
        problem = _slice_bounds_problem(x.shape, key) or f"invalid index {key!r}"
        raise invalid_argument("StridedSlice", problem) from None


def _bind_index(key, indices):
    def bind(k):
        return int(indices[k[0]]) if isinstance(k, tuple) else k
    return tuple(builtins.slice(bind(k.start), bind(k.stop), bind(k.step))
                 if isinstance(k, builtins.slice) else bind(k) for k in key)


@_strided_slice_dynamic.gradient
def _strided_slice_dynamic_grad(op, dy):
    grad = execute(_strided_slice_dynamic_grad_op, (dy, *op.inputs), {"key": op.attrs["key"]})
    return [grad] + [None] * (len(op.inputs) - 1)


@register("StridedSliceDynamicGrad", infer_shape=_infer_shaped_like_input)
def _strided_slice_dynamic_grad_op(dy, like, *indices, key):
    out = np.zeros(like.shape, dtype=dy.dtype)
    out[_bind_index(key, indices)] = dy
    return out


@_strided_slice_dynamic_grad_op.gradient
def _strided_slice_dynamic_grad_op_grad(op, ddx):
    indices = op.inputs[2:]
    return [execute(_strided_slice_dynamic, (ddx, *indices), {"key": op.attrs["key"]}),
            None] + [None] * len(indices)


def _is_boolean_mask_key(key):
    """True for a key that TF reads as ``tf.boolean_mask(tensor, key)``: a bool tensor, a
    bool NumPy array or a Python bool (a list of bools is not one, as in TF)."""
    if isinstance(key, Tensor):
        return key._dtype is dtypes.bool
    return isinstance(key, bool) or isinstance(key, np.ndarray) and key.dtype == np.bool_


def _with_symbolic_indices(tensor, key):
    """``tensor[key]`` where some indices are symbolic tensors (see _strided_slice_dynamic)."""
    indices = []

    def mark(k):
        if isinstance(k, Tensor):
            indices.append(k)
            return (len(indices) - 1,)
        return k
    key = tuple(builtins.slice(mark(k.start), mark(k.stop), mark(k.step))
                if isinstance(k, builtins.slice) else mark(k) for k in key)
    return execute(_strided_slice_dynamic, (tensor, *indices), {"key": key})


def tensor_getitem(tensor, key):
    """``tensor[key]`` with NumPy's basic indexing rules (what TF's __getitem__ supports),
    plus one NumPy habit TF also accepts: a whole boolean key, ``t[t > 0]``, is a mask."""
    if _is_boolean_mask_key(key):
        return boolean_mask(tensor, key)
    key = _normalize_index(key)
    if any(isinstance(k, Tensor) or isinstance(k, builtins.slice) and any(
            isinstance(v, Tensor) for v in (k.start, k.stop, k.step)) for k in key):
        return _with_symbolic_indices(tensor, key)
    return execute(_strided_slice, (tensor,), {"key": key})  # the kernel checks the bounds


# =================================================================================================
# Creation: fill, zeros, ones, eye, range, linspace, one_hot, shape, size, rank
# =================================================================================================
def _dtype_or_none(dtype):
    return None if dtype is None else dtypes.as_dtype(dtype)


def _dims_arg(dims, op_name):
    """A shape argument for creation ops: 1-D, non-negative ints."""
    if isinstance(dims, (Tensor,)) or hasattr(type(dims), "_as_tensor"):
        t = convert_to_tensor(dims)
        check_index_dtype(op_name, t, "index_type", "dims")  # (Fill's attr)
        if t.ndim > 1:
            raise invalid_argument(op_name, f"dims must represent a vector, got shape "
                                            f"{_shape_text(t.shape)}")
        dims = t._value.reshape(-1).tolist() if t.ndim else [int(t._value)]
    elif isinstance(dims, (int, np.integer)):
        dims = [int(dims)]
    elif isinstance(dims, np.ndarray):
        dims = dims.reshape(-1).tolist()
    elif isinstance(dims, (list, tuple)) and any(d is None for d in dims):
        # an unknown dimension cannot make a tensor: TF's conversion errors
        if dims[0] is None:
            raise ValueError("Attempt to convert a value (None) with an unsupported type "
                             "(<class 'NoneType'>) to a Tensor.")
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    out = _shape_list(dims, op_name)
    for d in out:
        if d < 0:
            raise invalid_argument(op_name, f"Dimension {d} must be >= 0")
    return out


@register("Fill")
def _fill(value, dims):
    return np.full(dims, value, dtype=value.dtype)


@_fill.gradient
def _fill_grad(op, dy):
    return [reduce_sum(dy)]


def _infer_fill(inputs, attrs):
    return [(inputs[0]._dtype, _attr_or_input_shape(inputs, attrs, "dims"))]


_fill.infer_shape = _infer_fill


def fill(dims, value, name=None):
    """A tensor of shape `dims` with every element equal to the scalar `value`."""
    dims_input = _traced_shape_input(dims)
    value = as_tensor(value)
    if value.shape.as_list() == [1]:  # (TF's kernel takes a one-element vector as a scalar)
        value = reshape(value, [])
    if value.ndim != 0:  # (checked before the dims' values, as TF's kernel does)
        raise invalid_argument("Fill", f"value must represent a scalar, got shape "
                                       f"{_shape_text(value.shape)}")
    shape = None if dims_input is not None else _dims_arg(dims, "Fill")
    if dims_input is not None:  # computed while tracing: read when the graph runs
        return execute(_fill, (value, dims_input), {})
    return execute(_fill, (value,), {"dims": tuple(shape)})


def zeros(shape, dtype=dtypes.float32, name=None):
    dtype = dtypes.as_dtype(dtype)
    if dtype is dtypes.string:  # a string's zero is the empty string
        return fill(shape, convert_to_tensor(b""))
    return fill(shape, convert_to_tensor(np.zeros((), dtype._np)))


def ones(shape, dtype=dtypes.float32, name=None):
    dtype = dtypes.as_dtype(dtype)
    if dtype is dtypes.string:  # (TF converts the number 1 to a string tensor: refused)
        raise TypeError("Cannot convert 1 to EagerTensor of dtype string")
    return fill(shape, convert_to_tensor(np.ones((), dtype._np)))


# --- diagonal matrices: tf.linalg.diag / diag_part, and tf.eye built on them ------------------
@register("MatrixDiagV3")
def _matrix_diag(diagonal, num_rows, num_cols):
    n = diagonal.shape[-1]
    # -1: the diagonal's length, known when the op runs (a tf.function's unknown dim)
    num_rows, num_cols = (n if num_rows == -1 else num_rows), (n if num_cols == -1 else num_cols)
    out = np.zeros(diagonal.shape[:-1] + (num_rows, num_cols), dtype=diagonal.dtype)
    idx = np.arange(min(n, num_rows, num_cols))
    out[..., idx, idx] = diagonal[..., idx]
    return out


@_matrix_diag.gradient
def _matrix_diag_grad(op, dy):
    return [matrix_diag_part(dy)]


@register("MatrixDiagPartV3")
def _matrix_diag_part(x):
    n = min(x.shape[-2], x.shape[-1])
    idx = np.arange(n)
    return x[..., idx, idx].copy()


@_matrix_diag_part.gradient
def _matrix_diag_part_grad(op, dy):
    rows, cols = op.inputs[0].shape[-2:]
    return [execute(_matrix_diag, (dy,), {"num_rows": rows, "num_cols": cols})]


def matrix_diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
                align="RIGHT_LEFT"):
    """``tf.linalg.diag``: batched matrices with `diagonal` on their main diagonal (k = 0)."""
    diagonal = as_tensor(diagonal)
    if k != 0 or padding_value != 0:
        raise NotImplementedError("tf.linalg.diag: eagerbook supports the main diagonal (k=0) "
                                  "with zero padding only")
    if diagonal.ndim < 1:
        raise invalid_argument("MatrixDiagV3", f"diagonal must be at least 1-dim, got shape "
                                               f"{list(diagonal.shape)}")
    n = diagonal.shape[-1]
    # As TF's kernel: a missing size is the smallest that fits; one side must equal n.
    rows = n if num_rows == -1 and n is not None else int(num_rows)
    cols = n if num_cols == -1 and n is not None else int(num_cols)
    if n is not None and (rows < n or cols < n or min(rows, cols) != n):
        raise invalid_argument("MatrixDiagV3", f"The number of diagonal elements {n} should "
                                               f"match at least one of num_rows ({rows}) or "
                                               f"num_cols ({cols}), and fit in both")
    return execute(_matrix_diag, (diagonal,), {"num_rows": rows, "num_cols": cols})


def matrix_diag_part(input, name="diag_part", k=0, padding_value=0,
                     align="RIGHT_LEFT"):
    """``tf.linalg.diag_part``: the main diagonal of each matrix in the batch."""
    x = as_tensor(input)
    if k != 0:
        raise NotImplementedError("tf.linalg.diag_part: eagerbook supports k=0 only")
    if x.ndim < 2:
        raise invalid_argument("MatrixDiagPartV3", f"input must be at least 2-dim, received "
                                                   f"shape: {list(x.shape)}")
    return execute(_matrix_diag_part, (x,))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    """Identity matrices (``tf.eye``), optionally rectangular and batched."""
    if _traced_value(num_rows) or _traced_value(num_columns):
        return _traced_eye(num_rows, num_columns, batch_shape, dtype)
    if not isinstance(num_rows, (Tensor, int, np.integer)) or not isinstance(
            num_columns, (Tensor, int, np.integer, type(None))):  # (TF's check on Python values)
        raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer "
                        f"values. Received: num_rows={num_rows}, num_columns="
                        f"{num_rows if num_columns is None else num_columns}")
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    if rows < 0 or cols < 0:  # TF's eye fills a shape with these first
        raise invalid_argument("Fill", f"Dimension {min(rows, cols)} must be >= 0")
    batch = [] if batch_shape is None else _dims_arg(batch_shape, "Eye")
    diagonal = ones(batch + [min(rows, cols)], dtype=dtype)
    return execute(_matrix_diag, (diagonal,), {"num_rows": rows, "num_cols": cols})


def _traced_value(v):
    """True for a tensor whose value is known only when the traced function runs."""
    return isinstance(v, Tensor) and is_symbolic(v) and known_value(v) is None


def _traced_eye(num_rows, num_columns, batch_shape, dtype):
    """``tf.eye`` of a size known when the function runs: row index == column index."""
    rows = cast(num_rows, dtypes.int32)
    cols = rows if num_columns is None else cast(num_columns, dtypes.int32)
    on_diagonal = equal(reshape(range(rows), [-1, 1]), reshape(range(cols), [1, -1]))
    matrix = cast(on_diagonal, dtype)
    if batch_shape is None:
        return matrix
    return multiply(ones(_dims_arg(batch_shape, "Eye") + [1, 1], dtype=dtype), matrix)


# --- range and linspace -------------------------------------------------------------------------
def _infer_range(inputs, attrs):
    """A range of constants has its length; one with a traced bound or step has [None]."""
    values = [known_value(t) for t in inputs]
    if any(v is None for v in values):
        return [(inputs[0]._dtype, [None])]
    try:
        return [(inputs[0]._dtype, [len(_range.kernel(*values))])]
    except errors.InvalidArgumentError as exc:  # TF's shape function refuses it: ValueError
        raise ValueError(errors.kernel_message(exc.message)) from None


@register("Range", differentiable=False, infer_shape=_infer_range)
def _range(start, limit, delta):
    _check_range(start, limit, delta)
    dtype = start.dtype
    if dtype.kind in "iu":
        size = max((abs(int(limit) - int(start)) + abs(int(delta)) - 1) // abs(int(delta)), 0)
        return (start + np.arange(size, dtype=dtype) * delta).astype(dtype)
    size = int(np.ceil(np.abs((limit - start) / delta)))
    # TF's kernel computes start + i * delta in the output dtype (1.0, 1.3, 1.6, 1.9000001)
    return (start + np.arange(size).astype(dtype) * delta).astype(dtype)


def _check_range(start, limit, delta):
    def error(message):
        return invalid_argument("Range", message)
    if delta == 0:
        raise error(f"Requires delta != 0: {delta}")
    if delta > 0 and start > limit:
        raise error(f"Requires start <= limit when delta > 0: {start}/{limit}")
    if delta < 0 and start < limit:
        raise error(f"Requires start >= limit when delta < 0: {start}/{limit}")


_RANGE_DTYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range"):
    """``tf.range``: like Python's range; the dtype is the widest of the arguments' dtypes
    (int32 < int64 < float32 < float64) unless `dtype` is given."""
    if limit is None:
        start, limit = 0, start
    args = [as_tensor(v) for v in (start, limit, delta)]
    for t, what in zip(args, ("start", "limit", "delta")):
        if t.ndim != 0:
            raise invalid_argument("Range", f"{what} must be a scalar, not shape "
                                            f"{_shape_text(t.shape)}")
    if dtype is None:
        for t in args:
            if t._dtype not in _RANGE_DTYPES:
                raise TypeError(f"tf.range: unsupported argument dtype {t._dtype.name}; "
                                f"pass dtype= or use int32, int64, float32 or float64")
        dtype = max((t._dtype for t in args), key=_RANGE_DTYPES.index)
    dtype = dtypes.as_dtype(dtype)
    # Python numbers become constants of the range's dtype (as TF converts them), so a traced
    # range of constants keeps its known length.
    args = [cast(t, dtype) if isinstance(v, Tensor) or t._dtype == dtype
            else as_tensor(np.asarray(v, dtype._np)) for t, v in zip(args, (start, limit, delta))]
    return execute(_range, tuple(args))  # the kernel checks the values


def linspace(start, stop, num, name=None, axis=0):
    """``tf.linspace``: `num` evenly spaced values from start to stop (both included).

    start/stop may be N-d (they broadcast); the new axis goes at `axis`. Integer inputs give
    float64, as TF's division does. Written as a composite, so it is differentiable.
    """
    start = as_tensor(start)
    stop = as_tensor(stop, dtype=start._dtype) if not isinstance(stop, Tensor) else stop
    if stop._dtype is not start._dtype:
        raise invalid_argument("LinSpace", f"start and stop must have one dtype, got "
                                           f"{start._dtype.name} and {stop._dtype.name}")
    if _traced_value(num):
        return _traced_linspace(start, stop, num, axis)
    num = int(num._value if isinstance(num, Tensor) else num)
    if num < 0:  # (TF's linspace meets it in the range it builds: its words)
        raise invalid_argument("Range", f"Requires start <= limit when delta > 0: 1/{num}")
    start, stop, rank, axis = _linspace_ends(start, stop, axis)
    delta = truediv(stop - start, max(num - 1, 1))  # float64 for integer inputs
    start, stop = cast(start, delta._dtype), cast(stop, delta._dtype)
    steps = range(1, max(num - 1, 1), dtype=delta._dtype)
    steps = reshape(steps, [max(num - 2, 0) if i == axis else 1 for i in builtins.range(rank)])
    middle = add(start, multiply(delta, steps))
    whole = concat([start, middle, stop], axis=axis)
    key = tuple(builtins.slice(0, num) if i == axis else builtins.slice(None)
                for i in builtins.range(rank))
    return tensor_getitem(whole, key)


def _linspace_ends(start, stop, axis):
    """`start` and `stop` broadcast together, with the new axis inserted at `axis` (checked
    against the result's rank, made non-negative)."""
    shape = list(np.broadcast_shapes(tuple(start.shape), tuple(stop.shape)))
    start, stop = broadcast_to(start, shape), broadcast_to(stop, shape)
    rank = len(shape) + 1
    if not -rank <= axis < rank:
        raise invalid_argument("LinSpace", f"axis {axis} is out of range for a result of rank "
                                           f"{rank}")
    axis %= rank
    start, stop = expand_dims(start, axis), expand_dims(stop, axis)
    return start, stop, rank, axis


def _traced_linspace(start, stop, num, axis):
    """``tf.linspace`` with `num` known when the function runs (TF's ``linspace_nd``): the
    result's length along `axis` is None while tracing."""
    start, stop, rank, axis = _linspace_ends(start, stop, axis)
    num = cast(num, dtypes.int32)
    steps = maximum(num - 1, 1)
    delta = truediv(stop - start, cast(steps, start._dtype))
    start, stop = cast(start, delta._dtype), cast(stop, delta._dtype)
    # as TF: a negative num makes range(1, -1) fail with Range's error when it runs
    middle = cast(range(1, where_v2(num >= 0, steps, -1)), delta._dtype)
    middle = add(start, multiply(delta, reshape(middle, [-1 if i == axis else 1
                                                         for i in builtins.range(rank)])))
    whole = concat([start, middle, stop], axis=axis)
    key = tuple(builtins.slice(0, num) if i == axis else builtins.slice(None)
                for i in builtins.range(rank))
    return tensor_getitem(whole, key)


# --- one_hot -----------------------------------------------------------------------------------
@register("OneHot", differentiable=False)
def _one_hot(indices, on_value, off_value, depth, axis):
    if depth < 0:  # (a traced depth is checked when the op runs)
        raise invalid_argument("OneHot", f"depth must be non-negative, got: {depth}")
    hits = indices[..., None] == np.arange(depth, dtype=indices.dtype)
    out = np.where(hits, on_value, off_value)
    return np.moveaxis(out, -1, axis) if axis != -1 else out


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """Rows with `on_value` at each index and `off_value` elsewhere (out-of-range -> all off).
    A RaggedTensor of indices gets its one-hot rows as a new innermost dimension."""
    if hasattr(indices, "with_flat_values"):  # RaggedTensor (ragged_ops imports this module)
        if axis not in (None, -1):
            raise ValueError(f"axis ({axis}) must be -1 or greater than indices.ragged_rank")
        return indices.with_flat_values(one_hot(indices.flat_values, depth, on_value,
                                                off_value, axis, dtype))
    index_tensor = as_tensor(indices)  # (indices stays as given: core/errors.py)
    if index_tensor._dtype not in (dtypes.uint8, dtypes.int8, dtypes.int32, dtypes.int64):
        raise invalid_argument("OneHot", f"Value for attr 'TI' of "
                                         f"{tf_type_name(index_tensor._dtype)} "
                                         f"is not in the list of allowed values: uint8, int8, "
                                         f"int32, int64{op_def_text('OneHot')}")
    dtype = _dtype_or_none(dtype)
    on = None if on_value is None else convert_to_tensor(on_value, dtype_hint=dtype)
    off = None if off_value is None else convert_to_tensor(off_value, dtype_hint=dtype)
    for value, what in ((on, "on_value"), (off, "off_value")):
        if value is not None and dtype is not None and value._dtype is not dtype:
            raise TypeError(f"dtype {value._dtype.name} of {what} does not match dtype "
                            f"parameter {dtype.name}")
    if on is not None and off is not None and on._dtype is not off._dtype:
        raise TypeError(f"dtype {on._dtype.name} of on_value does not match dtype "
                        f"{off._dtype.name} of off_value")
    if dtype is None:
        dtype = on._dtype if on is not None else off._dtype if off is not None \
            else dtypes.float32
    on = convert_to_tensor(np.ones((), dtype._np)) if on is None else on
    off = convert_to_tensor(np.zeros((), dtype._np)) if off is None else off
    if on.ndim or off.ndim:
        raise invalid_argument("OneHot", "on_value and off_value must be scalars")
    depth = convert_to_tensor(depth, dtype=dtypes.int32)  # (TF converts it so: 3.0 fails)
    known = known_value(depth)
    axis = -1 if axis is None else int(axis)
    if not -1 <= axis <= index_tensor.ndim:
        raise invalid_argument("OneHot", f"Expected axis to be -1 or between [0, "
                                         f"{index_tensor.ndim + 1}).  But received: {axis}")
    if axis == index_tensor.ndim:
        axis = -1
    if known is None:  # known when the function runs: the op reads it then
        return execute(_one_hot, (index_tensor, on, off, depth), {"axis": axis})
    return execute(_one_hot, (index_tensor, on, off), {"depth": int(known), "axis": axis})


# --- shape, size, rank as tensors -------------------------------------------------------------
def _check_out_type(out_type, op_name):
    out_type = dtypes.as_dtype(out_type)
    if out_type not in (dtypes.int32, dtypes.int64):
        raise attr_error(op_name, f"Value for attr 'out_type' of {tf_type_name(out_type)} is "
                                  f"not in the list of allowed values: int32, int64")
    return out_type


@register("Shape", differentiable=False)
def _shape_op(x, out_type):
    return np.array(x.shape, dtype=out_type._np)


@register("Size", differentiable=False)
def _size_op(x, out_type):
    return np.array(x.size, dtype=out_type._np)


@register("Rank", differentiable=False)
def _rank_op(x):
    return np.array(x.ndim, dtype=np.int32)


def shape(input, out_type=dtypes.int32, name=None):
    """``tf.shape``: the dynamic shape as a 1-D int32 tensor (``t.shape`` is the static one)."""
    return execute(_shape_op, (as_tensor(input),),
                   {"out_type": _check_out_type(out_type, "Shape")})


def size(input, out_type=dtypes.int32, name=None):
    tensor = as_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    if out_type not in (dtypes.int32, dtypes.int64) and tensor.shape.is_fully_defined():
        # TF multiplies known dimensions in NumPy, so any dtype will do (float32: 6.0); the
        # Size op, which a traced function with an unknown dimension runs, takes int32 and int64.
        return convert_to_tensor(np.prod(tensor.shape.as_list(), dtype=out_type._np), out_type)
    return execute(_size_op, (tensor,), {"out_type": _check_out_type(out_type, "Size")})


def rank(input, name=None):
    return execute(_rank_op, (as_tensor(input),))


# =================================================================================================
# Shape manipulation
# =================================================================================================
def _reshape_back(dy, x):
    """Reshapes a gradient to the shape of input x (read when it runs, if tracing lacks it)."""
    if not x.shape.is_fully_defined():
        return execute(_reshape, (dy, shape(x)), {})
    return reshape_to(dy, x.shape.as_list())


@register("ExpandDims")
def _expand_dims(x, axis):
    return np.expand_dims(x, axis)


@_expand_dims.gradient
def _expand_dims_grad(op, dy):
    return [execute(_squeeze, (dy,), {"axis": (op.attrs["axis"],)})]


def expand_dims(input, axis, name=None):
    """Inserts a size-1 axis at `axis` (in [-rank-1, rank])."""
    x = as_tensor(input)
    axis = _scalar_int(axis, "ExpandDims", "axis")
    ndim = x.ndim
    if ndim is None:  # unknown rank while tracing: NumPy places a negative axis at run time
        return execute(_expand_dims, (x,), {"axis": axis})
    if not -ndim - 1 <= axis <= ndim:
        raise invalid_argument("ExpandDims", f"Tried to expand dim index {axis} for tensor with "
                                             f"{ndim} dimensions.")
    return execute(_expand_dims, (x,), {"axis": axis % (ndim + 1)})


def _expand_axes(x, axes):
    """`x` with a size-1 axis inserted at each of `axes` (positions in the result)."""
    for axis in sorted(axes):
        x = expand_dims(x, axis)
    return x


EXPAND_AXES[0] = _expand_axes  # (for the reductions' gradients in primitives.py)


def _scalar_int(value, op_name, what):
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        t = convert_to_tensor(value)
        if t.ndim != 0 and t._value.size != 1:
            raise invalid_argument(op_name, f"'{what}' must be a scalar, got shape "
                                            f"{list(t.shape)}")
        if not t._dtype.is_integer:
            raise TypeError(f"{op_name}: '{what}' must be an integer, got {t._dtype.name}")
        return int(t._value.reshape(()))
    if isinstance(value, (bool, float)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{op_name}: '{what}' must be an integer, got {value!r}")
    return int(value)


def _infer_squeeze(inputs, attrs):
    """TF's Squeeze shape function: the listed axes go (each must be 1 where known); with no
    axes listed, every 1 goes, so a dim not known yet leaves the rank unknown."""
    x = inputs[0]
    dims = dims_of(x)
    axes = attrs["axis"]
    if dims is None:
        return [(x._dtype, None)]
    if axes is None:
        return [(x._dtype, None if None in dims else [d for d in dims if d != 1])]
    for a in axes:
        if dims[a] is not None and dims[a] != 1:
            raise graph_time_error(f"Can not squeeze dim[{a}], expected a dimension of 1, got "
                                   f"{dims[a]}", "Squeeze", x._dtype, inputs,
                                   {"squeeze_dims": list(axes)})
    return [(x._dtype, [d for i, d in enumerate(dims) if i not in axes])]


@register("Squeeze", infer_shape=_infer_squeeze)
def _squeeze(x, axis):
    # axis None: every size-1 axis, found when the op runs (a traced input of unknown dims)
    for a in axis or ():
        if x.shape[a] != 1:
            raise invalid_argument("Squeeze", f"Can not squeeze dim[{a}], expected a dimension "
                                              f"of 1, got {x.shape[a]}")
    return np.squeeze(x, axis)


@_squeeze.gradient
def _squeeze_grad(op, dy):
    return [_reshape_back(dy, op.inputs[0])]


def squeeze(input, axis=None, name=None):
    """Removes size-1 axes: all of them, or those listed in `axis` (which must have size 1)."""
    x = as_tensor(input)
    if x.shape.rank is None:
        if axis is not None:
            raise NotImplementedError("tf.squeeze with an axis of a tensor of unknown rank is "
                                      "not supported")
        return execute(_squeeze, (x,), {"axis": None})
    dims = list(x.shape)
    ndim = len(dims)
    if axis is None:
        if None in dims:  # which dims are 1 is known when the function runs (TF: unknown rank)
            return execute(_squeeze, (x,), {"axis": None})
        axes = tuple(i for i, d in enumerate(dims) if d == 1)
    else:
        axis = axis._value.tolist() if isinstance(axis, Tensor) else axis
        axis_list = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
        axes = []
        for a in axis_list:
            a = int(a)
            if not -ndim <= a < ndim:
                raise invalid_argument("Squeeze", f"Tried to squeeze dim index {a} for tensor "
                                                  f"with {ndim} dimensions.")
            axes.append(a % ndim)
        axes = tuple(sorted(set(axes)))  # sizes: checked by the kernel (the rule, tracing)
    return execute(_squeeze, (x,), {"axis": axes})


# --- concat and split ----------------------------------------------------------------------------
def _infer_concat(inputs, attrs):
    """The traced shape of a concatenation: the sizes along `axis` add up, the other
    dimensions are whatever any input knows (unknown rank in, unknown rank out)."""
    if any(t._shape.rank is None for t in inputs):
        return [(inputs[0]._dtype, None)]
    dims = [t._shape.as_list() for t in inputs]
    axis = attrs["axis"] % len(dims[0])
    out = []
    for d, sizes in enumerate(zip(*dims)):
        if d == axis:
            out.append(None if None in sizes else sum(sizes))
        else:
            out.append(next((n for n in sizes if n is not None), None))
    return [(inputs[0]._dtype, out)]


@register("ConcatV2", infer_shape=_infer_concat)
def _concat(*values, axis):
    return np.concatenate(values, axis=axis)


@_concat.gradient
def _concat_grad(op, dy):
    axis = op.attrs["axis"]
    sizes = tuple(t.shape[axis] for t in op.inputs)
    if None in sizes:  # tf.function with None dims: each input's rows of dy, found at run time
        return _concat_grad_unknown_sizes(op.inputs, dy, axis)
    return list(execute(_split_v, (dy,), {"sizes": sizes, "axis": axis}))


def _concat_grad_unknown_sizes(inputs, dy, axis):
    grads, start = [], None
    for t in inputs:
        size = shape(t)[axis]
        stop = size if start is None else start + size
        grads.append(gather(dy, range(0 if start is None else start, stop), axis=axis))
        start = stop
    return grads


def concat(values, axis, name="concat"):
    """Joins tensors along an existing axis (negative axes count from the end)."""
    if not isinstance(values, (list, tuple)):
        values = [values]  # one tensor, as TF takes it (not its rows)
    tensors = _same_dtype_list(values, "ConcatV2")  # (values stays as given: core/errors.py)
    axis = _scalar_int(axis, "ConcatV2", "axis")
    if len(tensors) == 1:
        return identity(tensors[0])  # TF checks no axis for one tensor
    rank = tensors[0].ndim
    if any(v.ndim is None for v in tensors) and len(tensors) > 1:
        # Unknown rank while tracing: nothing to check yet (the kernel checks at run time).
        return execute(_concat, tuple(tensors), {"axis": axis})
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise invalid_argument("ConcatV2", f"ConcatOp : Expected concatenating dimensions in the "
                                           f"range [{-rank}, {rank}), but got {axis}",
                               f"ConcatV2_N_{len(tensors)}")
    if rank == 0:
        raise invalid_argument("ConcatV2", "ConcatOp : Can't concatenate scalars (use tf.stack "
                                           "instead)", f"ConcatV2_N_{len(tensors)}")
    axis %= rank
    first = list(tensors[0].shape)
    for i, v in enumerate(tensors[1:], start=1):
        other = list(v.shape)
        if len(other) != rank:
            raise invalid_argument("ConcatV2", f"ConcatOp : Ranks of all input tensors should "
                                               f"match: shape[0] = {_dims_text(first)} vs. "
                                               f"shape[{i}] = {_dims_text(other)}",
                                   f"ConcatV2_N_{len(tensors)}")
        for d, (a, b) in enumerate(zip(first, other)):
            if d != axis and a is not None and b is not None and a != b:
                raise invalid_argument("ConcatV2", f"ConcatOp : Dimension {d} in both shapes "
                                                   f"must be equal: shape[0] = "
                                                   f"{_dims_text(first)} vs. shape[{i}] = "
                                                   f"{_dims_text(other)}",
                                       f"ConcatV2_N_{len(tensors)}")
    return execute(_concat, tuple(tensors), {"axis": axis})


def _split_kernel(x, sizes, axis):
    # sizes: the parts' lengths, or (when tracing could not see the split dim) the number of
    # equal parts, or lengths with one -1: checked and worked out here, when the op runs.
    sizes = _split_sizes(sizes, x.shape[axis], axis)
    cuts = np.cumsum(sizes)[:-1]
    return tuple(np.array(part) for part in np.split(x, cuts, axis=axis))


def _split_sizes(sizes, dim, axis):
    """The parts' lengths along a dim of length `dim`, with TF's InvalidArgumentErrors."""
    if isinstance(sizes, int):
        if sizes <= 0 or dim % sizes:
            raise invalid_argument("Split", f"Number of ways to split should evenly divide the "
                                            f"split dimension, but got split_dim {axis} (size = "
                                            f"{dim}) and num_split {sizes}",
                                   f"Split_num_split_{sizes}")
        return (dim // sizes,) * sizes
    known = sum(s for s in sizes if s != -1)
    if known > dim or -1 not in sizes and known != dim:
        raise invalid_argument("SplitV", f"Determined shape must either match input shape along "
                                         f"split_dim exactly if fully specified, or be less than "
                                         f"the size of the input along split_dim if not fully "
                                         f"specified.  Got: {known}",
                               f"SplitV_num_split_{len(sizes)}")
    return tuple(dim - known if s == -1 else s for s in sizes)


def _infer_split(inputs, attrs):
    """TF's static shapes: each part's known length, or None (equal parts or the -1 part of
    a dim unknown while tracing)."""
    x, sizes, axis = inputs[0], attrs["sizes"], attrs["axis"]
    dims = dims_of(x)
    parts = [None] * sizes if isinstance(sizes, int) else [None if s == -1 else s
                                                            for s in sizes]
    return [(x._dtype, None if dims is None else dims[:axis] + [d] + dims[axis + 1:])
            for d in parts]


def _split_grad(op, *dys):
    dys = [d if d is not None else _zeros_for(o) for d, o in zip(dys, op.outputs)]
    return [execute(_concat, tuple(dys), {"axis": op.attrs["axis"]})]


_split = register("Split", num_outputs=None, infer_shape=_infer_split)(_split_kernel)
_split_v = register("SplitV", num_outputs=None, infer_shape=_infer_split)(_split_kernel)
_split.gradient(_split_grad)
_split_v.gradient(_split_grad)


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    """Splits into `n` equal parts (an int) or parts of the listed sizes (one may be -1)."""
    tensor = as_tensor(value)  # (value kept as given: see errors.name_suffix)
    axis = _scalar_int(axis, "Split", "axis")
    rank = tensor.ndim
    if not -rank <= axis < rank:
        parts = num_or_size_splits if isinstance(num_or_size_splits, int) else None
        raise invalid_argument("Split", f"-input rank(-{rank}) <= split_dim < input rank "
                                        f"({rank}), but got {axis}",
                               parts and f"Split_num_split_{parts}")
    axis %= rank
    dim = tensor.shape[axis]  # None: known when the traced function runs; the kernel checks
    if isinstance(num_or_size_splits, Tensor) and num_or_size_splits.ndim == 0:
        num_or_size_splits = int(num_or_size_splits._value)
    if isinstance(num_or_size_splits, (int, np.integer)):
        n = int(num_or_size_splits)
        if dim is None:
            if n <= 0:
                raise ValueError(f"Number of ways to split should evenly divide the split "
                                 f"dimension, but got num_split {n}")
            return list(execute(_split, (tensor,), {"sizes": n, "axis": axis}))
        sizes = _split_sizes(n, dim, axis)
        return list(execute(_split, (tensor,), {"sizes": sizes, "axis": axis}))
    sizes = _shape_list(num_or_size_splits, "SplitV")
    if num is not None and num != len(sizes):
        raise ValueError(f"num={num} does not match the {len(sizes)} size splits given")
    graph_time = dim is None or is_symbolic(tensor)  # TF's shape function: a ValueError
    if sizes.count(-1) > 1:
        if graph_time:
            raise ValueError("size_splits can only have one -1")
        raise invalid_argument("SplitV", "There can only be one -1 in the input.",
                               f"SplitV_num_split_{len(sizes)}")
    bad = [(i, s) for i, s in enumerate(sizes) if s < -1]
    if graph_time and bad:
        raise ValueError(f"Split size at index {bad[0][0]} must be >= 0. Got: {bad[0][1]}")
    if dim is not None:
        known = sum(s for s in sizes if s != -1)
        if graph_time and (known > dim or -1 not in sizes and known != dim):
            shown = ",".join(str(s) for s in sizes)
            raise ValueError(f"can't split axis of size {dim} into pieces of size [{shown}]")
        sizes = list(_split_sizes(sizes, dim, axis))
    if any(s < -1 or dim is not None and s < 0 for s in sizes):
        raise invalid_argument("SplitV", f"Split sizes must be >= 0 or -1, got {sizes}",
                               f"SplitV_num_split_{len(sizes)}")
    return list(execute(_split_v, (tensor,), {"sizes": tuple(sizes), "axis": axis}))


# --- tile, pad, reverse, broadcast_to ------------------------------------------------------------
@register("Tile")
def _tile(x, multiples):
    return np.tile(x, multiples) if x.ndim else x.copy()


@_tile.gradient
def _tile_grad(op, dy):
    # Each output axis of length m*d is viewed as (m, d); the copies sit along the m axes.
    x = op.inputs[0]
    dims = x.shape.as_list()
    if len(op.inputs) == 2:  # multiples known only at run time: interleave them with x's shape
        split_shape = reshape(transpose(stack([cast(op.inputs[1], dtypes.int32), shape(x)])),
                              [-1])
        return [reduce_sum(reshape(dy, split_shape), axis=list(builtins.range(0, 2 * len(dims),
                                                                              2))), None]
    split_shape = []
    for m, d in zip(op.attrs["multiples"], dims):
        split_shape += [m, d]
    summed = reduce_sum(reshape_to(dy, split_shape), axis=list(builtins.range(0, 2 * len(dims),
                                                                              2)))
    return [summed]


def _infer_tile(inputs, attrs):
    x = inputs[0]
    mult = _attr_or_input_shape(inputs, attrs, "multiples")
    if mult is None or x._shape._dims is None:
        return [(x._dtype, None if x._shape._dims is None else [None] * len(x._shape._dims))]
    return [(x._dtype, [None if m is None or d is None else m * d
                        for m, d in zip(mult, x._shape._dims)])]


_tile.infer_shape = _infer_tile


def tile(input, multiples, name=None):
    """Repeats `input` multiples[i] times along axis i."""
    x = as_tensor(input)
    mult_input = _traced_shape_input(multiples)
    if mult_input is not None:  # computed while tracing: read when the graph runs
        return execute(_tile, (x, mult_input), {})
    mult = _shape_list(multiples, "Tile")
    if len(mult) != x.ndim:
        raise invalid_argument("Tile", f"Expected multiples argument to be a vector of length "
                                       f"{x.ndim} but got length {len(mult)}")
    for i, m in enumerate(mult):
        if m < 0:
            raise invalid_argument("Tile", f"Expected multiples[{i}] >= 0, but got {m}")
    return execute(_tile, (x,), {"multiples": tuple(mult)})


@register("PadV2")
def _pad(x, constant_value, paddings):
    return np.pad(x, paddings, mode="constant", constant_values=constant_value)


@_pad.gradient
def _pad_grad(op, dy):
    return [execute(_strided_slice, (dy,), {"key": _unpad_key(op.attrs["paddings"])}), None]


def _unpad_key(paddings):
    return tuple(builtins.slice(before, -after if after else None) for before, after in paddings)


def _mirror_sources(size, before, after, mode):
    """For one axis: the input index each padded position copies (REFLECT/SYMMETRIC)."""
    offset = 0 if mode == "SYMMETRIC" else 1
    left = np.arange(before, 0, -1) - 1 + offset       # mirrored copies before the edge
    right = size - 1 - np.arange(1, after + 1) + 1 - offset
    return np.concatenate([left, np.arange(size), right]).astype(np.intp)


@register("MirrorPad")
def _mirror_pad(x, paddings, mode):
    for axis, (before, after) in enumerate(paddings):
        if before or after:
            x = np.take(x, _mirror_sources(x.shape[axis], before, after, mode), axis=axis)
    return np.array(x)


@_mirror_pad.gradient
def _mirror_pad_grad(op, dy):
    return [execute(_mirror_pad_grad_op, (dy,), dict(op.attrs))]


@register("MirrorPadGrad")
def _mirror_pad_grad_op(dy, paddings, mode):
    """The adjoint of MirrorPad: every padded copy adds its gradient to its source element."""
    for axis, (before, after) in enumerate(paddings):
        if before or after:
            size = dy.shape[axis] - before - after
            sources = _mirror_sources(size, before, after, mode)
            moved = np.moveaxis(dy, axis, 0)
            out = np.zeros((size,) + moved.shape[1:], dtype=dy.dtype)
            np.add.at(out, sources, moved)
            dy = np.moveaxis(out, 0, axis)
    return np.array(dy)


@_mirror_pad_grad_op.gradient
def _mirror_pad_grad_op_grad(op, ddx):
    return [execute(_mirror_pad, (ddx,), dict(op.attrs))]


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    """Pads with a constant, or by mirroring (REFLECT excludes the edge, SYMMETRIC repeats it)."""
    x = as_tensor(tensor)
    if _traced_value(paddings) or isinstance(paddings, (list, tuple)) and any(
            _traced_value(row) or isinstance(row, (list, tuple)) and any(map(_traced_value, row))
            for row in paddings):
        return _traced_pad(x, paddings, str(mode).upper(), constant_values)
    check_index_dtype("Pad", paddings, "Tpaddings", "paddings")
    pads = paddings._value.tolist() if isinstance(paddings, Tensor) else paddings
    pads = np.asarray(pads)
    mode = str(mode).upper()
    if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError(f"Value of argument `mode` expected to be one of \"CONSTANT\", "
                         f"\"REFLECT\", or \"SYMMETRIC\". Received `mode` = {mode}")
    op_name = "Pad" if mode == "CONSTANT" else "MirrorPad"
    if not isinstance(paddings, Tensor) and pads.dtype.kind == "f":  # (TF makes them int32)
        raise TypeError(f"Cannot convert {paddings!r} to EagerTensor of dtype int32")
    if pads.ndim != 2 or pads.shape[1] != 2:  # (the kernel's first check)
        raise invalid_argument(op_name, f"paddings must be a matrix with 2 columns: "
                                        f"{_dims_text(list(pads.shape))}")
    if pads.ndim == 2 and pads.shape[1] == 2 and pads.shape[0] != x.ndim:
        separator = " " if op_name == "Pad" else ", "  # (the two kernels differ so)
        raise invalid_argument(op_name, f"The first dimension of paddings must be the rank of "
                                        f"inputs{_dims_text(list(pads.shape))}{separator}"
                                        f"{_dims_text(x.shape.as_list())}")
    if pads.ndim != 2 or pads.shape != (x.ndim, 2) or pads.dtype.kind not in "iu":
        raise invalid_argument(op_name, f"The first dimension of paddings must be the rank of "
                                        f"inputs{[x.ndim, 2]}, {list(pads.shape)} "
                                        f"(paddings must be integers shaped [rank, 2])")
    pads = tuple((int(b), int(a)) for b, a in pads)
    _check_paddings(pads, x.shape, mode, op_name)
    if mode == "CONSTANT":
        value = as_tensor(constant_values, x._dtype) if not isinstance(
            constant_values, Tensor) else constant_values
        if value._dtype is not x._dtype or value.ndim != 0:
            raise invalid_argument("PadV2", f"constant_values must be a scalar of dtype "
                                            f"{x._dtype.name}, got {value!r}")
        return execute(_pad, (x, value), {"paddings": pads})
    return execute(_mirror_pad, (x,), {"paddings": pads, "mode": mode})


def _check_paddings(pads, shape, mode, op_name):
    """TF's kernels' checks, one dimension at a time: no negative padding; a mirror reaches
    no further than the edge (REFLECT leaves the edge out, so one element less)."""
    for (before, after), size in zip(pads, shape):
        if before < 0 or after < 0:
            first = "P" if op_name == "Pad" else "p"  # (the two kernels differ so)
            raise invalid_argument(op_name, f"{first}addings must be non-negative: {before} "
                                            f"{after}")
        if size is None or mode == "CONSTANT":
            continue
        if mode == "REFLECT" and (before >= size or after >= size):
            raise invalid_argument(op_name, f"paddings must be less than the dimension size: "
                                            f"{before}, {after} not less than {size}")
        if mode == "SYMMETRIC" and (before > size or after > size):
            raise invalid_argument(op_name, f"paddings must be no greater than the dimension "
                                            f"size: {before}, {after} greater than {size}")


def _traced_pad(x, paddings, mode, constant_values):
    """``tf.pad`` with paddings known only when the function runs, one axis at a time: a
    concat of constant blocks (CONSTANT), or a gather of the mirrored positions that
    ``_mirror_sources`` lists (REFLECT, SYMMETRIC). Both are differentiable composites."""
    if isinstance(paddings, Tensor) and paddings.shape.as_list() != [x.ndim, 2]:
        raise ValueError(f"Shape must be rank 2 and [{x.ndim}, 2] for paddings, got "
                         f"{paddings.shape}")
    for axis in builtins.range(x.ndim):
        before, after = paddings[axis][0], paddings[axis][1]
        if mode == "CONSTANT":
            value = as_tensor(constant_values, x._dtype)
            blocks = [_pad_block(x, axis, before, value), x, _pad_block(x, axis, after, value)]
            x = concat([b for b in blocks if b is not None], axis=axis)
        elif mode in ("REFLECT", "SYMMETRIC"):
            size = x.shape[axis] if x.shape[axis] is not None else shape(x)[axis]
            offset = 0 if mode == "SYMMETRIC" else 1
            sources = concat([range(before, 0, -1) - 1 + offset, range(size),
                              size - range(1, after + 1) - offset], axis=0)
            x = gather(x, sources, axis=axis)
        else:
            raise ValueError(f"Value of argument `mode` expected to be one of \"CONSTANT\", "
                             f"\"REFLECT\", or \"SYMMETRIC\". Received `mode` = {mode}")
    return x


def _pad_block(x, axis, width, value):
    """`width` copies of `value` along `axis` (None for a known width 0)."""
    if not isinstance(width, Tensor) and int(width) == 0:
        return None
    dims = [width if i == axis else d if d is not None else shape(x)[i]
            for i, d in enumerate(x.shape.as_list())]
    return fill(dims, value)


@register("ReverseV2")
def _reverse(x, axis):
    return np.flip(x, axis).copy()


@_reverse.gradient
def _reverse_grad(op, dy):
    return [execute(_reverse, (dy,), dict(op.attrs))]


def reverse(tensor, axis, name=None):
    """Reverses the order of elements along each axis in `axis` (a list)."""
    x = as_tensor(tensor)
    # (axis stays as given, a tensor or a list: an error's name follows it, errors.name_suffix)
    axes = axis._value.tolist() if isinstance(axis, Tensor) else axis
    axes = [axes] if isinstance(axes, (int, np.integer)) else list(axes)
    ndim = x.ndim
    seen = set()
    if ndim == 0:  # (TF's kernel returns a scalar as it is, whatever the axes)
        axes = []
    for a in axes:
        if not -ndim <= int(a) < ndim:
            raise invalid_argument("ReverseV2", f"'axis'[{axes.index(a)}] = {a} is out of valid "
                                                f"range [0, {ndim - 1}")  # (sic: TF's words)
        if int(a) % ndim in seen:
            raise invalid_argument("ReverseV2", f"axis {int(a) % ndim} specified more than once.")
        seen.add(int(a) % ndim)
    return execute(_reverse, (x,), {"axis": tuple(sorted(seen))})


@register("BroadcastTo", broadcasts=True)
def _broadcast_to(x, shape):
    return np.broadcast_to(x, shape).copy()


@_broadcast_to.gradient
def _broadcast_to_grad(op, dy):
    return [dy]


def _infer_broadcast_to(inputs, attrs):
    return [(inputs[0]._dtype, _attr_or_input_shape(inputs, attrs, "shape"))]


_broadcast_to.infer_shape = _infer_broadcast_to


def broadcast_to(input, shape, name=None):
    """Broadcasts `input` to `shape` with NumPy's rules (sizes 1 stretch, new axes lead)."""
    x = as_tensor(input)
    shape_input = _traced_shape_input(shape)
    if shape_input is not None:  # computed while tracing: read when the graph runs
        return execute(_broadcast_to, (x, shape_input), {})
    target = _shape_list(shape, "BroadcastTo")
    if -1 in target or any(d < 0 for d in target):
        raise invalid_argument("BroadcastTo", f"shape must be non-negative, got {target}")
    dims = list(x.shape)
    if len(dims) > len(target):
        raise invalid_argument("BroadcastTo", f"Rank of input ({len(dims)}) must be no greater "
                                              f"than rank of output shape ({len(target)}).")
    if not all(d is None or d == 1 or d == t for d, t in zip(dims[::-1], target[::-1])):
        raise invalid_argument("BroadcastTo", f"Incompatible shapes: {_dims_text(dims)} vs. "
                                              f"{_dims_text(target)}")
    if dims == target:
        return x
    return execute(_broadcast_to, (x,), {"shape": tuple(target)})


def _infer_slice(inputs, attrs):
    """TF's Slice shape function: begin and size are vectors of the input's rank; a dim is
    size[i] where size is known (-1: what is left after begin, if both are known)."""
    x, begin, size = inputs
    dims, lengths = dims_of(x), None
    try:
        lengths = merge_shapes(dims_of(begin), dims_of(size))
    except ShapeError as exc:
        raise graph_time_error(exc, "Slice", x._dtype, inputs, {"Index": begin._dtype}) \
            from None
    rank = None if lengths is None or lengths[0] is None else lengths[0]
    rank = rank if rank is not None else None if dims is None else len(dims)
    if rank is None:
        return [(x._dtype, None)]
    sizes, starts = known_value(size), known_value(begin)
    if sizes is None:
        return [(x._dtype, [None] * rank)]
    out = []
    for i, n in enumerate(sizes.tolist()):
        if n != -1:
            out.append(n)
        elif starts is not None and dims is not None and dims[i] is not None:
            out.append(dims[i] - int(starts[i]))
        else:
            out.append(None)
    return [(x._dtype, out)]


@register("Slice", infer_shape=_infer_slice)
def _slice(x, begin, size):
    # Used when begin or size is known only when the function runs (else: StridedSlice).
    if begin.shape != (x.ndim,) or size.shape != (x.ndim,):
        raise invalid_argument("Slice", f"Expected begin and size arguments to be 1-D tensors of "
                                        f"size {x.ndim}, but got shapes {list(begin.shape)} and "
                                        f"{list(size.shape)} instead.")
    key = []
    for i, (b, n, d) in enumerate(zip(begin.tolist(), size.tolist(), x.shape)):
        if not 0 <= b <= d:
            raise invalid_argument("Slice", f"Expected begin[{i}] in [0, {d}], but got {b}")
        n = d - b if n == -1 else n
        if not 0 <= n <= d - b:
            raise invalid_argument("Slice", f"Expected size[{i}] in [0, {d - b}], but got {n}")
        key.append(builtins.slice(b, b + n))
    return x[tuple(key)]


@_slice.gradient
def _slice_grad(op, dy):
    return [execute(_slice_grad_op, (dy, op.inputs[0], op.inputs[1])), None, None]


@register("SliceGrad", infer_shape=lambda inputs, attrs: [(inputs[0]._dtype, inputs[1]._shape)])
def _slice_grad_op(dy, x, begin):
    """Slice's gradient: dy where the block was taken, zeros elsewhere (TF pads dy)."""
    out = np.zeros(x.shape, dy.dtype)
    out[tuple(builtins.slice(b, b + n) for b, n in zip(begin.tolist(), dy.shape))] = dy
    return out


@_slice_grad_op.gradient
def _slice_grad_op_grad(op, ddx):
    return [execute(_slice, (ddx, op.inputs[2], shape(op.inputs[0])), {}), None, None]


def slice(input_, begin, size, name=None):
    """``tf.slice``: the block starting at `begin` with extent `size` (-1 = to the end)."""
    x = as_tensor(input_)
    if _traced_shape_input(begin) is not None or _traced_shape_input(size) is not None:
        # known only when the function runs: the Slice op reads them then
        begin, size = _index_vector(begin), _index_vector(size)
        return execute(_slice, (x, begin, size), {})
    starts = _shape_list(begin, "Slice")  # (begin, size kept as given: errors.name_suffix)
    sizes = _shape_list(size, "Slice")
    dims = list(x.shape)
    if len(starts) != len(dims) or len(sizes) != len(dims):
        raise invalid_argument("Slice", f"Expected begin and size arguments to be 1-D tensors of "
                                        f"size {len(dims)}, but got shapes [{len(starts)}] and "
                                        f"[{len(sizes)}] instead.")
    key = []
    for i, (b, s, d) in enumerate(zip(starts, sizes, dims)):
        end = d if s == -1 else b + s
        if b < 0 or s < -1 or (d is not None and end > d):
            raise invalid_argument("Slice", f"Expected size[{i}] in [0, {d - b}], but got {s}")
        key.append(builtins.slice(b, end))
    return execute(_strided_slice, (x,), {"key": tuple(key)})


def _index_vector(v):
    """begin/size of a traced Slice: an int32 vector (int64 kept), packed if a list."""
    t = v if isinstance(v, Tensor) else convert_to_tensor(v, dtypes.int32)
    if not t._dtype.is_integer:
        raise TypeError(f"Value passed to parameter 'begin' has DataType {t._dtype.name} not in "
                        f"list of allowed values: int32, int64")
    return t


# =================================================================================================
# Gathering and masking
# =================================================================================================
def _check_indices(indices, limit, op_name, what="indices"):
    if indices.size and (indices.min() < 0 or indices.max() >= limit):
        bad = indices[(indices < 0) | (indices >= limit)].reshape(-1)[0]
        where_bad = ",".join(map(str, np.argwhere((indices < 0) | (indices >= limit))[0]))
        where_bad = f"[{where_bad}]" if where_bad else ""  # (a scalar index: `indices = 5`)
        raise invalid_argument(op_name, f"{what}{where_bad} = {bad} is not in [0, {limit})")


def _gather_layout(params, indices, axis, batch_dims):
    """Views params as [K, N, mid..., rest...] and indices as [K, I...] (K = batch size)."""
    batch = params.shape[:batch_dims]
    k = int(np.prod(batch, dtype=np.int64))
    p = params.reshape((k,) + params.shape[batch_dims:])
    a = axis - batch_dims + 1
    mid = p.shape[1:a]
    p = np.moveaxis(p, a, 1)
    ind = indices.reshape((k,) + indices.shape[batch_dims:])
    rows = np.arange(k).reshape((k,) + (1,) * (ind.ndim - 1))
    return batch, mid, p, ind, rows


@register("GatherV2")
def _gather(params, indices, axis, batch_dims, _rows_gradient=False):
    _check_indices(indices, params.shape[axis], "GatherV2")  # at run time, eager or traced
    if batch_dims == 0:
        return _array_of(np.take(params, indices, axis=axis), params)
    batch, mid, p, ind, rows = _gather_layout(params, indices, axis, batch_dims)
    got = p[rows, ind]                                   # [K, I..., mid..., rest...]
    n_i = ind.ndim - 1
    perm = [0] + list(builtins.range(1 + n_i, 1 + n_i + len(mid))) \
        + list(builtins.range(1, 1 + n_i)) + list(builtins.range(1 + n_i + len(mid), got.ndim))
    got = np.transpose(got, perm)
    return got.reshape(batch + got.shape[1:])


@_gather.gradient
def _gather_grad(op, dy):
    params, indices = op.inputs
    axis, batch_dims = op.attrs["axis"], op.attrs["batch_dims"]
    if op.attrs.get("_rows_gradient") and axis == 0 and batch_dims == 0:
        # Only the gathered rows have a gradient: TF's tape answers with those rows alone.
        # (A traced function keeps the dense form, which its graph code expects.)
        return [_gathered_rows(dy, indices, params), None]
    attrs = {"axis": axis, "batch_dims": batch_dims}
    return [execute(_gather_grad_op, (dy, indices, params), attrs), None]


def _gathered_rows(dy, indices, params):
    """d(gather)/d(params) as an IndexedSlices: row indices[i] receives dy's slice i."""
    rows = reshape(indices, [-1])
    values = reshape(dy, [-1] + list(params.shape[1:]))
    return IndexedSlices(values, rows, shape(params))


@register("GatherGrad")
def _gather_grad_op(dy, indices, like, axis, batch_dims):
    """Scatter-adds a gather's gradient into zeros shaped like params (repeats accumulate)."""
    if batch_dims == 0:
        moved = np.moveaxis(np.zeros(like.shape, dtype=dy.dtype), axis, 0)
        n_i = indices.ndim
        dy_moved = np.moveaxis(dy.reshape(dy.shape), list(builtins.range(axis, axis + n_i)),
                               list(builtins.range(n_i)))
        np.add.at(moved, indices, dy_moved)
        return np.ascontiguousarray(np.moveaxis(moved, 0, axis))
    batch, mid, p, ind, rows = _gather_layout(like, indices, axis, batch_dims)
    out = np.zeros(p.shape, dtype=dy.dtype)               # [K, N, mid..., rest...]
    k = p.shape[0]
    g = dy.reshape((k,) + dy.shape[batch_dims:])           # [K, mid..., I..., rest...]
    n_i, n_mid = ind.ndim - 1, len(mid)
    perm = [0] + list(builtins.range(1 + n_mid, 1 + n_mid + n_i)) \
        + list(builtins.range(1, 1 + n_mid)) + list(builtins.range(1 + n_mid + n_i, g.ndim))
    np.add.at(out, (rows, ind), np.transpose(g, perm))
    out = np.moveaxis(out, 1, axis - batch_dims + 1)
    return np.ascontiguousarray(out.reshape(like.shape))


@_gather_grad_op.gradient
def _gather_grad_op_grad(op, ddx):
    return [execute(_gather, (ddx, op.inputs[1]), dict(op.attrs)), None, None]


def tf_gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """``tf.gather``: `gather`, whose gradient on a tape is, as in TF, a tf.IndexedSlices
    holding only the rows read when it gathers along axis 0."""
    return _checked_gather(params, indices, axis, batch_dims, {"_rows_gradient": True})


tf_gather.__name__ = tf_gather.__qualname__ = "gather"  # (as TF's tf.gather prints)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """Picks slices of `params` along `axis` at `indices`; the gradient is always a dense
    tensor (what eagerbook's own ops use, standing for TF kernels with dense gradients)."""
    return _checked_gather(params, indices, axis, batch_dims, {})


def _checked_gather(params, indices, axis, batch_dims, extra_attrs):
    params = as_tensor(params)
    indices = as_tensor(indices)
    if indices._dtype not in (dtypes.int32, dtypes.int64, dtypes.int16):
        raise dtype_error("GatherV2", indices._dtype, _ND_INDEX_TYPES["GatherNd"], "indices",
                          "Tindices")
    batch_dims = int(batch_dims)
    if batch_dims < 0:
        batch_dims += indices.ndim
    if axis is None:
        axis = batch_dims
    axis = _scalar_int(axis, "GatherV2", "axis")
    rank = params.ndim
    if rank == 0:  # (the kernel's first check)
        raise invalid_argument("GatherV2", "params must be at least 1 dimensional")
    if not -rank <= axis < rank:
        raise invalid_argument("GatherV2", f"Expected axis in the range [{-rank}, {rank}), but "
                                           f"got {axis}")
    axis %= rank
    if not 0 <= batch_dims <= indices.ndim:
        raise invalid_argument("GatherV2", f"Expected batch_dims in the range "
                                           f"[{-indices.ndim}, {indices.ndim}], but got "
                                           f"{batch_dims}")
    if batch_dims > axis:
        raise invalid_argument("GatherV2", f"batch_dims ({batch_dims}) must be less than or "
                                           f"equal to axis ({axis}).")
    for i, (p, q) in enumerate(zip(list(params.shape)[:batch_dims],
                                   list(indices.shape)[:batch_dims])):
        if p is not None and q is not None and p != q:  # TF names the first batch dim off
            raise invalid_argument("GatherV2", f"params.shape[{i}]: {p} should be equal to "
                                               f"indices.shape[{i}]: {q}")
    return execute(_gather, (params, indices),
                   {"axis": axis, "batch_dims": batch_dims, **extra_attrs})


def _nd_index(indices, batch_shape):
    """gather_nd/scatter_nd indices [B..., I..., m] -> a NumPy advanced-index tuple."""
    nb = len(batch_shape)
    grids = []
    for i, d in enumerate(batch_shape):
        shape = [1] * (indices.ndim - 1)
        shape[i] = d
        grids.append(np.arange(d).reshape(shape))
    return tuple(grids) + tuple(np.moveaxis(indices, -1, 0)[: indices.shape[-1]]) if nb else \
        tuple(np.moveaxis(indices, -1, 0))


@register("GatherNd")
def _gather_nd(params, indices, batch_dims):
    _check_nd_values(indices, params.shape, batch_dims, "GatherNd")
    key = _nd_index(indices, params.shape[:batch_dims])
    return np.array(params[key])


@_gather_nd.gradient
def _gather_nd_grad(op, dy):
    params, indices = op.inputs
    return [execute(_scatter_nd, (indices, dy), {"shape": tuple(params.shape.as_list()),
                                                 "batch_dims": op.attrs["batch_dims"]}), None]


@register("ScatterNd", infer_shape=lambda inputs, attrs: [(inputs[1]._dtype,
                                                           list(attrs["shape"]))])
def _scatter_nd(indices, updates, shape, batch_dims):
    _check_nd_values(indices, shape, batch_dims, "ScatterNd")
    out = np.zeros(shape, dtype=updates.dtype)
    np.add.at(out, _nd_index(indices, shape[:batch_dims]), updates)
    return out


@_scatter_nd.gradient
def _scatter_nd_grad(op, dy):
    return [None, execute(_gather_nd, (dy, op.inputs[0]),
                          {"batch_dims": op.attrs["batch_dims"]})]


# The index dtypes TF's ops list (attr Tindices); the other scatters take int32 and int64.
_ND_INDEX_TYPES = {"GatherNd": ("int16", "int32", "int64"),
                   "ScatterNd": ("int16", "int32", "int64"),
                   "TensorScatterUpdate": ("int16", "int32", "int64", "uint16")}


def _check_nd(params_shape, indices, batch_dims, op_name):
    allowed = _ND_INDEX_TYPES.get(op_name, ("int32", "int64"))
    if indices._dtype.name not in allowed:
        raise dtype_error(op_name, indices._dtype, allowed, "indices", "Tindices")
    if op_name == "GatherNd" and not params_shape:  # (its kernel's first check)
        raise invalid_argument(op_name, "params must be at least a vector")
    if indices.ndim < 1:
        raise invalid_argument(op_name, "indices must be at least a vector")
    if batch_dims < 0 or batch_dims >= indices.ndim:
        raise invalid_argument(op_name, f"batch_dims = {batch_dims} must be in [0, "
                                        f"{indices.ndim - 1}) for indices of rank "
                                        f"{indices.ndim}")
    m = indices.shape[-1]
    if m is not None and m > len(params_shape) - batch_dims:
        raise invalid_argument(op_name, f"index innermost dimension length must be <= params "
                                        f"rank; saw: {m} vs. {len(params_shape) - batch_dims}")
    if not TensorShape(list(params_shape[:batch_dims])).is_compatible_with(
            indices.shape[:batch_dims]):
        raise invalid_argument(op_name, f"Batch dimensions of params {list(params_shape)} and "
                                        f"indices {list(indices.shape)} must match")


def _check_nd_values(ind, params_shape, batch_dims, op_name):
    """The kernels' run-time check (eager or traced) that every index row is in range."""
    limits = np.array(params_shape[batch_dims:batch_dims + ind.shape[-1]], dtype=np.int64)
    bad = (ind < 0) | (ind >= limits)
    if bad.any():
        at = np.argwhere(bad.any(axis=-1))[0].tolist()
        # TF's kernels name the whole index row, batch coordinates included
        row = at[:batch_dims] + ind[tuple(at)].tolist()
        where = ",".join(map(str, at))
        shape = "[" + ",".join(map(str, params_shape)) + "]"
        if op_name == "GatherNd":
            problem = f"does not index into param shape {shape}, node name: GatherNd"
        else:
            problem = f"does not index into shape {shape}"
        at_text = f"[{where}]" if where else ""  # (one index row: TF names no position)
        raise invalid_argument(op_name, f"indices{at_text} = {row} {problem}")


def gather_nd(params, indices, batch_dims=0, name=None):
    """Gathers slices addressed by the last axis of `indices` (``tf.gather_nd``)."""
    # (new names, not the arguments': an error's " name: ..." reads them as given)
    params_tensor, indices_tensor = as_tensor(params), as_tensor(indices)
    batch_dims = int(batch_dims)
    _check_nd(list(params_tensor.shape), indices_tensor, batch_dims, "GatherNd")
    return execute(_gather_nd, (params_tensor, indices_tensor), {"batch_dims": batch_dims})


def _shape_text(shape):
    """A shape as TF's kernels write it in messages: ``[2,1]``."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def _scatter_nd_shape_error(target, indices, updates):
    """TF's ScatterNd message for updates that do not fit: the batch dimensions (those of
    indices but the last) or the slice dimensions (the output's after the indexed ones)."""
    slice_dim = indices.shape[-1] if indices.ndim > 1 else 1
    batch_dim = indices.ndim - 1 if indices.ndim > 1 else 1
    ushape = list(updates.shape)
    batch_fits = len(ushape) >= batch_dim and ushape[:batch_dim] == \
        list(indices.shape)[:batch_dim]
    if not batch_fits:
        return (f"Dimensions [0,{batch_dim}) of indices[shape={_shape_text(indices.shape)}] "
                f"must match dimensions [0,{batch_dim}) of updates[shape="
                f"{_shape_text(ushape)}]")
    return (f"Dimensions [{slice_dim},{len(target)}) of input[shape={_shape_text(target)}] "
            f"must match dimensions [{slice_dim},{len(target)}) of updates[shape="
            f"{_shape_text(ushape)}]")


def scatter_nd(indices, updates, shape, name=None):
    """Zeros of `shape` with `updates` added at `indices` (duplicates accumulate)."""
    indices = as_tensor(indices)
    updates = as_tensor(updates)
    if _traced_value(shape) or isinstance(shape, (list, tuple)) and any(
            _traced_value(d) for d in shape):
        # a shape known when the function runs: add the updates into zeros of that shape
        # (TensorScatterAdd checks the indices against it then)
        zeros_of_shape = fill(shape, as_tensor(np.zeros((), updates._dtype._np)))
        return execute(REGISTRY["TensorScatterAdd"], (zeros_of_shape, indices, updates))
    target = _dims_arg(shape, "ScatterNd")
    _check_nd(target, indices, 0, "ScatterNd")
    m = indices.shape[-1]
    expected = list(indices.shape)[:-1] + target[m:]
    if not updates.shape.is_compatible_with(expected):
        raise invalid_argument("ScatterNd", _scatter_nd_shape_error(target, indices, updates))
    return execute(_scatter_nd, (indices, updates), {"shape": tuple(target), "batch_dims": 0})


def _infer_where(inputs, attrs):
    # How many elements are true is known only when the op runs: TF's [None, rank].
    return [(dtypes.int64, [None, inputs[0]._shape.rank])]


@register("Where", differentiable=False, infer_shape=_infer_where)
def _where(condition):
    return np.argwhere(condition).astype(np.int64)


def where(condition, x=None, y=None, name=None):
    """``tf.where``: with only `condition`, the int64 coordinates [N, rank] of its true
    elements; with x and y, elementwise choice (all three broadcast, as tf.where in TF 2)."""
    if (x is None) != (y is None):
        raise ValueError("x and y must both be non-None or both be None.")
    if x is None:
        condition = as_tensor(condition)
        return execute(_where, (condition,))
    return where_v2(condition, x, y)


def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    """Keeps the entries of `tensor` where `mask` is True; the masked axes become one.

    A composite (reshape + gather), so the gradient flows back to the kept entries.
    """
    tensor = as_tensor(tensor)
    mask = as_tensor(mask)  # (any dtype: TF keeps its non-zero entries, tf.where's reading)
    ndims_mask = mask.ndim
    if ndims_mask == 0:
        raise ValueError("mask cannot be scalar.")
    axis = 0 if axis is None else _scalar_int(axis, "BooleanMask", "axis")
    masked = tensor.shape[axis:axis + ndims_mask]  # (as TF slices it: axis as given)
    if not masked.is_compatible_with(mask.shape):
        raise ValueError(f"Shapes {masked} and {mask.shape} are incompatible")
    if axis < 0:
        axis += tensor.ndim
    dims = list(tensor.shape)
    # dims outside the mask that tracing cannot see are read when the function runs
    outside = [d if d is not None else shape(tensor)[i] for i, d in enumerate(dims)]
    flat = reshape(tensor, outside[:axis] + [-1] + outside[axis + ndims_mask:])
    keep = squeeze(where(reshape_to(mask, [-1])), axis=[1])
    return gather(flat, keep, axis=axis)
