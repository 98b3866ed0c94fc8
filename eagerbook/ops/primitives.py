"""A handful of primitives, each declared once: kernel, gradient rule, public function.

Read this file to see what every op in eagerbook looks like. A primitive is

    @register("Mul", broadcasts=True)        # TF's op name (kept in the IR) and its flags
    def _mul(x, y):                          # the NumPy kernel: arrays in, an array out
        return np.multiply(x, y)

    @_mul.gradient                           # the gradient rule, written with eagerbook ops
    def _mul_grad(op, dy):                   # op: inputs, outputs, attrs of the executed op
        x, y = op.inputs
        return [dy * y, dy * x]              # one gradient per input (None: no gradient)

    def multiply(x, y, name=None):           # the public function: TF's conversion rules,
        ...                                  # then registry.execute

Binary ops broadcast (``[3, 4] * [4]``): declared ``broadcasts=True``, their rules answer in the
output's shape, like the math (``[dy * y, dy * x]``), and the backward sweep (ops/backprop.py)
sums each back to its input's shape. An op declares the dtypes it accepts (``dtypes=FLOATS``),
which its public function checks. Here: AddV2, Mul, MatMul, Sum, Exp; the rest
(math_ops, array_ops, nn_ops, ...) is registered the same way, in files one can skip.
"""

import numpy as np

from ..core import context, dtypes
from ..core.tensor import EagerTensor
from . import eigen_double, eigen_float, support
from .binary import ADD_V2, MATMUL, MUL, binary, check_matmul_dtype
from .eigen_sums import sum_as_tf
from .registry import execute, invalid_argument, register, ufunc_function
from .support import FLOATS, NUMBERS, as_tensor, binary_operands, check_dtype, normalize_axis


# --- undoing broadcasting: what every binary op's gradient needs -------------------------------
@register("SumToShapeOf")
def _sum_to_shape_of(grad, like):
    """Sums `grad` over the axes along which `like` was broadcast (shared by all binary ops)."""
    if grad.shape == like.shape:
        return grad
    if like.ndim == 0:  # the common "scalar parameter" case: sum everything
        return sum_as_tf(grad, None, False)  # (as TF's Sum kernel adds: eigen_sums.py)
    lead = grad.ndim - like.ndim
    axes = tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(like.shape) if n == 1 and grad.shape[lead + i] != 1)
    return sum_as_tf(grad, axes, True).reshape(like.shape)


@_sum_to_shape_of.gradient
def _sum_to_shape_of_grad(op, dy):
    return [broadcast_like(dy, op.inputs[0]), None]


@register("BroadcastLike")
def _broadcast_like(x, like):
    if x.ndim == 0:  # a scalar (e.g. the gradient of a mean): filling is the fastest way
        out = np.empty(like.shape, x.dtype)
        out.fill(x)
        return out
    return np.broadcast_to(x, like.shape)  # a read-only view: tensors never change arrays


@_broadcast_like.gradient
def _broadcast_like_grad(op, dy):
    return [sum_to_shape_of(dy, op.inputs[0]), None]


def sum_to_shape_of(grad, like):
    """Reduces a gradient to the shape of the input it belongs to (undoes broadcasting)."""
    if grad is None:
        return None
    if grad._settled_shape == like._settled_shape:  # (while tracing, never: graph/ir.py)
        return grad  # the same shape: nothing to undo
    return execute(_sum_to_shape_of, (grad, like))


def broadcast_like(x, like):
    if x._settled_shape == like._settled_shape:
        return x
    return execute(_broadcast_like, (x, like))


@register("Reshape")
def _reshape(x, shape):
    try:
        return x.reshape(shape)
    except ValueError:  # the sizes differ (checked as TF's kernel does: eager or traced alike)
        known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
        wanted = f"requires a multiple of {known}" if -1 in shape and known else f"has {known}"
        raise invalid_argument("Reshape", f"Input to reshape is a tensor with {x.size} values, "
                                          f"but the requested shape {wanted}") from None


@_reshape.gradient
def _reshape_grad(op, dy):
    return [reshape_to(dy, op.inputs[0].shape)]


def reshape_to(x, shape):
    """Reshape to a known shape (a list of ints, at most one -1; tf.reshape checks more)."""
    x = as_tensor(x)
    return execute(_reshape, (x,), {"shape": tuple(-1 if d is None else int(d) for d in shape)})


# --- arithmetic --------------------------------------------------------------------------------
@register("AddV2", elementwise=True, broadcasts=True, dtypes=ADD_V2, ufunc=np.add)
def _add(x, y):
    return np.add(x, y)


@_add.gradient
def _add_grad(op, dy):
    return [dy, dy]  # (broadcasts=True: the sweep sums each back to its input's shape)


@ufunc_function(_add)  # two tensors of one dtype AddV2 takes: np.add at once (registry.py)
def add(x, y, name=None):
    """x + y, broadcasting; both must have one dtype (a Python number takes the other's)."""
    return binary(_add, x, y)  # conversion, then AddV2's dtypes (strings: TF's Add op)


@register("Mul", elementwise=True, broadcasts=True, dtypes=MUL, ufunc=np.multiply)
def _mul(x, y):
    return np.multiply(x, y)


@_mul.gradient
def _mul_grad(op, dy):
    x, y = op.inputs
    # Skip the half nobody asked for (in `w * x` with a constant x, d/dx is wasted work).
    return [dy * y if op.needs_gradient(0) else None, dy * x if op.needs_gradient(1) else None]


@ufunc_function(_mul)
def multiply(x, y, name=None):
    """x * y, elementwise with broadcasting."""
    return binary(_mul, x, y)


# --- a unary elementwise function --------------------------------------------------------------
@register("Exp", elementwise=True, dtypes=FLOATS)
def _exp(x):  # (float32/64: TF's own rounding, eigen_float/eigen_double.py; NumPy's differs)
    with np.errstate(over="ignore"):
        if x.dtype == np.float32:
            return eigen_float.exp(x)
        return eigen_double.exp(x) if x.dtype == np.float64 else np.exp(x)


@_exp.gradient
def _exp_grad(op, dy):
    return [multiply(dy, op.outputs[0])]  # d/dx e^x = e^x: the output, already computed


def exp(x, name=None):
    if type(x) is not EagerTensor:
        x = as_tensor(x)
    if x._dtype not in _exp.dtypes:  # what the op declares it accepts
        check_dtype("Exp", x, _exp.dtypes)
    return execute(_exp, (x,))


# --- a reduction -----------------------------------------------------------------------------
def reduce(op, x, axis, keepdims):
    """Runs a reduction op (on its declared dtypes): `axis` (None: all) becomes a sorted tuple."""
    if type(x) is not EagerTensor:
        x = as_tensor(x)
    if op.dtypes is not None and x._dtype not in op.dtypes:
        support.check_axis_converts(axis)  # (TF converts the axis first: 1.0 is a TypeError)
        check_dtype(op.name, x, op.dtypes, "input")
    axes = tuple(range(x._value.ndim)) if axis is None and type(x) is EagerTensor else \
        normalize_axis(axis, x.ndim, op.name)  # (all axes of an eager tensor: no call)
    return execute(op, (x,), {"axis": axes, "keepdims": bool(keepdims)})


def restore_reduced_axes(dy, x, axis, keepdims):
    """Gives a reduction's gradient back the reduced axes (size 1) so it broadcasts over x."""
    if keepdims or not axis or dy.ndim == 0:  # a scalar broadcasts as it is
        return dy
    shape = [1 if i in axis else d for i, d in enumerate(x.shape)]
    return reshape_to(dy, shape) if shape.count(None) < 2 else EXPAND_AXES[0](dy, axis)


@register("Sum", dtypes=NUMBERS + (dtypes.complex64, dtypes.complex128))  # (no bool, as TF)
def _sum(x, axis, keepdims):  # small float tensors add up in TF's order (eigen_sums.py)
    return sum_as_tf(x, axis, keepdims)


@_sum.gradient
def _sum_grad(op, dy):
    # Every summed element moves the sum by one: the gradient is dy, copied over x's shape.
    x = op.inputs[0]
    dy = restore_reduced_axes(dy, x, op.attrs["axis"], op.attrs["keepdims"])
    return [broadcast_like(dy, x)]


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    return reduce(_sum, input_tensor, axis, keepdims)


# --- the matrix product ------------------------------------------------------------------------
# TF runs MatMul for two matrices, and BatchMatMulV2 when either has batch axes (which takes
# adjoints, adj_x/adj_y, where MatMul transposes: ops/batch_matmul.py, filling in BATCH_MATMUL).
@register("MatMul", dtypes=MATMUL)
def _mat_mul(a, b, *, transpose_a=False, transpose_b=False):
    # Checked when it runs (eager or compiled), as TF's kernel; tracing: math_ops._infer_mat_mul
    if a.ndim != 2 or b.ndim != 2:  # (vectors: support.matmul_error has TF's words)
        raise support.matmul_error("MatMul", a, b, contracted=False)
    x = a.T if transpose_a else a
    y = b.T if transpose_b else b
    try:  # np.dot when small (a third cheaper than np.matmul); support.py says why
        return support.matrix_product(x, y)
    except ValueError:  # (TF's words, support.matmul_error)
        raise support.matmul_error("MatMul", a, b, contracted=True) from None


@_mat_mul.gradient
def _mat_mul_grad(op, dy):
    # For y = a @ b: da = dy @ b^T, db = a^T @ dy (the flags move the transposes: TF's four cases)
    a, b = op.inputs
    t_a, t_b = op.attrs.get("transpose_a", False), op.attrs.get("transpose_b", False)
    da = db = None
    if op.needs_gradient(0):
        da = (matmul(b, dy, transpose_a=t_b, transpose_b=True) if t_a
              else matmul(dy, b, transpose_b=not t_b))
    if op.needs_gradient(1):
        db = (matmul(dy, a, transpose_a=True, transpose_b=t_a) if t_b
              else matmul(a, dy, transpose_a=not t_a))
    return [da, db]


# Inserts size-1 axes where a reshape cannot (a traced shape with several unknown sizes):
# array_ops hands it over, as it imports this module.
EXPAND_AXES = [None]
BATCH_MATMUL = [None]  # batch_matmul.batch_matmul(a, b, transpose_a, transpose_b, adjoints)
_DOT_DTYPES = frozenset((dtypes.float32, dtypes.float64))  # np.dot keeps them: the fast path's


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, name=None):
    """Matrix product of the last two axes; leading (batch) axes broadcast."""
    if type(a) is type(b) is EagerTensor and a._dtype is b._dtype:
        if (a._dtype in _DOT_DTYPES and not context.state.hooked
                and not (transpose_a or transpose_b or adjoint_a or adjoint_b)):
            # The hot path (eager, nothing recording): `execute` would only call the kernel
            # and wrap its array; for two matrices that is np.dot.
            x, y = a._value, b._value
            if x.ndim == 2 == y.ndim:
                try:
                    result = EagerTensor()
                    result._dtype, result._value = a._dtype, np.dot(x, y)
                    result._tape_mark = None
                    return result
                except ValueError:  # sizes that do not fit: TF's words, below
                    pass
    else:
        a, b = binary_operands(a, b, "MatMul")
    if a._dtype not in MATMUL:  # what TF's MatMul takes (its BatchMatMulV2 takes int16 too)
        check_matmul_dtype(a, b)
    if (transpose_a and adjoint_a) or (transpose_b and adjoint_b):
        support.refuse_both_flags(transpose_a, adjoint_a, transpose_b, adjoint_b)
    # TF's MatMul up to 2-D; batch axes or a rank unknown while tracing run BatchMatMulV2.
    if support.at_most_2d(a) and support.at_most_2d(b):
        if adjoint_a or adjoint_b:  # an adjoint is the conjugate, transposed (complex only)
            a, b = support.conjugated(a, adjoint_a), support.conjugated(b, adjoint_b)
        if transpose_a or transpose_b or adjoint_a or adjoint_b:
            return execute(_mat_mul, (a, b), {"transpose_a": bool(transpose_a or adjoint_a),
                                              "transpose_b": bool(transpose_b or adjoint_b)})
        return execute(_mat_mul, (a, b))  # the kernel checks the sizes
    return BATCH_MATMUL[0](a, b, transpose_a, transpose_b, adjoint_a, adjoint_b)
