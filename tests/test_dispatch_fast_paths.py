"""The dispatcher's shortcuts of issue 13 give what the ordinary road gives.

Big float matrix products run as np.matmul (np.dot clears its output first: one pass less);
a lone-loss `tape.gradient` seeds without walking its target; a thread's one tape is told
without scanning its recorders; an eager assign returns its UnreadVariable without super().
Each test compares with the ordinary road bit for bit, or with what TF does.
"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import context
from eagerbook.core.context import observe
from eagerbook.ops.eigen_sums import sum_as_tf
from eagerbook.ops.support import _BIG_PRODUCT, matrix_product

RNG = np.random.default_rng(7)


def _big_pairs(dtype):
    """(x, y) pairs of an output of at least _BIG_PRODUCT numbers, in every BLAS layout."""
    a = RNG.standard_normal((784, 64)).astype(dtype)
    b = RNG.standard_normal((64, 128)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * RNG.standard_normal(a.shape).astype(dtype)
    return [(a, b), (np.ascontiguousarray(a.T).T, b), (a, np.asfortranarray(b)),
            (a, np.ascontiguousarray(a.T))]  # the last: x @ x.T (BLAS's syrk in both)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_a_big_product_is_np_dot_bit_for_bit(dtype):
    for x, y in _big_pairs(dtype):
        assert x.shape[0] * y.shape[1] >= _BIG_PRODUCT
        got = matrix_product(x, y)
        assert got.dtype == np.dot(x, y).dtype
        np.testing.assert_array_equal(got, np.dot(x, y))


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.int64])
def test_other_dtypes_and_layouts_keep_np_dot(dtype):
    x = (RNG.standard_normal((200, 30)) * 4).astype(dtype)
    y = (RNG.standard_normal((30, 100)) * 4).astype(dtype)
    np.testing.assert_array_equal(matrix_product(x, y), np.dot(x, y))
    strided = RNG.standard_normal((400, 60)).astype(np.float32)[::2, ::2]  # no BLAS layout
    y32 = RNG.standard_normal((30, 100)).astype(np.float32)
    np.testing.assert_array_equal(matrix_product(strided, y32), np.dot(strided, y32))


def test_a_big_taped_product_and_its_gradients_match_numpy():
    x = tf.constant(RNG.standard_normal((64, 784)).astype(np.float32))
    w = tf.Variable(RNG.standard_normal((784, 128)).astype(np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.matmul(x, w)  # taped: the kernel's road
        loss = tf.reduce_sum(y * y)
    np.testing.assert_array_equal(y.numpy(), np.dot(x.numpy(), w.numpy()))
    dy = 2 * y.numpy()
    dx, dw = tape.gradient(loss, [x, w])
    np.testing.assert_array_equal(dw.numpy(), np.dot(x.numpy().T, dy))  # 784x128: np.matmul
    np.testing.assert_array_equal(dx.numpy(), np.dot(dy, w.numpy().T))
    # the transpose flags take the same road (x^T @ ones: 784x128)
    ones = np.ones((64, 128), np.float32)
    with tf.GradientTape():
        t = tf.matmul(x, tf.constant(ones), transpose_a=True)
    np.testing.assert_array_equal(t.numpy(), np.dot(x.numpy().T, ones))


def test_a_big_product_of_mismatched_sizes_keeps_tfs_error():
    a, b = tf.ones([200, 100]), tf.ones([99, 300])
    with tf.GradientTape():  # the kernel's road (the untaped call has its own hot path)
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"Matrix size-incompatible: In\[0\]: \[200,100\], In\[1\]: "
                                 r"\[99,300\] \[Op:MatMul\]"):
            tf.matmul(a, b)


def test_a_big_traced_product_is_the_eager_one():
    x = RNG.standard_normal((300, 20)).astype(np.float32)
    y = RNG.standard_normal((20, 200)).astype(np.float32)
    traced = tf.function(lambda a, b: tf.matmul(a, b))(tf.constant(x), tf.constant(y))
    np.testing.assert_array_equal(traced.numpy(), np.dot(x, y))


# --- tape.gradient of a lone loss --------------------------------------------------------------
@pytest.mark.parametrize("dtype", [tf.float16, tf.float32, tf.float64])
def test_a_lone_target_seeds_as_a_list_of_it_does(dtype):
    x = tf.constant([1.0, 2.0, 3.0], dtype=dtype)
    grads = []
    for wrap in (lambda t: t, lambda t: [t], lambda t: (t,)):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_mean(tf.square(x))
        grads.append(tape.gradient(wrap(loss), x))
    for g in grads[1:]:
        assert g.dtype == dtype
        np.testing.assert_array_equal(g.numpy(), grads[0].numpy())


def test_the_seed_is_an_op_observers_and_outer_tapes_see():
    x = tf.constant(3.0)
    events = []
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x * x
        with observe(events.append):
            dy = inner.gradient(y, x)  # 3x^2, recorded by the outer tape
    assert [e.name for e in events][0] == "OnesLike"
    assert float(dy) == 27.0
    assert float(outer.gradient(dy, x)) == 18.0  # 6x: the backward ops were recorded


def test_a_variable_target_still_takes_the_general_road():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        pass
    np.testing.assert_array_equal(tape.gradient(v, v).numpy(), [1.0, 1.0])


def test_an_integer_target_keeps_tfs_answer():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        n = tf.cast(x, tf.int32) * 3
    assert tape.gradient(n, x) is None


# --- who listens: refresh ----------------------------------------------------------------------
def test_one_tape_alone_is_the_sole_recorder_and_observers_or_graphs_are_not():
    here = context.thread_state()
    assert not here.hooked and here.sole_record is None
    with tf.GradientTape() as tape:
        assert here.hooked and not here.timing
        assert here.sole_record == tape._tape.record_one
        with observe(lambda e: None):
            assert here.timing and here.sole_record is None
            with tf.GradientTape():  # two tapes and an observer: the list is walked
                assert here.sole_record is None
        assert not here.timing and here.sole_record == tape._tape.record_one
    with observe(lambda e: None):  # an observer alone: timed, no sole recorder
        assert here.timing and here.sole_record is None and here.hooked
    assert not here.hooked and here.sole_record is None and not context.state.hooked


def test_a_tape_inside_a_trace_is_not_the_sole_recorder_of_the_trace():
    seen = []

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x
        seen.append(context.thread_state().graph is not None)
        return tape.gradient(y, x)

    with tf.GradientTape() as outer:  # hidden while tracing, back afterwards
        x = tf.constant(3.0)
        outer.watch(x)
        assert float(f(x)) == 6.0
        assert context.thread_state().sole_record == outer._tape.record_one
    assert seen == [True]


# --- assignments -------------------------------------------------------------------------------
def test_an_eager_assign_still_returns_tfs_unread_variable():
    v = tf.Variable(5.0, name="w")
    u = v.assign_sub(1.5)
    assert type(u).__name__ == "UnreadVariable" and isinstance(u, tf.Variable)
    assert repr(u) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=3.5>"
    assert type(tf.Variable(1.0)).__name__ == "ResourceVariable"
    u.assign_add(1.0)  # writes through to v
    assert float(v) == 4.5


def test_the_linear_fit_step_matches_numpy_bit_for_bit():
    """The table's eager linear fit, against the same float32 arithmetic in NumPy (sums in
    TF's order: ops/eigen_sums.py)."""
    rng = np.random.default_rng(0)
    x_np = rng.standard_normal(200).astype(np.float32)
    y_np = x_np * 3 + 2
    x, y = tf.constant(x_np), tf.constant(y_np)
    w, b = tf.Variable(5.0), tf.Variable(10.0)
    wn, bn = np.float32(5.0), np.float32(10.0)
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x * w + b - y))
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(dw * 0.01)
        b.assign_sub(db * 0.01)
        err = x_np * wn + bn - y_np
        g = np.float32(1.0) * np.float32(1 / 200) * (err * np.float32(2))
        dwn, dbn = sum_as_tf(g * x_np, None, False), sum_as_tf(g, None, False)
        assert float(loss) == float(sum_as_tf(np.square(err), None, False) / 200)
        assert (float(dw), float(db)) == (float(dwn), float(dbn))
        wn, bn = wn - dwn * np.float32(0.01), bn - dbn * np.float32(0.01)
        assert (float(w), float(b)) == (float(wn), float(bn))
