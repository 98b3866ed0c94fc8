"""Gradient cases for eagerbook/ops/scatter_ops.py (tensor scatters, segment reductions)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import scatter_ops as s
from eagerbook.testing import Fixed, GradCase


def _t(value, dtype=None):
    return _from_numpy(np.asarray(value, dtype=dtype))


ROWS = Fixed(_t([[2], [0]], np.int32))
REPEATED_ROWS = Fixed(_t([[1], [1], [3]], np.int64))
IDS = Fixed(_t([0, 2, 0, 1, -1], np.int32))  # -1: a dropped row
# Distinct values make each segment's maximum and minimum unique (finite differences are
# smooth there).
DISTINCT = np.arange(10.0).reshape(5, 2) * 0.37 - 1.1

PARTS = Fixed(_t([1, 0, 1, 1], np.int32))
STITCH_AT = (Fixed(_t([0, 3], np.int32)), Fixed(_t([[1], [2]], np.int32)))

CASES = [
    GradCase("DynamicPartition", lambda x: s.dynamic_partition(x, PARTS.value, 2)[1] * 3.0,
             [(4, 2)], second_order=True),
    GradCase("DynamicStitch", lambda a, b: s.dynamic_stitch([i.value for i in STITCH_AT],
                                                            [a, b]),
             [(2, 3), (2, 1, 3)], second_order=True),
    GradCase("TensorScatterUpdate", lambda x, u: s.tensor_scatter_nd_update(x, ROWS.value, u),
             [(3, 2), (2, 2)], second_order=True),
    GradCase("TensorScatterAdd", lambda x, u: s.tensor_scatter_nd_add(x, REPEATED_ROWS.value,
                                                                       u),
             [(4, 2), (3, 2)], second_order=True),
    GradCase("TensorScatterSub", lambda x, u: s.tensor_scatter_nd_sub(x, ROWS.value, u),
             [(3, 2), (2, 2)], second_order=True),
    GradCase("UnsortedSegmentSum", lambda x: s.unsorted_segment_sum(x, IDS.value, 3), [(5, 2)],
             second_order=True),
    GradCase("UnsortedSegmentSum", lambda x: s.unsorted_segment_mean(x, IDS.value, 4),
             [(5, 2)], name="unsorted_segment_mean"),
    GradCase("UnsortedSegmentMax", lambda x: s.unsorted_segment_max(x, IDS.value, 3),
             [DISTINCT]),
    GradCase("UnsortedSegmentMin", lambda x: s.unsorted_segment_min(x, IDS.value, 3),
             [DISTINCT]),
]
