"""A Reshape traced with its shape as a tensor input has two inputs; its gradient rule answers
both (None for the shape), under a tape inside tf.function and around a function call."""

import numpy as np

import eagerbook as tf


def test_reshape_by_a_shape_tensor_differentiates_inside_and_around_tf_function():
    x = tf.Variable(tf.ones([2, 3]))

    @tf.function
    def inside(shape):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.reshape(x * 2.0, shape))
        return tape.gradient(y, x)

    np.testing.assert_array_equal(inside(tf.constant([3, 2])).numpy(), np.full([2, 3], 2.0))

    @tf.function
    def outside(shape):
        return tf.reduce_sum(tf.reshape(x * 2.0, shape) ** 2)

    with tf.GradientTape() as tape:
        y = outside(tf.constant([6]))
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.full([2, 3], 8.0))

    @tf.function(input_signature=[tf.TensorSpec([None, None]), tf.TensorSpec([2], tf.int32)])
    def unknown_shape(v, shape):
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = tf.reduce_sum(tf.reshape(v, shape) ** 2)
        return tape.gradient(y, v)

    np.testing.assert_array_equal(unknown_shape(tf.ones([2, 3]), tf.constant([3, 2])).numpy(),
                                  np.full([2, 3], 2.0))
