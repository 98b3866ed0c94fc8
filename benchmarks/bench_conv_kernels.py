"""Convolution kernels at the guide CNN's and lesson 4's shapes, against the im2col floor.

    python benchmarks/bench_conv_kernels.py
    python benchmarks/bench_conv_kernels.py --against 035a7c8     # A/B with a git revision

Each row times one kernel as a training step calls it (``Conv2D``, ``Conv2DBackpropInput``,
``Conv2DBackpropFilter``; "both gradients" runs the last two back to back, as the backward
pass does, so the shared sweep serves them) against the speed table's NumPy floor for the
same work: one im2col matrix and one product per kernel (the input gradient as a full
correlation of the framed dy). They alternate in rounds in one process; the figure is the
median per call. One BLAS thread (run_all.py sets it; the kernels set it for themselves).

``--against REV`` loads that revision's ``eagerbook/ops/nn_ops.py`` beside this one (its ops
kept out of the registry) and alternates the two instead: the floor column then holds the old
kernels' time and the ratio is new / old. Wall time on a shared machine is noisy; the rounds
alternate so that both sides see the same load.
"""

import argparse
import pathlib
import subprocess
import sys
import types

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from _harness import clock, report  # noqa: E402 - after the sys.path setup

from eagerbook.ops import nn_ops, registry  # noqa: E402 - after the sys.path setup

VALID = {"strides": (1, 1), "padding": "VALID", "explicit_paddings": (), "dilations": (1, 1),
         "data_format": "NHWC"}


def _floor_cols(x, k):
    """The floor's im2col matrix of a VALID stride-1 k x k convolution (a fresh copy)."""
    windows = sliding_window_view(x, (k, k), axis=(1, 2))  # (N, OH, OW, C, k, k)
    return windows.transpose(0, 1, 2, 4, 5, 3).reshape(-1, k * k * x.shape[3])


def floor_forward(x, w):
    return _floor_cols(x, w.shape[0]) @ w.reshape(-1, w.shape[3])


def floor_input_grad(w, dy):
    k = w.shape[0]
    framed = np.pad(dy, ((0, 0), (k - 1, k - 1), (k - 1, k - 1), (0, 0)))
    flipped = w[::-1, ::-1].transpose(0, 1, 3, 2).reshape(-1, w.shape[2])
    return _floor_cols(framed, k) @ flipped


def floor_filter_grad(x, dy, k):
    return _floor_cols(x, k).T @ dy.reshape(-1, dy.shape[3])


def cases():
    """(name, ours(module), floor()) per row, on fixed random arrays."""
    rng = np.random.default_rng(0)
    rows = []
    for where, size, batch in (("guide", 28, 32), ("lesson 4", 14, 32)):
        x1 = rng.random((batch, size, size, 1), dtype=np.float32)
        w1 = rng.random((3, 3, 1, 16), dtype=np.float32) - 0.5
        x2 = rng.random((batch, size - 2, size - 2, 16), dtype=np.float32)
        w2 = rng.random((3, 3, 16, 16), dtype=np.float32) - 0.5
        dy1 = rng.random((batch, size - 2, size - 2, 16), dtype=np.float32)
        dy2 = rng.random((batch, size - 4, size - 4, 16), dtype=np.float32)

        def both(m, x2=x2, w2=w2, dy2=dy2):
            m._conv2d_backprop_input.kernel(w2, dy2, input_sizes=x2.shape, **VALID)
            return m._conv2d_backprop_filter.kernel(x2, dy2, filter_sizes=w2.shape, **VALID)

        def both_floor(x2=x2, w2=w2, dy2=dy2):
            floor_input_grad(w2, dy2)
            return floor_filter_grad(x2, dy2, 3)

        def prime(m, x2=x2, w2=w2):  # the forward pass the shared sweep remembers
            return m._conv2d.kernel(x2, w2, **VALID)

        rows += [
            (f"{where}: 16-channel forward", lambda m, x2=x2, w2=w2: prime(m, x2, w2),
             lambda x2=x2, w2=w2: floor_forward(x2, w2)),
            (f"{where}: 16-channel both gradients", both, both_floor),
            (f"{where}: grayscale forward",
             lambda m, x1=x1, w1=w1: m._conv2d.kernel(x1, w1, **VALID),
             lambda x1=x1, w1=w1: floor_forward(x1, w1)),
            (f"{where}: grayscale filter gradient",
             lambda m, x1=x1, w1=w1, dy1=dy1: m._conv2d_backprop_filter.kernel(
                 x1, dy1, filter_sizes=w1.shape, **VALID),
             lambda x1=x1, dy1=dy1: floor_filter_grad(x1, dy1, 3)),
        ]
    return rows


def load_revision(rev):
    """`rev`'s nn_ops.py as a module beside this one, its ops kept out of the registry."""
    source = subprocess.run(["git", "-C", str(HERE.parent), "show",
                             f"{rev}:eagerbook/ops/nn_ops.py"],
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("eagerbook.ops._nn_ops_at_" + rev)
    module.__package__ = "eagerbook.ops"
    real_register = registry.register
    registry.register = lambda name, **flags: (lambda kernel: registry.OpDef(name, kernel, **flags))
    try:
        exec(compile(source, f"nn_ops.py at {rev}", "exec"), module.__dict__)
    finally:
        registry.register = real_register
    return module


def alternate(first, second, rounds, number):
    """Median seconds per call of each, timed in alternating rounds (order flipped each time)."""
    for fn in (first, second):
        for _ in range(3):
            fn()
    times = ([], [])
    for r in range(rounds):
        for i in ((0, 1) if r % 2 == 0 else (1, 0)):
            fn = (first, second)[i]
            start = clock()
            for _ in range(number):
                fn()
            times[i].append((clock() - start) / number)
    return float(np.median(times[0])), float(np.median(times[1])), \
        float(np.median(np.array(times[0]) / np.array(times[1])))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--number", type=int, default=5, help="calls per round")
    parser.add_argument("--against", metavar="REV", help="alternate with REV's kernels")
    parser.add_argument("--rows", nargs="*", default=[], help="only rows naming these words")
    args = parser.parse_args(argv)
    old = load_revision(args.against) if args.against else None
    for name, ours, floor in cases():
        if args.rows and not any(word in name for word in args.rows):
            continue
        other = (lambda ours=ours: ours(old)) if old is not None else floor
        new, base, per_round = alternate(lambda ours=ours: ours(nn_ops), other, args.rounds,
                                         args.number)
        label = f"{name} (vs {args.against})" if old is not None else name
        report(label, new, base, unit="ms", ratio=per_round if old is not None else None)


if __name__ == "__main__":
    main()
