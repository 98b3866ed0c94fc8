"""Runs every benchmark script in this folder and prints (or writes) one markdown table.

    python benchmarks/run_all.py                    # print the tables
    python benchmarks/run_all.py --write out.md     # also write them to a file
    python benchmarks/run_all.py --only bench_table.py --threads default

A benchmark script is any ``bench_*.py`` file here. Each runs in its own process (so one
cannot warm the caches of another) and reports lines starting with ``BENCH-RESULT `` followed
by JSON: name, eagerbook time ``ours``, NumPy floor time ``floor``, ``ratio``, ``target``.

``bench_table.py`` (the speed table) runs once per engine: eagerbook always, TensorFlow and
PyTorch when they can be imported; their ratios (each against the floor timed in its own
process) are printed beside eagerbook's. Neither is ever needed.

A peer may live in another Python environment (TensorFlow pins its own NumPy and is best kept
out of the project's venv): ``--peer-python tensorflow=/path/to/python`` (or the environment
variable ``EAGERBOOK_BENCH_PEER_PYTHON="tensorflow=/path/to/python"``, several separated by
spaces) runs that engine's process with that interpreter. The peer's figure is then its time
divided by the NumPy floor timed in the same process with that environment's NumPy -- the
ratio is honest as long as both NumPys are the same build (``run_all.py`` prints each
interpreter's NumPy version).

Threads: by default every process runs its BLAS (and PyTorch) with one thread. On a shared
two-core machine that is the reproducible setting -- CPU time then measures the work itself,
not how many idle cores a library found. ``--threads default`` leaves the libraries' defaults
(``bench_lesson.py`` always runs with them: a lesson is timed as a learner runs it).
"""

import argparse
import importlib.util
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _harness import RESULT_PREFIX, environment  # noqa: E402 - after the sys.path setup

PEERS = ("tensorflow", "torch")
ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
# glibc serves blocks above its mmap threshold (128 KiB at first, adjusted as blocks are freed)
# straight from the kernel and gives them back when freed: the next allocation then pays a
# page fault per 4 KiB page it touches. --keep-freed-memory makes every block come from the
# heap and stay there, to see how much of a figure is page faults.
KEEP_FREED_MEMORY = {"MALLOC_MMAP_THRESHOLD_": str(1 << 30), "MALLOC_TRIM_THRESHOLD_": str(1 << 31)}


def run_script(path, args=(), threads="1", python=sys.executable, keep_freed_memory=False):
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # TensorFlow's start-up chatter on stderr
    if threads == "1":
        env.update(ONE_THREAD)
    if keep_freed_memory:
        env.update(KEEP_FREED_MEMORY)
    proc = subprocess.run([python, str(path), *args], capture_output=True, text=True,
                          env=env, cwd=HERE.parent)
    results = [json.loads(line[len(RESULT_PREFIX):]) for line in proc.stdout.splitlines()
               if line.startswith(RESULT_PREFIX)]
    if proc.returncode == 0 and not results:
        last = proc.stdout.strip().splitlines()[-1:] or [""]
        results.append({"name": f"{path.name} (reports no BENCH-RESULT lines)",
                        "error": f"last line: {last[0]}"})
    elif proc.returncode != 0:
        results.append({"name": f"{path.name} {' '.join(args)} FAILED (exit {proc.returncode})",
                        "error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip()
                        else ""})
    return results


def peer_interpreters(given):
    """{peer: python} for each peer importable here or in an interpreter named in `given`
    (["tensorflow=/path/to/python", ...])."""
    named = dict(item.split("=", 1) for item in given)
    found = {}
    for peer in PEERS:
        if importlib.util.find_spec(peer) is not None:
            found[peer] = sys.executable
        elif peer in named and _importable(named[peer], peer):
            found[peer] = named[peer]
    return found


def _importable(python, module):
    probe = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    try:
        return subprocess.run([python, "-c", probe], capture_output=True).returncode == 0
    except OSError:
        return False


def numpy_version(python):
    return subprocess.run([python, "-c", "import numpy; print(numpy.__version__)"],
                          capture_output=True, text=True).stdout.strip()


def fmt_time(seconds, unit):
    """Every record holds seconds; `unit` is only how to show them."""
    scale = {"us": 1e6, "ms": 1e3, "s": 1.0}[unit]
    return f"{seconds * scale:.2f} {unit}"


def verdict(r):
    if r["target"] is None:
        return ""
    return "met" if r["ratio"] <= r["target"] else "**missed**"


def speed_table(results, peers):
    """The issue's table: eagerbook against its floor, with each peer's ratio beside it."""
    ours = [r for r in results if r.get("engine") == "eagerbook" or "error" in r]
    by_peer = {p: {r["key"]: r for r in results if r.get("engine") == p} for p in peers}
    head = "| workload | eagerbook | NumPy floor | ratio (best-of) [range over processes] |" + \
        "".join(f" {p} |" for p in peers) + " goal | |"
    lines = [head, "|---|---:|---:|---:|" + "---:|" * len(peers) + "---:|---|"]
    for r in ours:
        if "error" in r:
            lines.append(f"| {r['name']} | | | |" + " |" * len(peers) + f" | {r['error']} |")
            continue
        peer_cells = "".join(f" {by_peer[p][r['key']]['ratio']:.2f}x |"
                             if r["key"] in by_peer[p] else " -- |" for p in peers)
        spread = r.get("process_ratios") or [r["ratio"]]  # one ratio per fresh process
        spread = f" [{min(spread):.2f}-{max(spread):.2f}x]" if len(spread) > 1 else ""
        lines.append(f"| {r['name']} | {fmt_time(r['ours'], r['unit'])} | "
                     f"{fmt_time(r['floor'], r['unit'])} | {r['ratio']:.2f}x "
                     f"({r['best_ratio']:.2f}x){spread} |{peer_cells} <= {r['target']:g}x | "
                     f"{verdict(r)} |")
    return "\n".join(lines)


def other_table(rows):
    lines = ["| benchmark | script | eagerbook | NumPy floor | ratio | target | |",
             "|---|---|---:|---:|---:|---:|---|"]
    for script, r in rows:
        if "error" in r:
            lines.append(f"| {r['name']} | {script} | | | | | {r['error']} |")
            continue
        if r["floor"] is None:  # a scale figure: time and time per op, no floor
            target = met = ""
            if r["target"] is not None:
                target = f"<= {fmt_time(r['target'], r['unit'])}"
                met = "met" if r["ours"] <= r["target"] else "**missed**"
            per_op = f"{r['per_op_us']:.2f} us/op" if "per_op_us" in r else ""
            lines.append(f"| {r['name']} | {script} | {fmt_time(r['ours'], r['unit'])} | | "
                         f"{per_op} | {target} | {met} |")
            continue
        target = "" if r["target"] is None else f"<= {r['target']:g}x"
        lines.append(f"| {r['name']} | {script} | {fmt_time(r['ours'], r['unit'])} | "
                     f"{fmt_time(r['floor'], r['unit'])} | {r['ratio']:.2f}x | {target} | "
                     f"{verdict(r)} |")
    return "\n".join(lines)


def _peer_notes(interpreters):
    notes = []
    for peer, python in interpreters.items():
        where = "this interpreter" if python == sys.executable else python
        notes.append(f"{peer} ({where}, NumPy {numpy_version(python)})")
    return ", ".join(notes)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="FILE", help="also write the tables to FILE")
    parser.add_argument("--only", nargs="*", metavar="SCRIPT", help="only these bench_*.py")
    parser.add_argument("--threads", choices=("1", "default"), default="1")
    parser.add_argument("--rounds", default="11", help="bench_table.py's alternating blocks")
    parser.add_argument("--rows", nargs="*", default=[], help="bench_table.py's rows")
    parser.add_argument("--processes", default="3",
                        help="bench_table.py's fresh processes per row (the median is reported)")
    parser.add_argument("--keep-freed-memory", action="store_true",
                        help="glibc keeps freed memory (no page faults on reuse)")
    parser.add_argument("--peer-python", nargs="*", metavar="PEER=PYTHON",
                        default=os.environ.get("EAGERBOOK_BENCH_PEER_PYTHON", "").split(),
                        help="run a peer engine (tensorflow, torch) with this interpreter")
    args = parser.parse_args(argv)
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.only:
        scripts = [s for s in scripts if s.name in args.only]
    interpreters = peer_interpreters(args.peer_python)
    peers = list(interpreters)
    table_results, rows = [], []
    for path in scripts:
        if path.name == "bench_table.py":
            for engine in ["eagerbook", *peers]:
                print(f"running {path.name} --engine {engine} ...", file=sys.stderr, flush=True)
                table_args = ["--engine", engine, "--rounds", args.rounds,
                              "--processes", args.processes]
                table_args += ["--rows", *args.rows] if args.rows else []
                table_results.extend(run_script(path, table_args, args.threads,
                                                interpreters.get(engine, sys.executable),
                                                args.keep_freed_memory))
        else:
            print(f"running {path.name} ...", file=sys.stderr, flush=True)
            # A lesson is timed as a learner runs it: with the libraries' own thread settings.
            threads = "default" if path.name == "bench_lesson.py" else args.threads
            rows.extend((path.name, r) for r in run_script(
                path, threads=threads, keep_freed_memory=args.keep_freed_memory))
    env = environment()
    parts = []
    if table_results:
        parts.append(speed_table(table_results, peers))
    if rows:
        parts.append(other_table(rows))
    clock = "the wall clock" if os.environ.get("EAGERBOOK_BENCH_WALL") else "CPU time"
    threads = "one BLAS thread" if args.threads == "1" else "default BLAS threads"
    if args.keep_freed_memory:
        threads += ", glibc keeping freed memory (MALLOC_MMAP/TRIM_THRESHOLD_ raised)"
    text = "\n\n".join(parts) + "\n\n" + (
        f"Python {env['python']}, NumPy {env['numpy']}, {env['cpus']} CPUs, BLAS: {env['blas']}, "
        f"OPENBLAS_CORETYPE={env['OPENBLAS_CORETYPE'] or '(unset)'}; timed with {clock}, "
        f"{threads}; load average {' '.join(f'{v:.1f}' for v in os.getloadavg())} at the end; "
        f"peers: {_peer_notes(interpreters) or 'none installed'}.\n")
    print(text)
    if args.write:
        pathlib.Path(args.write).write_text(text)
    failed = any("FAILED" in r["name"] for r in table_results) or \
        any("FAILED" in r["name"] for _, r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
