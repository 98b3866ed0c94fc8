"""Gradient cases for eagerbook/ops/sparse_ops.py (kernels with a gradient of their own)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import sparse_ops
from eagerbook.testing import Fixed, GradCase

# Two groups of entries (rows 0 and 1 of a [2, 3] tensor) and a group of one.
INDICES = Fixed(_from_numpy(np.array([[0, 0], [0, 2], [1, 1], [2, 0], [2, 1]], np.int64)))


def _softmax_values(values):
    sp = sparse_ops.SparseTensor(INDICES.value, values, [3, 3])
    return sparse_ops.softmax(sp).values * np.array([1.0, 2.0, 3.0, -1.0, 0.5])


CASES = [
    GradCase("SparseSoftmax", _softmax_values, [(5,)], second_order=True),
]
