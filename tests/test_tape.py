"""GradientTape semantics, checked against what TF 2 does."""

import sys
import threading
import warnings

import numpy as np
import pytest

import eagerbook as tf


def test_guide_gradient_of_w_squared():
    w = tf.Variable([[1.0]])
    with tf.GradientTape() as tape:
        loss = w * w
    grad = tape.gradient(loss, w)
    assert str(grad) == "tf.Tensor([[2.]], shape=(1, 1), dtype=float32)"


def test_watch_constant_and_chain_rule():
    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
        z = y * y
    assert t.gradient(z, x).numpy() == pytest.approx(108.0)  # 4 x^3


def test_unwatched_constants_have_no_gradient():
    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        y = x * x
    assert t.gradient(y, x) is None


def test_non_persistent_tape_is_single_use():
    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    t.gradient(y, x)
    with pytest.raises(RuntimeError, match="non-persistent GradientTape can only be used"):
        t.gradient(y, x)


def test_persistent_tape_is_reusable():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = x * x
        z = y * y
    assert t.gradient(z, x).numpy() == 108.0
    assert t.gradient(y, x).numpy() == 6.0
    del t


def test_persistent_gradient_inside_the_context_warns(caplog):
    x = tf.constant(1.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = x * x
        t.gradient(y, x)
    # as TF's: a warning of the "tensorflow" logger (printed WARNING:tensorflow:...)
    assert [(r.name, r.levelname) for r in caplog.records] == [("tensorflow", "WARNING")]
    assert "persistent tape inside its context" in caplog.text


def test_watch_nested_structures_and_gradient_keeps_the_structure():
    a, b, c = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch({"a": a, "rest": [b, (c,)]})
        y = a * b * c
    grads = t.gradient(y, {"a": a, "rest": [b, (c,)]})
    assert set(grads) == {"a", "rest"} and isinstance(grads["rest"], list)
    assert isinstance(grads["rest"][1], tuple)
    assert [float(grads["a"]), float(grads["rest"][0]), float(grads["rest"][1][0])] == \
        [6.0, 3.0, 2.0]


def test_watching_an_int_tensor_warns_and_is_ignored(caplog):
    x = tf.constant(3)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    assert "WARNING" in caplog.text and "must be floating" in caplog.text
    assert t.gradient(y, x) is None


def test_watching_a_python_value_is_an_error():
    with tf.GradientTape() as t:
        with pytest.raises(ValueError, match="not tf.Tensor or tf.Variable"):
            t.watch(3.0)


def test_trainable_variables_are_watched_on_read_and_listed():
    v = tf.Variable(2.0)
    frozen = tf.Variable(5.0, trainable=False)
    with tf.GradientTape() as t:
        y = v * frozen
    assert t.watched_variables() == (v,)
    gv, gf = t.gradient(y, [v, frozen])
    assert gv.numpy() == 5.0 and gf is None


def test_watch_accessed_variables_false():
    v, w = tf.Variable(2.0), tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as t:
        t.watch(w)
        y = v * w
    assert t.watched_variables() == (w,)
    gv, gw = t.gradient(y, [v, w])
    assert gv is None and gw.numpy() == 2.0


def test_stop_recording():
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
        with t.stop_recording():
            z = y * x  # not recorded
        w = y + z
    assert t.gradient(w, x).numpy() == 4.0  # only d(y)/dx


def test_reset_forgets_what_was_recorded():
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x * x
        t.reset()
        t.watch(x)
        z = x * x
    assert t.gradient(z, x).numpy() == 4.0
    t2 = tf.GradientTape(persistent=True)
    with t2:
        t2.watch(x)
        y = x * x
        t2.reset()
    assert t2.gradient(y, x) is None
    with pytest.raises(ValueError, match="Tape is not recording."):
        t2.reset()  # (TF resets only a recording tape)


def test_stop_gradient():
    x = tf.constant(3.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * tf.stop_gradient(x)
    assert t.gradient(y, x).numpy() == 3.0


def test_multiple_paths_are_summed_and_targets_lists_are_summed():
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        a = x * 3.0
        b = x * x
        c = a + b
    assert t.gradient([a, b, c], x).numpy() == pytest.approx(2 * (3.0 + 4.0))


def test_ops_run_after_the_tape_closed_are_not_recorded():
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        t.watch(x)
        a = x * 3.0
    assert t.gradient(a * a, x) is None


def test_output_gradients_weight_the_targets():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    g = t.gradient(y, x, output_gradients=tf.constant([10.0, 0.5]))
    np.testing.assert_allclose(g.numpy(), [20.0, 2.0])


def test_unconnected_gradients():
    x, z = tf.constant(1.0), tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, z])
        y = x * 2.0
    assert t.gradient(y, z) is None
    zero = t.gradient(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    np.testing.assert_array_equal(zero.numpy(), [0.0, 0.0])
    assert t.gradient(y, z, unconnected_gradients="zero").shape == (2,)
    del t


def test_gradient_of_a_source_with_respect_to_itself_is_one():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as t:
        t.watch(x)
    np.testing.assert_array_equal(t.gradient(x, x).numpy(), [1.0, 1.0])


def test_a_variable_may_be_a_gradient_target():
    # TF 2: d v0 / d v0 is ones (the Variable's own handle), and v1 is unconnected.
    v0, v1 = tf.Variable([1.0, 2.0]), tf.Variable(2.0)
    with tf.GradientTape() as t:
        result = v0
    g0, g1 = t.gradient(result, [v0, v1])
    np.testing.assert_array_equal(g0.numpy(), [1.0, 1.0])
    assert g0.dtype == tf.float32 and g1 is None


def test_a_variable_target_with_output_gradients_and_beside_tensors():
    v = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as t:
        y = v * v
    assert t.gradient([y, v], v).numpy() == 7.0  # 2v + 1
    assert t.gradient(v, v, output_gradients=tf.constant(5.0)).numpy() == 5.0
    assert len(t._tape.entries) == 3  # two reads and Mul: a Variable target is not read again
    del t


def test_jacobian_still_rejects_variable_targets():
    v = tf.Variable(1.0)
    with tf.GradientTape() as t:
        pass
    with pytest.raises(ValueError, match="variable targets"):
        t.jacobian(v, v)


def test_an_integer_variable_is_not_watched_and_gets_none():
    n, w = tf.Variable(3), tf.Variable(2.0)
    with tf.GradientTape() as t:
        y = tf.cast(n, tf.float32) * w
    assert t.watched_variables() == (w,)
    assert len(t._tape.entries) == 2  # the int read and its Cast are not recorded
    dn, dw = t.gradient(y, [n, w])
    assert dn is None and dw.numpy() == 3.0


def test_watched_variables_are_still_listed_after_gradient():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape() as t:
        y = a * b
    t.gradient(y, [a, b])
    assert t.watched_variables() == (a, b)
    with tf.GradientTape() as t:
        y = a * b
        t.reset()
        assert t.watched_variables() == ()


def test_int_results_stop_the_flow():
    x = tf.constant(2.5)
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.cast(tf.cast(x, tf.int32), tf.float32) * x
    assert t.gradient(y, x).numpy() == 2.0


def test_jacobian():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    j = t.jacobian(y, x)
    np.testing.assert_allclose(j.numpy(), np.diag([2.0, 4.0, 6.0]))


def test_jacobian_of_a_matrix_product_has_target_plus_source_shape():
    w = tf.Variable(np.arange(6, dtype=np.float32).reshape(3, 2))
    x = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape() as t:
        y = tf.matmul(x, w)
    j = t.jacobian(y, w)
    assert j.shape == (1, 2, 3, 2)
    expected = np.zeros((1, 2, 3, 2), np.float32)
    for o in range(2):
        expected[0, o, :, o] = [1.0, 2.0, 3.0]
    np.testing.assert_allclose(j.numpy(), expected)


def test_jacobian_unconnected():
    x, z = tf.constant([1.0, 2.0]), tf.constant([3.0])
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, z])
        y = x * 2.0
    assert t.jacobian(y, z) is None
    assert t.jacobian(y, z, unconnected_gradients="zero").shape == (2, 1)
    del t


def test_batch_jacobian():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x * x
    j = t.batch_jacobian(y, x)
    assert j.shape == (3, 2, 2)
    expected = np.stack([np.diag(3 * row ** 2) for row in x.numpy()])
    np.testing.assert_allclose(j.numpy(), expected)


def test_nested_tapes_to_third_order():
    x = tf.constant(2.0)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x * x * x * x
            d1 = t1.gradient(y, x)  # 4 x^3 = 32
        d2 = t2.gradient(d1, x)  # 12 x^2 = 48
    d3 = t3.gradient(d2, x)  # 24 x = 48
    assert [float(d1), float(d2), float(d3)] == [32.0, 48.0, 48.0]


def test_second_derivative_of_exp_and_tanh():
    x = tf.constant(0.5)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.tanh(x) + tf.exp(x)
        dy = inner.gradient(y, x)
    d2 = outer.gradient(dy, x)
    t = np.tanh(0.5)
    assert float(d2) == pytest.approx(-2 * t * (1 - t * t) + np.exp(0.5), rel=1e-5)


def test_a_20000_op_chain_does_not_hit_the_recursion_limit():
    x = tf.constant(1.0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for _ in range(20_000):
            y = y * 1.0
    assert 20_000 > sys.getrecursionlimit()
    assert t.gradient(y, x).numpy() == 1.0


def test_gradient_after_exit_and_tape_reentry_error():
    x = tf.constant(1.0)
    t = tf.GradientTape()
    with t:
        t.watch(x)
        with pytest.raises(ValueError, match="already-active"):
            t.__enter__()
        y = x + x
    assert t.gradient(y, x).numpy() == 2.0


def test_no_warnings_in_plain_use():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        v = tf.Variable([1.0, 2.0])
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(v * v)
        t.gradient(loss, v)


def test_a_tape_sees_no_op_of_another_thread_on_the_tensor_it_watches():
    # A lone tape takes the dispatcher's fast road; that road must still be per thread: the
    # other threads compute on the very tensor this tape watches, with no tape of their own.
    x = tf.constant([1.0, 2.0])
    barrier = threading.Barrier(3, timeout=20)
    failures = []

    def untaped():
        try:
            barrier.wait()
            for _ in range(300):
                x * 3.0 + 1.0  # x is watched by the main thread's tape, not by this thread
            barrier.wait()
        except BaseException as exc:  # reported below
            failures.append(exc)

    saved = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads every few bytecodes
    threads = [threading.Thread(target=untaped) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        with tf.GradientTape() as tape:
            tape.watch(x)
            barrier.wait()
            y = x * x
            for _ in range(300):
                y = y + 0.0
            barrier.wait()
            recorded = len(tape._tape.entries)
    finally:
        for t in threads:
            t.join()
        sys.setswitchinterval(saved)
    assert not failures
    assert recorded == 301  # the multiply and this thread's 300 adds, nothing else
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [2.0, 4.0])


def test_unbroadcasting_is_skipped_eagerly_on_equal_shapes_and_kept_in_a_trace():
    # sum_to_shape_of/broadcast_like: the same code in both modes (no `_value` test). Eagerly,
    # equal shapes return the gradient itself; a trace keeps the op, also for unknown dims.
    from eagerbook.ops.primitives import broadcast_like, sum_to_shape_of
    g, like = tf.ones([2, 3]), tf.zeros([2, 3])
    assert sum_to_shape_of(g, like) is g and broadcast_like(g, like) is g
    assert sum_to_shape_of(g, tf.zeros([3])).shape == (3,)
    assert broadcast_like(tf.ones([3]), like).shape == (2, 3)

    def step(x, b):
        with tf.GradientTape() as tape:
            tape.watch(b)
            y = x + b
        return tape.gradient(y, b)

    for signature in ([tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3])],
                      [tf.TensorSpec([None, 3]), tf.TensorSpec([None, 3])]):
        traced = tf.function(step, input_signature=signature).get_concrete_function()
        kinds = [op.type for op in traced.graph.get_operations()]
        assert "SumToShapeOf" in kinds, (signature, kinds)
        assert np.array_equal(traced(tf.ones([2, 3]), tf.ones([2, 3])), np.ones([2, 3]))


@pytest.mark.parametrize("axis, keepdims", [(1, False), (1, True), (None, False), ((0, 1), False)])
def test_mean_over_an_empty_dim_is_nan_and_its_gradient_is_empty(axis, keepdims):
    # TF 2.21: the mean of an empty slice is nan (no warning) and d mean / dx is an empty
    # tensor of x's shape; the rule once divided 1.0 by the zero count
    x = tf.zeros([3, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NumPy's "Mean of empty slice" must not leak out
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_mean(x, axis=axis, keepdims=keepdims)
        dx = tape.gradient(y, x)
    assert np.isnan(y.numpy()).all() and y.numpy().size > 0
    assert dx.shape == (3, 0) and dx.dtype == tf.float32


def test_mean_gradient_over_an_empty_middle_dim_under_tf_function():
    x = tf.zeros([3, 0, 2])

    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_mean(x, axis=1)
        return y, tape.gradient(y, x)

    y, dx = grad(x)
    assert y.shape == (3, 2) and np.isnan(y.numpy()).all()
    assert dx.shape == (3, 0, 2)


def test_warnings_print_as_tfs_and_get_logger_silences_them():
    import subprocess
    import sys

    program = ("import eagerbook as tf\n"
               "x = tf.constant(1)\n"
               "with tf.GradientTape() as t:\n"
               "    t.watch(x)\n"
               "tf.get_logger().setLevel('ERROR')\n"
               "with tf.GradientTape() as t:\n"
               "    t.watch(x)\n")
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         check=True)
    assert run.stderr == ("WARNING:tensorflow:The dtype of the watched tensor must be floating "
                          "(e.g. tf.float32), got tf.int32\n")


def test_watched_variables_are_listed_oldest_first_as_tf_lists_them():
    a, b, c = tf.Variable(1.0, name="a"), tf.Variable(2.0, name="b"), tf.Variable(3.0, name="c")
    with tf.GradientTape() as tape:  # read in the order c, b, a
        loss = c * b + a
    assert [v.name for v in tape.watched_variables()] == ["a:0", "b:0", "c:0"]
    tape.gradient(loss, [a, b, c])  # still listed, in the same order, once the tape is used
    assert [v.name for v in tape.watched_variables()] == ["a:0", "b:0", "c:0"]
    with tf.GradientTape() as tape:
        tape.watch(c)
        tape.watch(a)
    assert [v.name for v in tape.watched_variables()] == ["a:0", "c:0"]


def test_int_and_float_of_a_one_element_vector_are_numpys_type_error():
    for convert in (int, float):
        with pytest.raises(TypeError, match="only 0-dimensional arrays can be converted"):
            convert(tf.constant([3]))
    assert int(tf.constant(3)) == 3 and float(tf.constant(2.5)) == 2.5
