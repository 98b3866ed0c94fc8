"""Table-driven gradient checks over the op registry.

Every registered differentiable op must have at least one case in tests/gradcases/; each case is
checked against float64 central differences, and cases marked ``second_order`` also through
nested tapes.
"""

import pytest

from eagerbook.ops import REGISTRY
from eagerbook.testing import check_gradients, check_second_order
from tests.gradcases import all_cases

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_first_order(case):
    check_gradients(case.fn, case.materialize(), eps=case.eps, rtol=case.rtol, atol=case.atol)


SECOND = [c for c in CASES if c.second_order]


@pytest.mark.parametrize("case", SECOND, ids=[c.name for c in SECOND])
def test_second_order(case):
    check_second_order(case.fn, case.materialize())


def test_every_differentiable_op_has_a_case():
    covered = {c.op for c in CASES}
    missing = sorted(name for name, op in REGISTRY.items()
                     if op.differentiable and name not in covered)
    assert not missing, f"differentiable ops without a gradient case: {missing}"


def test_every_differentiable_op_has_a_rule():
    missing = sorted(name for name, op in REGISTRY.items() if op.differentiable and op.grad is None)
    assert not missing, f"ops marked differentiable but without a gradient rule: {missing}"


def test_cases_name_registered_ops():
    unknown = sorted({c.op for c in CASES} - set(REGISTRY))
    assert not unknown, f"gradient cases for ops that are not registered: {unknown}"
