"""Gradients of sqrt, rsqrt and reciprocal where the upstream gradient is zero (TF gives 0)."""

import numpy as np
import pytest

import eagerbook as tf

UNARY_OPS = [tf.sqrt, tf.math.rsqrt, tf.math.reciprocal]


@pytest.mark.parametrize("fn", UNARY_OPS)
def test_zero_upstream_gradient_at_zero_input_is_zero(fn):
    x = tf.constant([0.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    grad = tape.gradient(y, x, output_gradients=tf.constant([0.0, 1.0]))
    expected = {"sqrt": 0.25, "rsqrt": -0.0625, "reciprocal": -0.0625}[fn.__name__]
    np.testing.assert_array_equal(grad.numpy(), [0.0, expected])


def test_masked_sqrt_has_zero_gradient_at_zero():
    x = tf.constant([0.0, 2.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sqrt(x) * tf.constant([0.0, 1.0], tf.float64)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [0.0, 0.5 / np.sqrt(2.0)])


def test_nonzero_upstream_at_zero_input_stays_infinite():
    x = tf.constant([0.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sqrt(x)
    assert np.isinf(tape.gradient(y, x).numpy()[0])


@pytest.mark.parametrize("fn", UNARY_OPS)
def test_backward_op_is_one_op_named_as_tf(fn):
    @tf.function
    def grad_of(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        return tape.gradient(y, x)

    graph = grad_of.get_concrete_function(tf.TensorSpec([2])).graph
    op_types = {op.type for op in graph.get_operations()}
    expected = {"sqrt": "SqrtGrad", "rsqrt": "RsqrtGrad", "reciprocal": "ReciprocalGrad"}
    assert expected[fn.__name__] in op_types
    np.testing.assert_array_equal(grad_of(tf.constant([0.0, 4.0])).numpy()[1:],
                                  [{"sqrt": 0.25, "rsqrt": -0.0625,
                                    "reciprocal": -0.0625}[fn.__name__]])


def test_sqrt_gradient_has_tfs_float32_rounding():
    # TF divides 0.5 by y first: 0.5 * dy / y would differ in the last bit for some inputs
    y = np.float32(3.0)
    x = tf.constant([y * y])
    dy = np.float32(0.3)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = tf.sqrt(x)
    grad = tape.gradient(out, x, output_gradients=tf.constant([dy]))
    assert grad.numpy()[0] == dy * (np.float32(0.5) / y)


@pytest.mark.parametrize("fn, second", [
    (tf.sqrt, lambda x: -0.25 * x ** -1.5),
    (tf.math.rsqrt, lambda x: 0.75 * x ** -2.5),
    (tf.math.reciprocal, lambda x: 2.0 * x ** -3.0),
])
def test_second_derivatives(fn, second):
    x = tf.constant([0.5, 2.0, 3.0], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        dy_dx = inner.gradient(y, x)
    np.testing.assert_allclose(outer.gradient(dy_dx, x).numpy(), second(x.numpy()), rtol=1e-12)


@pytest.mark.parametrize("fn", UNARY_OPS)
def test_gradient_of_the_gradient_wrt_upstream(fn):
    x = tf.constant([0.5, 2.0], tf.float64)
    dy = tf.constant([1.0, 3.0], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(dy)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        g = inner.gradient(y, x, output_gradients=dy)
    slope = {"sqrt": 0.5 / np.sqrt(x.numpy()), "rsqrt": -0.5 * x.numpy() ** -1.5,
             "reciprocal": -x.numpy() ** -2.0}[fn.__name__]
    np.testing.assert_allclose(outer.gradient(g, dy).numpy(), slope, rtol=1e-12)
