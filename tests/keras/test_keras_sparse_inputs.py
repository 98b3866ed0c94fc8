"""Keras models on SparseTensors: an ``Input(sparse=True)`` takes them in a call, in predict
and in fit (batches cut from the SparseTensor, shuffled or not), as the sparse guide shows."""

import numpy as np

import eagerbook as tf


def _sparse():
    return tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)],
                                  values=[1.0, 1.0, 1.0, 1.0, 1.0, 1.0], dense_shape=(6, 4))


def _model():
    x = tf.keras.Input(shape=(4,), sparse=True)
    return tf.keras.Model(x, tf.keras.layers.Dense(1, kernel_initializer="ones")(x))


def test_call_and_predict_on_a_sparse_tensor():
    model = _model()
    expected = [[3.0], [0.0], [0.0], [0.0], [1.0], [2.0]]
    np.testing.assert_allclose(model(_sparse()).numpy(), expected)
    np.testing.assert_allclose(model.predict(_sparse(), batch_size=4, verbose=0), expected)


def test_fit_cuts_sparse_batches_in_any_order():
    model = _model()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mse")
    y = np.array([3.0, 0.0, 0.0, 0.0, 1.0, 2.0], dtype="float32")
    history = model.fit(_sparse(), y, batch_size=4, epochs=2, shuffle=True, verbose=0)
    assert history.history["loss"] == [0.0, 0.0]  # every shuffled row met its own target
