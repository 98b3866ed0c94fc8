"""The benchmark workloads do what they say: each eagerbook workload computes the same first loss
as its hand-written NumPy floor (same data, same starting weights), and the other rows run.

No timing here: `benchmarks/` measures speed; this keeps its workloads honest and runnable.
"""

import pathlib
import sys

import numpy as np
import pytest

import eagerbook

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import workloads  # noqa: E402 - after the sys.path entry it needs


@pytest.mark.parametrize("key", [row.key for row in workloads.ROWS])
def test_workload_matches_its_numpy_floor(key):
    ours, first = workloads.tf_style(eagerbook, key)
    floor, floor_first = workloads.floor(key)
    ours()
    floor()
    if first is None:
        assert floor_first is None
    else:
        assert np.isclose(first, floor_first, rtol=1e-4), (first, floor_first)


def test_mlp_floor_learns():
    # The floor is a real training step: a few of them lower the loss on their batch.
    step, first = workloads.floor("mlp_eager")
    for _ in range(5):
        last = step()
    assert last < first, (first, last)
