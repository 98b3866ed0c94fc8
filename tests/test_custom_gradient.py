"""tf.custom_gradient: the guide's examples, the variables= form and TF's errors."""

import numpy as np
import pytest

import eagerbook as tf


def log1pexp_plain(x):
    return tf.math.log(1 + tf.exp(x))


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


def grad_at(f, value):
    x = tf.constant(value)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


def test_log1pexp_without_a_custom_gradient_is_nan_at_100():
    assert float(grad_at(log1pexp_plain, 0.0)) == 0.5
    with np.errstate(invalid="ignore"):  # inf * 0 in the backward pass: NumPy would warn
        assert np.isnan(float(grad_at(log1pexp_plain, 100.0)))


def test_log1pexp_with_the_custom_gradient():
    assert float(grad_at(log1pexp, 0.0)) == 0.5
    assert float(grad_at(log1pexp, 100.0)) == 1.0
    assert float(log1pexp(tf.constant(0.0))) == pytest.approx(np.log(2.0))


@tf.custom_gradient
def clip_gradient_by_norm(x, norm):
    y = tf.identity(x)

    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, norm), None]

    return y, grad_fn


def test_clip_gradient_by_norm():
    x = tf.constant([3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clip_gradient_by_norm(x, 1.0) * 10.0
    g = tape.gradient(y, x)
    np.testing.assert_allclose(np.linalg.norm(g.numpy()), 1.0, rtol=1e-6)
    np.testing.assert_array_equal(y.numpy(), [30.0, 40.0])


def test_custom_gradient_replaces_the_rule_and_is_one_tape_entry():
    @tf.custom_gradient
    def times_two_backward_ten(x):
        return x * 2.0, lambda dy: dy * 10.0

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = times_two_backward_ten(x)
    assert len(tape._tape.entries) == 1
    assert float(tape.gradient(y, x)) == 10.0


def test_custom_gradient_with_several_inputs_and_outputs():
    @tf.custom_gradient
    def f(a, b):
        def grad(da, db):
            return da + db, da - db
        return (a + b, a - b), grad

    a, b = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        s, d = f(a, b)
        loss = s * 3.0 + d
    ga, gb = tape.gradient(loss, [a, b])
    assert (float(ga), float(gb)) == (4.0, 2.0)


def test_second_order_through_a_custom_gradient():
    @tf.custom_gradient
    def cube(x):
        return x * x * x, lambda dy: dy * 3.0 * x * x

    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        dy = inner.gradient(y, x)
    assert float(dy) == 12.0
    assert float(outer.gradient(dy, x)) == 12.0


def test_variables_form():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale(x):
        def grad(dy, variables):
            assert variables == [v]
            return dy * v, [dy * x * 100.0]
        return x * v, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scale(x)
    gx, gv = tape.gradient(y, [x, v])
    assert (float(gx), float(gv)) == (2.0, 300.0)


def test_grad_fn_without_variables_keyword_is_a_type_error():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale(x):
        return x * v, lambda dy: dy * v

    with pytest.raises(TypeError, match="must accept keyword argument 'variables', since "):
        scale(tf.constant(1.0))


def test_wrong_number_of_gradients_is_a_value_error():
    @tf.custom_gradient
    def f(a, b):
        return a * b, lambda dy: dy

    a, b = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = f(a, b)
    with pytest.raises(ValueError, match="expected to return 2 gradients, but returned 1"):
        tape.gradient(y, [a, b])


def test_wrong_number_of_variable_gradients_is_a_value_error():
    v, w = tf.Variable(2.0), tf.Variable(3.0)

    @tf.custom_gradient
    def f(x):
        return x * v * w, lambda dy, variables=None: (dy, [dy])

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    with pytest.raises(ValueError, match="gradient for each variable"):
        tape.gradient(y, [x, v, w])


def test_forward_ops_are_not_recorded_but_observers_see_them():
    from eagerbook.core.context import observe

    @tf.custom_gradient
    def f(x):
        return tf.exp(x), lambda dy: dy

    events = []
    x = tf.constant(1.0)
    with observe(events.append), tf.GradientTape() as tape:
        tape.watch(x)
        f(x)
    assert [e.name for e in events][0] == "Exp"
    assert len(tape._tape.entries) == 1
