"""tf.constant of a graph's tensor is TF's TypeError (it has no value to copy)."""

import pytest

import eagerbook as tf

MESSAGE = "Expected any non-tensor type, but got a tensor instead."


def test_placeholder_in_a_v1_graph():
    with tf.compat.v1.Graph().as_default():
        i = tf.compat.v1.placeholder(shape=[None, None], dtype=tf.float32)
        with pytest.raises(TypeError, match=MESSAGE):
            tf.constant(i)


def test_traced_tensor_inside_tf_function():
    caught = []

    @tf.function
    def f(x):
        try:
            return tf.constant(x)
        except TypeError as error:
            caught.append(str(error))
            return x

    assert float(f(tf.constant(1.0))) == 1.0
    assert caught == [MESSAGE]


def test_eager_tensors_and_variables_still_convert():
    assert tf.constant(tf.constant([1, 2]), dtype=tf.float32).numpy().tolist() == [1.0, 2.0]
    assert float(tf.constant(tf.Variable(2.0))) == 2.0
