"""reduce_sum / reduce_mean / reduce_prod of complex tensors: TF's values, and gradients in
TF's convention (the conjugate of the Wirtinger derivative, times 2)."""

import numpy as np
import pytest

import eagerbook as tf

Z = np.array([[1 + 2j, 3 - 1j, 0.5j], [2 + 0j, -1 + 1j, 1 - 1j]])


@pytest.mark.parametrize("dtype", [tf.complex64, tf.complex128])
@pytest.mark.parametrize(("reduce", "numpy_reduce"), [
    (tf.reduce_sum, np.sum), (tf.reduce_mean, np.mean), (tf.reduce_prod, np.prod)])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_values(reduce, numpy_reduce, dtype, axis):
    got = reduce(tf.constant(Z, dtype), axis=axis)
    assert got.dtype == dtype
    np.testing.assert_allclose(got.numpy(), numpy_reduce(Z, axis=axis), rtol=1e-6)


@pytest.mark.parametrize("which", ["sum", "mean", "prod"])
def test_gradient_of_a_real_loss(which):
    # L = Re(reduce(z * z)); TF reports dL/dx + i dL/dy, which is conj(2 z d reduce/dz).
    reduce = {"sum": tf.reduce_sum, "mean": tf.reduce_mean, "prod": tf.reduce_prod}[which]
    z = tf.Variable(Z[0])
    with tf.GradientTape() as tape:
        loss = tf.math.real(reduce(z * z))
    grad = tape.gradient(loss, z).numpy()
    squares = Z[0] ** 2
    partial = {"sum": np.ones(3), "mean": np.full(3, 1 / 3),
               "prod": np.array([np.prod(np.delete(squares, i)) for i in range(3)])}[which]
    np.testing.assert_allclose(grad, np.conj(partial * 2 * Z[0]), rtol=1e-12, atol=1e-12)
