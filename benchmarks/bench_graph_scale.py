"""tf.function at scale and at the floor (run: ``python benchmarks/bench_graph_scale.py``).

1. First call (trace + optimize + compile + run) of a function of 1,000 / 3,000 / 10,000 ops
   (a chain of multiply-adds): the time should grow linearly in the op count; target for
   3,000 ops: <= 0.3 s. Printed split into trace and optimize+compile.
2. Compiled training steps against hand-written NumPy in the same process, alternating:
   the guide's linear fit (2,000 points, SGD) and an MLP 784-128-10 (batch 64, softmax
   cross-entropy, SGD). Target: within 10-30% of the floor.

CPU time of this process (see _harness.clock). No timing assertions anywhere in the tests.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from _harness import clock, compare  # noqa: E402 - after the sys.path setup

import eagerbook as tf  # noqa: E402 - after the sys.path setup
from eagerbook.graph import function  # noqa: E402 - after the sys.path setup


def multiply_add_chain(n_ops):
    def chain(x):
        for _ in range(n_ops // 2):
            x = x * 1.0001 + 0.5
        return x
    return chain


def first_call(n_ops):
    f = function(multiply_add_chain(n_ops), autograph=False)
    x = tf.constant([1.0, 2.0])
    start = clock()
    concrete = f.get_concrete_function(x)
    traced = clock()
    concrete._ensure_compiled()
    f(x)
    done = clock()
    return traced - start, done - traced


def linear_fit_step():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(2000).astype(np.float32)
    y = (x * 3 + 2 + rng.standard_normal(2000)).astype(np.float32)
    inputs, outputs = tf.constant(x), tf.constant(y)
    w, b = tf.Variable(5.0), tf.Variable(10.0)

    @function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(inputs * w + b - outputs))
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(dw * 0.01)
        b.assign_sub(db * 0.01)
        return loss

    state = [np.float32(5.0), np.float32(10.0)]
    scale = np.float32(2.0 / 2000)

    def floor():
        error = x * state[0] + state[1] - y
        loss = np.mean(np.square(error))
        g = error * scale
        state[0] = state[0] - np.float32(0.01) * np.sum(g * x)
        state[1] = state[1] - np.float32(0.01) * np.sum(g)
        return loss

    step()
    return step, floor


def mlp_step():
    rng = np.random.default_rng(0)
    x_np = rng.standard_normal((64, 784)).astype(np.float32)
    y_np = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 64)]
    init = [rng.standard_normal((784, 128)).astype(np.float32) * 0.05,
            np.zeros(128, np.float32),
            rng.standard_normal((128, 10)).astype(np.float32) * 0.05,
            np.zeros(10, np.float32)]
    variables = [tf.Variable(v) for v in init]
    x, y = tf.constant(x_np), tf.constant(y_np)

    @function
    def step():
        w1, b1, w2, b2 = variables
        with tf.GradientTape() as tape:
            h = tf.nn.relu(tf.matmul(x, w1) + b1)
            logits = tf.matmul(h, w2) + b2
            loss = tf.reduce_mean(
                tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        for v, g in zip(variables, tape.gradient(loss, variables)):
            v.assign_sub(0.1 * g)
        return loss

    params = [v.copy() for v in init]

    def floor():
        w1, c1, w2, c2 = params
        pre = x_np @ w1 + c1
        h = np.maximum(pre, 0)
        logits = h @ w2 + c2
        shifted = logits - logits.max(1, keepdims=True)
        e = np.exp(shifted)
        s = e.sum(1, keepdims=True)
        loss = np.mean(-(y_np * (shifted - np.log(s))).sum(1))
        d = (e / s - y_np) / np.float32(64)
        dh = (d @ w2.T) * (pre > 0)
        params[:] = [w1 - 0.1 * (x_np.T @ dh), c1 - 0.1 * dh.sum(0),
                     w2 - 0.1 * (h.T @ d), c2 - 0.1 * d.sum(0)]
        return loss

    step()
    return step, floor


def main():
    print("first call of a tf.function (CPU seconds): trace / optimize+compile+run / total")
    for n in (1000, 3000, 10000):
        trace, rest = first_call(n)
        print(f"  {n:6d} ops: {trace:.3f} / {rest:.3f} / {trace + rest:.3f}"
              f"  ({(trace + rest) / n * 1e6:.0f} us per op)")
    for name, make in (("linear fit step", linear_fit_step), ("MLP step", mlp_step)):
        ours, floor = make()
        t_ours, t_floor = compare(ours, floor)
        print(f"{name}: compiled {t_ours * 1e6:.0f} us, NumPy floor {t_floor * 1e6:.0f} us, "
              f"ratio {t_ours / t_floor:.2f}x")


if __name__ == "__main__":
    main()
