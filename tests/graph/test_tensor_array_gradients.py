"""Gradients and tf.TensorArray: eagerly a tape differentiates write/read/stack/unstack (the
array holds the tensors themselves); inside tf.function, a gradient that would have to pass
through a TensorArray raises LookupError instead of silently giving none."""

import numpy as np
import pytest

import eagerbook as tf


def _eager_ta_loss(x, w):
    ta = tf.TensorArray(tf.float32, size=3)
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


def test_in_function_gradients_through_tensor_arrays_raise():
    x = tf.constant([1.0, 2.0, 3.0])

    @tf.function
    def write_in_loop_then_stack(x):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, tf.gather(x, i) ** 2)
        return tf.reduce_sum(ta.stack())

    @tf.function
    def unstack_then_read_in_loop(x):
        ta = tf.TensorArray(tf.float32, size=3).unstack(x)
        s = 0.0
        for i in tf.range(3):
            s += ta.read(i) * 2.0
        return s

    @tf.function
    def write_then_read(x):
        ta = tf.TensorArray(tf.float32, size=1).write(0, x[0] * 2.0)
        return ta.read(0) + x[1]

    for fn, value in ((write_in_loop_then_stack, 14.0), (unstack_then_read_in_loop, 12.0),
                      (write_then_read, 4.0)):
        assert fn(x).numpy() == value  # values are fine
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        with pytest.raises(LookupError, match="TensorArray"):
            tape.gradient(y, x)


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
