"""float64 inverse, determinant and Cholesky factor of small matrices as TF 2.21's CPU kernels
round them: Eigen's plain LU and LLT loops (eagerbook/ops/eigen_lu.py), not LAPACK's order.
Each expected value was printed by TF 2.21 (repr: every bit), and each case has at least two
values where LAPACK's (NumPy's, the old kernels') differ in the last bit."""

import numpy as np

import eagerbook as tf


def test_inverse_as_tf():
    a = np.array([[-2.8, 1.5, 0.2], [-1.0, 1.7, -1.2], [-0.3, -2.2, -0.6]])
    expected = [[-0.35091083413231067, 0.04410354745925216, -0.20517737296260785],
                [-0.02301054650047939, 0.16682646212847554, -0.34132310642377756],
                [0.25982742090124644, -0.6337488015340365, -0.3125599232981783]]
    np.testing.assert_array_equal(tf.linalg.inv(a).numpy(), expected)
    # solve runs the same factor and substitutions: solving against I gives the inverse
    np.testing.assert_array_equal(tf.linalg.solve(a, np.eye(3)).numpy(), expected)


def test_determinant_as_tf():
    a = np.array([[[-1.7, 0.6, 0.2], [-0.3, 0.5, 1.9], [-1.7, -0.0, -2.4]],
                  [[0.1, 1.7, 3.0], [-0.1, -1.2, 0.5], [-0.8, -2.3, 0.1]]])
    np.testing.assert_array_equal(tf.linalg.det(a).numpy(), [-0.15999999999999964, -2.75])


def test_cholesky_as_tf():
    s = np.array([[20.58, -10.589999999999998, 7.16, 14.95],
                  [-10.589999999999998, 13.94, -6.1899999999999995, -10.209999999999999],
                  [7.16, -6.1899999999999995, 14.9, 9.69],
                  [14.95, -10.209999999999999, 9.69, 18.009999999999998]])
    np.testing.assert_array_equal(tf.linalg.cholesky(s).numpy(), [
        [4.536518488885502, 0.0, 0.0, 0.0],
        [-2.3343892515693616, 2.9138680172851745, 0.0, 0.0],
        [1.5783028367551117, -0.8598971563893634, 3.4160704085138898, 0.0],
        [3.295478688476106, -0.8638242898834563, 1.096563050247818, 2.2806089728049277]])


def test_beyond_the_limits_and_errors():
    rng = np.random.default_rng(0)
    big = rng.standard_normal((12, 12))  # (past 8 rows: LAPACK's order, the same to ~1e-12)
    np.testing.assert_allclose(tf.linalg.inv(big).numpy() @ big, np.eye(12), atol=1e-10)
    try:
        tf.linalg.inv(np.zeros((3, 3)))
    except tf.errors.InvalidArgumentError as e:
        assert "Input is not invertible." in str(e)
    else:
        raise AssertionError("a singular float64 matrix was inverted")
