"""tf.linalg on complex matrices (as TF's kernels take them), tf.linalg.eig/eigvals, and
tf.linalg.lu's named result."""

import numpy as np
import pytest

import eagerbook as tf

_rng = np.random.default_rng(5)
A = _rng.normal(size=(3, 3)) + 1j * _rng.normal(size=(3, 3)) + 3 * np.eye(3)
B = _rng.normal(size=(3, 2)) + 1j * _rng.normal(size=(3, 2))
HPD = A @ A.conj().T + np.eye(3)  # Hermitian positive definite
LOWER = np.tril(A)


@pytest.mark.parametrize("dtype", [tf.complex64, tf.complex128])
def test_solvers_and_inverses(dtype):
    rtol = 1e-4 if dtype == tf.complex64 else 1e-10
    a, b = tf.constant(A, dtype), tf.constant(B, dtype)
    np.testing.assert_allclose(tf.linalg.inv(a).numpy(), np.linalg.inv(A), rtol=rtol)
    np.testing.assert_allclose(tf.linalg.inv(a, adjoint=True).numpy(),
                               np.linalg.inv(A.conj().T), rtol=rtol)
    np.testing.assert_allclose(tf.linalg.det(a).numpy(), np.linalg.det(A), rtol=rtol)
    np.testing.assert_allclose(tf.linalg.solve(a, b).numpy(), np.linalg.solve(A, B), rtol=rtol)
    np.testing.assert_allclose(tf.linalg.solve(a, b, adjoint=True).numpy(),
                               np.linalg.solve(A.conj().T, B), rtol=rtol)
    tri = tf.constant(LOWER, dtype)
    np.testing.assert_allclose(tf.linalg.triangular_solve(tri, b).numpy(),
                               np.linalg.solve(LOWER, B), rtol=rtol)
    np.testing.assert_allclose(tf.linalg.triangular_solve(tri, b, adjoint=True).numpy(),
                               np.linalg.solve(LOWER.conj().T, B), rtol=rtol)
    assert tf.linalg.inv(a).dtype == dtype


def test_factorizations_reconstruct_the_matrix():
    a = tf.constant(A, tf.complex128)
    chol = tf.linalg.cholesky(tf.constant(HPD)).numpy()
    np.testing.assert_allclose(chol @ chol.conj().T, HPD, atol=1e-10)
    q, r = tf.linalg.qr(a)
    np.testing.assert_allclose(q.numpy() @ r.numpy(), A, atol=1e-10)
    s, u, v = tf.linalg.svd(a)
    assert s.dtype == tf.float64  # singular values are real
    np.testing.assert_allclose(u.numpy() @ np.diag(s.numpy()) @ v.numpy().conj().T, A,
                               atol=1e-10)
    e, vectors = tf.linalg.eigh(tf.constant(HPD))
    assert e.dtype == tf.complex128  # TF gives the eigenvalues the input's dtype
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(HPD), atol=1e-10)
    np.testing.assert_allclose(HPD @ vectors.numpy(), vectors.numpy() * e.numpy(), atol=1e-10)
    sign, log_abs = tf.linalg.slogdet(a)
    np.testing.assert_allclose(sign.numpy() * np.exp(log_abs.numpy()), np.linalg.det(A))
    logdet = tf.linalg.logdet(tf.constant(HPD))
    assert logdet.dtype == tf.float64
    np.testing.assert_allclose(logdet.numpy(), np.log(np.linalg.det(HPD).real))


def _complex_gradient_check(fn, z0, weights):
    """TF's gradient of L = Re(sum(w * fn(z))) is dL/dx + i dL/dy: checked by differences."""
    z = tf.Variable(z0)
    with tf.GradientTape() as tape:
        loss = tf.math.real(tf.reduce_sum(fn(z) * weights))
    got = tape.gradient(loss, z).numpy()

    def loss_at(value):
        return np.real(np.sum(fn(tf.constant(value)).numpy() * weights))
    want = np.zeros_like(z0)
    h = 1e-6
    for index in np.ndindex(z0.shape):
        for step, part in ((h, 1.0), (1j * h, 1j)):
            up, down = z0.copy(), z0.copy()
            up[index] += step
            down[index] -= step
            want[index] += part * (loss_at(up) - loss_at(down)) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fn", [
    tf.linalg.inv, tf.linalg.det,
    lambda z: tf.linalg.solve(z, tf.constant(B)),
    lambda z: tf.linalg.triangular_solve(z, tf.constant(B)),
], ids=["inv", "det", "solve", "triangular_solve"])
def test_gradients_of_analytic_ops(fn):
    weights = _rng.normal(size=np.shape(fn(tf.constant(A)))) + 0.5j
    _complex_gradient_check(fn, A.copy(), weights)


@pytest.mark.parametrize("fn", [
    tf.linalg.cholesky, lambda z: tf.linalg.qr(z)[1], lambda z: tf.linalg.svd(z)[0],
    lambda z: tf.linalg.slogdet(z)[1], lambda z: tf.linalg.inv(z, adjoint=True),
], ids=["cholesky", "qr", "svd", "slogdet", "inv_adjoint"])
def test_complex_gradients_without_a_rule_refuse(fn):
    z = tf.Variable(HPD)
    with tf.GradientTape() as tape:
        loss = tf.math.real(tf.reduce_sum(fn(z)))
    with pytest.raises(NotImplementedError, match="eagerbook differentiates"):
        tape.gradient(loss, z)


@pytest.mark.parametrize(("dtype", "out"), [(tf.float32, tf.complex64),
                                            (tf.float64, tf.complex128),
                                            (tf.complex64, tf.complex64)])
def test_eig(dtype, out):
    matrix = np.array([[1., 2.], [3., 4.]])
    e, v = tf.linalg.eig(tf.constant(matrix, dtype))
    assert e.dtype == out and v.dtype == out
    np.testing.assert_allclose(e.numpy(), [-0.37228132, 5.37228132], rtol=1e-6)
    np.testing.assert_allclose(matrix @ v.numpy(), v.numpy() * e.numpy(), atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(v.numpy(), axis=0), [1., 1.], rtol=1e-6)


def test_eigvals_of_a_rotation_are_complex():
    e = tf.linalg.eigvals(tf.constant([[0., -1.], [1., 0.]], tf.float64))
    assert e.dtype == tf.complex128
    np.testing.assert_allclose(e.numpy(), [1j, -1j])


def test_eig_refuses_what_tf_refuses():
    with pytest.raises(tf.errors.InvalidArgumentError, match="rank >= 2"):
        tf.linalg.eigvals(tf.constant([1., 2.]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be square"):
        tf.linalg.eig(tf.ones([2, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.linalg.eigvals(tf.constant([[1, 2], [3, 4]]))


def test_eig_traces_with_complex_outputs():
    @tf.function
    def eigenvalues(x):
        return tf.linalg.eigvals(x)
    e = eigenvalues(tf.constant([[2., 1.], [1., 2.]]))
    assert e.dtype == tf.complex64
    np.testing.assert_allclose(e.numpy(), [3., 1.], rtol=1e-6)


def test_eig_gradient_is_refused():
    x = tf.Variable([[2., 1.], [1., 3.]])
    with tf.GradientTape() as tape:
        loss = tf.math.real(tf.reduce_sum(tf.linalg.eigvals(x)))
    with pytest.raises(NotImplementedError, match="does not differentiate tf.linalg.eig"):
        tape.gradient(loss, x)


def test_lu_result_is_named_as_tfs():
    lu = tf.linalg.lu(tf.constant([[1., 2.], [3., 4.]]))
    assert type(lu).__name__ == "Lu" and lu.p.numpy().tolist() == [1, 0]
    assert repr(lu).startswith("Lu(lu=<tf.Tensor: shape=(2, 2)")
