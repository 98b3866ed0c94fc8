"""Bit shifts by negative or too-wide amounts, and PopulationCount, as TF's CPU kernels do."""

import eagerbook as tf


def test_shift_amounts_are_clamped_to_the_width():
    # tf.bitwise.right_shift's own docstring example
    out = tf.bitwise.right_shift(tf.constant([-2, 64, 101, 32], tf.int8),
                                 tf.constant([-1, -5, -3, -14], tf.int8))
    assert out.numpy().tolist() == [-2, 64, 101, 32]
    out = tf.bitwise.left_shift(tf.constant([1, 1, 3, -1]), tf.constant([40, -1, 31, 33]))
    assert out.numpy().tolist() == [-2**31, 1, -2**31, -2**31]
    out = tf.bitwise.right_shift(tf.constant([-8, 8, -8], tf.int8),
                                 tf.constant([100, -3, 7], tf.int8))
    assert out.numpy().tolist() == [-1, 8, -1]
    wide = tf.bitwise.left_shift(tf.constant([200], tf.uint8), tf.constant([9], tf.uint8))
    assert wide.numpy().tolist() == [0]


def test_population_count():
    out = tf.raw_ops.PopulationCount(x=tf.constant([0, 1, 255, -1], tf.int32))
    assert out.dtype == tf.uint8 and out.numpy().tolist() == [0, 1, 8, 32]
    assert tf.raw_ops.PopulationCount(x=tf.constant([-1], tf.int8)).numpy().tolist() == [8]
    assert tf.raw_ops.RightShift(x=tf.constant(8), y=tf.constant(2)).numpy() == 2
