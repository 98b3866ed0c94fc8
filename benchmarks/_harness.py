"""Shared timing helpers for the benchmark scripts (plain Python, no dependencies).

Every figure is the best of several repeats of a tight loop, reported per call, and every
eagerbook figure is divided by a hand-written NumPy floor timed in the same process, so the
ratios stay comparable across machines even when the absolute numbers do not.
"""

import json
import os
import sys
import time
import timeit

RESULT_PREFIX = "BENCH-RESULT "

# CPU time of this process, not wall time: on a shared two-core machine, wall time mostly
# measures who else is running. (Set EAGERBOOK_BENCH_WALL=1 to time with the wall clock.)
clock = time.perf_counter if os.environ.get("EAGERBOOK_BENCH_WALL") else time.process_time


def per_call(fn, number=None, repeat=7, min_seconds=0.2):
    """Best time per call of `fn()` in seconds (auto-sizes the loop to ~min_seconds)."""
    timer = timeit.Timer(fn, timer=clock)
    if number is None:
        number, _ = timer.autorange()
        number = max(1, int(number * min_seconds / 0.2))
    return min(timer.repeat(repeat=repeat, number=number)) / number


def compare(ours, floor, number=None, repeat=9):
    """Best per-call times of `ours()` and `floor()`, measured alternately.

    Alternating the repeats means both see the same machine load (other processes, CPU
    frequency), which keeps the ratio honest on a busy two-core machine.
    """
    timers = [timeit.Timer(ours, timer=clock), timeit.Timer(floor, timer=clock)]
    if number is None:
        number = max(1, min(t.autorange()[0] for t in timers))
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, timer in enumerate(timers):
            best[i] = min(best[i], timer.timeit(number) / number)
    return best[0], best[1]


def report(name, ours, floor, target=None, unit="us", ratio=None, **extra):
    """Prints one human-readable line and one machine-readable line for run_all.py.

    `ratio` defaults to ours / floor (the speed table passes the median of several processes'
    ratios instead). `extra` (JSON-able) goes into the machine-readable record: the speed
    table adds the engine, the row key, the best-of ratio and each process's ratio.
    """
    ratio = ours / floor if ratio is None else ratio
    scale = 1e6 if unit == "us" else 1e3
    verdict = "" if target is None else ("  OK" if ratio <= target else "  MISSED")
    goal = "" if target is None else f" (target <= {target:g}x)"
    engine = extra.get("engine", "eagerbook")
    print(f"{name:<44} {engine} {ours * scale:9.2f} {unit}   numpy {floor * scale:9.2f} {unit}"
          f"   ratio {ratio:6.2f}x{goal}{verdict}")
    record = {"name": name, "ours": ours, "floor": floor, "ratio": ratio, "target": target,
              "unit": unit, **extra}
    print(RESULT_PREFIX + json.dumps(record))
    sys.stdout.flush()
    return ratio


def environment():
    import numpy as np
    blas = ""
    try:
        from threadpoolctl import threadpool_info
        infos = [i for i in threadpool_info() if i.get("user_api") == "blas"]
        if infos:
            blas = f"{infos[0].get('internal_api')} {infos[0].get('version')} " \
                   f"({infos[0].get('architecture')}, {infos[0].get('num_threads')} threads)"
    except ImportError:
        blas = "threadpoolctl not installed"
    return {"python": sys.version.split()[0], "numpy": np.__version__, "cpus": os.cpu_count(),
            "blas": blas, "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE", "")}
