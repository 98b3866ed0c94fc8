"""tf.linalg.lu and the solvers built on it, against NumPy (TF's outputs: the parity cases)."""

import numpy as np
import pytest

import eagerbook as tf

RNG = np.random.default_rng(4)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_factors_rebuild_the_matrix_and_solve(dtype):
    a = RNG.normal(size=(2, 3, 5, 5))
    if dtype is np.complex128:
        a = a + 1j * RNG.normal(size=a.shape)
    a = tf.constant(a.astype(dtype))
    lower_upper, perm = tf.linalg.lu(a)
    assert perm.shape == (2, 3, 5) and perm.dtype == tf.int32
    packed = lower_upper.numpy()
    assert np.all(np.abs(np.tril(packed, -1)) <= 1 + 1e-12)  # partial pivoting's multipliers
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(lower_upper, perm).numpy(), a.numpy(),
                               atol=1e-12)
    if dtype is np.complex128:
        return  # (eagerbook's triangular_solve, under lu_solve, takes real matrices only)
    rhs = RNG.normal(size=(2, 3, 5, 2)).astype(dtype)
    np.testing.assert_allclose(tf.linalg.lu_solve(lower_upper, perm, rhs).numpy(),
                               np.linalg.solve(a.numpy(), rhs), atol=1e-10)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(lower_upper, perm).numpy(),
                               np.linalg.inv(a.numpy()), atol=1e-10)


def test_cholesky_solve():
    m = RNG.normal(size=(4, 4))
    a = m @ m.T + 4 * np.eye(4)
    rhs = RNG.normal(size=(4, 3))
    x = tf.linalg.cholesky_solve(tf.linalg.cholesky(tf.constant(a)), tf.constant(rhs))
    np.testing.assert_allclose(x.numpy(), np.linalg.solve(a, rhs), atol=1e-12)


def test_lu_errors_and_index_type():
    assert tf.linalg.lu(tf.eye(3, dtype=tf.float64), output_idx_type=tf.int64)[1].dtype == \
        tf.int64
    with pytest.raises(tf.errors.InvalidArgumentError, match="square"):
        tf.linalg.lu(tf.ones([2, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.linalg.lu(tf.ones([2, 2], tf.int32))
