"""Snippets in the style of TensorFlow's guides print what TensorFlow prints.

The expected outputs are literals recorded from TensorFlow 2 (see harness.py), so these
tests need only eagerbook. When TensorFlow happens to be importable, the side-by-side test
also runs every snippet under it, checking that the literals still say what TF prints.
"""

import importlib
import os
import pkgutil

import pytest

import eagerbook
import tests.parity
from tests.parity.harness import run_snippet


def _all_cases():
    cases = []
    for info in sorted(pkgutil.iter_modules(tests.parity.__path__), key=lambda m: m.name):
        if info.name.startswith("cases_"):
            module = importlib.import_module(f"tests.parity.{info.name}")
            cases.extend((info.name[len("cases_"):], c) for c in module.CASES)
    return cases


CASES = _all_cases()
IDS = [f"{group}-{case.name}" for group, case in CASES]


@pytest.mark.parametrize(("group", "case"), CASES, ids=IDS)
def test_eagerbook_prints_what_tensorflow_prints(group, case):
    assert run_snippet(case.code, eagerbook) == case.expected


def test_case_names_are_unique():
    assert len(set(IDS)) == len(IDS)


def _tensorflow():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    return pytest.importorskip("tensorflow", reason="TensorFlow is optional: the side-by-side "
                                                    "check runs only where it is installed")


@pytest.mark.parametrize(("group", "case"), CASES, ids=IDS)
def test_literals_match_tensorflow_side_by_side(group, case):
    tf = _tensorflow()
    assert run_snippet(case.code, tf) == case.expected
