"""tf.linalg.tridiagonal_matmul/solve in TF's three formats, and tf.grad_pass_through."""

import numpy as np
import pytest

import eagerbook as tf

COMPACT = np.array([[2.0, 3.0, 4.0, 99.0],    # superdiagonal (last entry unused)
                    [5.0, 6.0, 7.0, 8.0],     # main diagonal
                    [99.0, 1.0, 2.0, 3.0]])   # subdiagonal (first entry unused)
FULL = np.array([[5.0, 2.0, 0.0, 0.0], [1.0, 6.0, 3.0, 0.0], [0.0, 2.0, 7.0, 4.0],
                 [0.0, 0.0, 3.0, 8.0]])
RHS = np.array([[1.0, 0.5], [2.0, -1.0], [3.0, 0.0], [4.0, 2.0]])


def formats():
    return [(tf.constant(COMPACT), "compact"),
            (tuple(tf.constant(row) for row in COMPACT), "sequence"),
            (tf.constant(FULL + np.triu(np.ones((4, 4)), 2)), "matrix")]  # off-band ignored


@pytest.mark.parametrize("index", range(3))
def test_matmul_and_solve_in_every_format(index):
    diagonals, fmt = formats()[index]
    product = tf.linalg.tridiagonal_matmul(diagonals, tf.constant(RHS), diagonals_format=fmt)
    np.testing.assert_allclose(product.numpy(), FULL @ RHS)
    solution = tf.linalg.tridiagonal_solve(diagonals, tf.constant(RHS), diagonals_format=fmt)
    np.testing.assert_allclose(solution.numpy(), np.linalg.solve(FULL, RHS), rtol=1e-12)


def test_solve_vector_transposed_and_batched_rhs():
    d = tf.constant(COMPACT)
    expected = np.linalg.solve(FULL, RHS[:, 0])
    np.testing.assert_allclose(tf.linalg.tridiagonal_solve(d, RHS[:, 0]).numpy(), expected)
    transposed = tf.linalg.tridiagonal_solve(d, tf.constant(RHS.T), transpose_rhs=True)
    np.testing.assert_allclose(transposed.numpy(), np.linalg.solve(FULL, RHS))  # [M, K], as TF
    batched = tf.linalg.tridiagonal_solve(tf.stack([d, 2 * d]), tf.stack([RHS, RHS]))
    np.testing.assert_allclose(batched.numpy()[1], np.linalg.solve(2 * FULL, RHS))


def test_gradients_reach_only_the_used_diagonal_entries():
    d = tf.Variable(COMPACT)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.linalg.tridiagonal_matmul(d, tf.constant(RHS[:, :1])))
    # d(sum A @ r)/dA[i, j] = r[j]: superdiagonal r[1:], main r, subdiagonal r[:-1]
    r = RHS[:, 0]
    np.testing.assert_allclose(tape.gradient(y, d).numpy(),
                               [[2, 3, 4, 0], [1, 2, 3, 4], [0, 1, 2, 3]])
    with tf.GradientTape() as tape:
        x = tf.linalg.tridiagonal_solve(d, tf.constant(RHS[:, :1]))
        y = tf.reduce_sum(x)
    # For x = A^-1 r: dy/dA = -(A^-T 1) x^T, read off on the three diagonals.
    x_np = np.linalg.solve(FULL, r)
    full_grad = -np.outer(np.linalg.solve(FULL.T, np.ones(4)), x_np)
    expected = [np.append(np.diag(full_grad, 1), 0), np.diag(full_grad),
                np.insert(np.diag(full_grad, -1), 0, 0)]
    np.testing.assert_allclose(tape.gradient(y, d).numpy(), expected, rtol=1e-10, atol=1e-15)


def test_tridiagonal_errors():
    d = tf.constant(COMPACT)
    with pytest.raises(ValueError, match="Unrecognized diagonals_format: foo"):
        tf.linalg.tridiagonal_solve(d, RHS, diagonals_format="foo")
    with pytest.raises(ValueError, match="Expected 3 diagonals got 2"):
        tf.linalg.tridiagonal_solve(tf.constant(COMPACT[:2]), RHS)
    with pytest.raises(ValueError, match="got 4 and 3"):
        tf.linalg.tridiagonal_solve(d, RHS[:3])
    with pytest.raises(tf.errors.InvalidArgumentError, match="same rank"):
        tf.linalg.tridiagonal_matmul(d, tf.constant(RHS[:, 0]))


def test_grad_pass_through_uses_the_identity_as_gradient():
    z = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(tf.round)(z * 1.3)  # round has no gradient of its own
    assert float(y) == 4.0
    assert float(tape.gradient(y, z)) == pytest.approx(1.3)
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(x.assign)(z ** 2)
    assert float(y) == 9.0 and float(x) == 9.0
    assert float(tape.gradient(y, z)) == 6.0
