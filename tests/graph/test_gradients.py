"""Gradients through tf.function calls, inside functions, through control flow, higher order."""

import numpy as np

import eagerbook as tf
from eagerbook.graph import cond, function, while_loop


def _grad(f, x, *variables):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, [x, *variables])


def test_tape_around_a_function_call_is_one_entry():
    w = tf.Variable([[1.0], [2.0]])

    def f(x):
        return tf.reduce_sum(tf.square(tf.matmul(x, w)) + tf.exp(x))

    x = tf.constant([[0.5, -1.0], [2.0, 0.0]])
    fn = function(f)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    assert len(tape._tape.entries) == 2  # the Variable read + the call
    gx, gw = tape.gradient(y, [x, w])
    ex, ew = _grad(f, x, w)
    assert np.allclose(gx.numpy(), ex.numpy()) and np.allclose(gw.numpy(), ew.numpy())


def test_backward_function_is_traced_once():
    fn = function(lambda x: tf.reduce_sum(x * x))
    for v in ([1.0, 2.0], [3.0, 4.0]):
        x = tf.constant(v)
        (g,) = _grad(fn, x)
        assert np.allclose(g.numpy(), 2 * np.array(v))
    concrete = fn.get_concrete_function(tf.constant([0.0, 0.0]))
    backward, _, _ = concrete._tape_support.backward_function()
    assert "Mul" in [op.type for op in backward.graph.get_operations()]


def test_second_order_through_a_function():
    fn = function(lambda x: x * x * x)
    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        dy = inner.gradient(y, x)
    d2y = outer.gradient(dy, x)
    assert dy.numpy() == 12.0 and d2y.numpy() == 12.0


def test_tape_inside_a_function():
    w = tf.Variable(3.0)

    @function
    def grad_of_square(x):
        with tf.GradientTape() as tape:
            y = w * x * x
        return tape.gradient(y, [w, x])

    x = tf.constant(2.0)
    gw, gx = grad_of_square(x)
    with tf.GradientTape() as tape:
        y = w * x * x
    ew, ex = tape.gradient(y, [w, x])
    assert gw.numpy() == ew.numpy() == 4.0
    assert (gx is None and ex is None) or gx.numpy() == ex.numpy()


def test_gradients_through_cond_and_while_in_functions():
    def f(x):
        y = cond(tf.reduce_sum(x) > 0, lambda: x * x, lambda: tf.sin(x))
        _, z = while_loop(lambda i, z: i < 3, lambda i, z: (i + 1, z * 1.5 + y),
                          [tf.constant(0), y])
        return tf.reduce_sum(z)

    fn = function(f, autograph=False)
    for v in ([1.0, 2.0], [-1.0, -2.0]):
        x = tf.constant(v)
        (ge,) = _grad(f, x)
        (gf,) = _grad(fn, x)
        assert np.allclose(ge.numpy(), gf.numpy(), rtol=1e-5)


def test_gradients_with_variables_assigned_inside():
    v = tf.Variable(2.0)

    @function
    def f(x):
        v.assign(v * 3.0)
        return v * x

    x = tf.constant(5.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    gx, gv = tape.gradient(y, [x, v])
    # As in TF (eagerly and in a function alike): the read after the assignment is a read of
    # the Variable, so dy/dv = x = 5, not d(3 v x)/dv = 15; no gradient passes the assignment.
    assert y.numpy() == 30.0 and gx.numpy() == 6.0 and gv.numpy() == 5.0


def test_tape_inside_function_through_autograph_if():
    @function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            if x > 0:
                y = x * x
            else:
                y = -x
        return tape.gradient(y, x)

    assert f(tf.constant(3.0)).numpy() == 6.0
    assert f(tf.constant(-3.0)).numpy() == -1.0


def test_custom_gradient_inside_a_function():
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))
        return tf.math.log(1 + e), grad

    @function
    def g(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = log1pexp(x)
        return tape.gradient(y, x)

    assert g(tf.constant(0.0)).numpy() == 0.5
    assert g(tf.constant(100.0)).numpy() == 1.0
    fn = function(lambda x: log1pexp(x))
    (gx,) = _grad(fn, tf.constant(100.0))
    assert gx.numpy() == 1.0


def test_variables_read_in_branches_and_loops_get_gradients():
    w = tf.Variable(2.0)

    @function
    def inside(x):
        with tf.GradientTape() as tape:
            if x > 0:
                y = w * x
            else:
                y = w * -x
        return tape.gradient(y, w)

    assert inside(tf.constant(3.0)).numpy() == 3.0
    assert inside(tf.constant(-4.0)).numpy() == 4.0

    @function
    def loop(n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            s += w * tf.cast(i, tf.float32)
        return s

    with tf.GradientTape() as tape:
        y = loop(tf.constant(4))
    assert y.numpy() == 12.0 and tape.gradient(y, w).numpy() == 6.0
    graph = loop.get_concrete_function(tf.constant(4)).graph
    while_op = [op for op in graph.get_operations() if op.type == "While"][0]
    assert "ReadVariableOp" not in [op.type for op in while_op.subgraphs["body"].operations]


def test_random_values_are_reused_by_the_backward_function():
    @function
    def f(x):
        return x * tf.random.uniform([3])

    x = tf.constant([1.0, 2.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    np.testing.assert_allclose(g.numpy(), y.numpy() / x.numpy(), rtol=1e-6)


# --- second and third order through tf.while_loop inside tf.function -----------------------------
def _nth_derivative(fn, x, order):
    tapes = [tf.GradientTape() for _ in range(order)]
    for tape in tapes:
        tape.__enter__()
        tape.watch(x)
    y = fn(x)
    for tape in reversed(tapes):
        tape.__exit__(None, None, None)
        y = tape.gradient(y, x)
    return y


def test_higher_order_gradients_through_while_loops():
    def f(x):
        i = tf.constant(0)
        y = x
        while i < 3:
            y = y * x + tf.sin(y)
            i += 1
        return y

    def explicit(x):
        _, y = tf.while_loop(lambda i, y: i < 4, lambda i, y: (i + 1, y * x - 0.5),
                             [0, x], maximum_iterations=3)
        return y

    x = tf.constant(0.7)
    for fn in (f, explicit):
        for order in (1, 2, 3):
            eager = _nth_derivative(fn, x, order).numpy()
            graph = _nth_derivative(tf.function(fn), x, order).numpy()
            np.testing.assert_allclose(graph, eager, rtol=1e-4, err_msg=f"order {order}")
