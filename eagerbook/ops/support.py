"""Helpers shared by op wrappers: argument conversion, TF's dtype rules, gradient reduction."""

import operator

import numpy as np

from ..core import dtypes, errors
from ..core.context import state
from ..core.dtypes_bfloat16 import bfloat16
from ..core.tensor import EagerTensor, Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import kernel_errors
from .registry import REGISTRY, invalid_argument
from .tf_op_signatures import TF_OP_SIGNATURES
from .tf_type_lists import TF_TYPE_LISTS

_np_array = np.array

# TF names dtypes like this in its kernel error messages.
_TF_TYPE_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


def tf_type_name(dtype):
    return _TF_TYPE_NAMES.get(dtype.name, dtype.name)


def as_tensor(x, dtype=None):
    if type(x) is EagerTensor and dtype is None:
        return x
    return convert_to_tensor(x, dtype=dtype)


def binary_operands(x, y, op_name):
    """Converts the operands of a binary op following TF's rules.

    A Python or NumPy value takes the other operand's dtype (``t + 1`` with a float32 ``t`` is
    float32; ``int_t + 1.5`` is a TypeError); two tensors (or Variables) must already agree:
    TF never promotes one tensor's dtype to match another.
    """
    if not isinstance(x, Tensor):
        if isinstance(y, Tensor):
            x = _convert_like(x, y._dtype)
        else:
            x = convert_to_tensor(x)
    if type(y) is float and x._dtype in FLOAT_SET and not state.hooked:  # `t * 0.5`, eagerly:
        value = _np_array(y, x._dtype._np)  # (_convert_like's first case, inline; the
        y = EagerTensor()  # tensor made as _from_numpy makes it, the dtype known)
        y._dtype = x._dtype
        y._value = value
    elif not isinstance(y, Tensor):  # (a Variable, `x * w`: its read without _convert_like)
        y = y._as_tensor() if hasattr(type(y), "_as_tensor") else _convert_like_traced(
            y, x._dtype) if state.graph is not None else _convert_like(y, x._dtype)
    if x._dtype is not y._dtype:
        if state.graph is not None:  # building a graph, TF checks the op's input types
            raise TypeError(f"Input 'y' of '{op_name}' Op has type {y._dtype.name} that does "
                            f"not match type {x._dtype.name} of argument 'x'.")
        kernel = kernel_errors.kernel_name(op_name, x._dtype)  # (MatMul or oneDNN's _MklMatMul)
        raise invalid_argument(
            op_name,
            f"cannot compute {kernel} as input #1(zero-based) was expected to be a "
            f"{tf_type_name(x._dtype)} tensor but is a {tf_type_name(y._dtype)} tensor")
    return x, y


def _convert_like_traced(value, dtype):
    """While tracing, a value that `dtype` cannot hold keeps its own dtype (TF's graph then
    names the mismatch: ``int_t + 1.5`` is float32 against int64)."""
    try:
        return _convert_like(value, dtype)
    except TypeError:
        return convert_to_tensor(value)


def _convert_like(value, dtype):
    kind = type(value)
    # Fast path for the most common case, `tensor * 0.5` or `tensor + 1`: a Python number
    # whose kind the dtype can hold (everything else goes through convert_to_tensor's checks).
    if (kind is float and dtype in FLOAT_SET) or (kind is int and dtype in _SMALL_INT_OK
                                                  and -2**31 <= value < 2**31):
        tensor = _from_numpy(_np_array(value, dtype._np))
        if state.hooked and state.graph is not None:  # (no property call eagerly)
            return state.graph.capture_constant(tensor)
        return tensor
    if hasattr(kind, "_as_tensor"):  # a Variable keeps its own dtype
        return value._as_tensor()
    return convert_to_tensor(value, dtype=dtype)


def check_dtype(op_name, x, allowed, what="x", attr="T"):
    """Raises TF's error when `x` (the op's input `what`, typed by its attr `attr`) has a dtype
    the op does not support."""
    if x._dtype not in allowed:
        tf_names = attr == "T" and TF_TYPE_LISTS.get(op_name) or [d.name for d in allowed]
        raise dtype_error(op_name, x._dtype, tf_names, what, attr)


_TF_KERNEL_NAMES = {"float16": "half", "float32": "float", "float64": "double"}


def dtype_error(op_name, dtype, tf_names, parameter="x", attr="T"):
    """TF's error for an input dtype `op_name` does not list (`tf_names`, TF's list): a TypeError
    while a graph is built (TF checks the op's signature there), an InvalidArgumentError eagerly,
    whose message goes on with the node and the op's signature as TF's does."""
    if dtype is bfloat16 and "bfloat16" in tf_names:  # TF's op takes it, eagerbook's not
        return errors.op_error(errors.UnimplementedError, op_name,
                               f"eagerbook's {op_name} kernel does not compute in bfloat16 (it "
                               f"holds and casts it): cast to float32 first")
    if state.graph is not None:
        return TypeError(f"Value passed to parameter '{parameter}' has DataType {dtype.name} "
                         f"not in list of allowed values: {', '.join(tf_names)}")
    if dtype.name in tf_names:  # TF's op takes it, but TF has no CPU kernel for it
        return not_found_error(op_name, dtype)
    given = _TF_KERNEL_NAMES.get(dtype.name, dtype.name)  # eagerly TF says half/float/double
    names = ", ".join(_TF_KERNEL_NAMES.get(n, n) for n in tf_names)
    return invalid_argument(op_name, f"Value for attr '{attr}' of {given} is not in the list of "
                                     f"allowed values: {names}{op_def_text(op_name)}")


def not_found_error(op_name, dtype, kernels=None, other_attrs=""):
    """TF's eager error for a dtype its op definition lists but no CPU kernel takes (int32
    Reciprocal): the node as TF places it (`other_attrs`: its attrs after T, as
    ``, out_type=DT_INT32``), then the kernels there are (`kernels`: the dtypes eagerbook
    computes, the op's declaration if not given)."""
    if kernels is None:
        declared = getattr(REGISTRY.get(op_name), "dtypes", None) or ()
        kernels = [d.name for d in declared]
    lines = "".join(f"  device='CPU'; T in [{_TF_ENUM_NAMES.get(n, 'DT_' + n.upper())}]\n"
                    for n in kernels)
    return errors.op_error(errors.NotFoundError, op_name,
                           f"Could not find device for node: {{{{node {op_name}}}}} = "
                           f"{op_name}[T={tf_enum_name(dtype)}{other_attrs}]\nAll kernels "
                           f"registered for op {op_name}:\n{lines}")


def attr_error(op_name, message):
    """TF's eager error for an attr value the op's definition refuses (``Value for attr 'unit'
    of "X" is not in the list of allowed values: ...``): the message, then the node and the
    op's signature, as TF prints them."""
    return invalid_argument(op_name, message + op_def_text(op_name))


def op_def_text(op_name):
    """What TF's eager dtype errors print after the message: the node and the op's signature
    (``; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=...>``)."""
    signature = TF_OP_SIGNATURES.get(op_name)
    if signature is None:
        return ""
    listed = TF_TYPE_LISTS.get(op_name, ())
    enums = ", ".join(_TF_ENUM_NAMES.get(name, "DT_" + name.upper()) for name in listed)
    signature = signature.replace("{T}", f"[{enums}]")
    return f"\n\t; NodeDef: {{{{node {op_name}}}}}; Op<name={op_name}; signature={signature}>"


_TF_ENUM_NAMES = {"float16": "DT_HALF", "float32": "DT_FLOAT", "float64": "DT_DOUBLE"}


def tf_enum_name(dtype):
    """TF's DataType enum name of `dtype`: DT_FLOAT for float32, DT_INT64 for int64."""
    return _TF_ENUM_NAMES.get(dtype.name, "DT_" + dtype.name.upper())


FLOATS = (dtypes.float16, dtypes.float32, dtypes.float64)
INTS = (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64, dtypes.uint8, dtypes.uint16,
        dtypes.uint32, dtypes.uint64)
NUMBERS = FLOATS + INTS
SIGNED = FLOATS + (dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)
FLOAT_SET = frozenset(FLOATS)
# Dtypes that hold any int32 value exactly (a Python int in that range converts without checks).
_SMALL_INT_OK = frozenset(FLOATS[1:] + (dtypes.int32, dtypes.int64))


def is_floating(t):
    return t._dtype in FLOAT_SET


def check_axis_converts(axis):
    """TF makes `axis` an int32 tensor first: a float in it is that conversion's TypeError."""
    if isinstance(axis, float) or (isinstance(axis, (list, tuple)) and any(
            isinstance(a, float) for a in axis)):
        raise TypeError(f"Cannot convert {axis!r} to EagerTensor of dtype int32")


def check_axis_dtype(axis, op_name):
    """An axis given as a tensor must be int32 or int64 (TF's attr Tidx), checked first."""
    if isinstance(axis, Tensor) and axis._dtype not in (dtypes.int32, dtypes.int64):
        raise dtype_error(op_name, axis._dtype, ("int32", "int64"), "reduction_indices", "Tidx")


def check_index_dtype(op_name, value, attr, parameter, allowed=("int32", "int64")):
    """An op's index-like input (paddings, perm, k, dims, segment ids) given as a tensor must
    have a dtype its attr `attr` lists: TF's attr error comes before the op's own checks."""
    if isinstance(value, Tensor) and value._dtype.name not in allowed:
        raise dtype_error(op_name, value._dtype, allowed, parameter, attr)


def normalize_axis(axis, ndim, op_name):
    """Turns TF's `axis` argument (None, int, list, tensor) into a tuple of non-negative ints
    (for an input of unknown rank: None for all axes, else the axes as given)."""
    if axis is None:
        return None if ndim is None else tuple(range(ndim))
    check_axis_dtype(axis, op_name)
    if isinstance(axis, (Tensor, np.ndarray)):
        axis = axis._value.tolist() if isinstance(axis, Tensor) else axis.tolist()
    try:
        axes = [operator.index(a) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]
    except TypeError:  # 0.5, "0" or [[0, 1]]: TF makes the axes a tensor
        if isinstance(axis, float):  # (TF converts a lone float to int32 first)
            raise TypeError(f"Cannot convert {axis!r} to EagerTensor of dtype int32") from None
        axes_tensor = convert_to_tensor(axis)
        if axes_tensor._dtype not in (dtypes.int32, dtypes.int64):  # ([0.5]: a float tensor)
            raise dtype_error(op_name, axes_tensor._dtype, ("int32", "int64"),
                              "reduction_indices", "Tidx") from None
        axes = axes_tensor._value.reshape(-1).tolist()  # (the kernel reads them flattened)
    if ndim is None:  # unknown rank (tf.function): the kernel takes the axes as given
        return tuple(sorted(set(axes)))
    out = []
    for a in axes:
        if not -ndim <= a < ndim:  # (TF's words, its unclosed bracket included)
            raise invalid_argument(op_name, f"Invalid reduction dimension ({a} for input with "
                                            f"{ndim} dimension(s)")
        if a % ndim in out:
            raise invalid_argument(op_name, "Invalid reduction arguments: Axes contains "
                                            f"duplicate dimension: {a % ndim}")
        out.append(a % ndim)
    return tuple(sorted(out))


# Output numbers from which np.dot's clearing pass outweighs np.matmul's costlier call: for two
# matrices np.dot zeroes its output before BLAS writes it, a second pass over a big array (the
# MLP's 784x128 weight gradient). Compiled code makes the same choice (graph/compile_updates.py).
_BIG_PRODUCT = 1 << 14


def matrix_product(x, y):
    """x @ y for two 2-D arrays, as the MatMul kernel computes it: np.dot, or np.matmul for a
    big float product whose operands BLAS reads as they are (then both make the same BLAS call:
    the same bits; other layouts np.matmul would multiply without BLAS)."""
    if x.shape[0] * y.shape[1] >= _BIG_PRODUCT and x.dtype.char in "fdFD" \
            and x.dtype is y.dtype and _blas_layout(x) and _blas_layout(y):
        return np.matmul(x, y)
    return np.dot(x, y)


def _blas_layout(a):
    flags = a.flags
    return flags.c_contiguous or flags.f_contiguous


def at_most_2d(t):
    """Rank known and at most 2: TF's test for MatMul (no TensorShape built: runs per product)."""
    if type(t) is EagerTensor or isinstance(t, EagerTensor):  # (a subclass: a weak tensor)
        return t._value.ndim <= 2
    return t._shape.rank is not None and t._shape.rank <= 2


def conjugated(t, conjugate):
    """``tf.math.conj(t)`` where asked and `t` is complex (TF's conj returns reals as they are)."""
    if not conjugate or not t._dtype.is_complex:
        return t
    from .complex_ops import conj  # (complex_ops builds on the modules that import this one)
    return conj(t)


def refuse_both_flags(transpose_a, adjoint_a, transpose_b, adjoint_b):
    """``tf.matmul``'s ValueError for an operand both transposed and adjointed."""
    for side, transposed, adjoint in (("a", transpose_a, adjoint_a), ("b", transpose_b, adjoint_b)):
        if transposed and adjoint:
            raise ValueError(f"Only one of `transpose_{side}` and `adjoint_{side}` can be "
                             f"True. Received `transpose_{side}`={transposed}, "
                             f"`adjoint_{side}`={adjoint}.")


def is_zero_gradient(g):
    """True if gradient `g` is known to be all zeros (TF's ``IsZero``), as the zeros the backward
    sweep fills in for an unused output are: a rule may then skip the work `g` would feed.
    Eagerly the values say so; while tf.function traces, the op that made `g` does."""
    if is_symbolic(g):
        return g.op.type == "ZerosLike"
    return not np.any(g._value)


def _batches_broadcast(a_batch, b_batch):
    """Whether two batch shapes broadcast together (sizes equal or 1, from the right)."""
    return all(a == b or a == 1 or b == 1 for a, b in zip(reversed(a_batch), reversed(b_batch)))


def matmul_error(op_name, a, b, contracted, adjoints=(False, False)):
    """TF's error for a matrix product (MatMul or BatchMatMulV2) whose operands `a`, `b` (the
    kernel's arrays) do not fit (`contracted`: the inner dimensions differ), in the words of
    the kernel TF runs for their dtype (kernel_errors.py: Eigen's or oneDNN's)."""
    dtype = a.dtype
    a_shape, b_shape = a.shape, b.shape
    a_text, b_text = ("[" + ",".join(map(str, s)) + "]" for s in (a_shape, b_shape))
    if op_name == "MatMul":
        if kernel_errors.checks(op_name, dtype, "not a matrix"):  # (oneDNN: before anything else)
            for index, shape in enumerate((a_shape, b_shape)):
                if len(shape) < 2:
                    return kernel_errors.kernel_error(op_name, dtype, "not a matrix", index=index)
        elif len(a_shape) != len(b_shape):
            return kernel_errors.kernel_error(op_name, dtype, "ranks differ", a=a_text, b=b_text)
        elif len(a_shape) < 2:
            return kernel_errors.kernel_error(op_name, dtype, "not matrices", rank=len(a_shape))
    function = kernel_errors.function_name(op_name, dtype)
    for i, shape in enumerate((a_shape, b_shape)):
        if len(shape) < 2:
            return invalid_argument(op_name, f"In[{i}] ndims must be >= 2: {len(shape)}",
                                    function)
    if op_name != "MatMul" and not _batches_broadcast(a_shape[:-2], b_shape[:-2]):
        contracted = False  # (TF's kernel checks the batch dimensions first)
    if contracted:
        return kernel_errors.kernel_error(op_name, dtype, "inner sizes", a=a_text, b=b_text,
                                          adj_x=adjoints[0], adj_y=adjoints[1])
    return invalid_argument(op_name, f"In[0] and In[1] must have compatible batch dimensions: "
                                     f"{a_text} vs. {b_text}", function)
