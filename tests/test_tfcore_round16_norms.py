"""tf.norm and tf.math.reduce_euclidean_norm add their squares in the order of TF's Sum kernel."""

import numpy as np

import eagerbook as tf


def _values():
    rng = np.random.RandomState(0)
    rng.uniform(-0.9, 0.9, 7)
    return rng.uniform(-0.9, 0.9, 64).astype(np.float32)


def test_norm_of_64_values_is_tfs():
    # TF 2.21 prints 4.3141847 for both; NumPy's pairwise sum gave 4.314185 for the second
    x = _values()
    assert float(tf.norm(x).numpy()) == 4.314184665679932
    assert float(tf.math.reduce_euclidean_norm(x).numpy()) == 4.314184665679932


def test_norms_keep_their_shapes_and_dtypes():
    x = tf.reshape(tf.range(24, dtype=tf.float32) / 7, [2, 3, 4])
    assert tf.math.reduce_euclidean_norm(x, 1, keepdims=True).shape == (2, 1, 4)
    np.testing.assert_allclose(tf.math.reduce_euclidean_norm(x, axis=[0, 2]).numpy(),
                               np.sqrt((x.numpy() ** 2).sum(axis=(0, 2))), rtol=1e-6)
    assert tf.math.reduce_euclidean_norm(tf.constant([3, 4])).numpy() == 5
    assert tf.norm(tf.constant([3.0, 4.0], tf.float64)).dtype == tf.float64
    assert tf.norm(x, axis=[1, 2], keepdims=True).shape == (2, 1, 1)


def test_norm_gradient_is_x_over_norm():
    x = tf.constant([3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.norm(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [0.6, 0.8], rtol=1e-6)
