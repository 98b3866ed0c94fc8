"""Gradient cases for the solves, factorizations and eigendecompositions of
eagerbook/ops/linalg_ops.py (determinant, inverse and norms are in math.py).

Factorizations read only part of their input (Cholesky and eigh the lower triangle), so their
cases feed them a symmetric matrix built from the differentiated one; eigenvector and QR
factors are fixed only up to sign, so the cases use inputs far from sign flips.
"""

import numpy as np

from eagerbook.ops import linalg_ops as la
from eagerbook.ops import math_ops as m
from eagerbook.testing import GradCase

_rng = np.random.default_rng(11)
SQUARE = np.eye(3) * 3 + _rng.standard_normal((2, 3, 3)) * 0.3
RHS = _rng.standard_normal((2, 3, 2))
LOWER = np.tril(SQUARE) + np.triu(_rng.standard_normal((2, 3, 3)), 1)  # upper part unused
SPREAD = np.diag([1.0, 3.0, 6.0]) + _rng.standard_normal((3, 3)) * 0.2  # distinct eigenvalues
TALL = np.array([[2.0, 0.3, 0.1], [0.2, 1.5, -0.4], [0.3, -0.2, 1.0], [0.1, 0.4, 0.2]])
WEIGHTS = _rng.standard_normal((3, 3))


def _spd(x):
    return m.add(m.matmul(x, x, transpose_b=True), 3 * np.eye(3))


def _svd_all(x):
    """A smooth function of all three factors (squares: u and v are fixed up to signs)."""
    s, u, v = la.svd(x)

    def weighted(t):
        rows, cols = t.shape
        return m.reduce_sum(m.multiply(m.square(t), np.linspace(0.5, 1.5, rows * cols)
                                       .reshape(rows, cols)))
    return m.add(m.add(weighted(u), weighted(v)), m.reduce_sum(m.square(s)))


def _sym(x):
    return m.add(x, la.matrix_transpose(x))


CASES = [
    GradCase("MatrixSolve", la.solve, [SQUARE, RHS], second_order=True),
    GradCase("MatrixSolve", lambda a, b: la.solve(a, b, adjoint=True), [SQUARE, RHS],
             name="MatrixSolve_adjoint"),
    GradCase("MatrixTriangularSolve", la.triangular_solve, [LOWER, RHS], second_order=True),
    GradCase("MatrixTriangularSolve",
             lambda a, b: la.triangular_solve(a, b, lower=False, adjoint=True),
             [np.swapaxes(LOWER, -1, -2), RHS], name="MatrixTriangularSolve_upper_adjoint"),
    GradCase("Cholesky", lambda x: la.cholesky(_spd(x)), [(2, 3, 3)], second_order=True),
    GradCase("LogMatrixDeterminant", lambda x: la.slogdet(x)[1], [SQUARE], second_order=True),
    # (a square root of a matrix near 3 * identity: eigenvalues well away from zero)
    GradCase("MatrixSquareRoot", la.sqrtm, [SQUARE]),
    GradCase("SelfAdjointEigV2", lambda x: la.eigh(_sym(x))[0], [SPREAD], second_order=True),
    GradCase("SelfAdjointEigV2",
             lambda x: m.multiply(m.square(la.eigh(_sym(x))[1]), WEIGHTS), [SPREAD],
             name="SelfAdjointEigV2_vectors", rtol=1e-4),
    GradCase("Qr", lambda x: m.add(m.reduce_sum(m.multiply(la.qr(x)[0], TALL)),
                                   m.reduce_sum(m.square(la.qr(x)[1]))), [TALL], rtol=1e-4),
    GradCase("Svd", lambda x: la.svd(x, compute_uv=False), [SPREAD], second_order=True),
    GradCase("Svd", _svd_all, [SPREAD], name="Svd_vectors", rtol=1e-4, second_order=True),
    GradCase("Svd", _svd_all, [TALL], name="Svd_tall", rtol=1e-4),
    GradCase("Svd", _svd_all, [TALL.T], name="Svd_wide", rtol=1e-4),
    GradCase("Rsqrt", lambda x: la.l2_normalize(x, axis=-1), [(3, 4)], name="l2_normalize"),
]

# tf.linalg.lu has no gradient in TF either; the solvers built on it are compositions.
NO_CASE = {"Lu": "TF registers no gradient for Lu: the LookupError both raise is checked in "
                 "tests/parity/cases_tfcore_lu.py",
           "Eig": "eagerbook has no rule for the general eigendecomposition yet: its rule "
                  "refuses, which tests/test_tfcore_linalg_complex_eig.py checks"}
