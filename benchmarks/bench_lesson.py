"""Lesson time: runs a lesson notebook top to bottom with nbclient, as nbval and a learner do.

    python benchmarks/bench_lesson.py                      # lesson 4, the CNN on digits
    python benchmarks/bench_lesson.py notebooks/07_*.ipynb --runs 3

Reports the wall time of the whole run (kernel start to shutdown) and the CPU time the kernel
and this process used (the kernel is our child: its time is in RUSAGE_CHILDREN once it has
exited). Goal for lesson 4: <= 10 s. On a loaded machine the wall time mostly measures the
load; the CPU time is what the lesson itself costs. Nothing is written back to the notebook.
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default=str(LESSON))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    path = pathlib.Path(args.notebook).resolve()
    runs = [run_once(path) for _ in range(args.runs)]
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
