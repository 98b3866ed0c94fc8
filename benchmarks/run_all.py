"""Runs every benchmark script in this folder and prints (or writes) one markdown table.

    python benchmarks/run_all.py                 # print the table
    python benchmarks/run_all.py --write out.md  # also write it to a file

A benchmark script is any ``bench_*.py`` file here. Each runs in its own process (so one
cannot warm the caches of another) and reports lines starting with ``BENCH-RESULT `` followed
by JSON: name, eagerbook time ``ours``, NumPy floor time ``floor``, ``ratio``, ``target``.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _harness import RESULT_PREFIX, environment  # noqa: E402


def run_script(path):
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    proc = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env,
                          cwd=HERE.parent)
    results = [json.loads(line[len(RESULT_PREFIX):]) for line in proc.stdout.splitlines()
               if line.startswith(RESULT_PREFIX)]
    if proc.returncode == 0 and not results:
        last = proc.stdout.strip().splitlines()[-1:] or [""]
        results.append({"name": f"{path.name} (reports no BENCH-RESULT lines)",
                        "error": f"last line: {last[0]}"})
    elif proc.returncode != 0:
        results.append({"name": f"{path.name} FAILED (exit {proc.returncode})", "error":
                        proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""})
    return results


def fmt_time(seconds, unit):
    return f"{seconds * 1e6:.2f} us" if unit == "us" else f"{seconds * 1e3:.1f} ms"


def table(rows):
    lines = ["| benchmark | script | eagerbook | NumPy floor | ratio | target | |",
             "|---|---|---:|---:|---:|---:|---|"]
    for script, r in rows:
        if "error" in r:
            lines.append(f"| {r['name']} | {script} | | | | | {r['error']} |")
            continue
        target = "" if r["target"] is None else f"<= {r['target']:g}x"
        verdict = "" if r["target"] is None else ("met" if r["ratio"] <= r["target"]
                                                  else "**missed**")
        lines.append(f"| {r['name']} | {script} | {fmt_time(r['ours'], r['unit'])} | "
                     f"{fmt_time(r['floor'], r['unit'])} | {r['ratio']:.2f}x | {target} | "
                     f"{verdict} |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="FILE", help="also write the table to FILE")
    args = parser.parse_args(argv)
    rows = []
    for path in sorted(HERE.glob("bench_*.py")):
        print(f"running {path.name} ...", file=sys.stderr, flush=True)
        rows.extend((path.name, r) for r in run_script(path))
    env = environment()
    text = (table(rows) + "\n\n" + f"Python {env['python']}, NumPy {env['numpy']}, "
            f"{env['cpus']} CPUs, BLAS: {env['blas']}, "
            f"OPENBLAS_CORETYPE={env['OPENBLAS_CORETYPE'] or '(unset)'}; timed with "
            f"{'the wall clock' if os.environ.get('EAGERBOOK_BENCH_WALL') else 'CPU time'}.\n")
    print(text)
    if args.write:
        pathlib.Path(args.write).write_text(text)
    failed = any("FAILED" in r["name"] for _, r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
