"""What TF's two-input ops accept, and the one road their public functions share.

TF declares on each op the dtypes its attr ``T`` may take (``AddV2``: numbers and complex
numbers, not bool or string), and rejects any other before a kernel runs: eagerly an
``InvalidArgumentError`` ("Value for attr 'T' of bool is not in the list of allowed values:
..."), while a graph is built a ``TypeError`` ("Value passed to parameter 'x' has DataType bool
not in list of allowed values: ..."). Each binary op declares its list here, in TF's order (the
messages list them so); TF's lists also name bfloat16, which eagerbook does not have: it stays
in the messages only. (TF's eager message goes on with a dump of its OpDef: not repeated here.)
"""

import numpy as np

from ..core import dtypes, errors
from ..core.context import state
from ..core.tensor import Tensor, convert_to_tensor
from .registry import REGISTRY, execute, invalid_argument, register
from .support import binary_operands, tf_type_name
from .support import dtype_error as support_dtype_error


def kernel_types(tf_names):
    """An op's allowed dtypes, from TF's list (its order, bfloat16 included): a plain dict whose
    keys are eagerbook's dtypes in TF's order and whose every value is TF's whole list, for the
    messages. (Plain, because the check runs on every ``x + y``: ``in`` on a dict is one C
    call, on a subclass of one a Python-level ``__contains__``.)"""
    names = tuple(tf_names.split())
    return {dtypes.as_dtype(n): names for n in names if n != "bfloat16"}


# TF's allowed 'T' of each op (op_def of TF 2.x), in TF's order.
ADD_V2 = kernel_types("bfloat16 float16 float32 float64 uint8 uint16 uint32 uint64 int8 int16 "
                      "int32 int64 complex64 complex128")
ADD = kernel_types("bfloat16 float16 float32 float64 uint8 int8 int16 int32 int64 complex64 "
                   "complex128 string")
SUB = kernel_types("bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 int64 "
                   "complex64 complex128 uint32 uint64")
# Mul, RealDiv, FloorDiv (and TF's Div, TruncateDiv) share one list.
MUL = kernel_types("bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 uint32 uint64 "
                   "int64 complex64 complex128")
FLOOR_MOD = kernel_types("int8 int16 int32 int64 uint8 uint16 uint32 uint64 bfloat16 float16 "
                         "float32 float64")
POW = kernel_types("bfloat16 float32 float16 float64 int8 int16 int32 int64 complex64 complex128")
MAXIMUM = kernel_types("bfloat16 float16 float32 float64 int8 uint8 int16 uint16 int32 uint32 "
                       "int64 uint64")  # also Minimum's: no bool, complex or string
SQUARED_DIFFERENCE = kernel_types("bfloat16 float16 float32 float64 int32 int64 complex64 "
                                  "complex128")
ORDERING = kernel_types("float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 "
                        "uint32 uint64")  # Less, LessEqual, Greater, GreaterEqual
EQUALITY = kernel_types(" ".join(d.name for d in dtypes.ALL))  # Equal, NotEqual: any
BITWISE = kernel_types("int8 int16 int32 int64 uint8 uint16 uint32 uint64")
MATMUL = kernel_types("bfloat16 float16 float32 float64 int32 int64 uint8 uint16 uint32 uint64 "
                      "complex64 complex128")
BATCH_MATMUL_V2 = kernel_types("bfloat16 float16 float32 float64 int16 int32 int64 uint8 uint16 "
                               "uint32 uint64 complex64 complex128")


def dtype_error(op_name, dtype, allowed, parameter="x"):
    """TF's error for an input dtype `op_name` does not declare (``support.dtype_error``)."""
    return support_dtype_error(op_name, dtype, next(iter(allowed.values())), parameter)


# `tf.add` (and `+`) of two strings runs TF's op Add, which concatenates; AddV2 takes numbers.
@register("Add", elementwise=True, differentiable=False, dtypes=ADD)
def _add_strings(x, y):
    return np.add(x, y)


# Where TF runs another op than the one declared: `+` of strings (Add, above), and `*` of bools,
# which TF's operator multiplies as int32 and casts back (a logical and; tf.multiply itself
# rejects bools, but eagerbook's `*` is tf.multiply, so both take this road).
_OTHER_OP = {("AddV2", dtypes.string): "Add", ("Mul", dtypes.bool): "LogicalAnd"}


def binary(op, x, y):
    """Runs a two-input op: TF's conversion rules first (one shared dtype: a Python number
    takes the other operand's), then the dtypes the op declares."""
    try:
        x, y = binary_operands(x, y, op.name)
    except (TypeError, ValueError):  # (a graph being built names the mismatch itself)
        if op.name == "AddV2" and _tensor_like(x) and not _tensor_like(y) and state.graph is None:
            _refuse_hinted_addend(x, y)
        raise
    except errors.InvalidArgumentError:  # two tensors of two dtypes: TF checks x's dtype first
        dtype = getattr(x, "dtype", None)  # (None: a Python value, converted on its own)
        if dtype is not None and dtype not in op.dtypes and (op.name, dtype) not in _OTHER_OP:
            raise dtype_error(op.name, dtype, op.dtypes) from None
        if op.name == "AddV2" and dtype is dtypes.string:  # (TF's op for strings: Add)
            binary_operands(x, y, "Add")
        raise
    if x._dtype not in op.dtypes:
        other = _OTHER_OP.get((op.name, x._dtype))
        if other is None:
            raise dtype_error(op.name, x._dtype, op.dtypes)
        op = REGISTRY[other]
    if (road := op.road) is not None:  # (a local: `op.road(...)` is a slower lookup)
        return road(x, y)
    return execute(op, (x, y))


def _tensor_like(value):
    return isinstance(value, Tensor) or hasattr(type(value), "_as_tensor")


def _refuse_hinted_addend(x, y):
    """TF's `x + 1.5` converts the Python value with x's dtype as a hint, not a demand (other
    ops demand it): when x's dtype cannot hold it (an int32 x), 1.5 becomes a float32 tensor,
    which AddV2 then refuses. (Called once the demanding conversion has failed.)"""
    dtype = x.dtype
    y = convert_to_tensor(y, dtype_hint=dtype)
    if y._dtype is not dtype:
        if dtype not in ADD_V2 and dtype is not dtypes.string:  # (x's dtype is checked first)
            raise dtype_error("AddV2", dtype, ADD_V2)
        name = "Add" if dtype is dtypes.string else "AddV2"
        raise invalid_argument(name, f"cannot compute {name} as input #1(zero-based) was "
                                     f"expected to be a {tf_type_name(dtype)} tensor but is a "
                                     f"{tf_type_name(y._dtype)} tensor")


def check_matmul_dtype(a, b):
    """``tf.matmul`` runs TF's MatMul on two matrices and BatchMatMulV2 on anything else (the
    latter also takes int16): TF's error names the op it would run, and its first parameter."""
    matrices = a.shape.rank == 2 and b.shape.rank == 2
    name, allowed = ("MatMul", MATMUL) if matrices else ("BatchMatMulV2", BATCH_MATMUL_V2)
    if a._dtype not in allowed:
        raise dtype_error(name, a._dtype, allowed, "a" if matrices else "x")
