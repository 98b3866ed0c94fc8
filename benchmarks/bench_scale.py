"""Scale: how tracing and the tape grow with the number of ops.

1. First call of an N-op ``tf.function`` (trace + optimize + compile + run) for N ~ 300, 3,000
   and 30,000 graph operations (constants included). Goal: <= 0.3 s at 3,000 ops, and linear
   in N (the per-op figure stays flat).
2. A tape recording N small ops (N = 1k, 10k, 100k): recording time, ``tape.gradient`` time
   and the memory the tape holds, each per op. Goal: linear in N.

There is no NumPy floor here; the per-op columns show whether the cost is linear.
Run: ``python benchmarks/bench_scale.py [--quick]``.
"""

import argparse
import gc
import os
import sys
import time
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402 - after the sys.path setup
from _harness import RESULT_PREFIX, clock  # noqa: E402 - after the sys.path setup

import eagerbook as tf  # noqa: E402 - after the sys.path setup


def emit(name, seconds, per_op_us, target=None, unit="ms", **extra):
    goal = "" if target is None else f"  (goal <= {target * 1e3:g} ms: " \
        f"{'met' if seconds <= target else 'MISSED'})"
    print(f"{name:<52} {seconds * 1e3:9.1f} ms  {per_op_us:7.2f} us/op{goal}")
    import json
    print(RESULT_PREFIX + json.dumps({"name": name, "ours": seconds, "floor": None,
                                      "per_op_us": per_op_us, "target": target,
                                      "unit": unit, **extra}))
    sys.stdout.flush()


def chain(iterations):
    """A straight chain of 4 * iterations elementwise ops (eager) -- 6 * iterations graph
    operations once traced, counting the two constants of each link."""
    def fn(x):
        y = x
        for i in range(iterations):
            y = tf.tanh(y * 0.5 + float(i)) - y
        return y
    return fn


def first_call(n_ops, repeat):
    from eagerbook.graph import tracer
    x = tf.constant(np.linspace(-1, 1, 16, dtype=np.float32))
    best, ops = float("inf"), 0
    for _ in range(repeat):
        getattr(tracer, "_SHAPE_CACHE", {}).clear()  # as in a fresh process
        fn = tf.function(chain(n_ops // 6))  # ~6 graph ops per link, constants included
        gc.collect()
        start = clock()
        fn(x)
        best = min(best, clock() - start)
        ops = len(fn.get_concrete_function(x).graph.operations)
    return best, ops


def tape_scale(n_ops, repeat):
    """(record seconds, gradient seconds, bytes held by the tape) for n_ops recorded ops."""
    x = tf.constant(np.linspace(-1, 1, 16, dtype=np.float32))
    step = chain(n_ops // 4)
    record = grad = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = clock()
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = step(x)
        middle = clock()
        tape.gradient(y, x)
        end = clock()
        record, grad = min(record, middle - start), min(grad, end - middle)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = step(x)
    held = tracemalloc.get_traced_memory()[0] - before  # the tape plus the values it keeps
    tracemalloc.stop()
    del tape, y
    return record, grad, held


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer repeats, no 30k-op function, no 100k tape")
    parser.add_argument("--tape-only", action="store_true", help="only the tape rows")
    args = parser.parse_args(argv)
    repeat = 2 if args.quick else 3
    for n in () if args.tape_only else (300, 3000) if args.quick else (300, 3000, 30000):
        seconds, ops = first_call(n, 1 if n >= 30000 else repeat)
        emit(f"first call of a {ops}-op tf.function", seconds, seconds / ops * 1e6,
             target=0.3 if n == 3000 else None, ops=ops)
    for n in (1000, 10000) if args.quick else (1000, 10000, 100000):
        record, grad, held = tape_scale(n, 1 if n >= 100000 else repeat)
        emit(f"tape: record {n} ops", record, record / n * 1e6, ops=n)
        emit(f"tape: gradient over {n} ops", grad, grad / n * 1e6, ops=n)
        print(f"{'tape: memory held for ' + str(n) + ' ops':<52} {held / 2**20:9.1f} MiB  "
              f"{held / n:7.0f} B/op")
    print(f"(CPU time, best of {repeat}; {time.strftime('%Y-%m-%d %H:%M')})")


if __name__ == "__main__":
    main()
