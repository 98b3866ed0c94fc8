"""The speed table: every workload of `workloads.py` against its NumPy floor, in one process.

    python benchmarks/bench_table.py                      # eagerbook, every row
    python benchmarks/bench_table.py --engine torch       # PyTorch (when installed)
    python benchmarks/bench_table.py --engine tensorflow  # TensorFlow (when installed)
    python benchmarks/bench_table.py --rows cnn_eager cnn_function --rounds 15

For each row the engine and the floor run alternately, in blocks of about 0.1 s each, for
`--rounds` rounds; the figure is the median time per unit of each, and the ratio is median /
median (the best-of ratio is printed too). Alternating means both see the same machine load;
medians, because on a shared machine the best of a few blocks is a matter of luck.
Before timing, the engine's first loss must agree with the floor's (same starting weights).

Each engine runs in its own process (`run_all.py` starts one per installed engine), so one
engine's thread pools and caches never touch another's.

`--processes K` (default 3) runs each row in K fresh processes, one after the other, and
reports the median of their K ratios (and of their times). One process's figure is not
enough for the small-op rows: the NumPy floor of `a + b` itself takes 0.43 or 0.8 us from one
process to the next, and its instruction count moves with the process's string-hash seed
(BENCHMARKS.md, "Measuring small ops"), so a single process's ratio swings by 1.5x.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402 - after the sys.path setup
import workloads  # noqa: E402 - after the sys.path setup
from _harness import RESULT_PREFIX, clock, report  # noqa: E402 - after the sys.path setup

ENGINES = ("eagerbook", "tensorflow", "torch")


def build(engine, key):
    if engine == "torch":
        return workloads.torch_style(key)
    if engine == "tensorflow":
        import tensorflow as tf
    else:
        import eagerbook as tf
    return workloads.tf_style(tf, key)


def engine_version(engine):
    if engine == "tensorflow":
        import tensorflow as tf
        return f"{tf.__version__} (Keras {getattr(tf.keras, '__version__', '?')})"
    module = __import__(engine)
    return getattr(module, "__version__", "")


def calls_per_block(fn, seconds):
    """How many calls of `fn` take about `seconds` (at least one)."""
    start = clock()
    fn()
    once = max(clock() - start, 1e-7)
    return max(1, int(seconds / once))


def alternate(ours, floor, rounds, block_seconds=0.1):
    """Per-call times of `ours` and `floor`, one sample per block, blocks alternating."""
    numbers = [calls_per_block(ours, block_seconds), calls_per_block(floor, block_seconds)]
    samples = ([], [])
    for _ in range(rounds):
        for fn, number, out in zip((ours, floor), numbers, samples):
            start = clock()
            for _ in range(number):
                fn()
            out.append((clock() - start) / number)
    return samples


def run_row(engine, key, rounds):
    row = workloads.ROW_BY_KEY[key]
    built = build(engine, key)
    if built is None:
        return None
    ours, first = built
    floor, floor_first = workloads.floor(key)
    if first is not None and not np.isclose(first, floor_first, rtol=1e-4):
        raise AssertionError(f"{engine} and NumPy disagree on {key}: first loss {first} vs "
                             f"{floor_first}")
    ours_s, floor_s = alternate(ours, floor, rounds)
    per = workloads.PER_CALL.get(key, 1)
    median_ours, median_floor = statistics.median(ours_s) / per, statistics.median(floor_s) / per
    best_ratio = min(ours_s) / min(floor_s)
    # The goals are eagerbook's; a peer's line carries none.
    goal = row.goal if engine == "eagerbook" else None
    return report(row.title, median_ours, median_floor, target=goal, unit=row.unit,
                  engine=engine, key=key, best_ratio=best_ratio, rounds=rounds)


def run_row_in_processes(engine, key, rounds, processes):
    """run_row in `processes` fresh interpreters; reports the median of their ratios."""
    records = []
    for _ in range(processes):
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--engine", engine,
                              "--rows", key, "--rounds", str(rounds), "--processes", "1"],
                             check=True, capture_output=True, text=True).stdout
        records += [json.loads(line[len(RESULT_PREFIX):]) for line in out.splitlines()
                    if line.startswith(RESULT_PREFIX)]
    if not records:
        return None  # the engine has no way to run this row (PyTorch has no tf.function)
    ratios = [r["ratio"] for r in records]
    row = workloads.ROW_BY_KEY[key]
    return report(row.title, statistics.median(r["ours"] for r in records),
                  statistics.median(r["floor"] for r in records),
                  target=row.goal if engine == "eagerbook" else None, unit=row.unit,
                  engine=engine, key=key, rounds=rounds, ratio=statistics.median(ratios),
                  best_ratio=statistics.median(r["best_ratio"] for r in records),
                  process_ratios=ratios)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=ENGINES, default="eagerbook")
    parser.add_argument("--rows", nargs="*", choices=[r.key for r in workloads.ROWS],
                        help="only these rows (default: all)")
    parser.add_argument("--rounds", type=int, default=11,
                        help="alternating blocks per row (default 11)")
    parser.add_argument("--processes", type=int, default=3,
                        help="fresh processes per row; the figure is their median (default 3)")
    args = parser.parse_args(argv)
    threads = os.environ.get("OMP_NUM_THREADS")  # run_all.py sets 1 unless --threads default
    if args.engine == "torch":
        import torch
        torch.set_num_threads(int(threads or torch.get_num_threads()))
    if args.engine == "tensorflow" and threads:
        import tensorflow as tf  # its own thread pools: one op at a time, one thread per op
        tf.config.threading.set_intra_op_parallelism_threads(int(threads))
        tf.config.threading.set_inter_op_parallelism_threads(int(threads))
    print(f"{args.engine} {engine_version(args.engine)}, NumPy {np.__version__}: "
          f"median of {args.rounds} alternating blocks per row"
          f"{f', median over {args.processes} processes' if args.processes > 1 else ''}, "
          f"{'wall' if os.environ.get('EAGERBOOK_BENCH_WALL') else 'CPU'} time")
    for key in args.rows or [r.key for r in workloads.ROWS]:
        if args.processes > 1:
            run_row_in_processes(args.engine, key, args.rounds, args.processes)
        else:
            run_row(args.engine, key, args.rounds)


if __name__ == "__main__":
    main()
