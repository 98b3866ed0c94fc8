"""Interpreter instructions per unit of a speed-table row, under valgrind's cachegrind.

    python benchmarks/bench_instructions.py add add_tape linear_eager
    python benchmarks/bench_instructions.py --floor add            # the NumPy floor's count

Wall time on a shared machine moves by tens of per cent between runs; instruction counts of
the same code move by about one per cent on the training rows (up to ~10 % on the two
smallest, `add` and `add_tape`: repeat those), so before/after comparisons of the dispatcher
are made in them (BENCHMARKS.md). Each row runs twice in its own process under
``valgrind --tool=cachegrind --cache-sim=no`` (string-hash seed 0, one BLAS thread), once
with N units and once with 2N; per unit = (count at 2N - count at N) / N, so imports and setup
cancel out. A row's unit is its table unit divided by `PER_UNIT` (the taped add per add, the
linear fit per SGD step). Needs valgrind; never run by ``make test``.
"""

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# units per process (N) and how many reported units one call of the workload is
UNITS = {"add": 4000, "add_tape": 40, "matmul": 2000, "linear_eager": 1, "mlp_eager": 4,
         "linear_function": 1, "mlp_function": 4}
PER_UNIT = {"add_tape": 100, "linear_eager": 300, "linear_function": 300}


def child(key, units, floor):
    sys.path.insert(0, os.path.dirname(HERE))
    sys.path.insert(0, HERE)
    import workloads
    if floor:
        fn, _ = workloads.floor(key)
    else:
        import eagerbook
        fn, _ = workloads.tf_style(eagerbook, key)
    for _ in range(3):  # warm caches and lazy set-up before counting starts to matter
        fn()
    # The objects alive now (the ~40k of the imports) leave the cycle collector's view: a full
    # collection walks them all (tens of millions of instructions) about once per thousand
    # linear-fit steps, and landing in one count or the other it moved a row by 10 %.
    gc.collect()
    gc.freeze()
    for _ in range(units):
        fn()


def count(key, units, floor):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1",
                   OMP_NUM_THREADS="1")
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                   f"--cachegrind-out-file={out}", sys.executable, __file__, "--child", key,
                   str(units)] + (["--floor"] if floor else [])
        subprocess.run(command, env=env, check=True, capture_output=True)
        with open(out) as f:
            summary = re.search(r"^summary:\s+(\d+)", f.read(), re.M)
        return int(summary.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", default=["add", "add_tape", "matmul", "linear_eager"])
    parser.add_argument("--floor", action="store_true", help="count the NumPy floor instead")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.floor)
        return
    # Byte-compile first: a module whose source changed since its .pyc was written is compiled
    # again by the first process that imports it, and that one process would count the
    # compiler's hundreds of millions of instructions (seen: a row 13 % low after an edit).
    subprocess.run([sys.executable, "-c", "import eagerbook"], check=True,
                   cwd=os.path.dirname(HERE))
    for key in args.rows:
        n = UNITS[key]
        per = (count(key, 2 * n, args.floor) - count(key, n, args.floor)) / n
        per /= PER_UNIT.get(key, 1)
        print(f"{key:16s} {'floor' if args.floor else 'eagerbook':10s} {per:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
