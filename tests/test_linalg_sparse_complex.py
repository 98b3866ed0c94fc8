"""tf.linalg solves and factorizations, l2_normalize, tf.sparse and complex numbers, against
TF's documented values (gradients are checked in tests/gradcases/linalg.py)."""

import numpy as np
import pytest

import eagerbook as tf

A = np.array([[3.0, 1.0], [1.0, 2.0]], np.float32)
B = np.array([[9.0], [8.0]], np.float32)


def test_solve_triangular_solve_cholesky():
    np.testing.assert_allclose(tf.linalg.solve(A, B).numpy(), [[2.0], [3.0]], rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.solve(A, B, adjoint=True).numpy(),
                               np.linalg.solve(A.T, B), rtol=1e-6)
    chol = tf.linalg.cholesky(A)
    np.testing.assert_allclose((chol @ tf.transpose(chol)).numpy(), A, rtol=1e-6)
    assert np.allclose(np.triu(chol.numpy(), 1), 0)
    x = tf.linalg.triangular_solve(chol, B, lower=True)
    np.testing.assert_allclose((chol @ x).numpy(), B, rtol=1e-5)
    # TF 2.21 does not raise: the lower triangle of a matrix that is not positive definite
    # is NaN
    failed = tf.linalg.cholesky([[1.0, 2.0], [2.0, 1.0]]).numpy()
    assert np.isnan(failed[np.tril_indices(2)]).all() and failed[0, 1] == 0
    with pytest.raises(tf.errors.InvalidArgumentError, match="not invertible"):
        tf.linalg.solve([[1.0, 2.0], [2.0, 4.0]], [[1.0], [1.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="square"):
        tf.linalg.solve(tf.ones([2, 3]), tf.ones([2, 1]))


def test_slogdet_logdet_eigh_qr_svd():
    sign, logdet = tf.linalg.slogdet(A)
    assert float(sign) == 1.0 and float(logdet) == pytest.approx(np.log(5.0), rel=1e-6)
    assert float(tf.linalg.logdet(A)) == pytest.approx(np.log(5.0), rel=1e-5)
    e, v = tf.linalg.eigh(A)
    np.testing.assert_allclose(e.numpy(), [(5 - 5 ** 0.5) / 2, (5 + 5 ** 0.5) / 2], rtol=1e-6)
    np.testing.assert_allclose((v @ tf.linalg.diag(e) @ tf.transpose(v)).numpy(), A, atol=1e-5)
    tall = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    q, r = tf.linalg.qr(tall)
    assert q.shape == (3, 2) and r.shape == (2, 2)
    np.testing.assert_allclose((q @ r).numpy(), tall.numpy(), atol=1e-5)
    assert tf.linalg.qr(tall, full_matrices=True)[0].shape == (3, 3)
    s, u, v = tf.linalg.svd(tall)
    np.testing.assert_allclose((u @ tf.linalg.diag(s) @ tf.transpose(v)).numpy(),
                               tall.numpy(), atol=1e-5)
    np.testing.assert_allclose(tf.linalg.svd(tall, compute_uv=False).numpy(), s.numpy())


def test_svd_gradient_of_full_matrices_needs_a_square_input():
    x = tf.Variable(np.arange(6.0, dtype=np.float32).reshape(3, 2) + np.eye(3, 2))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.linalg.svd(x, full_matrices=True)[1])
    with pytest.raises(NotImplementedError, match="full_matrices=False"):
        tape.gradient(loss, x)
    with tf.GradientTape() as tape:  # reduced factors: a gradient through u, s and v
        s, u, v = tf.linalg.svd(x)
        loss = tf.reduce_sum(tf.square(u)) + tf.reduce_sum(s)
    assert tape.gradient(loss, x).shape == (3, 2)


def test_l2_normalize():
    assert tf.math.l2_normalize([3.0, 4.0]).numpy().tolist() == pytest.approx([0.6, 0.8])
    out = tf.nn.l2_normalize([[3.0, 4.0], [0.0, 0.0]], axis=1).numpy()
    assert out.tolist() == [pytest.approx([0.6, 0.8]), [0.0, 0.0]]  # epsilon: no nan


def test_sparse_tensor_prints_and_converts_as_in_the_guide():
    st1 = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])
    assert str(st1) == ("SparseTensor(indices=tf.Tensor(\n[[0 3]\n [2 4]], shape=(2, 2), "
                        "dtype=int64), values=tf.Tensor([10 20], shape=(2,), dtype=int32), "
                        "dense_shape=tf.Tensor([ 3 10], shape=(2,), dtype=int64))")
    st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
    assert st2.indices.numpy().tolist() == [[0, 0], [0, 3], [2, 2]]
    assert st2.values.numpy().tolist() == [1, 8, 3] and st2.shape == (3, 4)
    assert tf.sparse.to_dense(st2).numpy().tolist() == [[1, 0, 0, 8], [0, 0, 0, 0],
                                                        [0, 0, 3, 0]]
    plus5 = tf.sparse.map_values(tf.add, st2, 5)
    assert tf.sparse.to_dense(plus5).numpy().tolist()[0] == [6, 0, 0, 13]
    assert tf.sparse.to_dense(st2 * 2).numpy().tolist()[2] == [0, 0, 6, 0]


def test_sparse_add_matmul_reorder_concat():
    st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
    st_b = tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10])
    st_sum = tf.sparse.add(st_a, st_b)
    assert st_sum.indices.numpy().tolist() == [[0, 2], [3, 0], [3, 4]]
    assert st_sum.values.numpy().tolist() == [87, 38, 2]
    assert tf.sparse.add(st_a, tf.ones([4, 10], tf.int32)).numpy()[0, 2] == 32
    st_c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17],
                                  dense_shape=(2, 2))
    product = tf.sparse.sparse_dense_matmul(st_c, tf.constant([[4], [6]]))
    assert product.numpy().tolist() == [[78], [162]]
    unordered = tf.sparse.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"indices\[1\] = \[0,0\] is out of order"):
        tf.sparse.to_dense(unordered)
    assert tf.sparse.to_dense(tf.sparse.reorder(unordered)).numpy().tolist() == [[2, 0], [1, 0]]
    joined = tf.sparse.concat(1, [st_c, st_c])
    assert joined.shape == (2, 4) and tf.sparse.to_dense(joined).numpy().tolist() == \
        [[0, 13, 0, 13], [15, 17, 15, 17]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="shapes do not match"):
        tf.sparse.add(st_a, st_c)


def test_sparse_gradients_reach_values_and_dense_operand():
    values = tf.Variable([3.0, 4.0])
    dense = tf.Variable([[1.0], [2.0]])
    with tf.GradientTape() as tape:
        st = tf.sparse.SparseTensor([[0, 1], [1, 0]], values, [2, 2])
        y = tf.reduce_sum(tf.sparse.sparse_dense_matmul(st, dense))
    d_values, d_dense = tape.gradient(y, [values, dense])
    assert d_values.numpy().tolist() == [2.0, 1.0] and d_dense.numpy().tolist() == [[4.0],
                                                                                    [3.0]]


def test_complex_numbers():
    z = tf.complex(tf.constant([1.0, 2.0]), tf.constant([3.0, -4.0]))
    assert z.dtype == tf.complex64
    assert str(z) == "tf.Tensor([1.+3.j 2.-4.j], shape=(2,), dtype=complex64)"
    assert tf.math.real(z).numpy().tolist() == [1.0, 2.0] and tf.math.real(z).dtype == tf.float32
    assert tf.math.imag(z).numpy().tolist() == [3.0, -4.0]
    assert tf.math.conj(z).numpy().tolist() == [1 - 3j, 2 + 4j]
    assert tf.abs(z).dtype == tf.float32
    np.testing.assert_allclose(tf.abs(z).numpy(), [10 ** 0.5, 20 ** 0.5], rtol=1e-6)
    assert (z * z).numpy().tolist() == [-8 + 6j, -12 - 16j]
    assert tf.complex(tf.constant(1.0, tf.float64), tf.constant(2.0, tf.float64)).dtype \
        == tf.complex128
    with pytest.raises(TypeError, match="incorrect types: float64 float32"):
        tf.complex(tf.constant(1.0, tf.float64), 2.0)  # TF converts 2.0 on its own: float32
    assert tf.math.real(tf.constant([1.5])).numpy().tolist() == [1.5]
    with pytest.raises(TypeError):
        tf.complex(tf.constant(1.0), tf.constant(1.0, tf.float64))


def test_sparse_slice_transpose_reduce_max():
    st = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[-10, -20], dense_shape=[3, 10])
    assert int(tf.sparse.reduce_max(st)) == -10  # missing entries are not zeros
    transposed = tf.sparse.transpose(st)
    assert transposed.shape == (10, 3) and transposed.indices.numpy().tolist() == [[3, 0],
                                                                                   [4, 2]]
    part = tf.sparse.slice(st, [1, 0], [2, 5])
    assert part.indices.numpy().tolist() == [[1, 4]] and part.shape == (2, 5)
