"""Gradient cases, one module per op family; tests/test_gradients.py runs them all."""

import importlib
import pkgutil


def all_cases():
    cases = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        cases.extend(getattr(module, "CASES", []))
    return cases
