"""keras.backend.to_dense of a sparse placeholder: a dense KerasTensor in the same graph."""

import numpy as np

import eagerbook as tf

K = tf.keras.backend


def test_to_dense_of_a_sparse_placeholder_is_dense_and_connected():
    b = K.placeholder((None, 2), sparse=True)
    assert K.is_sparse(b)
    c = K.to_dense(b)
    assert not K.is_sparse(c) and K.is_keras_tensor(c) and c.shape.as_list() == [None, 2]
    model = tf.keras.Model(b, tf.keras.layers.Dense(1, kernel_initializer="ones")(c))
    np.testing.assert_allclose(model(np.ones((1, 2), "float32")).numpy(), [[2.0]])


def test_to_dense_of_sparse_and_dense_tensors():
    sparse = tf.sparse.SparseTensor([[0, 1]], [3.0], [2, 2])
    np.testing.assert_allclose(K.to_dense(sparse).numpy(), [[0.0, 3.0], [0.0, 0.0]])
    dense = tf.ones((2,))
    assert K.to_dense(dense) is dense
