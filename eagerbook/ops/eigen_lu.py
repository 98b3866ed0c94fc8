"""float32 and float64 inverse, solve, determinant and Cholesky factor of small matrices, rounded
as TF's CPU kernels round them.

TF's MatrixInverse, MatrixSolve and MatrixDeterminant factor each matrix with Eigen's LU with
partial pivoting, which for up to 16 rows runs its plain (unblocked) loop: at step k the row
with the largest |value| in column k comes up, the column below the pivot is divided by it,
and the rest of the matrix loses the product of that column and the pivot's row. Solving then
permutes the right-hand side, substitutes forward through the unit lower triangle and backward
through the upper one, subtracting one product at a time in order of increasing column and
multiplying by the reciprocal of each diagonal value. The determinant is the sign of the
permutation and of the diagonal times exp of the sum of log|diagonal| (C library logf and
expf; log and exp for float64). LAPACK, which NumPy calls, orders the same arithmetic
differently: results differ in the last bit, which TF's printed values show.

Each step below runs on a whole batch of matrices at once (arrays of the matrices' dtype
throughout, so each operation rounds as TF's does). The sizes up to which TF's order is this
plain one depend on the dtype (a register holds 8 float32 or 4 float64 values): LIMITS, measured
against TF 2.21 on random matrices.
"""

import numpy as np

from . import eigen_double, eigen_float


class Limits:
    """The largest matrices (rows) whose results follow this module's order, per dtype."""

    def __init__(self, solve, determinant, cholesky):
        self.solve = solve  # inverse and solve (LU factor and substitutions)
        self.determinant = determinant  # (beyond: TF adds the logs in registers)
        self.cholesky = cholesky  # (beyond: TF sums the products in registers)


LIMITS = {np.dtype(np.float32): Limits(solve=16, determinant=7, cholesky=7),
          np.dtype(np.float64): Limits(solve=8, determinant=3, cholesky=4)}

_LOG_EXP = {  # the C library's, as TF's kernel calls them (for float32 often not NumPy's value)
    np.dtype(np.float32): (eigen_float.c_library_function("logf", eigen_float._logf),
                           eigen_float.c_library_function("expf", eigen_float._expf)),
    np.dtype(np.float64): (eigen_double.c_library("log", np.log),
                           eigen_double.c_library("exp", np.exp))}


def applies(matrices, kind="solve"):
    """True for batches of square matrices whose `kind` ("solve", "determinant", "cholesky")
    this module reproduces. (Triangular solves take "solve": exact up to the Cholesky limit, and
    beyond it still closer to TF's values than LAPACK's order.)"""
    limits = LIMITS.get(matrices.dtype)
    return (limits is not None and matrices.ndim >= 2 and matrices.size > 0
            and 0 < matrices.shape[-1] <= getattr(limits, kind)
            and np.isfinite(matrices).all())


def lu_factor(matrices):
    """LU with partial pivoting of a (batch, n, n) float array, in place of a copy:
    (lu, row order, sign of the permutation). lu holds U on and above the diagonal, L's
    multipliers below it."""
    lu = np.array(matrices)
    batch, n, _ = lu.shape
    order = np.tile(np.arange(n), (batch, 1))
    sign = np.ones(batch, lu.dtype)
    everyone = np.arange(batch)
    for k in range(n):
        pivot_row = k + np.argmax(np.abs(lu[:, k:, k]), axis=1)  # (the first of equal ones)
        swapped = everyone[pivot_row != k]
        if swapped.size:
            other = pivot_row[swapped]
            lu[swapped, k], lu[swapped, other] = lu[swapped, other], lu[swapped, k].copy()
            order[swapped, k], order[swapped, other] = order[swapped, other], order[swapped, k]
            sign[swapped] = -sign[swapped]
        pivot = lu[:, k, k]
        nonzero = pivot != 0  # (a zero column stays as it is)
        with np.errstate(divide="ignore", invalid="ignore"):
            lu[:, k + 1:, k] = np.where(nonzero[:, None], lu[:, k + 1:, k] / pivot[:, None],
                                        lu[:, k + 1:, k])
        lu[:, k + 1:, k + 1:] -= lu[:, k + 1:, k, None] * lu[:, None, k, k + 1:]
    return lu, order, sign


def lu_solve(lu, order, rhs):
    """x with A x = rhs for each factored A of the batch (rhs: (batch, n, m))."""
    x = np.take_along_axis(np.asarray(rhs, lu.dtype), order[:, :, None], axis=1)
    n = lu.shape[-1]
    for i in range(n):  # forward, through the unit lower triangle
        for j in range(i):
            x[:, i] -= lu[:, i, j, None] * x[:, j]
    for i in reversed(range(n)):  # backward, through the upper triangle
        for j in range(i + 1, n):
            x[:, i] -= lu[:, i, j, None] * x[:, j]
        with np.errstate(divide="ignore"):
            x[:, i] *= (1 / lu[:, i, i])[:, None]
    return x


def has_zero_pivot(lu):
    return (np.diagonal(lu, axis1=-2, axis2=-1) == 0).any()


def _batched(matrices):
    return matrices.reshape((-1,) + matrices.shape[-2:])


def inverse(matrices):
    """Inverses of a batch (None where some matrix has a zero pivot: not invertible)."""
    lu, order, _ = lu_factor(_batched(matrices))
    if has_zero_pivot(lu):
        return None
    n = matrices.shape[-1]
    identity = np.broadcast_to(np.eye(n, dtype=lu.dtype), lu.shape)
    return lu_solve(lu, order, identity).reshape(matrices.shape)


def solve(matrices, rhs):
    """Solutions of a batch of systems (None where some matrix has a zero pivot)."""
    lu, order, _ = lu_factor(_batched(matrices))
    if has_zero_pivot(lu):
        return None
    rhs = np.broadcast_to(rhs, matrices.shape[:-1] + rhs.shape[-1:])
    return lu_solve(lu, order, _batched(rhs)).reshape(rhs.shape)


def sign_and_log_abs_determinant(matrices):
    """(sign, log|det|) of a batch: the sum of log|u_ii| taken in row order."""
    lu, _, sign = lu_factor(_batched(matrices))
    diagonal = np.diagonal(lu, axis1=-2, axis2=-1)
    sign = sign * np.prod(np.sign(diagonal), axis=-1, dtype=lu.dtype)
    log_abs = np.zeros(len(lu), lu.dtype)
    with np.errstate(divide="ignore"):
        logs = _LOG_EXP[lu.dtype][0](np.abs(diagonal))
    for i in range(diagonal.shape[-1]):
        log_abs += logs[:, i]
    shape = matrices.shape[:-2]
    return sign.reshape(shape), log_abs.reshape(shape)


def determinant(matrices):
    """Determinants of a batch: sign * exp(log|det|)."""
    sign, log_abs = sign_and_log_abs_determinant(matrices)
    return sign * _LOG_EXP[log_abs.dtype][1](log_abs)


# --- Cholesky ----------------------------------------------------------------------------------
# TF's Cholesky is Eigen's LLT, whose plain loop takes column k as: the diagonal minus the sum
# of the squares to its left (summed first, in order), its square root, then each value below
# minus the sum of products with row k (again summed first), divided by that root. Up to
# LIMITS' rows every sum is short enough to run one term at a time; longer ones run in packets.
def cholesky(matrices):
    """Lower Cholesky factors of a batch of float matrices (their lower triangles are read),
    or None when some matrix is not positive definite (the caller's path handles that)."""
    a = np.array(_batched(matrices))
    n = a.shape[-1]
    for k in range(n):
        squares = np.zeros(len(a), a.dtype)
        for j in range(k):
            squares += a[:, k, j] * a[:, k, j]
        diagonal = a[:, k, k] - squares
        if not (diagonal > 0).all():
            return None
        root = np.sqrt(diagonal)
        a[:, k, k] = root
        products = np.zeros((len(a), n - k - 1), a.dtype)
        for j in range(k):
            products += a[:, k + 1:, j] * a[:, k, j, None]
        a[:, k + 1:, k] = (a[:, k + 1:, k] - products) / root[:, None]
    return np.tril(a).reshape(matrices.shape)


# --- triangular solves -------------------------------------------------------------------------
def triangular_solve(triangles, rhs, lower):
    """x with T x = rhs for a batch of float triangles T (`lower`: below the diagonal, else
    above; the other part must be zeros): each unknown in turn, the right-hand side minus one
    product at a time (the unknowns solved before, in order of increasing column), times the
    reciprocal of the diagonal value, as TF's MatrixTriangularSolve rounds it. None when some
    diagonal value is zero (the caller's path raises)."""
    batch_shape = np.broadcast_shapes(triangles.shape[:-2], rhs.shape[:-2])
    t = np.broadcast_to(triangles, batch_shape + triangles.shape[-2:]).reshape(
        (-1,) + triangles.shape[-2:])
    x = np.array(np.broadcast_to(rhs, batch_shape + rhs.shape[-2:]), t.dtype).reshape(
        (-1,) + rhs.shape[-2:])
    n = t.shape[-1]
    if (np.diagonal(t, axis1=-2, axis2=-1) == 0).any():
        return None
    for i in (range(n) if lower else reversed(range(n))):
        for j in (range(i) if lower else range(i + 1, n)):
            x[:, i] -= t[:, i, j, None] * x[:, j]
        x[:, i] *= (1 / t[:, i, i])[:, None]
    return x.reshape(batch_shape + rhs.shape[-2:])
