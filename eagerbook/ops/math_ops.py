"""Arithmetic, elementwise math, reductions and matrix products.

Each primitive appears as: the NumPy kernel (registered under TF's op name), its gradient rule
right below it, then the public function that validates arguments and calls ``execute``.
"""

import itertools
import math

import numpy as np

from ..core import dtypes, dtypes_bfloat16, errors
from ..core.context import state
from ..core.tensor import EagerTensor, Tensor, convert_to_tensor
from . import complex_ops, eigen_double, eigen_float, kernel_errors
from .batch_matmul import _batch_mat_mul
from .binary import (
    BITWISE,
    EQUALITY,
    FLOOR_MOD,
    MAXIMUM,
    MUL,
    ORDERING,
    POW,
    SQUARED_DIFFERENCE,
    SUB,
    binary,
)
from .eigen_sums import EXACT_SUMS, sum_as_tf
from .indexed_slices import IndexedSlices
from .op_inputs import op_inputs
from .primitives import (  # noqa: F401 - re-exported: tf.math.add is math_ops.add
    _add,
    _broadcast_like,
    _exp,
    _mat_mul,
    _mul,
    _reshape,
    _sum,
    _sum_to_shape_of,
    add,
    broadcast_like,
    matmul,
    multiply,
    reduce_sum,
    reshape_to,
    sum_to_shape_of,
)
from .primitives import exp as _real_exp
from .primitives import reduce as _reduce
from .primitives import restore_reduced_axes as _restore_reduced_axes
from .registry import execute, invalid_argument, register
from .shape_rules import dims_text as _dims_text
from .shape_rules import node_text
from .support import (
    FLOAT_SET,
    FLOATS,
    NUMBERS,
    SIGNED,
    as_tensor,
    attr_error,
    binary_operands,
    check_axis_converts,
    check_axis_dtype,
    check_dtype,
    check_index_dtype,
    normalize_axis,
    not_found_error,
    tf_type_name,
)

_COMPLEX = (dtypes.complex64, dtypes.complex128)
# Functions TF also computes on complex numbers (their gradients stay float-only here: tapes
# follow floating-point tensors).
FLOATS_OR_COMPLEX = FLOATS + _COMPLEX


def _infer_mat_mul(inputs, attrs):
    """The static shape of TF's MatMul (two matrices) while tracing, with TF's graph-time
    error when the inner sizes differ."""
    a, b = inputs
    flags = {"grad_a": False, "grad_b": False, "transpose_a": bool(attrs.get("transpose_a")),
             "transpose_b": bool(attrs.get("transpose_b"))}

    def refused(message):
        return ValueError(f"{message} for {node_text('MatMul', a._dtype, flags, inputs)} with "
                          f"input shapes: {_dims_text(a._shape)}, {_dims_text(b._shape)}.")
    for t in (a, b):
        if t._shape.rank != 2:
            raise refused(f"Shape must be rank 2 but is rank {t._shape.rank}")
    rows, inner_a = _matrix_dims(a, flags["transpose_a"])
    inner_b, cols = _matrix_dims(b, flags["transpose_b"])
    if inner_a is not None and inner_b is not None and inner_a != inner_b:
        raise refused(f"Dimensions must be equal, but are {inner_a} and {inner_b}")
    return [(a._dtype, [rows, cols])]


def _matrix_dims(t, transposed):
    rows, cols = t._shape.as_list()
    return (cols, rows) if transposed else (rows, cols)


def _infer_batch_mat_mul(inputs, attrs):
    """The static shape of ``a @ b`` with batch axes while tracing, with TF's graph-time
    errors: the kernel (np.matmul) would also take vectors, which TF's op rejects."""
    a, b = inputs
    shapes = f"{_dims_text(a._shape)}, {_dims_text(b._shape)}"
    flags = {"adj_x": bool(attrs.get("adj_x")), "adj_y": bool(attrs.get("adj_y")),
             "grad_x": False, "grad_y": False}

    def refused(message):  # (tf.matmul names the node MatMul whichever op it runs)
        node = node_text("BatchMatMulV2", a._dtype, flags, inputs, default_name="MatMul")
        return ValueError(f"{message} for {node} with input shapes: {shapes}.")
    for t in (a, b):
        if t._shape.rank is not None and t._shape.rank < 2:
            raise refused(f"Shape must be at least rank 2 but is rank {t._shape.rank}")
    if a._shape.rank is None or b._shape.rank is None:
        return [(a._dtype, None)]
    da, db = a._shape.as_list(), b._shape.as_list()
    rows, inner_a = (da[-1], da[-2]) if attrs.get("adj_x") else (da[-2], da[-1])
    inner_b, cols = (db[-1], db[-2]) if attrs.get("adj_y") else (db[-2], db[-1])
    if inner_a is not None and inner_b is not None and inner_a != inner_b:
        raise refused(f"Dimensions must be equal, but are {inner_a} and {inner_b}")
    batch = []
    for x, y in itertools.zip_longest(reversed(da[:-2]), reversed(db[:-2]), fillvalue=1):
        if x is not None and y is not None and 1 not in (x, y) and x != y:
            raise refused(f"Dimensions must be equal, but are {x} and {y}")
        known = [d for d in (x, y) if d is not None and d != 1]
        batch.append(known[0] if known else (1 if x == y == 1 else None))
    return [(a._dtype, batch[::-1] + [rows, cols])]


# The primitives stay minimal; their tracing rules live here.
_mat_mul.infer_shape = _infer_mat_mul
_batch_mat_mul.infer_shape = _infer_batch_mat_mul


def exp(x, name=None):
    """e ** x; complex numbers too (the primitive itself accepts floats only)."""
    tensor = x if isinstance(x, Tensor) else as_tensor(x)  # (x kept: see errors.name_suffix)
    if tensor._dtype in _COMPLEX:
        return execute(_exp, (tensor,))
    return _real_exp(tensor)


def _binary(op, x, y):
    """Runs a two-input op on the dtypes it declares (``@register(..., dtypes=...)``)."""
    if type(x) is type(y) is EagerTensor and x._dtype is y._dtype and x._dtype in op.dtypes:
        if (road := op.road) is not None:  # the common case, kept short
            return road(x, y)
        return execute(op, (x, y))
    return binary(op, x, y)


def _unary(op, x):
    """Runs a one-input op on the dtypes it declares (``@register(..., dtypes=...)``)."""
    if type(x) is not EagerTensor:
        x = convert_to_tensor(x)
    if op.dtypes is not None and x._dtype not in op.dtypes:
        check_dtype(op.name, x, op.dtypes)
    return execute(op, (x,))


# --- arithmetic (AddV2 and Mul are in primitives.py) ------------------------------------------
@register("Sub", elementwise=True, broadcasts=True, dtypes=SUB, ufunc=np.subtract)
def _sub(x, y):
    return np.subtract(x, y)


@_sub.gradient
def _sub_grad(op, dy):
    return [dy, negative(dy) if op.needs_gradient(1) else None]


def subtract(x, y, name=None):
    return _binary(_sub, x, y)


# Mul's eager rule (Mul itself, with its rule, is in primitives.py): see OpDef.eager_grad.
@_mul.eager_gradient
def _mul_grad_eager(op, dy):
    """_mul_grad with the sum back to a broadcast input's shape in the same op: in `x * w`
    with a scalar w, w's gradient is one MulSumToShapeOf instead of a Mul and a sum."""
    x, y = op.inputs
    return [_product_for(dy, y, x) if op.needs_gradient(0) else None,
            _product_for(dy, x, y) if op.needs_gradient(1) else None]


def _product_for(dy, other, like):
    """dy * other, summed back to like's shape (dy has the broadcast output's shape)."""
    if dy._value.shape == like._value.shape:
        return multiply(dy, other)
    return execute(_mul_sum_to_shape_of, (dy, other, like))


@register("MulSumToShapeOf", broadcasts=True)
def _mul_sum_to_shape_of(dy, other, like):
    return _sum_to_shape_of.kernel(np.multiply(dy, other), like)  # Mul's kernel, then the sum


@_mul_sum_to_shape_of.gradient
def _mul_sum_to_shape_of_grad(op, grad):
    # The rules of the two ops it stands for: SumToShapeOf's broadcast, then Mul's products
    # (broadcasts=True: the sweep sums each back to its input's shape, as it does for Mul).
    dy, other, _ = op.inputs
    spread = broadcast_like(grad, dy)
    return [spread * other if op.needs_gradient(0) else None,
            spread * dy if op.needs_gradient(1) else None, None]


@register("RealDiv", elementwise=True, broadcasts=True, dtypes=MUL)
def _real_div(x, y):
    if y.ndim == 0 and y.dtype.kind == "f" and _finite_nonzero(float(y)):
        # A finite nonzero divisor raises neither flag: np.errstate (~8,000 instructions) is
        # skipped for the usual scalar divisor (a mean's count, a loss over the batch size).
        return np.true_divide(x, y).astype(x.dtype, copy=False)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.true_divide(x, y).astype(x.dtype, copy=False)


def _finite_nonzero(v):
    return v != 0.0 and math.isfinite(v)


@_real_div.gradient
def _real_div_grad(op, dy):
    y = op.inputs[1]
    return [divide_no_cast(dy, y) if op.needs_gradient(0) else None,
            negative(multiply(dy, divide_no_cast(op.outputs[0], y)))
            if op.needs_gradient(1) else None]


def divide_no_cast(x, y):
    """Float division keeping the dtype (TF's RealDiv)."""
    return _binary(_real_div, x, y)


# RealDiv declares integer dtypes, but TF's CPU kernels are for floats and complex numbers only.
_REAL_DIV_CPU_KERNELS = ("complex128", "complex64", "bfloat16", "float64", "float16", "float32")


def realdiv(x, y, name=None):
    """``tf.realdiv``: TF's RealDiv op itself, no casting (``x / y`` casts integers first)."""
    # (TF's list has the integers, with no CPU kernel: a NotFoundError, before the inputs)
    if isinstance(x, Tensor) and x._dtype.is_integer:
        raise not_found_error("RealDiv", x._dtype, _REAL_DIV_CPU_KERNELS)
    x, y = op_inputs("RealDiv", (x, y), MUL, names=("x", "y"))
    if x._dtype.is_integer:
        raise not_found_error("RealDiv", x._dtype, _REAL_DIV_CPU_KERNELS)
    return _binary(_real_div, x, y)


def truediv(x, y, name=None):
    """``x / y``: integers are first cast to float64 (int32) or float32 (int8/16), like TF."""
    if isinstance(x, Tensor) and not isinstance(y, Tensor):  # (TF: x's dtype is a hint here)
        y = y._as_tensor() if hasattr(type(y), "_as_tensor") else \
            convert_to_tensor(y, dtype_hint=x._dtype)
    if isinstance(x, Tensor) and x._dtype is not y._dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    x, y = op_inputs("RealDiv", (x, y), MUL, names=("x", "y"))
    if x._dtype.is_integer:
        target = dtypes.float32 if x._dtype in (dtypes.int8, dtypes.int16, dtypes.uint8,
                                                dtypes.uint16) else dtypes.float64
        x, y = cast(x, target), cast(y, target)
    elif x._dtype.is_bool:
        raise TypeError("x and y must not be bool tensors for division")
    return execute(_real_div, (x, y))


divide = truediv


@register("FloorDiv", elementwise=True, differentiable=False, dtypes=MUL)
def _floor_div(x, y):
    if x.dtype.kind in "iu" and np.any(y == 0):
        raise invalid_argument("FloorDiv", "Integer division by zero")
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.floor_divide(x, y)


def floordiv(x, y, name=None):
    return _binary(_floor_div, x, y)


@register("FloorMod", elementwise=True, broadcasts=True, dtypes=FLOOR_MOD)
def _floor_mod(x, y):
    if x.dtype.kind in "iu" and np.any(y == 0):
        raise invalid_argument("FloorMod", "Integer division by zero")
    with np.errstate(divide="ignore", invalid="ignore"):
        if x.dtype.kind != "f":
            return np.mod(x, y)
        # TF's float rule: C's fmod, moved into y's sign unless zero (-2.0 % 2.0 is -0.0)
        remainder = np.fmod(x, y)
        return np.where((remainder != 0) & ((remainder < 0) != (y < 0)), remainder + y,
                        remainder)


@_floor_mod.gradient
def _floor_mod_grad(op, dy):
    x, y = op.inputs
    return [dy, multiply(dy, negative(floor(divide_no_cast(x, y))))]


def floormod(x, y, name=None):
    return _binary(_floor_mod, x, y)


mod = floormod


@register("Pow", elementwise=True, broadcasts=True, dtypes=POW)
def _pow(x, y):
    if x.dtype.kind in "iu" and np.any(y < 0):  # (TF's words, not the generic kernel error)
        raise invalid_argument("Pow", "Integers to negative integer powers are not allowed")
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if x.dtype == np.float32:  # (Eigen's own, as TF computes it: eigen_float.py)
            return eigen_float.pow(x, y)
        if x.dtype == np.float64:  # (likewise: eigen_double.py)
            return eigen_double.pow(x, y)
        return np.power(x, y)


@_pow.gradient
def _pow_grad(op, dy):
    x, y = op.inputs
    z = op.outputs[0]
    dx = multiply(dy, multiply(y, pow(x, subtract(y, 1))))
    # d/dy x**y = x**y * log(x); TF defines it as 0 where x <= 0.
    positive = greater(x, 0)
    safe_x = where_v2(positive, x, ones_like(x))
    dyy = multiply(dy, multiply(z, where_v2(positive, log(safe_x), zeros_like(x))))
    return [dx, dyy]


def pow(x, y, name=None):  # noqa: A001 - TF's public name
    return _binary(_pow, x, y)


@register("Maximum", elementwise=True, broadcasts=True, dtypes=MAXIMUM, ufunc=np.maximum)
def _maximum(x, y):
    return np.maximum(x, y)


@_maximum.gradient
def _maximum_grad(op, dy):
    x, y = op.inputs
    x_wins = greater_equal(x, y)
    zeros = zeros_like(dy)
    return [where_v2(x_wins, dy, zeros), where_v2(x_wins, zeros, dy)]


def maximum(x, y, name=None):
    return _binary(_maximum, x, y)


@register("Minimum", elementwise=True, broadcasts=True, dtypes=MAXIMUM, ufunc=np.minimum)
def _minimum(x, y):
    return np.minimum(x, y)


@_minimum.gradient
def _minimum_grad(op, dy):
    x, y = op.inputs
    x_wins = less_equal(x, y)
    zeros = zeros_like(dy)
    return [where_v2(x_wins, dy, zeros), where_v2(x_wins, zeros, dy)]


def minimum(x, y, name=None):
    return _binary(_minimum, x, y)


@register("SquaredDifference", elementwise=True, broadcasts=True,
          dtypes=SQUARED_DIFFERENCE)
def _squared_difference(x, y):
    d = np.subtract(x, y)
    return d * np.conj(d) if d.dtype.kind == "c" else d * d  # TF: |x - y|^2 for complex


@_squared_difference.gradient
def _squared_difference_grad(op, dy):
    x, y = op.inputs
    g = multiply(dy, multiply(subtract(x, y), 2))
    return [g, negative(g)]


def squared_difference(x, y, name=None):
    return _binary(_squared_difference, x, y)


# --- comparisons and logic (not differentiable: their outputs are bool) ----------------------
def _comparison(name, fn, dtypes):
    return register(name, elementwise=True, differentiable=False, dtypes=dtypes)(fn)


_equal = _comparison("Equal", np.equal, EQUALITY)
_not_equal = _comparison("NotEqual", np.not_equal, EQUALITY)
_less = _comparison("Less", np.less, ORDERING)
_less_equal = _comparison("LessEqual", np.less_equal, ORDERING)
_greater = _comparison("Greater", np.greater, ORDERING)
_greater_equal = _comparison("GreaterEqual", np.greater_equal, ORDERING)


def equal(x, y, name=None):
    return _binary(_equal, x, y)


def not_equal(x, y, name=None):
    return _binary(_not_equal, x, y)


def less(x, y, name=None):
    return _binary(_less, x, y)


def less_equal(x, y, name=None):
    return _binary(_less_equal, x, y)


def greater(x, y, name=None):
    return _binary(_greater, x, y)


def greater_equal(x, y, name=None):
    return _binary(_greater_equal, x, y)


_BOOL = (dtypes.bool,)
_logical_and = _comparison("LogicalAnd", np.logical_and, _BOOL)
_logical_or = _comparison("LogicalOr", np.logical_or, _BOOL)
_logical_xor = _comparison("LogicalXor", np.logical_xor, _BOOL)
_logical_not = register("LogicalNot", elementwise=True, differentiable=False,
                        dtypes=_BOOL)(np.logical_not)


def _logical(op, x, y):
    """Logical ops take bools only (no attr 'T': their errors are a type mismatch's)."""
    # TF builds logical_xor from LogicalOr, LogicalAnd and LogicalNot: LogicalOr fails first.
    name = "LogicalOr" if op is _logical_xor else op.name
    return execute(op, op_inputs(name, (x, y), fixed={0: dtypes.bool, 1: dtypes.bool},
                                   names=("x", "y")))


def logical_and(x, y, name=None):
    return _logical(_logical_and, x, y)


def logical_or(x, y, name=None):
    return _logical(_logical_or, x, y)


def logical_xor(x, y, name=None):
    return _logical(_logical_xor, x, y)


def logical_not(x, name=None):
    return execute(_logical_not, op_inputs("LogicalNot", (x,), fixed={0: dtypes.bool},
                                           names=("x",)))


_bitwise_and = _comparison("BitwiseAnd", np.bitwise_and, BITWISE)
_bitwise_or = _comparison("BitwiseOr", np.bitwise_or, BITWISE)
_bitwise_xor = _comparison("BitwiseXor", np.bitwise_xor, BITWISE)
_invert = register("Invert", elementwise=True, differentiable=False)(np.invert)


def bitwise_and(x, y, name=None):
    return _binary(_bitwise_and, x, y)


def bitwise_or(x, y, name=None):
    return _binary(_bitwise_or, x, y)


def bitwise_xor(x, y, name=None):
    return _binary(_bitwise_xor, x, y)


def invert(x, name=None):
    x = as_tensor(x)
    check_dtype("Invert", x, BITWISE)
    return execute(_invert, (x,))


# --- unary elementwise math -------------------------------------------------------------------
@register("Neg", elementwise=True, dtypes=SIGNED + (dtypes.complex64, dtypes.complex128))
def _neg(x):
    return np.negative(x)


@_neg.gradient
def _neg_grad(op, dy):
    return [negative(dy)]


def negative(x, name=None):
    return _unary(_neg, x)


@register("Abs", elementwise=True, dtypes=SIGNED)
def _abs(x):
    return np.abs(x)


@_abs.gradient
def _abs_grad(op, dy):
    return [multiply(dy, sign(op.inputs[0]))]


def abs(x, name=None):  # noqa: A001 - TF's public name
    if getattr(x, "dtype", None) in _COMPLEX:  # |a + bj|, a float (TF's ComplexAbs)
        return complex_ops.complex_abs(x)
    return _unary(_abs, x)



@register("Sign", elementwise=True, dtypes=SIGNED + _COMPLEX)
def _sign(x):
    return np.sign(x)


@_sign.gradient
def _sign_grad(op, dy):
    return [zeros_like(op.inputs[0])]


def sign(x, name=None):
    return _unary(_sign, x)


@register("Square", elementwise=True, dtypes=NUMBERS + _COMPLEX)
def _square(x):
    return np.multiply(x, x)


@_square.gradient
def _square_grad(op, dy):
    """dy * (2 * x), as one op (SquareGrad, below)."""
    return [execute(_square_grad_op, (op.inputs[0], dy))]


# TF writes Square's backward as two Muls, dy * (x * 2); eagerbook fuses them into one op, as
# TF does for tanh and sigmoid (TanhGrad, SigmoidGrad): one kernel call instead of two ops and
# a converted constant. The same bits: x * 2 first, then times dy.
@register("SquareGrad", elementwise=True)
def _square_grad_op(x, dy):
    return np.multiply(dy, np.multiply(x, x.dtype.type(2)))


@_square_grad_op.gradient
def _square_grad_op_grad(op, grad):
    x, dy = op.inputs  # d/dx (2 * x * dy) = 2 * dy, d/d(dy) = 2 * x: each times grad
    return [execute(_square_grad_op, (dy, grad)) if op.needs_gradient(0) else None,
            execute(_square_grad_op, (x, grad)) if op.needs_gradient(1) else None]


def square(x, name=None):
    return _unary(_square, x)


@register("Sqrt", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _sqrt(x):
    with np.errstate(invalid="ignore"):
        return np.sqrt(x)


# The backward of sqrt, rsqrt and reciprocal is one op each, as in TF (SqrtGrad, RsqrtGrad,
# ReciprocalGrad), written in terms of the forward output y. A zero upstream gradient gives
# zero even where y makes the formula nan or inf (sqrt(0), 1/0): a branch nobody takes
# contributes nothing, as TF's kernels decide.
def _zero_where_no_gradient(dy, result):
    return np.where(dy == 0, np.zeros_like(result), result)


@register("SqrtGrad", elementwise=True)
def _sqrt_grad_op(y, dy):
    with np.errstate(divide="ignore", invalid="ignore"):
        # TF's kernel divides 0.5 by y first, then multiplies: the same float32 bits
        return _zero_where_no_gradient(dy, dy * (y.dtype.type(0.5) / y))


@_sqrt_grad_op.gradient
def _sqrt_grad_op_grad(op, grad):
    y = op.inputs[0]  # out = 0.5 * dy / y
    grad_over_y = divide_no_cast(grad, y)
    return [negative(multiply(grad_over_y, op.outputs[0])), multiply(grad_over_y, 0.5)]


@_sqrt.gradient
def _sqrt_grad(op, dy):
    return [execute(_sqrt_grad_op, (op.outputs[0], dy))]


def sqrt(x, name=None):
    return _unary(_sqrt, x)


@register("Rsqrt", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _rsqrt(x):
    with np.errstate(invalid="ignore", divide="ignore"):
        return 1 / np.sqrt(x)


@register("RsqrtGrad", elementwise=True)
def _rsqrt_grad_op(y, dy):
    with np.errstate(over="ignore", invalid="ignore"):
        return _zero_where_no_gradient(dy, y.dtype.type(-0.5) * (dy * y) * (y * y))


@_rsqrt_grad_op.gradient
def _rsqrt_grad_op_grad(op, grad):
    y, dy = op.inputs  # out = -0.5 * dy * y**3
    y_grad = multiply(multiply(multiply(grad, -1.5), dy), square(y))
    return [y_grad, execute(_rsqrt_grad_op, (y, grad))]


@_rsqrt.gradient
def _rsqrt_grad(op, dy):
    return [execute(_rsqrt_grad_op, (op.outputs[0], dy))]


def rsqrt(x, name=None):
    return _unary(_rsqrt, x)


@register("Reciprocal", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _reciprocal(x):
    with np.errstate(divide="ignore"):
        return np.reciprocal(x)


@register("ReciprocalGrad", elementwise=True)
def _reciprocal_grad_op(y, dy):
    with np.errstate(over="ignore", invalid="ignore"):
        return _zero_where_no_gradient(dy, -y * y * dy)


@_reciprocal_grad_op.gradient
def _reciprocal_grad_op_grad(op, grad):
    y, dy = op.inputs  # out = -dy * y**2
    y_grad = multiply(multiply(multiply(grad, -2.0), dy), y)
    return [y_grad, execute(_reciprocal_grad_op, (y, grad))]


@_reciprocal.gradient
def _reciprocal_grad(op, dy):
    return [execute(_reciprocal_grad_op, (op.outputs[0], dy))]


def reciprocal(x, name=None):
    return _unary(_reciprocal, x)


@register("Expm1", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _expm1(x):
    if x.dtype == np.float32:
        return eigen_float.expm1(x)  # (as _log)
    if x.dtype == np.float64:
        return eigen_double.expm1(x)
    with np.errstate(over="ignore"):
        return np.expm1(x)


@_expm1.gradient
def _expm1_grad(op, dy):
    return [multiply(dy, exp(op.inputs[0]))]


def expm1(x, name=None):
    return _unary(_expm1, x)


@register("Log", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _log(x):
    if x.dtype == np.float32:  # TF's own rounding (eigen_float.py); NumPy's differs in the last bit
        return eigen_float.log(x)
    if x.dtype == np.float64:  # (likewise: eigen_double.py)
        return eigen_double.log(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(x)


@_log.gradient
def _log_grad(op, dy):
    return [divide_no_cast(dy, op.inputs[0])]


def log(x, name=None):
    return _unary(_log, x)


@register("Log1p", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _log1p(x):
    if x.dtype == np.float32:
        return eigen_float.log1p(x)  # (as _log)
    if x.dtype == np.float64:
        return eigen_double.log1p(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log1p(x)


@_log1p.gradient
def _log1p_grad(op, dy):
    return [divide_no_cast(dy, add(op.inputs[0], 1))]


def log1p(x, name=None):
    return _unary(_log1p, x)


@register("Sin", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _sin(x):
    return eigen_float.sin(x) if x.dtype == np.float32 else np.sin(x)  # (as _log)


@_sin.gradient
def _sin_grad(op, dy):
    return [multiply(dy, cos(op.inputs[0]))]


def sin(x, name=None):
    return _unary(_sin, x)


@register("Cos", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _cos(x):
    return eigen_float.cos(x) if x.dtype == np.float32 else np.cos(x)  # (as _log)


@_cos.gradient
def _cos_grad(op, dy):
    return [negative(multiply(dy, sin(op.inputs[0])))]


def cos(x, name=None):
    return _unary(_cos, x)


# tan, sinh, cosh, asinh and acosh (and float64 asin, acos): TF's values are the C library's
# (eigen_float.py, eigen_double.py): per function, its float32 and float64 kernels
_C_LIBRARY = {name: {np.dtype(np.float32): eigen_float.c_library(name + "f", fn),
                     np.dtype(np.float64): eigen_double.c_library_kernel(name, fn)}
              for name, fn in (("tan", np.tan), ("sinh", np.sinh), ("cosh", np.cosh),
                               ("asinh", np.arcsinh), ("acosh", np.arccosh),
                               ("asin", np.arcsin), ("acos", np.arccos))}


def _by_c_library(name, x, numpy_fn):
    return _C_LIBRARY[name].get(x.dtype, numpy_fn)(x)


@register("Tan", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _tan(x):
    return _by_c_library("tan", x, np.tan)


@_tan.gradient
def _tan_grad(op, dy):
    return [divide_no_cast(dy, square(cos(op.inputs[0])))]


def tan(x, name=None):
    return _unary(_tan, x)


@register("Tanh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _tanh(x):
    if x.dtype == np.float64:
        return eigen_double.tanh(x)  # (as _log)
    return eigen_float.tanh(x) if x.dtype == np.float32 else np.tanh(x)


@_tanh.gradient
def _tanh_grad(op, dy):
    """dy * (1 - square(y)) for y = tanh(x), as one op."""
    return [execute(_tanh_grad_op, (op.outputs[0], dy))]


# The backward of tanh and sigmoid is one op each, as in TF (TanhGrad, SigmoidGrad): written
# in terms of the forward output y, one kernel call instead of three ops.
@register("TanhGrad", elementwise=True)
def _tanh_grad_op(y, dy):
    return dy * (1 - y * y)  # TF's order of operations: the same bits as its kernel


@_tanh_grad_op.gradient
def _tanh_grad_op_grad(op, grad):
    y, dy = op.inputs
    y_grad = multiply(multiply(multiply(grad, -2.0), dy), y) if op.needs_gradient(0) else None
    return [y_grad, execute(_tanh_grad_op, (y, grad))]


def tanh(x, name=None):
    return _unary(_tanh, x)


@register("Sigmoid", elementwise=True, dtypes=FLOATS + (dtypes.complex64, dtypes.complex128))
def _sigmoid(x):
    if x.dtype.kind == "c":  # (TF's complex kernel: 1 / (1 + e^-x))
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            return 1 / (1 + np.exp(-x))
    if x.dtype == np.float32:
        return eigen_float.sigmoid(x)  # (as _log)
    if x.dtype == np.float64:
        return eigen_double.sigmoid(x)
    if x.dtype == np.float16:
        return eigen_float.sigmoid_half(x)
    # Split by sign so that exp never overflows: stable for large |x|.
    out = np.empty_like(x)
    pos = x >= 0
    out[pos] = 1 / (1 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1 + ex)
    return out


@_sigmoid.gradient
def _sigmoid_grad(op, dy):
    """dy * y * (1 - y) for y = sigmoid(x), as one op (TF conjugates a complex y first)."""
    y = op.outputs[0]
    if y._dtype in _COMPLEX:
        y = complex_ops.conj(y)
    return [execute(_sigmoid_grad_op, (y, dy))]


@register("SigmoidGrad", elementwise=True)
def _sigmoid_grad_op(y, dy):
    return dy * (y * (1 - y))  # TF's order of operations: the same bits as its kernel


@_sigmoid_grad_op.gradient
def _sigmoid_grad_op_grad(op, grad):
    y, dy = op.inputs
    if op.needs_gradient(0):  # d/dy of dy * y * (1 - y) is dy * (1 - 2y)
        grad_dy = multiply(grad, dy)
        y_grad = subtract(grad_dy, multiply(multiply(grad_dy, 2.0), y))
    else:
        y_grad = None
    return [y_grad, execute(_sigmoid_grad_op, (y, grad))]


def angle(input, name=None):
    """``tf.math.angle``: the arguments of complex numbers; for reals TF's
    ``where(x < 0, pi * ones, zeros)``, whose ops refuse what they refuse (bools in Less, pi
    in an integer tensor)."""
    x = as_tensor(input)
    if x.dtype.is_complex:
        return execute(complex_ops._angle, (x,))  # (TF's op Angle)
    return where_v2(less(x, 0), np.pi * ones_like(x), zeros_like(x))


def sigmoid(x, name=None):
    return _unary(_sigmoid, x)


@register("Floor", elementwise=True, dtypes=FLOATS)
def _floor(x):
    return np.floor(x)


@register("Ceil", elementwise=True, dtypes=FLOATS)
def _ceil(x):
    return np.ceil(x)


@register("Round", elementwise=True, dtypes=FLOATS)
def _round(x):
    return np.round(x)  # NumPy rounds half to even, exactly like TF's Round


for _op in (_floor, _ceil, _round):
    # Piecewise constant: TF registers no gradient, so a tape finds no path through them
    # (tape.gradient gives None, not zeros).
    _op.gradient(lambda op, dy: [None])


def floor(x, name=None):
    return _unary(_floor, x)


def ceil(x, name=None):
    return _unary(_ceil, x)


def round(x, name=None):  # noqa: A001 - TF's public name
    x = as_tensor(x)
    if x._dtype.is_integer:
        return x
    return _unary(_round, x)


# --- dtype conversion, identity, constants like x ---------------------------------------------
@register("Cast", elementwise=True)
def _cast(x, DstT):
    return x.astype(DstT._np)


@_cast.gradient
def _cast_grad(op, dy):
    x = op.inputs[0]
    carries = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
               dtypes.complex128)
    if not (x._dtype in carries and dy._dtype in carries):
        return [None]
    if dy._dtype.is_complex and not x._dtype.is_complex:  # a real cast to complex: its real part
        dy = complex_ops.real(dy)
    return [cast(dy, x._dtype)]


def _tf_type_name(dtype):
    """The name TF's kernels give a dtype in their messages (DT_FLOAT is 'float')."""
    return {"float32": "float", "float64": "double"}.get(dtype.name, dtype.name)


def cast(x, dtype, name=None):
    """``tf.cast``: converts to `dtype` (float -> int truncates toward zero, as in TF)."""
    dtype = dtypes.as_dtype(dtype)
    if type(x) is IndexedSlices:  # stays sparse: only its values change type
        return x._with_values(cast(x.values, dtype))
    if not isinstance(x, Tensor):
        if hasattr(type(x), "_as_tensor"):
            x = x._as_tensor()
        else:
            x = convert_to_tensor(x, dtype_hint=dtype)
    if x._dtype is dtype:
        return x
    if (x._dtype is dtypes.string) != (dtype is dtypes.string):  # TF: tf.strings.to_number
        source, target = _tf_type_name(x._dtype), _tf_type_name(dtype)
        raise errors.op_error(errors.UnimplementedError, "Cast",
                              f"Cast {source} to {target} is not supported")
    if dtype is dtypes_bfloat16.bfloat16 and not dtypes_bfloat16.AVAILABLE:
        raise errors.op_error(errors.UnimplementedError, "Cast", "bfloat16 values need NumPy's "
                              "bfloat16 type, from the ml_dtypes package (pip install ml_dtypes)")
    return execute(_cast, (x,), {"DstT": dtype})


@register("Identity")
def _identity(x):
    return x.copy()


@_identity.gradient
def _identity_grad(op, dy):
    return [dy]


def identity(x, name=None):
    if type(x) is IndexedSlices:
        return x._with_values(identity(x.values))
    return execute(_identity, (as_tensor(x),))


@register("StopGradient", differentiable=False)
def _stop_gradient(x):
    return x


def stop_gradient(x, name=None):
    """Passes `x` through while hiding it from every tape (gradients stop here)."""
    return execute(_stop_gradient, (as_tensor(x),))


@register("ZerosLike", differentiable=False)
def _zeros_like(x):
    if x.dtype == object:  # strings: the empty string, as TF's
        return np.full(x.shape, b"", object)
    return np.zeros_like(x)


@register("OnesLike", differentiable=False)
def _ones_like(x):
    out = np.empty(x.shape, x.dtype)  # (np.ones_like's steps, without its Python frames:
    out.fill(1)  # the seed of every tape.gradient call is one)
    return out


def zeros_like(x, dtype=None, name=None):
    x = as_tensor(x)
    out = execute(_zeros_like, (x,))
    return out if dtype is None else cast(out, dtype)


def ones_like(x, dtype=None, name=None):
    x = as_tensor(x)
    out = execute(_ones_like, (x,))
    return out if dtype is None else cast(out, dtype)


@register("SelectV2", broadcasts=True)
def _select(condition, x, y):
    try:
        if x.dtype == y.dtype and x.dtype.kind in "biuf" and type(x) is type(y) is np.ndarray \
                and max(condition.size, x.size, y.size) >= _SELECT_BITS_MIN:
            return _select_bits(condition, x, y)
        return np.where(condition, x, y)
    except ValueError:  # (TF's words for shapes that do not broadcast together)
        shapes = [np.shape(a) for a in (condition, x, y)]
        try:
            np.broadcast_shapes(*shapes)
        except ValueError:
            condition, then, otherwise = (_dims_text(list(shape)) for shape in shapes)
            raise invalid_argument("SelectV2", f"condition {condition}, then {then}, and else "
                                               f"{otherwise} must be broadcastable") from None
        raise


# np.where branches on every element: on a mask that is true about half the time (a relu's
# gradient) the branches are mispredicted and it is ~5x slower than choosing bits without
# branches, y ^ ((x ^ y) & mask) with the mask all ones where the condition holds. The same
# bits either way (NaNs, signed zeros); np.where stays for small arrays and other dtypes.
_SELECT_BITS_MIN = 1 << 14


def _select_bits(condition, x, y):
    bits = np.dtype(f"u{x.dtype.itemsize}")
    shape = np.broadcast_shapes(condition.shape, x.shape, y.shape)
    mask = np.broadcast_to(condition, shape).view(np.uint8).astype(bits, order="C")
    np.negative(mask, out=mask)  # 1 -> all ones, 0 -> 0
    y_bits = y.view(bits)
    if not y_bits.any():  # y is all +0 (a relu's gradient): x's bits where the mask is set
        np.bitwise_and(mask, x.view(bits), out=mask)
        return mask.view(x.dtype)
    np.bitwise_and(mask, np.bitwise_xor(x.view(bits), y_bits), out=mask)
    np.bitwise_xor(mask, y_bits, out=mask)
    return mask.view(x.dtype)


@_select.gradient
def _select_grad(op, dy):
    condition = op.inputs[0]
    zeros = zeros_like(dy)
    return [None, where_v2(condition, dy, zeros), where_v2(condition, zeros, dy)]


def where_v2(condition, x, y):
    """Elementwise choice between x and y (broadcasting); the primitive behind tf.where."""
    return execute(_select, op_inputs("SelectV2", (condition, x, y), fixed={0: dtypes.bool},
                                      names=("condition", "t", "e")))


# --- transpose (tf.transpose: array_ops re-exports it; gradient rules here use it) ----------
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
        order = tuple(range(ndim - 1, -1, -1))
    else:  # (a new name: an error's " name: ..." reads `perm` as given, core/errors.py)
        check_index_dtype("Transpose", perm, "Tperm", "perm")
        order = tuple(int(p) for p in (perm._value.tolist() if isinstance(perm, Tensor) else perm))
        if len(order) != ndim:
            raise invalid_argument("Transpose", f"transpose expects a vector of size {ndim}. "
                                                f"But input(1) is a vector of size {len(order)}")
        for p in order:
            if not -ndim <= p < ndim:
                raise invalid_argument("Transpose", f"{p} is out of range [0 .. {ndim})")
        missing = sorted(set(range(ndim)) - {p % ndim for p in order})
        if missing:
            listed = ",".join(map(str, order))
            raise invalid_argument("Transpose", f"{missing[0]} is missing from {{{listed}}}.")
        order = tuple(p % ndim for p in order)
    out = execute(_transpose, (a,), {"perm": order})
    if conjugate and a._dtype.is_complex:  # the conjugate transpose (adjoint)
        out = complex_ops.conj(out)
    return out


# --- reductions -----------------------------------------------------------------------------------
@register("Mean", dtypes=NUMBERS + _COMPLEX)
def _mean(x, axis, keepdims):
    count = x.size if axis is None or len(axis) == x.ndim \
        else math.prod([x.shape[a] for a in axis])
    kind = x.dtype.kind
    if kind in "iu":  # TF's integer mean divides as C does, toward zero (-5 / 2 is -2)
        total = np.sum(x, axis=axis, keepdims=keepdims)
        return (np.sign(total) * (np.abs(total) // max(count, 1))).astype(x.dtype)
    if count == 0:  # an empty slice's mean is 0/0: nan, as in TF, without NumPy's warning
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.add.reduce(x, axis, None, None, keepdims) / x.dtype.type(0)
    if x.dtype == np.float16 and x.size <= EXACT_SUMS:  # TF's half sum, then / count in half
        return sum_as_tf(x, axis, keepdims) / x.dtype.type(count)
    if x.dtype.itemsize == 2 and kind == "f":  # np.mean sums float16 in float32
        return np.mean(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    if x.size >= MIN_SUMMED:
        total = _sum_in_long_rows(x, axis)
        if total is not None:
            return (total.reshape(_reduced_shape(x.shape, axis, True)) if keepdims
                    else total) / count
    return sum_as_tf(x, axis, keepdims) / count  # (TF's order up to EXACT_SUMS values)


# NumPy sums over a run of axes one row of the axes below them at a time: the mean of a
# (32, 24, 24, 16) batch over (1, 2) -- global average pooling -- runs its inner loop over 16
# numbers 18,432 times. Summing rows of 24 * 16 numbers first, then the 24 pieces of each row
# sum, does as many additions in another order, ~5x faster. The plan is made here once; the
# Mean kernel follows it eagerly and graph/passes/simplify.py rewrites compiled sums by it.
SHORT_ROW, LONG_ROW, MIN_SUMMED = 64, 256, 1 << 15


def long_row_sum_plan(shape, axis):
    """How to sum an array of `shape` over `axis` (a sorted tuple) in long rows: (outer,
    summed, folded, inner) -- view it as outer + (summed, folded * inner), sum axis
    len(outer), view that as outer + (folded, inner), sum the same axis -- or None where
    NumPy's own order is as fast (long rows already, a small array, axes not one run)."""
    if not axis or math.prod(shape) < MIN_SUMMED:
        return None
    first, last = axis[0], axis[-1] + 1
    inner = math.prod(shape[last:])
    if axis != tuple(range(first, last)) or inner >= SHORT_ROW:
        return None
    split = last - 1  # fold axes [split, last) into the rows, as few as make a long row
    while split > first + 1 and math.prod(shape[split:]) < LONG_ROW:
        split -= 1
    folded = math.prod(shape[split:last])
    if split == first or folded * inner < LONG_ROW:
        return None
    return tuple(shape[:first]), math.prod(shape[first:split]), folded, inner


def _sum_in_long_rows(x, axis):
    """x (float32/float64) summed over `axis` by `long_row_sum_plan` (keepdims=False), or
    None where the plan says NumPy's order is as fast."""
    plan = long_row_sum_plan(x.shape, axis)
    if plan is None or x.dtype not in (np.float32, np.float64) or not x.flags.c_contiguous:
        return None
    outer, summed, folded, inner = plan
    row_sums = np.add.reduce(x.reshape(outer + (summed, folded * inner)), axis=len(outer))
    pieces = np.add.reduce(row_sums.reshape(outer + (folded, inner)), axis=len(outer))
    return pieces.reshape(outer + x.shape[axis[-1] + 1:])


@_mean.gradient
def _mean_grad(op, dy):
    x = op.inputs[0]
    axis = op.attrs["axis"]
    shape = x._settled_shape  # eagerly a tuple (no TensorShape made); traced, not a tuple
    if type(shape) is not tuple:
        shape = x.shape
    dims = [shape[a] for a in axis]
    dy = _restore_reduced_axes(dy, x, axis, op.attrs["keepdims"])
    if None in dims:  # tf.function with unknown dims: count the elements when it runs
        count = reduce_sum(ones_like(x), axis=list(axis), keepdims=True)
        return [divide_no_cast(broadcast_like(dy, x), broadcast_like(count, x))]
    count = math.prod(dims)
    if count == 0:  # x holds no elements: its gradient is empty, x's shape (no 1/0)
        return [broadcast_like(dy, x)]
    # Scale before broadcasting: the product then touches one value per reduced slice.
    if dy._dtype.is_floating or dy._dtype.is_complex:
        return [broadcast_like(multiply(dy, 1.0 / count), x)]
    return [broadcast_like(floordiv(dy, count), x)]


@_mean.eager_gradient
def _mean_grad_eager(op, dy):
    """_mean_grad's float case in one op, MeanGrad, instead of a Mul and a BroadcastLike."""
    x = op.inputs[0]
    axis = op.attrs["axis"]
    shape = x._value.shape
    count = x._value.size if len(axis) == len(shape) else math.prod(map(shape.__getitem__, axis))
    if count == 0 or dy._dtype not in FLOAT_SET:
        return _mean_grad(op, dy)
    if dy._value.ndim and not op.attrs["keepdims"]:
        dy = _restore_reduced_axes(dy, x, axis, False)
    return [execute(_mean_grad_op, (dy, x), {"scale": 1.0 / count})]


@register("MeanGrad")
def _mean_grad_op(dy, like, scale):
    """dy * scale spread over like's shape: _mean_grad's Mul then BroadcastLike, the same bits
    (the scale rounded to dy's dtype first, as `multiply` converts it)."""
    if dy.ndim == 0:  # a scalar loss's gradient: BroadcastLike's kernel (filling is the
        out = np.empty(like.shape, dy.dtype)  # fastest way) of the product, which scalar
        out.fill(dy[()] * dy.dtype.type(scale))  # arithmetic rounds as the ufunc does, cheaper
        return out
    scaled = np.multiply(dy, dy.dtype.type(scale))
    return scaled if scaled.shape == like.shape else np.broadcast_to(scaled, like.shape)


@_mean_grad_op.gradient
def _mean_grad_op_grad(op, grad):
    # The rules of the two ops it stands for: BroadcastLike's sum, then Mul's product.
    return [multiply(sum_to_shape_of(grad, op.inputs[0]), op.attrs["scale"]), None]


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_mean, input_tensor, axis, keepdims)


@register("Prod", dtypes=NUMBERS + _COMPLEX)
def _prod(x, axis, keepdims):  # (small float tensors multiply in TF's order: eigen_sums.py)
    return sum_as_tf(x, axis, keepdims, op=np.multiply)


@_prod.gradient
def _prod_grad(op, dy):
    # d(prod)/dx_i = prod / x_i, computed without dividing so zeros in x are handled:
    # the product of everything before i times everything after i along the reduced axes.
    x = op.inputs[0]
    axis = op.attrs["axis"]
    dy = _restore_reduced_axes(dy, x, axis, op.attrs["keepdims"])
    others = _prod_of_others(x, axis)
    return [multiply(broadcast_like(dy, x), others)]


def _prod_of_others(x, axis):
    ndim = x.ndim
    kept = [i for i in range(ndim) if i not in axis]
    perm = list(axis) + kept
    moved = transpose(x, perm)
    shape = list(moved.shape)
    flat = reshape_to(moved, [-1] + shape[len(axis):])
    before = cumprod(flat, axis=0, exclusive=True)
    after = cumprod(flat, axis=0, exclusive=True, reverse=True)
    others = reshape_to(multiply(before, after), shape)
    inverse = [perm.index(i) for i in range(ndim)]
    return transpose(others, inverse)


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_prod, input_tensor, axis, keepdims)


def _extremum_grad(op, dy):
    # The gradient goes to the elements equal to the extremum, split evenly between ties.
    x = op.inputs[0]
    axis = op.attrs["axis"]
    y = _restore_reduced_axes(op.outputs[0], x, axis, op.attrs["keepdims"])
    dy = _restore_reduced_axes(dy, x, axis, op.attrs["keepdims"])
    hits = cast(equal(x, broadcast_like(y, x)), dy._dtype)
    count = _restore_reduced_axes(reduce_sum(hits, axis=list(axis), keepdims=False), x, axis,
                                  False)
    return [multiply(divide_no_cast(hits, broadcast_like(count, x)), broadcast_like(dy, x))]


@register("Max", dtypes=NUMBERS)
def _max(x, axis, keepdims):
    return np.max(x, axis=axis, keepdims=keepdims) if x.size else \
        np.full(_reduced_shape(x.shape, axis, keepdims), _lowest(x.dtype), x.dtype)


@register("Min", dtypes=NUMBERS)
def _min(x, axis, keepdims):
    return np.min(x, axis=axis, keepdims=keepdims) if x.size else \
        np.full(_reduced_shape(x.shape, axis, keepdims), _highest(x.dtype), x.dtype)


_max.gradient(_extremum_grad)
_min.gradient(_extremum_grad)


def _reduced_shape(shape, axis, keepdims):
    return tuple(1 if i in axis else d for i, d in enumerate(shape) if keepdims or i not in axis)


def _lowest(np_dtype):
    return -np.inf if np_dtype.kind == "f" else np.iinfo(np_dtype).min


def _highest(np_dtype):
    return np.inf if np_dtype.kind == "f" else np.iinfo(np_dtype).max


def reduce_max(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_max, input_tensor, axis, keepdims)


def reduce_min(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_min, input_tensor, axis, keepdims)


_any = register("Any", differentiable=False, dtypes=(dtypes.bool,))(
    lambda x, axis, keepdims: np.any(x, axis=axis, keepdims=keepdims))
_all = register("All", differentiable=False, dtypes=(dtypes.bool,))(
    lambda x, axis, keepdims: np.all(x, axis=axis, keepdims=keepdims))


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_any, _bool_input(_any, input_tensor, axis), axis, keepdims)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_all, _bool_input(_all, input_tensor, axis), axis, keepdims)


def _bool_input(op, x, axis):
    """All and Any take bools: TF's error for another dtype depends on the axis' form. A
    Python or NumPy value is converted to bool directly (``[]`` is an empty bool tensor)."""
    if not isinstance(x, Tensor) and not hasattr(type(x), "_as_tensor"):
        x = convert_to_tensor(x, dtype=dtypes.bool)
    x = as_tensor(x)
    check_axis_dtype(axis, op.name)  # (the attr Tidx before the input's dtype)
    if x._dtype is dtypes.bool or state.graph is not None:  # (tracing: TF's signature check)
        return x
    check_axis_converts(axis)
    if isinstance(axis, (list, tuple)):  # (a list axis goes through a conversion first)
        raise ValueError(f"Tensor conversion requested dtype bool for Tensor with dtype "
                         f"{x._dtype.name}: {x!r}")
    raise invalid_argument(op.name, f"cannot compute {op.name} as input #0(zero-based) was "
                                    f"expected to be a bool tensor but is a "
                                    f"{tf_type_name(x._dtype)} tensor")


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """log(sum(exp(x))) computed stably by shifting by the (constant) maximum: a composite."""
    x = as_tensor(input_tensor)
    shift = stop_gradient(reduce_max(x, axis=axis, keepdims=True))  # (first: errors are Max's)
    axes = normalize_axis(axis, x.ndim, "Max")
    # An all -inf (or +inf) slice would give inf - inf = nan: shift those by 0 instead.
    finite_shift = where_v2(is_finite(shift), shift, zeros_like(shift))
    summed = reduce_sum(exp(subtract(x, finite_shift)), axis=list(axes), keepdims=True)
    out = add(log(summed), finite_shift)
    if keepdims:
        return out
    kept = [d for i, d in enumerate(x.shape) if i not in axes]
    if kept.count(None) > 1:  # traced with several unknown sizes: no reshape can say it
        return reduce_sum(out, axis=list(axes))  # (a sum over size-1 axes drops them)
    return reshape_to(out, kept)


_is_finite = register("IsFinite", elementwise=True, differentiable=False,
                      dtypes=FLOATS)(np.isfinite)
_is_nan = register("IsNan", elementwise=True, differentiable=False, dtypes=FLOATS)(np.isnan)
_is_inf = register("IsInf", elementwise=True, differentiable=False, dtypes=FLOATS)(np.isinf)


def is_finite(x, name=None):
    return _unary(_is_finite, x)


def is_nan(x, name=None):
    return _unary(_is_nan, x)


def is_inf(x, name=None):
    return _unary(_is_inf, x)


# --- cumulative ops -----------------------------------------------------------------------------
@register("Cumsum")
def _cumsum(x, axis, exclusive, reverse):
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = np.concatenate([np.zeros_like(np.take(out, [0], axis=axis)),
                              np.delete(out, -1, axis=axis)], axis=axis) if x.shape[axis] else out
    return np.flip(out, axis) if reverse else out


@_cumsum.gradient
def _cumsum_grad(op, dy):
    attrs = op.attrs
    return [cumsum(dy, attrs["axis"], exclusive=attrs["exclusive"],
                   reverse=not attrs["reverse"])]


def _scan_axis(axis, ndim, op_name):
    """The axis of a scan (cumsum, cumprod, ...), in range: TF's scan kernels name a bad one
    their own way (a negative axis as counted from the end: -3 of 2 axes is "-1")."""
    check_axis_dtype(axis, op_name)
    value = axis._value if isinstance(axis, Tensor) and axis._value is not None else axis
    if isinstance(value, (list, tuple, np.ndarray)) and np.ndim(value) != 0:  # (TF's kernel)
        raise invalid_argument(op_name, f"ScanOp: axis must be a scalar, not "
                                        f"{_dims_text(list(np.shape(value)))}")
    if isinstance(value, (int, np.integer, np.ndarray)) and np.ndim(value) == 0 and \
            ndim is not None and not -ndim <= int(value) < ndim:
        shown = int(value) + ndim if int(value) < 0 else int(value)
        raise invalid_argument(op_name, f"ScanOp: Expected scan axis in the range [{-ndim}, "
                                        f"{ndim}), but got {shown}")
    return normalize_axis(axis, ndim, op_name)[0]


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    x = as_tensor(x)
    check_dtype("Cumsum", x, NUMBERS + _COMPLEX)  # (its attr T, before the axis)
    axis = _scan_axis(axis, x.ndim, "Cumsum")
    return execute(_cumsum, (x,), {"axis": axis, "exclusive": bool(exclusive),
                                   "reverse": bool(reverse)})


@register("Cumprod")
def _cumprod(x, axis, exclusive, reverse):
    if reverse:
        x = np.flip(x, axis)
    out = np.cumprod(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = np.concatenate([np.ones_like(np.take(out, [0], axis=axis)),
                              np.delete(out, -1, axis=axis)], axis=axis) if x.shape[axis] else out
    return np.flip(out, axis) if reverse else out


@_cumprod.gradient
def _cumprod_grad(op, dy):
    # Valid where x has no zeros (TF has the same restriction).
    x = op.inputs[0]
    attrs = op.attrs
    prod = op.outputs[0]
    summed = cumsum(multiply(prod, dy), attrs["axis"], exclusive=attrs["exclusive"],
                    reverse=not attrs["reverse"])
    return [divide_no_cast(summed, x)]


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    x = as_tensor(x)
    check_dtype("Cumprod", x, NUMBERS + _COMPLEX)  # (its attr T, before the axis)
    axis = _scan_axis(axis, x.ndim, "Cumprod")
    return execute(_cumprod, (x,), {"axis": axis, "exclusive": bool(exclusive),
                                    "reverse": bool(reverse)})


# --- more elementwise math: inverse trig, hyperbolic, erf, softplus ----------------------------
@register("Atan", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _atan(x):  # (float32/64: Eigen's own, as TF computes it: eigen_float.py, eigen_double.py)
    if x.dtype == np.float64:
        return eigen_double.atan(x)
    return eigen_float.atan(x) if x.dtype == np.float32 else np.arctan(x)


@_atan.gradient
def _atan_grad(op, dy):
    return [divide_no_cast(dy, add(square(op.inputs[0]), 1))]


def atan(x, name=None):
    return _unary(_atan, x)


@register("Asin", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _asin(x):
    with np.errstate(invalid="ignore"):
        if x.dtype == np.float32:  # (Eigen's own: eigen_float.py)
            return eigen_float.asin(x)
        return _by_c_library("asin", x, np.arcsin)


@_asin.gradient
def _asin_grad(op, dy):
    # d/dx asin(x) = 1 / sqrt(1 - x^2)
    return [multiply(dy, rsqrt(subtract(1, square(op.inputs[0]))))]


def asin(x, name=None):
    return _unary(_asin, x)


@register("Acos", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _acos(x):
    with np.errstate(invalid="ignore"):
        if x.dtype == np.float32:
            return eigen_float.acos(x)
        return _by_c_library("acos", x, np.arccos)


@_acos.gradient
def _acos_grad(op, dy):
    return [negative(multiply(dy, rsqrt(subtract(1, square(op.inputs[0])))))]


def acos(x, name=None):
    return _unary(_acos, x)


@register("Sinh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _sinh(x):
    with np.errstate(over="ignore"):
        return _by_c_library("sinh", x, np.sinh)


@_sinh.gradient
def _sinh_grad(op, dy):
    return [multiply(dy, cosh(op.inputs[0]))]


def sinh(x, name=None):
    return _unary(_sinh, x)


@register("Cosh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _cosh(x):
    with np.errstate(over="ignore"):
        return _by_c_library("cosh", x, np.cosh)


@_cosh.gradient
def _cosh_grad(op, dy):
    return [multiply(dy, sinh(op.inputs[0]))]


def cosh(x, name=None):
    return _unary(_cosh, x)


@register("Asinh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _asinh(x):
    return _by_c_library("asinh", x, np.arcsinh)


@_asinh.gradient
def _asinh_grad(op, dy):
    return [multiply(dy, rsqrt(add(square(op.inputs[0]), 1)))]


def asinh(x, name=None):
    return _unary(_asinh, x)


@register("Acosh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _acosh(x):
    with np.errstate(invalid="ignore"):
        return _by_c_library("acosh", x, np.arccosh)


@_acosh.gradient
def _acosh_grad(op, dy):
    return [multiply(dy, rsqrt(subtract(square(op.inputs[0]), 1)))]


def acosh(x, name=None):
    return _unary(_acosh, x)


@register("Atanh", elementwise=True, dtypes=FLOATS_OR_COMPLEX)
def _atanh(x):
    with np.errstate(invalid="ignore", divide="ignore"):
        if x.dtype == np.float64:
            return eigen_double.atanh(x)
        return eigen_float.atanh(x) if x.dtype == np.float32 else np.arctanh(x)


@_atanh.gradient
def _atanh_grad(op, dy):
    return [divide_no_cast(dy, subtract(1, square(op.inputs[0])))]


def atanh(x, name=None):
    return _unary(_atanh, x)


@register("Atan2", elementwise=True, broadcasts=True, dtypes=FLOATS)
def _atan2(y, x):  # (float32: Eigen's own, as TF computes it: eigen_float.py)
    if y.dtype == np.float32:
        return eigen_float.atan2(y, x)
    return eigen_double.atan2(y, x) if y.dtype == np.float64 else np.arctan2(y, x)


@_atan2.gradient
def _atan2_grad(op, dz):
    # atan2(y, x) = angle of the point (x, y): d/dy = x / r^2, d/dx = -y / r^2.
    y, x = op.inputs
    scaled = divide_no_cast(dz, add(square(x), square(y)))
    return [multiply(scaled, x), negative(multiply(scaled, y))]


def atan2(y, x, name=None):
    return execute(_atan2, op_inputs("Atan2", (y, x), _atan2.dtypes, names=("y", "x")))


_TWO_OVER_SQRT_PI = 2.0 / np.sqrt(np.pi)


def _erf_float64(x):
    """erf to about 1e-15 in float64, vectorized, without SciPy.

    For |x| < 3 the series erf(x) = 2/sqrt(pi) exp(-x^2) sum_n (2x^2)^n x / (1*3*...*(2n+1))
    has only positive terms (no cancellation). For |x| >= 3 we use Laplace's continued fraction
    for erfc(x) = exp(-x^2) / (sqrt(pi) (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))).
    """
    a = np.abs(x)
    out = np.empty_like(a)
    small = a < 3.0
    xs = a[small]
    if xs.size:
        terms = int(2.0 * float(xs.max()) ** 2) + 30  # enough for 1e-16 relative accuracy
        x2 = 2.0 * xs * xs
        term = xs.copy()
        total = xs.copy()
        for k in range(1, terms):
            term *= x2 / (2 * k + 1)
            total += term
        out[small] = _TWO_OVER_SQRT_PI * np.exp(-xs * xs) * total
    xl = a[~small]
    if xl.size:
        with np.errstate(over="ignore", invalid="ignore"):
            frac = xl.copy()
            for k in range(60, 0, -1):
                frac = xl + (k / 2.0) / frac
            out[~small] = 1.0 - np.exp(-xl * xl) / (np.sqrt(np.pi) * frac)
        out[np.isinf(a)] = 1.0
    out[np.isnan(a)] = np.nan
    return np.copysign(out, x)


@register("Erf", elementwise=True, dtypes=FLOATS)
def _erf(x):
    if x.dtype == np.float32:
        return eigen_float.erf(x)  # (as _log)
    if x.dtype == np.float64:
        return eigen_double.erf(x)
    return _erf_float64(x.astype(np.float64)).astype(x.dtype, copy=False)


@_erf.gradient
def _erf_grad(op, dy):
    x = op.inputs[0]
    return [multiply(dy, multiply(exp(negative(square(x))), _TWO_OVER_SQRT_PI))]


def erf(x, name=None):
    return _unary(_erf, x)


@register("Softplus", elementwise=True, dtypes=FLOATS)
def _softplus(x):
    if x.dtype == np.float32:
        return eigen_float.softplus(x)  # (as _log)
    if x.dtype == np.float64:
        return eigen_double.softplus(x)
    if x.dtype == np.float16:
        return eigen_float.softplus_half(x)
    # log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|)): never overflows.
    return np.logaddexp(np.zeros((), x.dtype), x)


@_softplus.gradient
def _softplus_grad(op, dy):
    return [multiply(dy, sigmoid(op.inputs[0]))]


def softplus(features, name=None):
    return _unary(_softplus, features)


def log_sigmoid(x, name=None):
    """log(sigmoid(x)) = -softplus(-x): a composite, stable for large |x|."""
    return negative(softplus(negative(x)))  # (TF's ops, in its order: Neg refuses first)


def _unary_float(x, op):
    x = as_tensor(x)
    check_dtype(op.name, x, op.dtypes)
    return x


# --- sums of many tensors, counts, statistics ------------------------------------------------
@register("AddN", dtypes=NUMBERS)
def _add_n(*inputs):
    out = inputs[0].copy()
    for x in inputs[1:]:
        out += x
    return out


@_add_n.gradient
def _add_n_grad(op, dy):
    return [dy] * len(op.inputs)


def _check_add_n_dtypes(tensors):
    """TF's AddN takes one dtype: a graph refuses a mix, an eager call names the first input
    of another dtype (add_n([1, 2.0]): int32, then float32)."""
    first = tensors[0]._dtype
    if all(t._dtype is first for t in tensors):
        return
    if state.graph is not None:
        names = ", ".join(t._dtype.name for t in tensors)
        raise TypeError(f"Tensors in list passed to 'inputs' of 'AddN' Op have types [{names}] "
                        f"that don't all match.")
    i, other = next((i, t._dtype) for i, t in enumerate(tensors) if t._dtype is not first)
    raise invalid_argument("AddN", f"cannot compute AddN as input #{i}(zero-based) was expected "
                                   f"to be a {tf_type_name(first)} tensor but is a "
                                   f"{tf_type_name(other)} tensor")


def add_n(inputs, name=None):
    """Sums a list of tensors of one shape and dtype (no broadcasting, as in TF)."""
    if isinstance(inputs, Tensor) or not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with "
                         "the same dtype and shape.")
    tensors = [as_tensor(value) for value in inputs]  # each on its own, as TF converts them
    if len(tensors) == 1:
        return tensors[0]
    _check_add_n_dtypes(tensors)
    check_dtype("AddN", tensors[0], _add_n.dtypes, "inputs")
    shapes = [t.shape for t in tensors]
    for i, s in enumerate(shapes[1:], start=1):
        if not s.is_compatible_with(shapes[0]):
            raise invalid_argument("AddN", f"Inputs to operation AddN of type AddN must have the "
                                           f"same size and shape.  Input 0: "
                                           f"{_dims_text(shapes[0])} != input {i}: "
                                           f"{_dims_text(s)}",
                                   f"AddN_N_{len(tensors)}")
    return execute(_add_n, tuple(tensors))


def scalar_mul(scalar, x, name=None):
    """``tf.math.scalar_mul``: `scalar` (0-D, converted to x's dtype) times `x`."""
    dtype = dtypes.as_dtype(x.dtype)  # (TF reads x's dtype first: a Python x has none)
    scalar = convert_to_tensor(scalar, dtype=dtype, name="scalar")
    x = as_tensor(x)
    if scalar.shape.rank != 0:
        raise ValueError(f"The input scalar must be a 0-D value. Received shape "
                         f"{tuple(scalar.shape.as_list())}.")
    return multiply(scalar, x)


def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None):
    """Number of non-zero elements along `axis` (``tf.math.count_nonzero``), as `dtype`."""
    x = as_tensor(input)
    if x._dtype is dtypes.string:  # a string counts unless it is empty
        nonzero = not_equal(x, convert_to_tensor(""))
    elif x._dtype is dtypes.bool:
        nonzero = x
    else:
        nonzero = not_equal(x, zeros_like(x))
    return reduce_sum(cast(nonzero, dtype), axis=axis, keepdims=bool(keepdims))


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """Mean squared deviation from the mean along `axis` (floating or complex inputs, as TF;
    a complex input's variance is the real mean of |x - mean|^2)."""
    x = as_tensor(input_tensor)
    mean = reduce_mean(x, axis=axis, keepdims=True)  # (first, as TF: its errors come first)
    if mean._dtype.is_integer:
        raise TypeError(f"Input must be either real or complex. Received integer type "
                        f"{mean._dtype}.")
    if x._dtype.is_complex:  # |d|^2 as d times its conjugate (TF's way: no square root)
        deviation = subtract(x, mean)
        squares = complex_ops.real(multiply(deviation, complex_ops.conj(deviation)))
        return reduce_mean(squares, axis=axis, keepdims=keepdims)
    return reduce_mean(squared_difference(x, mean), axis=axis, keepdims=keepdims)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    return sqrt(reduce_variance(input_tensor, axis=axis, keepdims=keepdims))


@register("EuclideanNorm", dtypes=NUMBERS + _COMPLEX)
def _euclidean_norm(x, axis, keepdims):
    # |x|^2 (x times its conjugate): a complex norm is real, kept in x's complex dtype as TF's
    squares = np.multiply(x, np.conj(x) if x.dtype.kind == "c" else x, dtype=x.dtype)
    # (the squares add up in the order of TF's Sum kernel, which its reducer shares)
    return np.sqrt(sum_as_tf(squares, axis, keepdims)).astype(x.dtype, copy=False)


@_euclidean_norm.gradient
def _euclidean_norm_grad(op, dy):
    x = op.inputs[0]
    if x._dtype.is_complex:
        raise NotImplementedError("eagerbook differentiates tf.math.reduce_euclidean_norm of "
                                  "real tensors only")
    axis, keepdims = op.attrs["axis"], op.attrs["keepdims"]
    norm = _restore_reduced_axes(op.outputs[0], x, axis, keepdims)
    dy = _restore_reduced_axes(dy, x, axis, keepdims)
    return [multiply(x, broadcast_like(divide_no_cast(dy, norm), x))]


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce(_euclidean_norm, input_tensor, axis, keepdims)


# --- argmax / argmin ------------------------------------------------------------------------------
def _infer_arg_reduce(inputs, attrs):
    """The traced shape of argmax/argmin: the input's without the reduced axis."""
    dims = inputs[0]._shape._dims
    return [(attrs["output_type"], None if dims is None else
             dims[:attrs["axis"]] + dims[attrs["axis"] + 1:])]


def _check_arg_axis(op_name, x, axis):
    if x.shape[axis] == 0:  # checked when the op runs (eager or traced), as TF's kernel does
        raise invalid_argument(op_name, f"Reduction axis {axis} is empty in shape "
                                        f"{str(list(x.shape)).replace(' ', '')}")


@register("ArgMax", differentiable=False, dtypes=NUMBERS + (dtypes.bool,),
          infer_shape=_infer_arg_reduce)
def _argmax(x, axis, output_type):
    _check_arg_axis("ArgMax", x, axis)
    return np.argmax(_nan_never_wins(x, -np.inf), axis=axis).astype(output_type._np)


def _nan_never_wins(x, loser):
    """TF's kernel keeps the first value a strict comparison prefers: a NaN is never
    preferred (NumPy's argmax picks the first NaN), and an all-NaN row gives index 0."""
    if x.dtype.kind == "f" and np.isnan(x).any():
        return np.where(np.isnan(x), loser, x)
    return x


@register("ArgMin", differentiable=False, dtypes=NUMBERS + (dtypes.bool,),
          infer_shape=_infer_arg_reduce)
def _argmin(x, axis, output_type):
    _check_arg_axis("ArgMin", x, axis)
    return np.argmin(_nan_never_wins(x, np.inf), axis=axis).astype(output_type._np)


# (TF's ArgMax also gives int16 and uint16 positions; ArgMin does not)
_ARG_OUTPUT_TYPES = {"ArgMax": (dtypes.int16, dtypes.uint16, dtypes.int32, dtypes.int64),
                     "ArgMin": (dtypes.int32, dtypes.int64)}


def _arg_reduce(op, x, axis, output_type):
    x = as_tensor(x)
    if op is _argmax and not isinstance(axis, (int, np.integer, Tensor, type(None))):
        raise TypeError("axis must be int or Tensor with integer datatype")  # (argmax only)
    check_axis_converts(axis)
    check_dtype(op.name, x, op.dtypes, "input")
    output_type = dtypes.as_dtype(output_type)
    if output_type not in _ARG_OUTPUT_TYPES[op.name]:
        allowed = ", ".join(d.name for d in _ARG_OUTPUT_TYPES[op.name])
        raise attr_error(op.name, f"Value for attr 'output_type' of {tf_type_name(output_type)} "
                                  f"is not in the list of allowed values: {allowed}")
    if axis is None:
        axis = 0
    if isinstance(axis, Tensor):
        axis = axis._value
    if np.ndim(axis) != 0:
        raise invalid_argument(op.name, f"dim must be a scalar, but received tensor of shape: "
                                        f"{list(np.shape(axis))}")
    axis = int(axis)
    ndim = x.ndim
    if ndim is not None and not -ndim <= axis < ndim:
        raise invalid_argument(op.name, f"Expected dimension in the range [{-ndim}, {ndim}), "
                                        f"but got {axis}")
    axis = axis % ndim if ndim is not None else axis  # unknown rank: as given
    return execute(op, (x,), {"axis": axis, "output_type": output_type})


def argmax(input, axis=None, output_type=dtypes.int64, name=None):
    """Index of the largest value along `axis` (default 0); ties go to the first index."""
    return _arg_reduce(_argmax, input, axis, output_type)


def argmin(input, axis=None, output_type=dtypes.int64, name=None):
    return _arg_reduce(_argmin, input, axis, output_type)


# --- clipping ----------------------------------------------------------------------------------
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(max(t, lo), hi) elementwise: a composite, so gradients reach t and the bounds."""
    if type(t) is IndexedSlices:  # clips the stored rows, staying sparse (as TF does)
        return t._with_values(clip_by_value(t.values, clip_value_min, clip_value_max))
    t = as_tensor(t)
    t_min = minimum(t, clip_value_max)
    t_max = maximum(t_min, clip_value_min)
    if not t_max.shape.is_compatible_with(t.shape):
        raise ValueError(f"clip_by_value: clip bounds of shapes "
                         f"{as_tensor(clip_value_min).shape} and "
                         f"{as_tensor(clip_value_max).shape} broadcast t of shape {t.shape} to "
                         f"{t_max.shape}; the result must keep t's shape")
    return t_max


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """Rescales `t` so its L2 norm along `axes` is at most `clip_norm` (TF's formulation).

    The norm is taken through a ``where`` so that an all-zero `t` gives zero gradients, not NaN.
    An IndexedSlices stays one; its norm is that of its stored rows (a repeated row counts
    twice, as in TF).
    """
    if type(t) is IndexedSlices:
        return t._with_values(clip_by_norm(t.values, clip_norm, axes))
    t = as_tensor(t)
    check_dtype("ClipByNorm", t, FLOATS, "t")
    clip_norm = as_tensor(clip_norm, t._dtype) if not isinstance(clip_norm, Tensor) else clip_norm
    l2sum = reduce_sum(multiply(t, t), axis=axes, keepdims=True)
    positive = greater(l2sum, 0)
    l2sum_safe = where_v2(positive, l2sum, ones_like(l2sum))
    l2norm = where_v2(positive, sqrt(l2sum_safe), l2sum)
    scaled = multiply(t, clip_norm)
    clipped = divide_no_cast(scaled, maximum(l2norm, clip_norm))
    if not clipped.shape.is_compatible_with(t.shape):
        raise ValueError(f"clip_by_norm: clip_norm of shape {clip_norm.shape} changed the shape "
                         f"of t from {t.shape} to {clipped.shape}")
    return identity(clipped)


# --- tensordot and einsum -----------------------------------------------------------------
def _einsum_terms(term):
    """'ab...c' -> ['a', 'b', '...', 'c']."""
    out = []
    i = 0
    while i < len(term):
        if term.startswith("...", i):
            out.append("...")
            i += 3
        else:
            out.append(term[i])
            i += 1
    return out


def _parse_einsum(equation, ranks, dtype):
    """Validates `equation` for inputs of `ranks` and `dtype`; returns (input terms, output
    term) in explicit form."""
    eq = equation.replace(" ", "")
    if eq.count("->") > 1:
        raise ValueError(f"einsum: equation {equation!r} has more than one '->'")
    lhs, arrow, out = eq.partition("->")
    ins = lhs.split(",")
    if len(ins) != len(ranks):
        raise ValueError(f"einsum: equation {equation!r} names {len(ins)} inputs but "
                         f"{len(ranks)} were given")
    for term in ins + ([out] if arrow else []):
        for label in _einsum_terms(term):
            if label != "..." and not label.isalpha():
                raise ValueError(f"einsum: invalid subscript {label!r} in equation "
                                 f"{equation!r}; use letters and '...'")
    if not arrow:
        counts = {}
        for term in ins:
            for label in _einsum_terms(term):
                if label != "...":
                    counts[label] = counts.get(label, 0) + 1
        ellipsis = "..." if any("..." in term for term in ins) else ""
        out = ellipsis + "".join(sorted(label for label, c in counts.items() if c == 1))
    seen = set("".join(ins))
    for label in _einsum_terms(out):  # (checked in TF's Python, before the op)
        if label != "..." and label not in seen:
            raise ValueError(f"Output subscripts contain the label {label} not present in the "
                             f"input subscripts.")
    for index, (term, rank) in enumerate(zip(ins, ranks)):
        labels = [lab for lab in _einsum_terms(term) if lab != "..."]
        if len(labels) > rank or ("..." not in term and len(labels) != rank):
            check = "rank at least" if "..." in term else "rank"  # (words: kernel_errors.py)
            raise kernel_errors.kernel_error("Einsum", dtype, check, f"_N_{len(ins)}",
                                             index=index, rank=len(labels), got=rank)
    return ins, out


@register("Einsum", dtypes=NUMBERS)
def _einsum(*inputs, equation):
    lhs, out = equation.split("->")
    if "..." in lhs and "..." not in out:
        # NumPy will not sum over ellipsis axes itself: keep them in front, then sum them.
        res = np.einsum(f"{lhs}->...{out}", *inputs, optimize=len(inputs) > 2)
        return np.sum(res, axis=tuple(range(res.ndim - len(out))), dtype=res.dtype)
    return np.einsum(equation, *inputs, optimize=len(inputs) > 2)


@_einsum.gradient
def _einsum_grad(op, dy):
    lhs, _, out = op.attrs["equation"].partition("->")
    ins = lhs.split(",")
    return [_einsum_input_grad(i, ins, out, op.inputs, dy) if x._dtype.is_floating else None
            for i, x in enumerate(op.inputs)]


def _einsum_input_grad(i, ins, out, inputs, dy):
    """The gradient of operand i: an einsum of dy with the other operands.

    Labels that appear only in operand i were summed away in the forward pass, so the result
    is broadcast back over them; ellipsis axes that were broadcast are summed back.
    """
    x = inputs[i]
    labels = _einsum_terms(ins[i])
    letters = [lab for lab in labels if lab != "..."]
    if len(set(letters)) != len(letters):
        raise NotImplementedError(
            f"einsum: no gradient for an operand with a repeated subscript ({ins[i]!r}, a "
            f"diagonal); use tf.linalg.diag_part first")
    others = [ins[j] for j in range(len(ins)) if j != i]
    other_tensors = tuple(inputs[j] for j in range(len(ins)) if j != i)
    available = set(out).union(*others) if others else set(out)
    ellipsis_available = "..." in out or any("..." in term for term in others)
    kept = [lab for lab in labels if (lab == "..." and ellipsis_available)
            or (lab != "..." and lab in available)]
    equation = ",".join([out] + others) + "->" + "".join(kept)
    grad = execute(_einsum, (dy,) + other_tensors, {"equation": equation})

    # Static shapes: the ellipsis axes of x and of the broadcast result.
    x_shape = list(x.shape)
    n_ell = len(x_shape) - len(letters)
    pos = labels.index("...") if "..." in labels else len(labels)
    x_ell = x_shape[pos:pos + n_ell]
    if "..." in kept:
        g_shape = list(grad.shape)
        g_ell_len = len(g_shape) - (len(kept) - 1)
        g_ell = g_shape[_pos_kept(kept):_pos_kept(kept) + g_ell_len]
        if g_ell != x_ell:
            start = _pos_kept(kept)
            lead = g_ell_len - n_ell
            axes = list(range(start, start + lead)) + [
                start + lead + k for k, d in enumerate(x_ell) if d == 1 and g_ell[lead + k] != 1]
            grad = reduce_sum(grad, axis=axes, keepdims=True)
            shape = list(grad.shape)
            grad = reshape_to(grad, shape[:start] + shape[start + lead:])
    if len(kept) != len(labels):
        target = []
        for lab in labels:
            if lab == "...":
                target.extend(x_ell if "..." in kept else [1] * n_ell)
            else:
                target.append(x_shape[_labels_axis(labels, lab, n_ell)] if lab in kept else 1)
        grad = broadcast_like(reshape_to(grad, target), x)
    return grad


def _pos_kept(kept):
    """Axis where the ellipsis starts in a term whose letters each take one axis."""
    return kept.index("...")


def _labels_axis(labels, label, n_ell):
    axis = 0
    for lab in labels:
        if lab == label:
            return axis
        axis += n_ell if lab == "..." else 1
    raise KeyError(label)


def einsum(equation, *inputs, **kwargs):
    """Einstein summation (``tf.einsum``): a primitive whose gradient is again an einsum."""
    if kwargs.keys() - {"name", "optimize"}:
        raise TypeError(f"einsum() got unexpected keyword arguments "
                        f"{sorted(kwargs.keys() - {'name', 'optimize'})}")
    if not inputs:
        raise ValueError("einsum needs at least one input tensor")
    for value in inputs:  # TF reads each input's shape first: a Python list or number fails
        if not hasattr(value, "shape"):
            raise AttributeError(f"'{type(value).__name__}' object has no attribute 'shape'")
    tensors = [as_tensor(inputs[0])]
    for value in inputs[1:]:
        tensors.append(binary_operands(tensors[0], value, "Einsum")[1])
    check_dtype("Einsum", tensors[0], _einsum.dtypes, "inputs")
    ins, out = _parse_einsum(equation, [t.ndim for t in tensors], tensors[0].dtype)
    sizes = {}
    for term, t in zip(ins, tensors):
        labels = _einsum_terms(term)
        n_ell = t.ndim - sum(lab != "..." for lab in labels)
        axis = 0
        for lab in labels:  # each label's size must agree across inputs and within one
            if lab == "...":
                axis += n_ell
                continue
            d = t.shape[axis]
            if d is not None and sizes.setdefault(lab, d) != d:
                shape = ",".join(str(n) for n in t.shape)
                raise invalid_argument(
                    "Einsum", f"Expected dimension {sizes[lab]} at axis {axis} of the input "
                              f"shaped [{shape}] but got dimension {d}",
                    kernel_errors.function_name("Einsum", t.dtype) + f"_N_{len(tensors)}")
            axis += 1
    explicit = ",".join(ins) + "->" + out
    return execute(_einsum, tuple(tensors), {"equation": explicit})
