"""tf.reduce_prod of small float tensors multiplies in the order of TF's CPU Prod kernel, the
order of its Sum kernel (eagerbook/ops/eigen_sums.py, op=np.multiply), so products print TF's
last digit. Expected values printed by TF 2.21 (9 digits), each differing from both the product
taken in sequence and NumPy's (the old kernel's)."""

import numpy as np

import eagerbook as tf

VECTOR = [1.22, 1.08, 1.17, 0.671, 1.1, 1.38, 0.939, 0.69, 1.37, 1.14, 0.758, 1.14, 1.39, 0.768,
          1.28, 1.16, 0.777, 0.748, 1.36]
ROWS = [[1.2, 1.1, 0.95, 1.3, 0.78, 0.9, 1.1, 0.99, 0.98, 1.3, 1.1, 1.1],
        [1.0, 0.87, 0.81, 1.2, 1.2, 1.3, 0.9, 0.99, 0.98, 1.1, 0.78, 1.2]]


def test_a_vector_as_tf():
    x = np.array(VECTOR, np.float32)
    assert tf.reduce_prod(x).numpy() == np.float32(1.72021759)
    assert np.multiply.accumulate(x)[-1] == np.float32(1.72021794)  # (in sequence)


def test_rows_as_tf():
    np.testing.assert_array_equal(tf.reduce_prod(tf.constant(ROWS), axis=1).numpy(),
                                  np.array([1.92114723, 1.18599403], np.float32))


def test_columns_as_tf():
    # 17 rows of 8: four running products (rows 0, 4, 8, ...; 1, 5, 9, ...), as TF's registers
    i, j = np.meshgrid(np.arange(17), np.arange(8), indexing="ij")
    x = (1 + ((i * 7 + j * 3) % 11 - 5) / np.float32(19)).astype(np.float32)
    np.testing.assert_array_equal(tf.reduce_prod(x, axis=0).numpy(), np.array(
        [0.697865188, 1.03730309, 0.838995218, 0.660708845, 0.539755225, 0.785098433,
         1.14649296, 0.915267527], np.float32))


def test_edges():
    assert np.signbit(tf.reduce_prod(tf.constant([-0.0, 2.0])).numpy())  # (no +0.0 start)
    assert tf.reduce_prod(tf.zeros([0])).numpy() == 1.0
    assert tf.reduce_prod(tf.constant([[2, 3], [4, 5]]), axis=0).numpy().tolist() == [8, 15]
    x = tf.Variable([[1.5, 2.0, 0.0], [3.0, 0.5, 4.0]])
    with tf.GradientTape() as tape:
        p = tf.reduce_prod(x, axis=1, keepdims=True)
    assert p.shape == (2, 1)
    np.testing.assert_array_equal(tape.gradient(p, x).numpy(), [[0.0, 0.0, 3.0], [2.0, 12.0, 1.5]])
