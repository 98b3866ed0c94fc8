"""What @tf.custom_gradient checks of grad_fn when the function returns, in TF 2.21's words:
a grad_fn Python cannot read the signature of is Python's TypeError "unsupported callable" at
that call (not later, at the gradient), and a function reading Variables needs a grad_fn
taking ``variables=``."""
import pytest

import eagerbook as tf


def test_a_none_or_non_callable_grad_fn_fails_at_the_call():
    @tf.custom_gradient
    def none_grad(x):
        return x * 2, None

    @tf.custom_gradient
    def number_grad(x):
        return x * 2, 5

    for f in (none_grad, number_grad):
        with pytest.raises(TypeError, match="^unsupported callable$"):
            f(tf.constant([1., 2.]))


def test_reading_variables_needs_a_variables_argument_named_in_tfs_words():
    v = tf.Variable(1.0)

    @tf.custom_gradient
    def g(x):
        def grad(dy):
            return dy
        return x * v, grad

    with pytest.raises(TypeError) as info:
        g(tf.constant([1., 2.]))
    assert str(info.value) == (
        "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function "
        "uses variables: [<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>]")


def test_inside_a_function_the_variables_print_without_values():
    v = tf.Variable(1.0)

    @tf.custom_gradient
    def g(x):
        def grad(dy):
            return dy
        return x * v, grad

    @tf.function
    def f(x):
        return g(x)

    with pytest.raises(TypeError, match=r"since function uses variables: \[<tf.Variable "
                                        r"'Variable:0' shape=\(\) dtype=float32>\]"):
        f(tf.constant([1., 2.]))


def test_a_grad_fn_taking_keywords_is_accepted():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def g(x):
        def grad(dy, **kwargs):
            return dy * 3, [dy * 0]
        return x * v, grad

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = g(x)
    assert float(tape.gradient(y, x)) == 3.0
