"""Memory: a long training loop does not grow, and tapes let go of what they saved."""

import gc
import tracemalloc

import numpy as np

import eagerbook as tf
from eagerbook.core.tensor import Tensor


def live_tensors():
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Tensor))


def make_data(n=200, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n).astype(np.float32)
    y = 3.0 * x + 2.0 + rng.standard_normal(n).astype(np.float32) * 0.1
    return tf.constant(x), tf.constant(y)


def train(w, b, x, y, steps, lr=0.01):
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * x + b - y))
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(lr * dw)
        b.assign_sub(lr * db)
    return loss


def test_ten_thousand_training_steps_do_not_grow_memory():
    x, y = make_data()
    w, b = tf.Variable(0.0), tf.Variable(0.0)
    train(w, b, x, y, 500)  # warm up caches (NumPy, the op registry, the allocator)
    tensors_before = live_tensors()
    counts = []
    for _ in range(8):  # 8,000 steps, counting live Tensors every 1,000
        train(w, b, x, y, 1000)
        counts.append(live_tensors())
    assert max(counts) <= tensors_before + 2, (tensors_before, counts)
    # Byte-level check on the last 1,500 steps (tracemalloc slows Python down, so a window).
    tracemalloc.start()
    try:
        train(w, b, x, y, 500)
        gc.collect()
        start, _ = tracemalloc.get_traced_memory()
        train(w, b, x, y, 1000)
        gc.collect()
        end, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Leaking even one small object (>= 16 bytes) per step would add 16 kB here.
    assert end - start < 8_000, f"memory grew by {end - start} bytes over 1,000 steps"
    assert abs(float(w) - 3.0) < 0.05 and abs(float(b) - 2.0) < 0.05


def test_the_memory_check_can_fail():
    """The same measurement notices a loop that keeps one small tensor per step."""
    x, y = make_data()
    w, b = tf.Variable(0.0), tf.Variable(0.0)
    kept = []
    train(w, b, x, y, 50)
    before = live_tensors()
    for _ in range(100):
        kept.append(train(w, b, x, y, 1))
    assert live_tensors() - before >= 100


def test_a_non_persistent_tape_frees_its_saved_tensors_after_gradient():
    x = tf.constant(np.ones(1000, np.float32))
    baseline = live_tensors()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(50):
            y = tf.exp(y * 0.01)  # 100 intermediates the tape must save
        loss = tf.reduce_sum(y)
    assert live_tensors() - baseline > 100
    grad = tape.gradient(loss, x)
    assert tape._tape is None
    # Left alive: y, loss, grad (and nothing the tape saved).
    assert live_tensors() - baseline <= 3
    del grad


def test_a_persistent_tape_keeps_its_tensors_until_deleted():
    x = tf.constant(np.ones(10, np.float32))
    baseline = live_tensors()
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.exp(x * 2.0))
    tape.gradient(loss, x)
    assert live_tensors() - baseline > 2
    del tape
    assert live_tensors() - baseline <= 1  # loss
