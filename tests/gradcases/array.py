"""Gradient cases for eagerbook/ops/array_ops.py (shape, indexing, gathering, padding, ...)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import array_ops
from eagerbook.ops.registry import execute
from eagerbook.testing import Fixed, GradCase

a = array_ops


def _t(value, dtype=None):
    return _from_numpy(np.asarray(value, dtype=dtype))


MASK = Fixed(_t([[True, False, True, True], [False, False, True, False],
                 [True, True, False, False]]))
ROW_MASK = Fixed(_t([True, False, True]))
REPEATED = Fixed(_t([2, 0, 2, 1], np.int32))
ND_INDICES = Fixed(_t([[0, 1], [2, 3], [0, 1]], np.int64))
LIKE_3x4 = Fixed(_from_numpy(np.zeros((3, 4))))

CASES = [
    # --- creation ----------------------------------------------------------------------------
    GradCase("Fill", lambda v: a.fill([2, 3], v), [()], second_order=True),
    GradCase("MatrixDiagV3", lambda d: a.matrix_diag(d), [(2, 3)], second_order=True),
    GradCase("MatrixDiagV3", lambda d: a.matrix_diag(d, num_rows=3, num_cols=5), [(3,)],
             name="MatrixDiagV3_rectangular"),
    GradCase("MatrixDiagPartV3", lambda x: a.matrix_diag_part(x), [(2, 3, 5)],
             second_order=True),
    GradCase("ConcatV2", lambda s, e: a.linspace(s, e, 5), [(2,), (2,)], name="linspace"),
    GradCase("ConcatV2", lambda s, e: a.linspace(s, e, 4, axis=-1), [(2, 1), (3,)],
             name="linspace_axis_broadcast"),
    # --- shape manipulation --------------------------------------------------------------------
    GradCase("Reshape", lambda x: a.reshape(x, [2, -1]), [(3, 4)], name="reshape"),
    GradCase("Transpose", lambda x: a.transpose(x, [2, 0, 1]), [(2, 3, 4)], second_order=True),
    GradCase("ExpandDims", lambda x: a.expand_dims(x, -1), [(2, 3)], second_order=True),
    GradCase("Squeeze", lambda x: a.squeeze(x, [0, 2]), [(1, 3, 1, 2)], second_order=True),
    GradCase("Squeeze", lambda x: a.squeeze(x), [(1, 3, 1)], name="Squeeze_all"),
    GradCase("ConcatV2", lambda x, y: a.concat([x, y], axis=-1), [(2, 3), (2, 1)],
             second_order=True),
    GradCase("ConcatV2", lambda x, y, z: a.concat([x, y, z], 0), [(1, 2), (3, 2), (2, 2)],
             name="ConcatV2_three"),
    GradCase("Split", lambda x: a.split(x, 2, axis=1), [(3, 4)], second_order=True),
    GradCase("SplitV", lambda x: a.split(x, [1, -1, 2], axis=0), [(5, 2)], second_order=True),
    GradCase("SplitV", lambda x: a.split(x, [1, 3], axis=1)[1], [(2, 4)],
             name="SplitV_one_output_used"),
    GradCase("Pack", lambda x, y: a.stack([x, y], axis=1), [(2, 3), (2, 3)], second_order=True),
    GradCase("Unpack", lambda x: a.unstack(x, axis=1), [(2, 3)], second_order=True),
    GradCase("Unpack", lambda x: a.unstack(x)[0], [(3, 2)], name="Unpack_one_output_used"),
    GradCase("Tile", lambda x: a.tile(x, [2, 1, 3]), [(2, 3, 2)], second_order=True),
    GradCase("PadV2", lambda x: a.pad(x, [[1, 2], [0, 3]], constant_values=1.5), [(2, 3)],
             second_order=True),
    GradCase("MirrorPad", lambda x: a.pad(x, [[2, 1], [1, 2]], "REFLECT"), [(3, 4)],
             second_order=True),
    GradCase("MirrorPad", lambda x: a.pad(x, [[3, 1], [0, 2]], "symmetric"), [(3, 4)],
             name="MirrorPad_symmetric"),
    GradCase("MirrorPadGrad",
             lambda dy: execute(a._mirror_pad_grad_op, (dy,),
                                {"paddings": ((1, 2), (2, 0)), "mode": "REFLECT"}),
             [(6, 6)], second_order=True),
    GradCase("ReverseV2", lambda x: a.reverse(x, [0, -1]), [(2, 3, 4)], second_order=True),
    GradCase("BroadcastTo", lambda x: a.broadcast_to(x, [2, 3, 4]), [(3, 1)],
             second_order=True),
    GradCase("StridedSlice", lambda x: x[1:, ::-2, None], [(3, 4)], second_order=True),
    GradCase("StridedSlice", lambda x: x[..., 1], [(2, 3, 4)], name="StridedSlice_ellipsis"),
    GradCase("StridedSlice", lambda x: a.slice(x, [1, 0], [-1, 2]), [(3, 4)], name="slice"),
    # Slice: tf.slice with begin or size known only when a tf.function runs (the op reads them)
    GradCase("Slice", lambda x: execute(a._slice, (x, _t([1, 0], np.int32),
                                                   _t([-1, 2], np.int32))), [(3, 4)],
             second_order=True),
    GradCase("SliceGrad", lambda x: execute(a._slice_grad_op, (x, LIKE_3x4.value,
                                                               _t([1, 2], np.int32))), [(2, 2)],
             second_order=True),
    GradCase("StridedSliceGrad",
             lambda dy, like: execute(a._strided_slice_grad_op, (dy, like),
                                      {"key": (slice(None, None, 2), slice(1, 3))}),
             [(2, 2), LIKE_3x4], second_order=True),
    GradCase("StridedSliceDynamic",
             lambda x, i: execute(a._strided_slice_dynamic, (x, i),
                                  {"key": (slice((0,), None), 1)}),
             [(3, 4), Fixed(_t(1, np.int32))], second_order=True),
    GradCase("StridedSliceDynamicGrad",
             lambda dy, like, i: execute(a._strided_slice_dynamic_grad_op, (dy, like, i),
                                         {"key": ((0,), slice(1, 3))}),
             [(2,), LIKE_3x4, Fixed(_t(2, np.int32))], second_order=True),
    # --- gathering and masking --------------------------------------------------------------
    GradCase("GatherV2", lambda x, i: a.gather(x, i), [(3, 4), REPEATED], second_order=True),
    GradCase("GatherV2", lambda x, i: a.gather(x, i, axis=-1), [(2, 3, 4), REPEATED],
             name="GatherV2_axis"),
    GradCase("GatherV2", lambda x: a.gather(x, _t([[0, 2], [1, 1]], np.int64), axis=1),
             [(3, 4, 2)], name="GatherV2_matrix_indices"),
    GradCase("GatherV2", lambda x: a.gather(x, _t([[0, 2, 2], [1, 0, 1]], np.int32), axis=2,
                                            batch_dims=1),
             [(2, 3, 4, 2)], name="GatherV2_batch_dims", second_order=True),
    GradCase("GatherGrad",
             lambda dy, i, like: execute(a._gather_grad_op, (dy, i, like),
                                         {"axis": 1, "batch_dims": 0}),
             [(3, 4), REPEATED, LIKE_3x4], second_order=True),
    GradCase("GatherGrad",
             lambda dy: execute(a._gather_grad_op,
                                (dy, _t([[0, 2], [1, 1]], np.int32), _t(np.zeros((2, 3, 4)))),
                                {"axis": 1, "batch_dims": 1}),
             [(2, 2, 4)], name="GatherGrad_batch_dims"),
    GradCase("GatherNd", lambda x, i: a.gather_nd(x, i), [(3, 4), ND_INDICES],
             second_order=True),
    GradCase("GatherNd", lambda x: a.gather_nd(x, _t([[1], [0], [1]], np.int32)), [(2, 3)],
             name="GatherNd_slices"),
    GradCase("GatherNd", lambda x: a.gather_nd(x, _t([[[1], [0]], [[2], [2]]], np.int32),
                                               batch_dims=1),
             [(2, 3, 2)], name="GatherNd_batch_dims"),
    GradCase("ScatterNd", lambda u, i: a.scatter_nd(i, u, [3, 4]), [(3,), ND_INDICES],
             second_order=True),
    GradCase("GatherV2", lambda x, m: a.boolean_mask(x, m), [(3, 4), MASK], name="boolean_mask"),
    GradCase("GatherV2", lambda x, m: a.boolean_mask(x, m, axis=1), [(2, 3, 2), ROW_MASK],
             name="boolean_mask_axis"),
    GradCase("SelectV2", lambda c, x, y: a.where(c, x, y), [MASK, (3, 4), (1, 4)],
             name="where_select"),
]
