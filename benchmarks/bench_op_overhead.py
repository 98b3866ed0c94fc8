"""Per-op overhead: how much does eagerbook add to a tiny NumPy operation?

    a + b on float32[10], no tape               target <= 6x NumPy
    a + b on float32[10], tape watching a       target <= 12x NumPy
        (100 additions recorded by a fresh tape, the way a training step uses one)
    4x4 float32 matmul, no tape                 target <= 6x NumPy

On tensors this small the NumPy kernel costs well under a microsecond, so the ratio measures
the Python dispatch around it: op call -> dtype checks -> kernel -> new Tensor (-> tape record).
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _harness import compare, report  # noqa: E402

import eagerbook as tf  # noqa: E402


def add_in_a_tape(a, b, ops=100):
    """`ops` additions recorded by a fresh tape watching `a` (a tape lives for one step)."""
    def run():
        with tf.GradientTape() as tape:
            tape.watch(a)
            for _ in range(ops):
                a + b
    return run


def add_in_numpy(a, b, ops=100):
    def run():
        for _ in range(ops):
            a + b
    return run


def main():
    a_np = np.arange(10, dtype=np.float32)
    b_np = np.ones(10, dtype=np.float32)
    a, b = tf.constant(a_np), tf.constant(b_np)
    ours, floor = compare(lambda: a + b, lambda: a_np + b_np)
    report("a + b, float32[10], no tape", ours, floor, target=6)

    ours, floor = compare(add_in_a_tape(a, b), add_in_numpy(a_np, b_np))
    report("a + b, float32[10], tape watching a", ours / 100, floor / 100, target=12)

    m_np = np.arange(16, dtype=np.float32).reshape(4, 4)
    n_np = np.eye(4, dtype=np.float32)
    m, n = tf.constant(m_np), tf.constant(n_np)
    ours, floor = compare(lambda: tf.matmul(m, n), lambda: np.matmul(m_np, n_np))
    report("tf.matmul 4x4 float32, no tape", ours, floor, target=6)
    ours, floor = compare(lambda: m @ n, lambda: m_np @ n_np)
    report("m @ n 4x4 float32, no tape", ours, floor)


if __name__ == "__main__":
    main()
