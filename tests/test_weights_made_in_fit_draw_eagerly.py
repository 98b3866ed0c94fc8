"""Weights a layer makes on its first call inside fit draw as TF's lifted code does (TF makes
them under init_scope, outside the traced step): a TF 1.x initializer there, such as a feature
column's default embedding initializer, gives the values it gives eagerly (checked against
TF 2.21)."""
import numpy as np

import eagerbook as tf


def _embedding_after_fit():
    tf.keras.utils.set_random_seed(0)
    thal = tf.feature_column.categorical_column_with_vocabulary_list("thal", ["a", "b", "c"])
    model = tf.keras.Sequential([
        tf.keras.layers.DenseFeatures([tf.feature_column.embedding_column(thal, 2)]),
        tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mse")
    data = tf.data.Dataset.from_tensor_slices(({"thal": ["a", "b", "c", "a"]},
                                               [1.0, 0.0, 1.0, 0.0]))
    model.fit(data.batch(2), epochs=1, verbose=0)
    return model.weights[0].numpy()


def test_embedding_made_inside_fit_has_tfs_values():
    np.testing.assert_allclose(_embedding_after_fit(), [[1.06848, 0.29905],
                                                        [-0.29677, -0.73259],
                                                        [0.28395, 0.22128]], atol=2e-5)


def test_a_user_initializer_with_random_ops_draws_eagerly_in_fit():
    tf.keras.utils.set_random_seed(0)
    data = tf.data.Dataset.from_tensor_slices(({"x": np.ones((4, 3), "float32")},
                                               np.ones((4, 1), "float32"))).batch(2)
    features = tf.keras.layers.DenseFeatures([tf.feature_column.numeric_column("x", (3,))])
    model = tf.keras.Sequential([
        features, tf.keras.layers.Dense(
            2, kernel_initializer=lambda shape, dtype=None: tf.random.normal(shape, dtype=dtype))])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mse")
    model.fit(data, epochs=1, verbose=0)
    tf.keras.utils.set_random_seed(0)
    np.testing.assert_allclose(model.weights[0].numpy(), tf.random.normal([3, 2]).numpy())
