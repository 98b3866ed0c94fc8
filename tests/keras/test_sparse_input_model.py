"""A functional model on keras.Input(sparse=True) takes a SparseTensor of integers, as TF's
sparse-tensor guide does: the values are cast to the input's float32, and Dense multiplies
the sparse rows (call and predict; TF 2.21's numbers for a seeded kernel)."""

import numpy as np

import eagerbook as tf

EXPECTED = np.array([[-0.7154034, -0.42441005, 1.0918684, -1.7612011],
                     [0., 0., 0., 0.], [0., 0., 0., 0.], [0., 0., 0., 0.],
                     [0.20848304, -0.2589959, 0.05027682, -0.72548527],
                     [-1.228954, -0.04713404, 0.83736557, -1.1090037]], np.float32)


def test_model_on_a_sparse_input_of_integers():
    tf.keras.utils.set_random_seed(1)
    x = tf.keras.Input(shape=(4,), sparse=True)
    model = tf.keras.Model(x, tf.keras.layers.Dense(4)(x))
    data = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)],
                                  values=[1, 1, 1, 1, 1, 1], dense_shape=(6, 4))
    # (to float32's last digit: the seeded kernel's uniform draw may round differently with
    # NumPy's SIMD kernels pinned, as `make test` does)
    np.testing.assert_allclose(model(data).numpy(), EXPECTED, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(model.predict(data, verbose=0), EXPECTED, rtol=1e-6, atol=1e-7)
