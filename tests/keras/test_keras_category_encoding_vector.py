"""CategoryEncoding takes a vector as one sample for multi_hot and count (TF's output is one
row of num_tokens), while one_hot encodes each element."""

import numpy as np

import eagerbook as tf


def test_a_vector_is_one_sample_for_multi_hot_and_count():
    multi = tf.keras.layers.CategoryEncoding(num_tokens=4)
    np.testing.assert_array_equal(multi(tf.constant([0, 1, 1])).numpy(), [1.0, 1.0, 0.0, 0.0])
    count = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
    np.testing.assert_array_equal(count(tf.constant([0, 1, 1])).numpy(), [1.0, 2.0, 0.0, 0.0])
    weighted = count(tf.constant([0, 1, 1]), count_weights=tf.constant([0.5, 1.0, 2.0]))
    np.testing.assert_array_equal(weighted.numpy(), [0.5, 3.0, 0.0, 0.0])


def test_a_column_and_one_hot_still_encode_per_row():
    multi = tf.keras.layers.CategoryEncoding(num_tokens=3)
    np.testing.assert_array_equal(multi(tf.constant([[0], [2]])).numpy(),
                                  [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    one_hot = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="one_hot")
    np.testing.assert_array_equal(one_hot(tf.constant([0, 2])).numpy(),
                                  [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
