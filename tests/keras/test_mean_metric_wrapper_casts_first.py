"""Keras 2's MeanMetricWrapper casts labels and predictions to the metric's dtype before its
function sees them: in compile, Accuracy compares float32 sigmoid outputs with float32 labels,
so only exact values match (TF 2.0's imbalanced-data tutorial shows accuracy 0.0000e+00), where
casting the predictions to integer labels matched every prediction below 1 to label 0."""

import numpy as np

import eagerbook as tf


def test_accuracy_in_compile_compares_floats():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid",
                                                       input_shape=(2,))])
    model.compile("adam", "binary_crossentropy",
                  metrics=[tf.keras.metrics.Accuracy(name="accuracy")])
    loss, accuracy = model.evaluate(np.ones((4, 2)), np.array([1, 0, 1, 1]), verbose=0)
    np.testing.assert_allclose(loss, 0.8474746346473694, rtol=1e-6)  # TF's numbers
    assert accuracy == 0.0


def test_integer_inputs_are_cast_too():
    metric = tf.keras.metrics.Accuracy()
    metric.update_state(np.array([[1], [0], [2]]), np.array([[1.0], [0.4], [2.0]]))
    assert metric.result().numpy() == np.float32(2 / 3)
    sparse = tf.keras.metrics.SparseCategoricalAccuracy()
    sparse.update_state(np.array([2, 1]), np.array([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]]))
    assert sparse.result().numpy() == 0.5
