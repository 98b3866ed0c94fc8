"""float32 inverse, solve and determinants with TF's rounding (eigen_lu.py).

The expected values are TF 2's outputs; NumPy's LAPACK results differ from them in the last
bit for these matrices."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import eigen_lu

A3 = np.array([[0.5, -1.25, 2.0], [3.0, 0.75, -1.5], [-2.0, 1.0, 0.25]], np.float32)
A4 = np.array([[1.1, 0.3, -0.7, 2.2], [0.4, -1.9, 0.6, 0.1], [-0.8, 0.2, 1.3, -0.5],
               [0.9, 1.7, -0.2, 0.6]], np.float32)
B3 = np.array([[1.0], [2.0], [-1.0]], np.float32)


def _same_bits(got, expected):
    np.testing.assert_array_equal(np.asarray(got), np.asarray(expected, np.float32))


def test_inverse_of_a_2x2_as_tf():
    _same_bits(tf.linalg.inv(tf.constant([[1., 2.], [3., 4.]])),
               [[-2.000000238418579, 1.0000001192092896],
                [1.5000001192092896, -0.5000000596046448]])


def test_inverse_of_3x3_and_4x4_as_tf():
    _same_bits(tf.linalg.inv(A3), [
        [0.23999999463558197, 0.3288888931274414, 0.05333332344889641],
        [0.3199999928474426, 0.5866667032241821, 0.9600000381469727],
        [0.6399999856948853, 0.2844444513320923, 0.5866666436195374]])
    _same_bits(tf.linalg.inv(A4), [
        [-0.3653546869754791, 0.7079075574874878, -0.3848496973514557, 0.9009416103363037],
        [-0.03289756178855896, -0.2602217197418213, 0.14638562500476837, 0.2859828472137451],
        [0.030808916315436363, 0.4024299383163452, 0.6565595269203186, 0.3670955002307892],
        [0.6515116691589355, -0.1904231309890747, 0.3813684582710266, -0.3726653754711151]])


def test_solve_and_adjoint_solve_as_tf():
    _same_bits(tf.linalg.solve(A3, B3),
               [[0.8444444537162781], [0.5333333611488342], [0.6222221851348877]])
    _same_bits(tf.linalg.solve(A3, B3, adjoint=True),
               [[0.23999996483325958], [1.2177777290344238], [1.3866666555404663]])


def test_determinants_as_tf():
    _same_bits(tf.linalg.det(A4), 5.745100021362305)
    _same_bits(tf.linalg.det(A3), 7.031250476837158)
    sign, log_abs = tf.linalg.slogdet(A4)
    _same_bits(sign, 1.0)
    _same_bits(log_abs, 1.748347282409668)


def test_batches_match_one_matrix_at_a_time():
    batch = np.stack([A3, A3.T, 2 * A3])
    inverses = tf.linalg.inv(batch).numpy()
    for matrix, inverse in zip(batch, inverses):
        _same_bits(tf.linalg.inv(matrix), inverse)
    rhs = np.ones((3, 3, 2), np.float32)
    solutions = tf.linalg.solve(batch, rhs).numpy()
    _same_bits(tf.linalg.solve(batch[1], rhs[1]), solutions[1])


def test_singular_matrices_raise_tfs_errors_and_have_zero_determinant():
    singular = np.zeros((2, 3, 3), np.float32)
    singular[1] = np.eye(3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input is not invertible."):
        tf.linalg.inv(singular)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input matrix is not invertible."):
        tf.linalg.solve(singular, np.ones((2, 3, 1), np.float32))
    _same_bits(tf.linalg.det(singular), [0.0, 1.0])
    sign, log_abs = tf.linalg.slogdet(singular)
    _same_bits(sign, [0.0, 1.0])
    _same_bits(log_abs, [-np.inf, 0.0])


def test_only_small_finite_float_matrices_take_this_path():
    assert eigen_lu.applies(A3)
    assert eigen_lu.applies(A3.astype(np.float64))  # (float64 up to 8 rows: eigen_lu.LIMITS)
    assert not eigen_lu.applies(np.eye(9))
    assert not eigen_lu.applies(A3.astype(np.float16))
    assert not eigen_lu.applies(np.eye(17, dtype=np.float32))
    assert not eigen_lu.applies(np.array([[np.nan]], np.float32))
    big = np.eye(20, dtype=np.float32) * 2
    np.testing.assert_allclose(tf.linalg.inv(big).numpy(), np.eye(20) / 2)


def test_gradients_still_flow():
    x = tf.constant(A3)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.linalg.inv(x)) + tf.linalg.det(x)
    grad = tape.gradient(y, x).numpy()
    inverse = np.linalg.inv(A3.astype(np.float64))
    expected = -np.outer(inverse.sum(0), inverse.sum(1)) \
        + np.linalg.det(A3.astype(np.float64)) * inverse.T
    np.testing.assert_allclose(grad, expected, rtol=1e-5, atol=1e-5)


SPD = np.array([[4.0, 1.2, -0.6], [1.2, 3.0, 0.7], [-0.6, 0.7, 2.5]], np.float32)
LOWER = np.array([[2.0, 0.0, 0.0], [0.3, 1.7, 0.0], [-1.1, 0.9, 3.3]], np.float32)
RHS = np.array([[1.0], [0.7], [-0.2]], np.float32)


def test_cholesky_and_cholesky_solve_as_tf():
    factor = tf.linalg.cholesky(SPD)
    _same_bits(factor, [[2.0, 0.0, 0.0], [0.6000000238418579, 1.624807596206665, 0.0],
                        [-0.30000001192092896, 0.541602611541748, 1.4548767805099487]])
    _same_bits(tf.linalg.cholesky_solve(factor, RHS),
               [[0.18289190530776978], [0.18038654327392578], [-0.08661418408155441]])


def test_cholesky_reads_only_the_lower_triangle_and_marks_failures_with_nans():
    _same_bits(tf.linalg.cholesky(np.triu(np.full((3, 3), 9.0, np.float32), 1) + SPD),
               tf.linalg.cholesky(SPD))
    out = tf.linalg.cholesky(np.array([[[1., 0.], [0., -1.]], [[4., 0.], [0., 9.]]],
                                      np.float32)).numpy()
    assert np.isnan(out[0, 1]).all() and out[1].tolist() == [[2.0, 0.0], [0.0, 3.0]]


def test_triangular_solves_as_tf():
    expected = [[0.5], [0.32352936267852783], [0.01782533898949623]]
    _same_bits(tf.linalg.triangular_solve(LOWER, RHS, lower=True), expected)
    _same_bits(tf.linalg.triangular_solve(LOWER.T, RHS, lower=False, adjoint=True), expected)
    batch = tf.linalg.triangular_solve(LOWER[None], np.stack([RHS, 2 * RHS]), lower=True)
    _same_bits(batch[0], expected)
