"""TF's BatchMatMulV2: ``tf.matmul`` when either operand has batch axes (``[..., M, K]``).

Two matrices run MatMul (ops/primitives.py, the op to read first); this one multiplies the
last two axes of each operand, broadcasting the axes before them, and takes adjoints (adj_x,
adj_y: the conjugate transpose) where MatMul transposes. ``tf.matmul(x, y, transpose_a=True)``
of complex batches therefore conjugates x first, as TF's Python does, so that the two
conjugations cancel.
"""

import numpy as np

from . import primitives, support
from .binary import BATCH_MATMUL_V2
from .primitives import matmul
from .registry import execute, register
from .support import conjugated


@register("BatchMatMulV2", broadcasts=True, dtypes=BATCH_MATMUL_V2)  # batch axes broadcast
def _batch_mat_mul(a, b, *, adj_x=False, adj_y=False):  # (keyword defaults: attrs a call may omit)
    # Checked when it runs, as TF's kernel; tracing: math_ops._infer_batch_mat_mul
    if a.ndim < 2 or b.ndim < 2:
        raise support.matmul_error("BatchMatMulV2", a, b, contracted=False)
    x = _adjoint(a) if adj_x else a
    y = _adjoint(b) if adj_y else b
    try:
        return np.matmul(x, y)
    except ValueError:
        raise support.matmul_error("BatchMatMulV2", a, b, x.shape[-1] != y.shape[-2],
                                   (adj_x, adj_y)) from None


def _adjoint(m):
    """The conjugate transpose of the last two axes (a plain transpose for real numbers)."""
    m = np.swapaxes(m, -1, -2)
    return np.conj(m) if m.dtype.kind == "c" else m


@_batch_mat_mul.gradient
def _batch_mat_mul_grad(op, dy):
    # As MatMul's rule with A, B the operands as multiplied: dA = dy @ B^T, dB = A^T @ dy. An
    # adjointed operand (A = a^H) takes dA's adjoint back, which conjugates the other factor
    # (complex gradients on the tape follow the holomorphic rule: ops/complex_gradients.py).
    a, b = op.inputs
    adj_x, adj_y = op.attrs.get("adj_x", False), op.attrs.get("adj_y", False)
    da = db = None
    if op.needs_gradient(0):
        if adj_x:
            da = (matmul(b, dy, transpose_a=True, adjoint_b=True) if adj_y
                  else matmul(conjugated(b, True), dy, adjoint_b=True))
        else:
            da = matmul(dy, conjugated(b, True)) if adj_y else matmul(dy, b, transpose_b=True)
    if op.needs_gradient(1):
        if adj_y:
            db = (matmul(dy, a, adjoint_a=True, transpose_b=True) if adj_x
                  else matmul(dy, conjugated(a, True), adjoint_a=True))
        else:
            db = matmul(conjugated(a, True), dy) if adj_x else matmul(a, dy, transpose_a=True)
    return [da, db]


def batch_matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    """``primitives.matmul``'s road for operands with batch axes (checked there)."""
    if transpose_a or transpose_b:  # a transpose is the adjoint of the conjugate
        a, b = conjugated(a, transpose_a), conjugated(b, transpose_b)
    if transpose_a or transpose_b or adjoint_a or adjoint_b:
        return execute(_batch_mat_mul, (a, b), {"adj_x": bool(transpose_a or adjoint_a),
                                                "adj_y": bool(transpose_b or adjoint_b)})
    return execute(_batch_mat_mul, (a, b))  # the kernel checks ranks and sizes


def batch_mat_mul_v2(x, y, adj_x=False, adj_y=False):
    """TF's BatchMatMulV2 op itself (``tf.raw_ops.BatchMatMulV2``): no MatMul for matrices."""
    x, y = support.binary_operands(x, y, "BatchMatMulV2")
    return execute(_batch_mat_mul, (x, y), {"adj_x": bool(adj_x), "adj_y": bool(adj_y)})


primitives.BATCH_MATMUL[0] = batch_matmul
