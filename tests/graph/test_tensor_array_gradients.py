"""Gradients and tf.TensorArray: eagerly a tape differentiates write/read/stack/unstack (the
array holds the tensors themselves); inside tf.function the TensorArray ops have gradient rules
(the gradient of an array is an array of gradients), and the results must match eager code."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import eagerbook as tf


def _eager_ta_loss(x, w):
    ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)
    ta = ta.unstack(x * w)
    tb = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in range(3):
        tb = tb.write(i, ta.read(i) ** 2)
    tb = tb.write(1, ta.read(0) * 5.0)  # overwrites element 1: x[1] no longer counts
    return tf.reduce_sum(tb.stack())


def _plain_loss(x, w):
    parts = tf.unstack(x * w)
    return tf.reduce_sum(tf.stack([parts[0] ** 2, parts[0] * 5.0, parts[2] ** 2]))


def test_eager_tensor_array_gradients_match_plain_ops():
    x = tf.constant([1.0, 2.0, 3.0])
    w = tf.Variable(2.0)
    results = []
    for loss_fn in (_eager_ta_loss, _plain_loss):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = loss_fn(x, w)
        gx, gw = tape.gradient(y, [x, w])
        results.append((y.numpy(), gx.numpy(), gw.numpy()))
    (y, gx, gw), (y2, gx2, gw2) = results
    # y = (x0 w)^2 + 5 x0 w + (x2 w)^2
    assert y == y2 == 4.0 + 10.0 + 36.0
    np.testing.assert_allclose(gx, [18.0, 0.0, 24.0])
    np.testing.assert_allclose(gx2, gx)
    assert gw == gw2 == 45.0


def test_eager_tensor_array_gather_and_second_order():
    x = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            ta = tf.TensorArray(tf.float32, size=2)
            ta = ta.write(0, x ** 3).write(1, x * 2.0)
            y = tf.reduce_sum(ta.gather([0, 1]))
        dy = inner.gradient(y, x)
    assert dy.numpy() == 3 * 9.0 + 2.0
    assert outer.gradient(dy, x).numpy() == 6 * 3.0


def test_in_function_tensor_array_of_constants_does_not_block_gradients():
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, tf.cast(i, tf.float32))
        return tf.reduce_sum(ta.stack()) * x

    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(y.numpy(), [3.0, 6.0, 9.0])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [3.0, 3.0, 3.0])


# --- inside tf.function: the same gradients as eager code -----------------------------------------
def _value_and_grads(fn, args, sources, order=1):
    """fn(*args) and its gradients (order 1 or 2) with respect to `sources`."""
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([s for s in sources if isinstance(s, tf.Tensor)])
        with tf.GradientTape() as inner:
            inner.watch([s for s in sources if isinstance(s, tf.Tensor)])
            y = fn(*args)
        grads = inner.gradient(y, sources)
        if order == 2:
            total = tf.add_n([tf.reduce_sum(g) for g in grads if g is not None])
    if order == 2:
        grads = outer.gradient(total, sources)
    return y, grads


def assert_function_matches_eager(fn, args, sources, order=1):
    eager_y, eager_grads = _value_and_grads(fn, args, sources, order)
    graph_y, graph_grads = _value_and_grads(tf.function(fn), args, sources, order)
    np.testing.assert_allclose(graph_y.numpy(), eager_y.numpy(), rtol=1e-5, atol=1e-6)
    for e, g in zip(eager_grads, graph_grads):
        if e is None:
            assert g is None or not np.any(g.numpy())
        else:
            assert g is not None
            # (convert_to_tensor: an eager gather's gradient is an IndexedSlices)
            np.testing.assert_allclose(g.numpy(), tf.convert_to_tensor(e).numpy(), rtol=1e-4,
                                       atol=1e-5)
    return graph_grads


X = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.25]])


def test_straight_line_write_read_stack_unstack():
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3).unstack(x ** 3)
        tb = tf.TensorArray(tf.float32, size=2).write(0, ta.read(1) * x[0]).write(1, ta.read(2))
        tb = tb.write(1, tb.read(1) * 2.0)  # overwrite: the old element 1 gets no gradient
        return tf.reduce_sum(tb.stack() * tb.read(0))

    assert_function_matches_eager(f, [X], [X])
    assert_function_matches_eager(f, [X], [X], order=2)


def test_gradients_add_up_across_several_reads_of_one_array():
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=2).write(0, x * 2.0).write(1, x)
        return ta.read(0) + ta.read(0) * ta.read(1) + tf.reduce_sum(ta.stack(), axis=0)

    x = tf.constant([1.0, -3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    # y = 2x + 2x^2 + 3x per element: dy/dx = 5 + 4x
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [9.0, -7.0])


def _rnn(w):
    def rnn(x):
        inputs = tf.TensorArray(tf.float32, size=3).unstack(x)
        # (eagerly, as in TF, a read clears an element unless clear_after_read=False)
        outs = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
        h = tf.zeros([2])
        for i in tf.range(3):
            h = tf.tanh(tf.reshape(tf.matmul(w, tf.reshape(h, [2, 1])), [2]) + inputs.read(i))
            outs = outs.write(i, h)
            if i > 0:
                outs = outs.write(i, outs.read(i - 1) * h)  # reads its own earlier writes
        return tf.reduce_sum(outs.stack() ** 2) + tf.reduce_sum(outs.read(1))
    return rnn


def test_autograph_loop_carrying_arrays_with_a_variable():
    w = tf.Variable([[0.5, -0.3], [0.2, 0.8]])
    grads = assert_function_matches_eager(_rnn(w), [X], [X, w])
    assert all(g is not None for g in grads)
    assert_function_matches_eager(_rnn(w), [X], [X, w], order=2)


def test_while_loop_carrying_an_array_and_second_order():
    def f(x):
        def body(i, ta, acc):
            ta = ta.write(i, tf.gather(x, i) * acc)
            return i + 1, ta, acc * x[0]
        ta = tf.TensorArray(tf.float32, size=3)
        _, ta, acc = tf.while_loop(lambda i, ta, acc: i < 3, body, [0, ta, tf.ones([2])])
        return tf.reduce_sum(ta.stack() * ta.read(2)) + tf.reduce_sum(acc)

    assert_function_matches_eager(f, [X], [X])
    assert_function_matches_eager(f, [X], [X], order=2)


def test_cond_and_nested_loops_carrying_arrays():
    def in_cond(x):
        ta = tf.TensorArray(tf.float32, size=2).write(0, x[0])
        if tf.reduce_sum(x) > 0:
            ta = ta.write(1, x[1] * 3.0)
        else:
            ta = ta.write(1, x[2])
        return tf.reduce_sum(ta.stack() ** 2)

    def nested(x):
        j = 0  # AutoGraph: a nested loop's variable must exist before the outer loop
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            inner = tf.TensorArray(tf.float32, size=2)
            for j in tf.range(2):
                inner = inner.write(j, tf.gather(x, i) * tf.cast(j + 1, tf.float32))
            ta = ta.write(i, inner.stack()[1] * inner.read(0))
        return tf.reduce_sum(ta.stack())

    for fn in (in_cond, nested):
        assert_function_matches_eager(fn, [X], [X])
        assert_function_matches_eager(fn, [-X], [X])


def test_tape_inside_a_function_sees_tensor_arrays():
    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float32, size=2).write(0, x ** 2).write(1, x)
            y = tf.reduce_sum(ta.stack()) + tf.reduce_sum(ta.read(0))
        return tape.gradient(y, x)

    np.testing.assert_allclose(grad(tf.constant([1.0, 2.0])).numpy(), [5.0, 9.0])


# --- random TensorArray programs: tf.function == eager, values and gradients --------------------
TA_KINDS = ("write", "read", "stack", "loop_write", "loop_read")
ta_instruction = st.tuples(st.sampled_from(TA_KINDS), st.integers(0, 2), st.integers(0, 9),
                           st.sampled_from([-0.5, 0.5, 1.0, 2.0]))
ta_programs = st.lists(ta_instruction, min_size=1, max_size=6)


def run_ta_program(program, x, y):
    """An interpreter over TensorArray instructions (loops are AutoGraph loops when traced)."""
    ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)  # (read many times)
    ta = ta.unstack(tf.stack([x, y, x * y]))
    values = [x, y]
    i = 0  # AutoGraph: a loop variable used by several loops must exist before them
    for kind, k, a, c in program:
        v = values[a % len(values)]
        if kind == "write":
            ta = ta.write(k, v * c)
        elif kind == "read":
            values.append(ta.read(k) * c + v)
        elif kind == "stack":
            values.append(tf.reduce_sum(ta.stack(), axis=0) * c)
        elif kind == "loop_write":
            for i in tf.range(k + 1):
                ta = ta.write(i, ta.read(i) * tf.tanh(v) + c)
        else:
            s = tf.zeros([2])
            for i in tf.range(3):
                s += ta.read(i) * v
            values.append(s)
    return tf.reduce_sum(ta.stack()) + tf.reduce_sum(values[-1] * values[-2])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=ta_programs, seed=st.integers(0, 2**31 - 1))
def test_random_tensor_array_programs_match_eager(program, seed):
    rng = np.random.RandomState(seed)
    x, y = (tf.constant(rng.uniform(-1.5, 1.5, size=2).astype(np.float32)) for _ in range(2))

    def program_fn(x, y):
        return run_ta_program(program, x, y)
    assert_function_matches_eager(program_fn, [x, y], [x, y])
    assert_function_matches_eager(program_fn, [x, y], [x, y], order=2)
