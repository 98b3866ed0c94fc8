"""``tf.linalg``: matrix transposes, traces, diagonals, determinants, inverses and norms.

`diag`, `diag_part` and `eye` live in array_ops (as in TF) and `matmul`, `einsum`, `tensordot`
in math_ops; they are re-exported here so ``tf.linalg.*`` can be assembled from one module.
"""

import numpy as np

from .array_ops import eye, transpose
from .array_ops import matrix_diag as diag
from .array_ops import matrix_diag_part as diag_part
from .math_ops import (
    abs,
    einsum,
    matmul,
    multiply,
    pow,
    reduce_euclidean_norm,
    reduce_max,
    reduce_sum,
    reshape_to,
    tensordot,
)
from .registry import execute, invalid_argument, register
from .support import FLOATS, as_tensor, check_dtype

__all__ = ["det", "diag", "diag_part", "einsum", "eye", "inv", "matmul", "matrix_transpose",
           "norm", "tensordot", "trace"]


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swaps the last two axes (batch axes stay in place)."""
    a = as_tensor(a)
    ndim = a.ndim
    if ndim < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received "
                         f"`a` = {a!r}")
    return transpose(a, list(range(ndim - 2)) + [ndim - 1, ndim - 2])


def trace(x, name=None):
    """Sum of the main diagonal of each matrix in the batch."""
    return reduce_sum(diag_part(x), axis=-1)


def _square_matrices(x, op_name):
    x = as_tensor(x)
    check_dtype(op_name, x, FLOATS, "input")
    shape = list(x.shape)
    if len(shape) < 2 or (shape[-1] is not None and shape[-2] != shape[-1]):
        raise invalid_argument(op_name, f"Input matrix must be square, got shape {shape}")
    return x


@register("MatrixDeterminant")
def _det(x):
    return np.asarray(np.linalg.det(x), dtype=x.dtype)


@_det.gradient
def _det_grad(op, dy):
    # d det(X) / dX = det(X) * inv(X)^T
    x, d = op.inputs[0], op.outputs[0]
    scale = reshape_to(multiply(dy, d), list(d.shape) + [1, 1])
    return [multiply(inv(x, adjoint=True), scale)]


def det(input, name=None):  # noqa: A002
    """Determinants of square matrices (batched)."""
    return execute(_det, (_square_matrices(input, "MatrixDeterminant"),))


@register("MatrixInverse")
def _inv(x, adjoint):
    if adjoint:
        x = np.swapaxes(x, -1, -2)
    try:
        return np.linalg.inv(x).astype(x.dtype, copy=False)
    except np.linalg.LinAlgError:
        raise ValueError("Input is not invertible.") from None


@_inv.gradient
def _inv_grad(op, dy):
    # d(X^-1) = -X^-1 dX X^-1, written for both values of `adjoint` (as TF does).
    ainv = op.outputs[0]
    adj = op.attrs["adjoint"]
    inner = matmul(dy, ainv, adjoint_a=adj, adjoint_b=not adj)
    return [multiply(matmul(ainv, inner, adjoint_a=not adj), -1)]


def inv(input, adjoint=False, name=None):  # noqa: A002
    """Inverses of square matrices (of their transposes with ``adjoint=True``)."""
    return execute(_inv, (_square_matrices(input, "MatrixInverse"),), {"adjoint": bool(adjoint)})


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):  # noqa: A002
    """Vector norms (over one axis, or the whole flattened tensor when axis is None) and
    matrix norms (over two axes): 'euclidean'/'fro', 1, inf, and p-norms for vectors."""
    x = as_tensor(tensor)
    check_dtype("Norm", x, FLOATS, "tensor")
    keepdims = bool(keepdims)
    if axis is None:
        axes = list(range(x.ndim))
        is_matrix = False
    else:
        axes = [int(axis)] if isinstance(axis, (int, np.integer)) else [int(a) for a in axis]
        if len(axes) not in (1, 2) or (len(axes) == 2 and axes[0] % max(x.ndim, 1) == axes[1]
                                       % max(x.ndim, 1)):
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique "
                             f"integers, got {axis}")
        for a in axes:
            if not -x.ndim <= a < x.ndim:
                raise ValueError(f"'axis' {a} is out of range for a tensor of rank {x.ndim}")
        is_matrix = len(axes) == 2
    if is_matrix:
        supported = ("euclidean", "fro", 1, np.inf)
        if isinstance(ord, (list, tuple)) or ord not in supported:
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, "
                             f"inf], got {ord!r} (ord=2 needs an SVD, which eagerbook lacks)")
        if ord in ("euclidean", "fro"):
            return reduce_euclidean_norm(x, axis=axes, keepdims=keepdims)
        rows, cols = (a % x.ndim for a in axes)
        # 1: largest column sum (sum over rows first); inf: largest row sum.
        inner, outer = (rows, cols) if ord == 1 else (cols, rows)
        sums = reduce_sum(abs(x), axis=inner, keepdims=True)
        out = reduce_max(sums, axis=outer, keepdims=True)
        if keepdims:
            return out
        return reshape_to(out, [d for i, d in enumerate(x.shape) if i not in (rows, cols)])
    if ord == "fro" and axis is not None:
        raise ValueError("'ord' must be a supported vector norm, got 'fro' (it is a matrix "
                         "norm: pass two axes)")
    if ord in ("euclidean", "fro", 2):
        return reduce_euclidean_norm(x, axis=axes, keepdims=keepdims)
    if isinstance(ord, str) or not ord > 0:
        raise ValueError(f"'ord' must be a supported vector norm, got {ord!r}")
    if ord == 1:
        return reduce_sum(abs(x), axis=axes, keepdims=keepdims)
    if ord == np.inf:
        return reduce_max(abs(x), axis=axes, keepdims=keepdims)
    p = float(ord)
    return pow(reduce_sum(pow(abs(x), p), axis=axes, keepdims=keepdims), 1.0 / p)

