"""A tape knows the tensors it tracks by a mark on each tensor (autodiff/tape_marks.py): the
cases where several tapes, threads or stale marks meet, each giving the gradients TF gives."""

import threading

import numpy as np

import eagerbook as tf
from eagerbook.core.tensor import EagerTensor


def test_nested_tapes_both_track_a_tensor_both_watched():
    x = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x
        dy = inner.gradient(y, x)
    assert float(dy) == 6.0
    assert float(outer.gradient(dy, x)) == 2.0  # the inner sweep was recorded by the outer tape


def test_a_tensor_tracked_by_an_outer_tape_only():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            y = x * x * x
        assert inner.gradient(y, x) is None  # the inner tape never watched x
    assert float(outer.gradient(y, x)) == 12.0


def test_a_persistent_tape_keeps_its_marks_while_another_tape_records_alone():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as first:
        first.watch(x)
        y1 = x * x
    with tf.GradientTape(persistent=True) as second:  # the only recorder: the fast road
        second.watch(x)  # x now carries both tapes' marks
        y2 = x * x * x
        z = y1 * 2.0  # y1 carries the first tape's mark only: not tracked here
    assert float(second.gradient(y2, x)) == 12.0
    assert second.gradient(z, x) is None and second.gradient(z, y1) is None
    assert float(first.gradient(y1, x)) == 4.0
    with tf.GradientTape() as third:
        third.watch(y1)
        w = tf.exp(y1) + y1
    assert np.isclose(float(third.gradient(w, y1)), np.exp(4.0) + 1.0)


def test_outputs_of_a_finished_tape_are_not_tracked_by_the_next():
    x = tf.constant(1.5)
    with tf.GradientTape() as first:
        first.watch(x)
        y = x * x
    first.gradient(y, x)
    with tf.GradientTape() as second:
        z = y * y + tf.square(y)
    assert second.gradient(z, [y, x]) == [None, None]


def test_marks_of_tapes_gone_are_dropped():
    x = tf.constant(1.0)
    for _ in range(50):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * 2.0
        assert float(tape.gradient(y, x)) == 2.0
    assert not isinstance(x._tape_mark, tuple)  # one mark, the last tape's, not fifty
    kept = tf.GradientTape(persistent=True)
    with kept:
        kept.watch(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * 3.0
    assert len(x._tape_mark) == 2  # the persistent tape still lives: its mark stays
    assert float(tape.gradient(y, x)) == 3.0


def test_reset_forgets_the_tensors_watched_before():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tape.reset()
        y = x * x
    assert tape.gradient(y, x) is None


def test_a_tensor_made_without_its_mark_slot_set_is_not_tracked():
    x = tf.constant(2.0)
    bare = EagerTensor()  # (as a kernel wrapper that does not set every slot makes one)
    bare._dtype, bare._value = tf.float32, np.array(5.0, np.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * bare + tf.exp(bare)
    assert float(tape.gradient(y, x)) == 5.0


def test_a_variable_as_an_op_input_under_a_tape():
    v = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = v * v + tf.square(v)
    assert float(tape.gradient(y, v)) == 12.0
    assert tape.watched_variables() == (v,)


def test_threads_watching_one_tensor_each_get_their_own_gradients():
    x = tf.constant(2.0)
    results, errors = [], []

    def work(factor):
        try:
            for _ in range(200):
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    y = x * x * factor
                results.append((factor, float(tape.gradient(y, x))))
        except Exception as exc:  # noqa: BLE001 (reported by the main thread's assertion)
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(float(k),)) for k in (1, 2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 600
    assert all(g == 4.0 * factor for factor, g in results)


def test_viewers_still_read_entries_and_tracked():
    x, v = tf.constant(2.0), tf.Variable(1.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * v
        tf.constant(1.0) + tf.constant(2.0)  # nothing tracked: not kept
    entries = tape._tape.entries
    assert [e.op.name for e in entries] == ["ReadVariableOp", "Mul"]
    assert entries[1].outputs == (y,) and entries[1].inputs[0] is x
    tracked = tape._tape.tracked
    assert id(x) in tracked and id(v) in tracked and id(y) in tracked
    assert float(tape.gradient(y, v)) == 2.0
