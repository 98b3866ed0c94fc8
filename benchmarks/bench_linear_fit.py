"""The guide's linear fit: W, B fit to 2,000 points around y = 3x + 2 with 300 SGD steps.

Eagerbook runs it eagerly with a GradientTape, written with plain ops and Variables (as the
guide's first version is); the floor is the same fit hand-written in NumPy with the gradient
derived on paper. Target: <= 5x the NumPy floor.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import clock, report  # noqa: E402

import eagerbook as tf  # noqa: E402

NUM_EXAMPLES = 2000
STEPS = 300
LEARNING_RATE = 0.01


def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(NUM_EXAMPLES).astype(np.float32)
    noise = rng.standard_normal(NUM_EXAMPLES).astype(np.float32)
    return x, x * 3 + 2 + noise


def fit_eagerbook(x_np, y_np):
    inputs, outputs = tf.constant(x_np), tf.constant(y_np)
    W, B = tf.Variable(5.0), tf.Variable(10.0)

    def loss():
        error = inputs * W + B - outputs
        return tf.reduce_mean(tf.square(error))

    first = None
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            loss_value = loss()
        dW, dB = tape.gradient(loss_value, [W, B])
        W.assign_sub(dW * LEARNING_RATE)
        B.assign_sub(dB * LEARNING_RATE)
        first = loss_value if first is None else first
    return float(first), float(loss()), float(W), float(B)


def fit_numpy(x, y):
    w, b = np.float32(5.0), np.float32(10.0)
    lr = np.float32(LEARNING_RATE)
    first = None
    for _ in range(STEPS):
        error = x * w + b - y
        loss = np.mean(np.square(error))
        g = error * np.float32(2.0 / NUM_EXAMPLES)  # d loss / d error
        dw, db = np.sum(g * x), np.sum(g)
        w, b = w - lr * dw, b - lr * db
        first = loss if first is None else first
    return float(first), float(np.mean(np.square(x * w + b - y))), float(w), float(b)


def best_times(fns, args, repeat=7):
    """Best time of each fn(*args), the fns run alternately (same machine load)."""
    best, results = [float("inf")] * len(fns), [None] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = clock()
            results[i] = fn(*args)
            best[i] = min(best[i], clock() - start)
    return best, results


def main():
    x, y = data()
    (ours, floor), results = best_times([fit_eagerbook, fit_numpy], (x, y))
    (first, last, w, b), (nfirst, nlast, nw, nb) = results
    assert abs(first - nfirst) < 1e-3 * nfirst and abs(last - nlast) < 1e-3, "fits differ"
    print(f"loss {first:.2f} -> {last:.3f}, W = {w:.3f}, B = {b:.3f}  "
          f"(NumPy: {nfirst:.2f} -> {nlast:.3f}, W = {nw:.3f}, B = {nb:.3f})")
    report(f"linear fit, {NUM_EXAMPLES} points, {STEPS} SGD steps, tape", ours, floor,
           target=5, unit="ms")


if __name__ == "__main__":
    main()
