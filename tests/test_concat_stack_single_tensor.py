"""tf.concat and tf.stack given one tensor (not a list) take it whole, as TF does."""

import numpy as np

import eagerbook as tf


def test_concat_of_one_tensor_is_that_tensor_whatever_the_axis():
    x = tf.constant([[1, 2], [3, 4]])
    for values, axis in ((x, 0), (x, 1), ([x], 2), ([tf.constant(1)], 0)):
        out = tf.concat(values, axis)
        expected = values[0] if isinstance(values, list) else x
        assert out.numpy().tolist() == expected.numpy().tolist()
    assert tf.concat(np.ones((2, 2)), 1).dtype == tf.float64


def test_stack_of_one_tensor_along_axis_0_also_inside_a_function():
    x = tf.range(4)
    assert tf.stack(x).numpy().tolist() == [0, 1, 2, 3]

    @tf.function
    def f(t):
        return tf.stack(t)

    assert f(tf.range(3)).numpy().tolist() == [0, 1, 2]
    assert tf.stack(tf.constant([[1, 2], [3, 4]]), axis=1).numpy().tolist() == [[1, 3], [2, 4]]
