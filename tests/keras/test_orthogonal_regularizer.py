"""tf.keras.regularizers.OrthogonalRegularizer (values recorded from the reference TF)."""

import numpy as np
import pytest

import eagerbook as tf

X = np.arange(12, dtype=np.float32).reshape(3, 4) - 5


def test_rows_and_columns_penalties():
    rows = tf.keras.regularizers.OrthogonalRegularizer(factor=0.01)
    assert rows(tf.constant(X)).numpy() == np.float32(0.0052617644)
    columns = tf.keras.regularizers.OrthogonalRegularizer(0.5, "columns")
    assert columns(tf.constant(X)).numpy() == np.float32(0.43538424)


def test_mean_absolute_cosine_between_rows():
    unit = X / np.linalg.norm(X, axis=1, keepdims=True)
    cosines = np.abs(unit @ unit.T)[np.triu_indices(3, 1)]
    penalty = tf.keras.regularizers.OrthogonalRegularizer(factor=0.2)(tf.constant(X))
    np.testing.assert_allclose(penalty.numpy(), 0.2 * cosines.mean(), rtol=1e-6)


def test_as_a_layer_regularizer_and_by_name():
    regularizer = tf.keras.regularizers.OrthogonalRegularizer(factor=0.01)
    layer = tf.keras.layers.Dense(units=4, kernel_regularizer=regularizer,
                                  kernel_initializer="ones")
    layer(np.ones((1, 3), np.float32))
    assert float(layer.losses[0]) == pytest.approx(0.01)  # identical rows: cosine 1
    assert regularizer.get_config() == {"factor": 0.009999999776482582, "mode": "rows"}
    assert isinstance(tf.keras.regularizers.get("OrthogonalRegularizer"),
                      tf.keras.regularizers.OrthogonalRegularizer)


def test_bad_mode_and_rank():
    with pytest.raises(ValueError, match="Invalid value for argument `mode`"):
        tf.keras.regularizers.OrthogonalRegularizer(mode="x")
    with pytest.raises(ValueError, match="must have rank 2"):
        tf.keras.regularizers.OrthogonalRegularizer()(tf.ones(3))
