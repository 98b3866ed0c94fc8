"""Seeded tf.random.shuffle and tf.random.categorical draw TF's Philox words the way TF's
kernels do, so their values are TF 2.21's (and consecutive calls advance as TF's)."""

import numpy as np

import eagerbook as tf


def test_shuffle_values_and_advance():
    tf.random.set_seed(5)
    assert tf.random.shuffle(tf.range(5), seed=1).numpy().tolist() == [4, 0, 1, 2, 3]
    assert tf.random.shuffle(tf.range(5), seed=1).numpy().tolist() == [0, 2, 1, 3, 4]
    rows = tf.random.shuffle(tf.reshape(tf.range(20), [10, 2]), seed=3).numpy()
    assert rows[:, 0].tolist() == [0, 18, 16, 14, 8, 12, 6, 4, 10, 2]
    assert (rows[:, 1] == rows[:, 0] + 1).all()  # whole rows move
    tf.random.set_seed(1)
    assert tf.random.shuffle(tf.range(10)).numpy().tolist() == [2, 4, 5, 6, 1, 3, 8, 0, 7, 9]


def test_categorical_values_and_advance():
    tf.random.set_seed(5)
    half = tf.math.log([[0.5, 0.5]])
    assert tf.random.categorical(half, 5, seed=1).numpy().tolist() == [[0, 0, 0, 0, 0]]
    assert tf.random.categorical(half, 5, seed=1).numpy().tolist() == [[0, 1, 1, 0, 1]]
    drawn = tf.random.categorical([[1., 2., 3.], [0., -np.inf, 1.]], 7, seed=2)
    assert drawn.dtype == tf.int64
    assert drawn.numpy().tolist() == [[1, 1, 1, 2, 2, 0, 0], [2, 2, 2, 2, 2, 0, 2]]
    tf.random.set_seed(1)
    tf.random.shuffle(tf.range(10))
    assert tf.random.categorical([[0., 0.]], 6).numpy().tolist() == [[0, 0, 1, 0, 1, 1]]


def test_unseeded_draws_are_still_permutations_and_classes():
    tf.random.set_seed(None)
    values = tf.random.shuffle(tf.range(50)).numpy()
    assert sorted(values.tolist()) == list(range(50))
    classes = tf.random.categorical([[0., -np.inf, 0.]], 40).numpy()
    assert set(classes.ravel().tolist()) <= {0, 2}


def test_complex_variance_is_tfs_product_with_the_conjugate():
    assert tf.math.reduce_variance(tf.constant([1 + 1j, 2 - 1j])).numpy() == 1.25
