"""A tape's enter and exit set the thread's state directly in the usual case (the thread's
first and only tape): what they leave must be what ``ThreadState.refresh()`` computes, and an
eager assignment's UnreadVariable, made without its class call, reads everything from `v`."""

import threading

import eagerbook as tf
from eagerbook.core import context


def _snapshot(here):
    return (list(here.recorders), here.hooked, here.timing, here.sole_record)


def _refreshed(here):
    before = _snapshot(here)
    here.refresh()
    assert _snapshot(here) == before  # the short road left what refresh() would set
    return before


def test_a_lone_tape_enter_and_exit_leave_what_refresh_computes():
    here = context.thread_state()
    with tf.GradientTape() as tape:
        recorders, hooked, timing, sole = _refreshed(here)
        assert recorders == [tape._tape] and hooked and not timing
        assert sole == tape._tape.record_one and context.state.hooked
    recorders, hooked, timing, sole = _refreshed(here)
    assert recorders == [] and not hooked and sole is None and not context.state.hooked


def test_nested_tapes_and_an_observer_take_the_general_road():
    here = context.thread_state()
    with context.observe(lambda event: None):
        with tf.GradientTape():
            assert _refreshed(here)[2] and here.sole_record is None  # observer: timing
        assert _refreshed(here)[1]
    with tf.GradientTape() as outer:
        with tf.GradientTape():
            assert here.sole_record is None
        assert here.sole_record == outer._tape.record_one
    assert not here.hooked and not context.state.hooked


def test_a_tape_exited_out_of_order_and_in_another_thread():
    x = tf.constant(3.0)
    first, second = tf.GradientTape(), tf.GradientTape()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # not the innermost
    second.watch(x)
    y = x * x
    second.__exit__(None, None, None)
    assert float(second.gradient(y, x)) == 6.0 and not context.state.hooked
    seen = []

    def other_thread():
        with tf.GradientTape() as tape:
            seen.append(context.state.hooked)
            tape.watch(x)
            z = x * 2.0
        seen.append(float(tape.gradient(z, x)))
    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join()
    assert seen == [True, 2.0] and not context.state.hooked


def test_an_assignment_s_unread_variable_reads_everything_from_its_variable():
    v = tf.Variable([1.0, 2.0], name="w", trainable=False)
    unread = v.assign_add([1.0, 1.0])
    assert type(unread).__name__ == "UnreadVariable" and isinstance(unread, tf.Variable)
    assert (unread.name, unread.dtype, unread.shape, unread.trainable) == (
        "UnreadVariable", tf.float32, tf.TensorShape([2]), False)
    assert unread.constraint is None and v.assign_sub([1.0, 1.0], read_value=False) is None
    assert repr(unread.assign([5.0, 6.0])) == (
        "<tf.Variable 'UnreadVariable' shape=(2,) dtype=float32, numpy=array([5., 6.], "
        "dtype=float32)>")
    assert v.numpy().tolist() == [5.0, 6.0]


def test_a_scalar_assignment_keeps_an_array_of_the_variable_s_dtype():
    import numpy as np
    for value, delta, dtype in [(5.0, 0.25, tf.float32), (7, 2, tf.int32), (1.5, 0.5, tf.float64)]:
        v = tf.Variable(value, dtype=dtype)
        v.assign_sub(delta)
        v.assign_add(delta * 2)
        assert type(v._value) is np.ndarray and v._value.shape == () and v.dtype == dtype
        assert v.numpy() == value + delta
    w = tf.Variable([1.0, 2.0])
    w.assign_sub(tf.constant([0.5, 0.5]))
    assert type(w._value) is np.ndarray and w.numpy().tolist() == [0.5, 1.5]
