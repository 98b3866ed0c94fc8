"""A model fed one axis short (or one size-1 axis too many) fits the input's shape, as Keras
does: the regression tutorial predicts from a column of scalars given as a 1-D array."""

import numpy as np
import pytest

import eagerbook as tf


def _column_model():
    norm = tf.keras.layers.Normalization(input_shape=[1], axis=None)
    norm.adapt(np.array([1.0, 2.0, 3.0, 4.0], "float32"))
    model = tf.keras.Sequential([norm, tf.keras.layers.Dense(1, kernel_initializer="ones")])
    return model


def test_sequential_predicts_from_a_vector_of_scalars():
    model = _column_model()
    out = model.predict(np.array([2.5, 5.0], "float32"), verbose=0)
    assert out.shape == (2, 1)
    # mean 2.5, variance 1.25: (5 - 2.5) / sqrt(1.25) = 2.2360...
    np.testing.assert_allclose(out[:, 0], [0.0, 2.5 / np.sqrt(1.25)], rtol=1e-5)


def test_sequential_fits_on_a_vector_of_scalars():
    model = _column_model()
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(np.array([1.0, 2.0], "float32"), np.array([1.0, 2.0], "float32"),
                        epochs=1, verbose=0)
    assert len(history.history["loss"]) == 1


def test_extra_size_one_axis_is_squeezed():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones",
                                                       input_shape=(3,))])
    out = model(np.ones((2, 3, 1), "float32"))
    np.testing.assert_allclose(out.numpy(), [[3.0], [3.0]])


def test_functional_model_expands_a_missing_last_axis():
    inputs = tf.keras.Input(shape=(1,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
    np.testing.assert_allclose(model(np.array([1.0, 4.0], "float32")).numpy(), [[1.0], [4.0]])


def test_other_shape_mismatches_still_fail():
    inputs = tf.keras.Input(shape=(2, 3))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    with pytest.raises(ValueError):
        model(np.ones((4,), "float32"))  # two axes short: not fitted
