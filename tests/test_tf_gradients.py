"""tf.gradients inside a tf.function: TF's docstring examples and TF 2.21's results."""

import pytest

import eagerbook as tf


def test_stop_gradients_and_stop_gradient_ops():
    @tf.function
    def with_stop_list():
        a = tf.constant(0.)
        b = 2 * a
        return tf.gradients(a + b, [a, b], stop_gradients=[a, b])

    @tf.function
    def with_stop_ops():
        a = tf.stop_gradient(tf.constant(0.))
        b = tf.stop_gradient(2 * a)
        return tf.gradients(a + b, [a, b])

    @tf.function
    def total():
        ws = tf.constant(0.)
        bs = 2 * ws
        return tuple(tf.gradients(ws + bs, [ws, bs]))

    expected = "[<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, " \
               "<tf.Tensor: shape=(), dtype=float32, numpy=1.0>]"
    assert repr(with_stop_list()) == expected
    assert repr(with_stop_ops()) == expected
    assert [g.numpy() for g in total()] == [3.0, 1.0]


def test_unconnected_gradients_and_variables():
    @tf.function
    def unconnected(use_zero):
        a = tf.ones([1, 2])
        b = tf.ones([3, 1])
        return tf.gradients([b], [a], unconnected_gradients="zero" if use_zero else "none")

    assert unconnected(False) == [None]
    assert repr(unconnected(True)) == (
        "[<tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[0., 0.]], dtype=float32)>]")
    v = tf.Variable(3.)

    @tf.function
    def with_variable(x):
        y = v * v * x + tf.sin(x)
        return tf.gradients(y, [v, x], grad_ys=tf.constant(2.))

    dv, dx = with_variable(tf.constant(1.))
    assert dv.numpy() == 12.0
    assert dx.numpy() == pytest.approx(2 * (9 + 0.5403023), rel=1e-6)


def test_eagerly_it_is_tfs_runtime_error():
    with pytest.raises(RuntimeError, match="tf.gradients is not supported when eager execution "
                       "is enabled. Use tf.GradientTape instead."):
        tf.gradients(tf.constant(1.), [tf.constant(2.)])
