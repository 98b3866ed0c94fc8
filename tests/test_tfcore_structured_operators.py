"""tf.linalg's Toeplitz, permutation, Householder, low-rank-update and circulant operators:
their dense matrices and derived values, as TensorFlow's."""

import numpy as np

import eagerbook as tf

L = tf.linalg


def test_toeplitz_from_first_column_and_row():
    op = L.LinearOperatorToeplitz([1., 2., 3.], [1., 4., -9.])
    np.testing.assert_array_equal(op.to_dense().numpy(), [[1., 4., -9.], [2., 1., 4.],
                                                          [3., 2., 1.]])
    assert op.shape == (3, 3) and op.is_square
    batch = L.LinearOperatorToeplitz([[1., 2.], [3., 4.]], [[1., 5.], [3., 6.]])
    np.testing.assert_array_equal(batch.to_dense().numpy(), [[[1., 5.], [2., 1.]],
                                                             [[3., 6.], [4., 3.]]])
    np.testing.assert_allclose(op.matvec([1., 0., 0.]).numpy(), [1., 2., 3.])


def test_permutation_rows_pick_columns_and_determinant_is_its_sign():
    op = L.LinearOperatorPermutation([1, 2, 0])
    np.testing.assert_array_equal(op.to_dense().numpy(), [[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    np.testing.assert_array_equal(op.matvec([10., 20., 30.]).numpy(), [20., 30., 10.])
    assert float(op.determinant()) == 1.0
    assert float(L.LinearOperatorPermutation([1, 0, 2]).determinant()) == -1.0
    assert op.dtype == tf.float32


def test_householder_reflection_normalizes_its_axis_first():
    op = L.LinearOperatorHouseholder([1., 1.])
    # TF's digits: the axis is normalized to 0.70710677 before the outer product
    np.testing.assert_array_equal(op.to_dense().numpy(),
                                  np.array([[5.9604645e-08, -9.9999994e-01],
                                            [-9.9999994e-01, 5.9604645e-08]], np.float32))
    assert op.is_self_adjoint and float(op.determinant()) == -1.0


def test_low_rank_update_adds_u_d_v_adjoint():
    base = L.LinearOperatorDiag([1., 2.])
    op = L.LinearOperatorLowRankUpdate(base, u=[[1.], [2.]])
    np.testing.assert_array_equal(op.to_dense().numpy(), [[2., 2.], [2., 6.]])
    assert op.is_self_adjoint and float(op.determinant()) == 8.0
    general = L.LinearOperatorLowRankUpdate(base, u=[[1.], [2.]], diag_update=[3.],
                                            v=[[0.], [1.]])
    np.testing.assert_array_equal(general.to_dense().numpy(), [[1., 3.], [0., 8.]])


def test_circulant_from_its_spectrum():
    op = L.LinearOperatorCirculant([6., 0., 0.])
    assert op.dtype == tf.complex64
    np.testing.assert_allclose(op.to_dense().numpy(), np.full([3, 3], 2 + 0j))
    real = L.LinearOperatorCirculant(tf.constant([6., -3., -3.], tf.complex64),
                                     input_output_dtype=tf.float32)
    assert real.to_dense().dtype == tf.float32
    np.testing.assert_allclose(real.to_dense().numpy(), [[0, 3, 3], [3, 0, 3], [3, 3, 0]],
                               atol=1e-6)
