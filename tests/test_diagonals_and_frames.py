"""tf.linalg's diagonal bands (k, align, padding), banded_triangular_solve, tensor_diag_part and
tf.signal.frame, with TF 2.21's outputs."""

import pytest

import eagerbook as tf


def test_set_diag_band_and_banded_solve_as_tf_docs():
    x = [[2., 3., 4.], [1., 2., 3.]]
    z = tf.linalg.set_diag(tf.zeros([3, 3]), x, align="LEFT_RIGHT", k=(-1, 0))
    assert z.numpy().tolist() == [[2., 0., 0.], [2., 3., 0.], [0., 3., 4.]]
    soln = tf.linalg.banded_triangular_solve(x, tf.ones([3, 1]))
    assert soln.numpy().tolist() == [[0.5], [0.], [0.25]]
    # the first slot of a right-aligned subdiagonal is not part of the matrix
    other = tf.linalg.banded_triangular_solve([[2., 3., 4.], [1e4, 2., 3.]], tf.ones([3, 1]))
    assert tf.reduce_all(soln == other).numpy()
    assert tf.reduce_all(soln == tf.linalg.triangular_solve(z, tf.ones([3, 1]))).numpy()
    x = [[2., 3., 4., 5.], [-1., -2., -3., -4.]]
    z = tf.linalg.set_diag(tf.zeros([4, 4]), x, align="LEFT_RIGHT", k=(0, 1))
    assert z.numpy().tolist() == [[-1., 2., 0., 0.], [0., -2., 3., 0.], [0., 0., -3., 4.],
                                  [0., 0., 0., -4.]]
    assert repr(tf.linalg.banded_triangular_solve(x, tf.ones([4, 1]), lower=False)) == (
        "<tf.Tensor: shape=(4, 1), dtype=float32, numpy=\narray([[-4.       ],\n"
        "       [-1.5      ],\n       [-0.6666667],\n       [-0.25     ]], dtype=float32)>")


def test_diag_part_and_diag_of_bands():
    m = tf.reshape(tf.range(1, 13), [3, 4])
    assert tf.linalg.diag_part(m, k=(-1, 1)).numpy().tolist() == [[2, 7, 12], [1, 6, 11],
                                                                 [5, 10, 0]]
    assert tf.linalg.diag_part(m, k=1).numpy().tolist() == [2, 7, 12]
    assert tf.linalg.diag_part(m, k=(-2, 1), padding_value=9, align="LEFT_RIGHT").numpy() \
        .tolist() == [[2, 7, 12], [1, 6, 11], [9, 5, 10], [9, 9, 9]]
    assert tf.linalg.diag([[1, 2], [3, 4]], k=(0, 1)).numpy().tolist() == [[3, 2], [0, 4]]
    assert tf.linalg.diag([1, 2], k=1).numpy().tolist() == [[0, 1, 0], [0, 0, 2], [0, 0, 0]]
    assert tf.linalg.diag([1, 2], k=-1, num_rows=3, num_cols=4, padding_value=7).numpy() \
        .tolist() == [[7, 7, 7, 7], [1, 7, 7, 7], [7, 2, 7, 7]]
    x = tf.reshape(tf.range(16), [2, 2, 2, 2])
    assert tf.linalg.tensor_diag_part(x).numpy().tolist() == [[0, 5], [10, 15]]


def test_band_gradient():
    x = tf.Variable([[1., 2.], [3., 4.]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.linalg.diag_part(x, k=(-1, 1)) * [[1., 0.], [2., 3.], [0., 5.]])
    assert tape.gradient(y, x).numpy().tolist() == [[2., 0.], [0., 3.]]


def test_set_diag_checks_the_diagonal_shape():
    with pytest.raises(tf.errors.InvalidArgumentError, match="The number of diagonals provided "
                       "in `diag` is not consistent with `lower_diag_index` and "
                       "`upper_diag_index`"):
        tf.linalg.set_diag(tf.zeros([3, 3]), [[1., 2.]], k=(-1, 0))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.linalg.set_diag(tf.zeros([3, 3]), [[1., 2.], [1., 2.]], k=(-1, 0))
    assert str(e.value).endswith("\nInput shape: [3,3]\nDiagonal shape: [2,2]\n"
                                 "Expected diagonal shape: [2,3] [Op:MatrixSetDiagV3]")


def test_signal_frame():
    a = tf.reshape(tf.range(10.), [2, 5])
    assert tf.signal.frame(a, 3, 2).numpy().tolist() == [[[0., 1., 2.], [2., 3., 4.]],
                                                         [[5., 6., 7.], [7., 8., 9.]]]
    assert tf.signal.frame(a, 3, 2, pad_end=True, pad_value=-1).numpy().tolist()[1] == [
        [5., 6., 7.], [7., 8., 9.], [9., -1., -1.]]
    assert tf.signal.frame(tf.range(7), 3, 2, axis=0, pad_end=True).numpy().tolist() == [
        [0, 1, 2], [2, 3, 4], [4, 5, 6], [6, 0, 0]]
    assert tf.signal.frame(tf.reshape(tf.range(12), [6, 2]), 2, 2, axis=0).shape == (3, 2, 2)
    assert tf.signal.frame(tf.range(2), 3, 1).shape == (0, 3)
    audio = tf.zeros([3, 9152])
    tf.signal.frame(audio, 512, 180).shape.assert_is_compatible_with([3, 49, 512])
    tf.signal.frame(audio, 512, 180, pad_end=True).shape.assert_is_compatible_with([3, 51, 512])
    x = tf.Variable(tf.range(5.))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.signal.frame(x, 3, 1))
    assert tape.gradient(y, x).numpy().tolist() == [1., 2., 3., 2., 1.]
