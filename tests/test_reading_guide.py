"""docs/reading-set.txt and docs/READING.md stay true: a one-sitting reading set, and a guide
whose every file:line link still points at the symbol it names."""

import pathlib
import re

from eagerbook.ops import REGISTRY

ROOT = pathlib.Path(__file__).resolve().parents[1]
READING_SET = [line.strip() for line in (ROOT / "docs/reading-set.txt").read_text().splitlines()
               if line.strip()]
GUIDE = (ROOT / "docs/READING.md").read_text()
# `symbol` ([path:line](../eagerbook/path#Lline))
LINK = re.compile(r"`([^`]+)` \(\[([\w/.]+):(\d+)\]\(\.\./eagerbook/([\w/.]+)#L(\d+)\)\)")
MAX_LINES = 3500


def test_the_reading_set_fits_one_sitting():
    total = 0
    for path in READING_SET:
        assert (ROOT / path).is_file(), f"docs/reading-set.txt lists a missing file: {path}"
        total += len((ROOT / path).read_text().splitlines())
    assert total <= MAX_LINES, (
        f"the reading set has {total} lines (at most {MAX_LINES}): move what a first reader "
        f"can skip out of its files, or drop a file from docs/reading-set.txt")


def test_the_reading_set_covers_the_engine():
    listed = set(READING_SET)
    for path in ["eagerbook/core/dtypes.py", "eagerbook/core/tensor.py",
                 "eagerbook/core/variable.py", "eagerbook/core/context.py",
                 "eagerbook/ops/registry.py", "eagerbook/ops/backprop.py",
                 "eagerbook/autodiff/tape.py", "eagerbook/graph/function.py"]:
        assert path in listed, path
    # The handful of primitives, declared (kernel, rule, public function) in one listed file.
    for name in ["AddV2", "Mul", "MatMul", "Sum", "Exp"]:
        kernel_file = REGISTRY[name].kernel.__code__.co_filename
        assert kernel_file.endswith("eagerbook/ops/primitives.py"), (name, kernel_file)
        assert REGISTRY[name].grad is not None, name
    assert "eagerbook/ops/primitives.py" in listed


def test_every_link_of_the_guide_holds_its_symbol():
    links = LINK.findall(GUIDE)
    assert len(links) >= 40, "the guide's links were not recognised"
    for symbol, shown_path, shown_line, path, line in links:
        assert shown_path == path and shown_line == line, (symbol, shown_path, path)
        file = ROOT / "eagerbook" / path
        assert file.is_file(), f"READING.md links to a missing file: {path}"
        lines = file.read_text().splitlines()
        n = int(line)
        assert 1 <= n <= len(lines) and symbol in lines[n - 1], (
            f"READING.md: {path}:{n} no longer holds `{symbol}` (it is at line "
            f"{next((i + 1 for i, t in enumerate(lines) if symbol in t), 'nowhere')})")


def test_the_guide_stays_inside_the_reading_set():
    # No detour through plumbing: every stop is in a file of the reading set, opened in order.
    order = [p.removeprefix("eagerbook/") for p in READING_SET]
    for _, _, _, path, _ in LINK.findall(GUIDE):
        assert path in order, f"READING.md leaves the reading set: {path}"


def test_docs_stand_alone():
    # Project docs point only at files of the repository.
    for doc in (ROOT / "docs").glob("*.md"):
        text = doc.read_text()
        assert "DESIGN.md" not in text, f"{doc.name} points to a file outside the repository"
        assert "/work/" not in text, f"{doc.name} points to a path outside the repository"
