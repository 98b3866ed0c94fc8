"""``tf.linalg.lu`` and the solvers built on it (``lu_solve``, ``lu_matrix_inverse``,
``lu_reconstruct``), and ``tf.linalg.cholesky_solve``.

``lu(A)`` is Gaussian elimination with partial pivoting (each step takes the row with the
largest entry of the column, the first one on a tie): ``A[perm] = L @ U``, returned packed
in one matrix as TF does, L's unit diagonal left out. The solvers are compositions of
triangular solves, gathers and matmuls, so gradients reach both `lower_upper` and the
right-hand sides; ``lu`` itself has none (as in TF).
"""

import collections

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from . import array_ops, linalg_ops, manip_ops, math_ops, sort_ops
from .registry import execute, invalid_argument, register
from .support import check_dtype

_LU_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64,
              dtypes.complex128)


def _factor(matrix):
    """(packed L\\U, perm) of one square matrix, by elimination with partial pivoting."""
    packed = matrix.copy()
    n = packed.shape[0]
    perm = np.arange(n)
    for k in range(n):
        pivot = k + int(np.argmax(np.abs(packed[k:, k])))
        if pivot != k:
            packed[[k, pivot]] = packed[[pivot, k]]
            perm[[k, pivot]] = perm[[pivot, k]]
        if packed[k, k] != 0:
            packed[k + 1:, k] /= packed[k, k]
            packed[k + 1:, k + 1:] -= np.outer(packed[k + 1:, k], packed[k, k + 1:])
    return packed, perm


@register("Lu", num_outputs=2)
def _lu(x, output_idx_type):
    packed = np.empty_like(x)
    perms = np.empty(x.shape[:-1], output_idx_type.as_numpy_dtype)
    for index in np.ndindex(*x.shape[:-2]):
        packed[index], perms[index] = _factor(x[index])
    return packed, perms


def _unit_lower(lower_upper):
    """L of a packed LU: its strictly lower part with ones on the diagonal."""
    strictly_lower = manip_ops.band_part(lower_upper, -1, 0) - manip_ops.band_part(
        lower_upper, 0, 0)
    n = lower_upper.shape[-1]
    return strictly_lower + math_ops.cast(array_ops.eye(n), lower_upper.dtype)


@_lu.gradient
def _lu_grad(op, d_lower_upper, d_perm):
    # TF registers no gradient for Lu: differentiating through it is this LookupError there.
    raise LookupError("gradient registry has no entry for: Lu")


def _rows(x, order):
    """x's rows (axis -2) in the order `order` ([..., n], one order per matrix)."""
    return array_ops.gather(x, order, axis=x.ndim - 2, batch_dims=order.ndim - 1)


def _unpermute_rows(x, perm):
    """y with y[perm[i]] = x[i] (undoes x = y[perm]), over the batch."""
    return _rows(x, math_ops.cast(sort_ops.argsort(perm), perm.dtype))


def lu(input, output_idx_type=dtypes.int32, name=None):  # noqa: A002 - TF's argument name
    """``tf.linalg.lu``: (lower_upper, perm) with ``input[..., perm, :] = L @ U``."""
    x = convert_to_tensor(input)
    check_dtype("Lu", x, _LU_DTYPES, "input")
    if x.ndim < 2:
        raise invalid_argument("Lu", f"Input tensor must have rank >= 2, got {x.ndim}")
    if x.shape[-1] != x.shape[-2]:
        raise invalid_argument("Lu", "Input matrix must be square.")
    output_idx_type = dtypes.as_dtype(output_idx_type)
    return Lu(*execute(_lu, (x,), {"output_idx_type": output_idx_type}))


# tf.linalg.lu's result prints as TF's: Lu(lu=<tf.Tensor ...>, p=<tf.Tensor ...>)
Lu = collections.namedtuple("Lu", ["lu", "p"])


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    """``tf.linalg.lu_reconstruct``: the matrix `lu` factored."""
    lower_upper = convert_to_tensor(lower_upper)
    perm = convert_to_tensor(perm)
    product = math_ops.matmul(_unit_lower(lower_upper),
                              manip_ops.band_part(lower_upper, 0, -1))
    return _unpermute_rows(product, perm)


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    """``tf.linalg.lu_solve``: x with ``A x = rhs`` for the A that `lower_upper`, `perm`
    factor (L U x = rhs[perm])."""
    lower_upper = convert_to_tensor(lower_upper)
    perm = convert_to_tensor(perm)
    rhs = convert_to_tensor(rhs, dtype=lower_upper.dtype)
    y = linalg_ops.triangular_solve(_unit_lower(lower_upper), _rows(rhs, perm), lower=True)
    return linalg_ops.triangular_solve(manip_ops.band_part(lower_upper, 0, -1), y, lower=False)


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    """``tf.linalg.lu_matrix_inverse``: the inverse of the matrix `lu` factored."""
    lower_upper = convert_to_tensor(lower_upper)
    n = lower_upper.shape[-1]
    identity = math_ops.cast(array_ops.eye(n, batch_shape=lower_upper.shape[:-2]),
                             lower_upper.dtype)
    return lu_solve(lower_upper, perm, identity)


def cholesky_solve(chol, rhs, name=None):
    """``tf.linalg.cholesky_solve``: x with ``A x = rhs`` for ``A = chol chol^H`` (chol the
    lower-triangular ``tf.linalg.cholesky(A)``)."""
    chol = convert_to_tensor(chol)
    y = linalg_ops.triangular_solve(chol, convert_to_tensor(rhs, dtype=chol.dtype), lower=True)
    return linalg_ops.triangular_solve(chol, y, lower=True, adjoint=True)
