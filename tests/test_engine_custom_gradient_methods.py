"""@tf.custom_gradient on a method: `self` is bound first, the other arguments are the
inputs (TF 2 gives the clipped gradient 0.5 below, eagerly and in tf.function)."""

import eagerbook as tf


class Clip(tf.Module):
    @tf.custom_gradient
    def clip_grad(self, x):
        def grad(dy):
            return tf.clip_by_value(dy, -0.5, 0.5)
        return tf.identity(x), grad


def test_custom_gradient_method_eagerly_and_traced():
    m = Clip()
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = m.clip_grad(x) * 3.0
    assert float(t.gradient(y, x)) == 0.5

    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = m.clip_grad(x) * 3.0
        return t.gradient(y, x)
    assert float(f(tf.constant(2.0))) == 0.5
    assert Clip.clip_grad.__name__ == "clip_grad"


def test_custom_gradient_function_still_called_directly():
    @tf.custom_gradient
    def square(x):
        return x * x, lambda dy: dy * 10.0
    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = square(x)
    assert float(y) == 9.0 and float(t.gradient(y, x)) == 10.0
    assert square.__name__ == "square"
