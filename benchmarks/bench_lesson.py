"""Lesson time: runs a lesson notebook top to bottom with nbclient, as nbval and a learner do.

    python benchmarks/bench_lesson.py                      # lesson 4, the CNN on digits
    python benchmarks/bench_lesson.py notebooks/07_*.ipynb --runs 3

Reports the wall time of the whole run (kernel start to shutdown) and the CPU time the kernel
and this process used (the kernel is our child: its time is in RUSAGE_CHILDREN once it has
exited). Goal for lesson 4: <= 10 s. On a loaded machine the wall time mostly measures the
load; the CPU time is what the lesson itself costs. Nothing is written back to the notebook.

    python benchmarks/bench_lesson.py --quiet-below 1.0 --wait 1800

waits (up to 1,800 s) for a quiet moment, a 1-minute load average of at most 1.0, before each
run, and prints the load average at each run's start and end beside its times.
"""

import argparse
import json
import os
import pathlib
import resource
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _harness import RESULT_PREFIX  # noqa: E402 - after the sys.path setup

LESSON = HERE.parent / "notebooks" / "04_eager_training.ipynb"
GOAL_SECONDS = 10.0


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_once(path):
    import nbformat
    from nbclient import NotebookClient
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    wall, cpu = time.perf_counter(), cpu_seconds()
    client.execute()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def wait_for_quiet(load, longest):
    """Sleeps until the 1-minute load average is at most `load`, or `longest` seconds passed."""
    deadline = time.monotonic() + longest
    while os.getloadavg()[0] > load and time.monotonic() < deadline:
        time.sleep(5)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default=str(LESSON))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quiet-below", type=float, default=None, metavar="LOAD",
                        help="before each run, wait for a 1-minute load average <= LOAD")
    parser.add_argument("--wait", type=float, default=600.0, metavar="SECONDS",
                        help="the longest wait for that quiet moment (then run anyway)")
    args = parser.parse_args(argv)
    path = pathlib.Path(args.notebook).resolve()
    runs = []
    for _ in range(args.runs):
        if args.quiet_below is not None:
            wait_for_quiet(args.quiet_below, args.wait)
        before = os.getloadavg()[0]
        runs.append(run_once(path))
        print(f"run {len(runs)}: wall {runs[-1][0]:.1f} s, CPU {runs[-1][1]:.1f} s, load average "
              f"{before:.1f} at its start, {os.getloadavg()[0]:.1f} at its end", flush=True)
    walls, cpus = sorted(r[0] for r in runs), sorted(r[1] for r in runs)
    median_wall, median_cpu = walls[len(walls) // 2], cpus[len(cpus) // 2]
    load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"{path.name}: wall {', '.join(f'{w:.1f}' for w in walls)} s, CPU "
          f"{', '.join(f'{c:.1f}' for c in cpus)} s (kernel + client; load average {load})")
    target = GOAL_SECONDS if path.name == LESSON.name else None
    for what, seconds in (("wall", median_wall), ("CPU", median_cpu)):
        print(RESULT_PREFIX + json.dumps({
            "name": f"{path.name} run by nbclient, median {what} time of {args.runs}",
            "ours": seconds, "floor": None, "target": target, "unit": "s"}))


if __name__ == "__main__":
    main()
