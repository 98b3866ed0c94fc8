"""tf.function benchmarks: compiled graphs against hand-written NumPy, in the same run.

1. The guide's linear fit (2,000 points, 300 SGD steps) with the training step as a
   ``tf.function`` (tape, gradients and assignments all inside it). Floor: the same fit
   written in NumPy with the gradient derived on paper. Target: <= 2.5x the floor. Also
   reports the speed-up over the eager version of the same step.
2. The guide's CNN training step (Keras Conv2D/GlobalAveragePooling2D/Dense, Adam) as a
   ``tf.function``, against bench_cnn_eager's NumPy floor. Target: <= 1.2x.
3. Tracing cost: the first call of a 200-op function (trace, optimize, compile, run).
   Target: < 0.5 s.

Run: ``python benchmarks/bench_function.py [--skip-cnn]``.
"""

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from _harness import clock, report  # noqa: E402

import eagerbook as tf  # noqa: E402
from eagerbook.graph import function  # noqa: E402
from eagerbook.graph import tracer as _tracer  # noqa: E402

NUM_EXAMPLES = 2000
STEPS = 300
LEARNING_RATE = 0.01


# --- 1. linear fit ----------------------------------------------------------------------------
def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(NUM_EXAMPLES).astype(np.float32)
    noise = rng.standard_normal(NUM_EXAMPLES).astype(np.float32)
    return x, x * 3 + 2 + noise


def make_step(inputs, outputs, W, B):
    def train_step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(inputs * W + B - outputs))
        dW, dB = tape.gradient(loss, [W, B])
        W.assign_sub(dW * LEARNING_RATE)
        B.assign_sub(dB * LEARNING_RATE)
        return loss
    return train_step


def fit(x_np, y_np, compiled):
    inputs, outputs = tf.constant(x_np), tf.constant(y_np)
    W, B = tf.Variable(5.0), tf.Variable(10.0)
    step = make_step(inputs, outputs, W, B)
    if compiled:
        step = function(step)
        step.get_concrete_function()._ensure_compiled()  # trace outside the timed loop
    first = last = None
    for _ in range(STEPS):
        last = step()
        first = last if first is None else first
    return float(first), float(last), float(W), float(B)


def fit_numpy(x, y):
    w, b = np.float32(5.0), np.float32(10.0)
    lr = np.float32(LEARNING_RATE)
    first = last = None
    for _ in range(STEPS):
        error = x * w + b - y
        last = np.mean(np.square(error))
        g = error * np.float32(2.0 / NUM_EXAMPLES)
        dw, db = np.sum(g * x), np.sum(g)
        w, b = w - lr * dw, b - lr * db
        first = last if first is None else first
    return float(first), float(last), float(w), float(b)


def best_times(fns, repeat=7):
    best, results = [float("inf")] * len(fns), [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = clock()
            results[i] = fn()
            best[i] = min(best[i], clock() - start)
    return best, results


def bench_linear_fit():
    x, y = data()
    (t_fn, t_np, t_eager), (r_fn, r_np, r_eager) = best_times(
        [lambda: fit(x, y, True), lambda: fit_numpy(x, y), lambda: fit(x, y, False)])
    assert np.allclose(r_fn, r_np, rtol=1e-3), (r_fn, r_np)
    assert np.allclose(r_fn, r_eager, rtol=1e-4), (r_fn, r_eager)
    print(f"linear fit: loss {r_fn[0]:.2f} -> {r_fn[1]:.3f}, W = {r_fn[2]:.3f}, "
          f"B = {r_fn[3]:.3f}; tf.function is {t_eager / t_fn:.1f}x faster than eager "
          f"({t_eager * 1e3:.1f} ms)")
    report(f"linear fit, {STEPS} steps, tf.function step", t_fn, t_np, target=2.5, unit="ms")
    return {"function_ms": t_fn * 1e3, "numpy_ms": t_np * 1e3, "eager_ms": t_eager * 1e3}


# --- 2. CNN step --------------------------------------------------------------------------------
def bench_cnn(steps=10, repeats=7):
    import bench_cnn_eager as cnn
    rng = np.random.default_rng(0)
    images = rng.random((cnn.BATCH, cnn.SIZE, cnn.SIZE, 1), dtype=np.float32)
    labels = rng.integers(0, cnn.CLASSES, cnn.BATCH)
    tf.random.set_seed(0)
    model = cnn.make_model()
    optimizer = tf.keras.optimizers.Adam()
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    step = function(cnn.eager_step_fn(model, optimizer, loss_object))
    floor = cnn.NumpyCNN([v.numpy() for v in model.trainable_variables])
    x_t, y_t = tf.constant(images), tf.constant(labels)
    start = time.perf_counter()
    first = float(step(x_t, y_t))
    trace_s = time.perf_counter() - start
    first_np = float(floor.step(images, labels))
    if not np.isclose(first, first_np, rtol=1e-4):
        raise AssertionError(f"tf.function and NumPy disagree: {first} vs {first_np}")
    second, second_np = float(step(x_t, y_t)), float(floor.step(images, labels))
    if not np.isclose(second, second_np, rtol=1e-4):
        raise AssertionError(f"after one Adam step: {second} vs {second_np}")
    (t_np, t_fn), (best_np, best_fn) = cnn._interleaved(
        [lambda: floor.step(images, labels), lambda: step(x_t, y_t)], steps, repeats)
    print(f"CNN step: first call (trace + compile) {trace_s:.2f} s; medians below, best/best "
          f"{best_fn * 1e3:.1f} / {best_np * 1e3:.1f} ms = {best_fn / best_np:.2f}x")
    report("CNN training step, tf.function", t_fn, t_np, target=1.2, unit="ms")
    return {"function_ms": t_fn * 1e3, "numpy_ms": t_np * 1e3, "trace_s": trace_s}


# --- 3. tracing cost ------------------------------------------------------------------------------
def two_hundred_ops(x):
    y = x
    for i in range(50):
        y = tf.tanh(y * 0.5 + float(i)) - y  # 4 ops per iteration
    return y


def bench_tracing(repeat=5):
    x = tf.constant(np.linspace(-1, 1, 16, dtype=np.float32))
    best = float("inf")
    n_ops = 0
    for _ in range(repeat):
        _tracer._SHAPE_CACHE.clear()  # as in a fresh process
        fn = function(two_hundred_ops)
        start = time.perf_counter()
        fn(x)
        best = min(best, time.perf_counter() - start)
        n_ops = len(fn.get_concrete_function(x).graph.operations)
    verdict = "OK" if best < 0.5 else "MISSED"
    print(f"tracing: first call of a {n_ops}-op function {best * 1e3:.1f} ms "
          f"(trace + optimize + compile + run; target < 500 ms)  {verdict}")
    return {"first_call_ms": best * 1e3, "ops": n_ops}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-cnn", action="store_true")
    args = parser.parse_args(argv)
    bench_linear_fit()
    bench_tracing()
    if not args.skip_cnn:
        try:
            bench_cnn()
        except (ImportError, AttributeError) as exc:
            print(f"CNN step skipped: {exc}")


if __name__ == "__main__":
    main()
