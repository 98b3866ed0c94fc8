"""Gradient cases for eagerbook/ops/math_ops.py and eagerbook/ops/linalg_ops.py.

Inputs are chosen inside each function's domain and away from its kinks (integers for
floor/round, boundaries of mod), so central differences are accurate.
"""

import numpy as np

from eagerbook.core import dtypes
from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import linalg_ops, math_ops, more_math_ops
from eagerbook.ops.registry import REGISTRY, execute
from eagerbook.testing import Fixed, GradCase

m = math_ops
_rng = np.random.default_rng(7)
POS = np.abs(_rng.standard_normal((3, 4))) + 0.5
ABOVE1 = POS + 1.0
UNIT = _rng.uniform(-0.8, 0.8, (3, 4))
NONINT = np.array([[0.3, 1.7, -2.2, 4.6], [-0.6, 2.2, 3.3, -1.1]])
MOD_X = np.array([0.3, 1.7, -2.2, 4.6, 5.2])
MOD_Y = np.array([1.1, 0.7, 1.5, -1.3, 2.5])
WELL_CONDITIONED = np.eye(3) * 3 + _rng.standard_normal((2, 3, 3)) * 0.3
COND = Fixed(_from_numpy(_rng.random((3, 4)) > 0.5))



CASES = [
    # --- arithmetic and broadcasting ----------------------------------------------------------
    GradCase("AddV2", lambda a, b: a + b, [(3, 4), (4,)], second_order=True),
    GradCase("Sub", lambda a, b: a - b, [(2, 1, 3), (4, 1)], second_order=True),
    GradCase("Mul", lambda a, b: a * b, [(2, 3), (2, 1)], second_order=True),
    GradCase("RealDiv", lambda a, b: a / b, [(3, 4), POS[0]], second_order=True),
    GradCase("FloorMod", m.floormod, [MOD_X, MOD_Y]),
    GradCase("Pow", m.pow, [POS, (3, 4)], second_order=True),
    GradCase("Pow", lambda a: m.pow(a, 3.0), [(5,)], name="Pow_const_exponent"),
    GradCase("Maximum", m.maximum, [(3, 4), (4,)]),
    GradCase("Minimum", m.minimum, [(3, 4), (3, 1)]),
    GradCase("SquaredDifference", m.squared_difference, [(3, 4), (4,)], second_order=True),
    GradCase("AddN", lambda a, b, c: m.add_n([a, b, c]), [(2, 3), (2, 3), (2, 3)]),
    GradCase("SumToShapeOf", lambda g: m.sum_to_shape_of(g, _from_numpy(np.zeros((3, 1)))),
             [(2, 3, 4)], second_order=True),
    GradCase("BroadcastLike", lambda x: m.broadcast_like(x, _from_numpy(np.zeros((2, 3, 4)))),
             [(3, 1)], second_order=True),
    GradCase("SelectV2", lambda c, a, b: m.where_v2(c, a, b), [COND, (3, 4), (4,)]),
    # --- unary elementwise ---------------------------------------------------------------------
    GradCase("Neg", m.negative, [(3,)]),
    GradCase("Abs", m.abs, [(3, 4)]),
    GradCase("Sign", m.sign, [(3, 4)]),
    GradCase("Square", m.square, [(3, 4)], second_order=True),
    GradCase("SquareGrad", lambda x, dy: execute(REGISTRY["SquareGrad"], (x, dy)),
             [(3, 4), (3, 4)], second_order=True),
    GradCase("Sqrt", m.sqrt, [POS], second_order=True),
    GradCase("Rsqrt", m.rsqrt, [POS], second_order=True),
    GradCase("Reciprocal", m.reciprocal, [POS], second_order=True),
    GradCase("SqrtGrad", lambda y, dy: execute(REGISTRY["SqrtGrad"], (y, dy)), [POS, (3, 4)],
             second_order=True),
    GradCase("RsqrtGrad", lambda y, dy: execute(REGISTRY["RsqrtGrad"], (y, dy)), [POS, (3, 4)],
             second_order=True),
    GradCase("ReciprocalGrad", lambda y, dy: execute(REGISTRY["ReciprocalGrad"], (y, dy)),
             [POS, (3, 4)], second_order=True),
    GradCase("Exp", m.exp, [(3,)], second_order=True),
    GradCase("Expm1", m.expm1, [(3, 4)], second_order=True),
    GradCase("Log", m.log, [POS], second_order=True),
    GradCase("Log1p", m.log1p, [POS], second_order=True),
    GradCase("Sin", m.sin, [(3, 4)], second_order=True),
    GradCase("Cos", m.cos, [(3, 4)], second_order=True),
    GradCase("Tan", m.tan, [UNIT], second_order=True),
    GradCase("Tanh", m.tanh, [(3, 4)], second_order=True),
    GradCase("Sigmoid", m.sigmoid, [(3, 4)], second_order=True),
    GradCase("TanhGrad", lambda y, dy: execute(REGISTRY["TanhGrad"], (y, dy)), [UNIT, (3, 4)],
             second_order=True),
    GradCase("SigmoidGrad", lambda y, dy: execute(REGISTRY["SigmoidGrad"], (y, dy)),
             [UNIT, (3, 4)], second_order=True),
    GradCase("Atan", m.atan, [(3, 4)], second_order=True),
    GradCase("Asin", m.asin, [UNIT], second_order=True),
    GradCase("Acos", m.acos, [UNIT], second_order=True),
    GradCase("Sinh", m.sinh, [(3, 4)], second_order=True),
    GradCase("Cosh", m.cosh, [(3, 4)], second_order=True),
    GradCase("Asinh", m.asinh, [(3, 4)], second_order=True),
    GradCase("Acosh", m.acosh, [ABOVE1], second_order=True),
    GradCase("Atanh", m.atanh, [UNIT], second_order=True),
    GradCase("Atan2", m.atan2, [(3, 4), (4,)], second_order=True),
    GradCase("Erf", m.erf, [(3, 4)], second_order=True),
    GradCase("Erf", m.erf, [np.array([-3.5, -3.0, 2.999, 4.0, 0.0])], name="Erf_tails"),
    GradCase("Erfc", more_math_ops.erfc, [np.array([-3.5, -0.5, 1.0, 2.999, 3.5])]),
    GradCase("Softplus", m.softplus, [(3, 4)], second_order=True),
    GradCase("Softplus", m.log_sigmoid, [(3, 4)], name="log_sigmoid"),
    GradCase("Floor", m.floor, [NONINT]),
    GradCase("Ceil", m.ceil, [NONINT]),
    GradCase("Round", m.round, [NONINT]),
    GradCase("Cast", lambda x: m.cast(m.cast(x, dtypes.float32), dtypes.float64), [(3,)],
             eps=1e-2, rtol=1e-3),
    GradCase("Identity", m.identity, [(2, 2)], second_order=True),
    # --- reductions and scans ----------------------------------------------------------------
    GradCase("Sum", lambda x: m.reduce_sum(x, axis=1), [(3, 4)], second_order=True),
    GradCase("Sum", lambda x: m.reduce_sum(x, axis=[0, 2], keepdims=True), [(2, 3, 4)],
             name="Sum_keepdims"),
    GradCase("Mean", lambda x: m.reduce_mean(x, axis=-1), [(3, 4)], second_order=True),
    GradCase("Prod", lambda x: m.reduce_prod(x, axis=0), [(3, 4)], second_order=True),
    GradCase("Max", lambda x: m.reduce_max(x, axis=1), [(3, 4)]),
    GradCase("Min", lambda x: m.reduce_min(x), [(3, 4)]),
    GradCase("Max", lambda x: m.reduce_logsumexp(x, axis=1), [(3, 4)], name="logsumexp",
             second_order=True),
    GradCase("EuclideanNorm", lambda x: m.reduce_euclidean_norm(x, axis=1), [(3, 4)],
             second_order=True),
    GradCase("Mean", lambda x: m.reduce_variance(x, axis=0), [(3, 4)], name="reduce_variance",
             second_order=True),
    GradCase("Sqrt", lambda x: m.reduce_std(x, axis=1, keepdims=True), [(3, 4)],
             name="reduce_std"),
    GradCase("Cumsum", lambda x: m.cumsum(x, axis=1), [(3, 4)], second_order=True),
    GradCase("Cumsum", lambda x: m.cumsum(x, axis=0, exclusive=True, reverse=True), [(3, 4)],
             name="Cumsum_exclusive_reverse"),
    GradCase("Cumprod", lambda x: m.cumprod(x, axis=1), [POS], second_order=True),
    GradCase("Cumprod", lambda x: m.cumprod(x, axis=0, exclusive=True, reverse=True), [POS],
             name="Cumprod_exclusive_reverse"),
    GradCase("CumulativeLogsumexp", lambda x: more_math_ops.cumulative_logsumexp(x, axis=1),
             [(3, 4)]),
    GradCase("CumulativeLogsumexp",  # (exclusive starts at -inf, where differences are nan)
             lambda x: more_math_ops.cumulative_logsumexp(x, axis=0, reverse=True),
             [(3, 4)], name="CumulativeLogsumexp_reverse"),
    # --- clipping (composites) ----------------------------------------------------------------
    GradCase("Minimum", lambda x, lo, hi: m.clip_by_value(x, lo, hi),
             [np.array([-2.0, -0.4, 0.1, 0.7, 3.0]), np.array(-1.0), np.array(1.0)],
             name="clip_by_value"),
    GradCase("Maximum", lambda x: m.clip_by_norm(x, 1.0), [(3, 4)], name="clip_by_norm"),
    GradCase("Maximum", lambda x: m.clip_by_norm(x, 2.0, axes=[1]), [(3, 4)],
             name="clip_by_norm_axes", second_order=True),
    # --- products --------------------------------------------------------------------------------
    GradCase("MatMul", lambda a, b: m.matmul(a, b), [(2, 3), (3, 4)], second_order=True),
    GradCase("MatMul", lambda a, b: m.matmul(a, b, transpose_b=True), [(2, 3), (4, 3)],
             name="MatMul_tb"),
    GradCase("MatMul", lambda a, b: m.matmul(a, b, transpose_a=True), [(3, 2), (3, 4)],
             name="MatMul_ta"),
    GradCase("MatMul", lambda a, b: m.matmul(a, b, transpose_a=True, transpose_b=True),
             [(3, 2), (4, 3)], name="MatMul_ta_tb", second_order=True),
    GradCase("MatMul", lambda a, b: linalg_ops.tensordot(a, b, axes=[[0, 2], [2, 0]]),
             [(2, 3, 4), (4, 5, 2)], name="tensordot"),
    GradCase("MatMul", lambda a, b: linalg_ops.tensordot(a, b, 0), [(2,), (3,)],
             name="tensordot_outer"),
    GradCase("BatchMatMulV2", lambda a, b: m.matmul(a, b), [(2, 2, 3), (2, 3, 4)],
             second_order=True),
    GradCase("BatchMatMulV2", lambda a, b: m.matmul(a, b, transpose_a=True, transpose_b=True),
             [(2, 3, 2), (4, 3)], name="BatchMatMulV2_transposed_broadcast"),
    GradCase("BatchMatMulV2", lambda a, b: m.matmul(a, b, adjoint_a=True), [(2, 3, 2), (3, 4)],
             name="BatchMatMulV2_adjoint_broadcast", second_order=True),
    GradCase("BatchMatMulV2", lambda a, b: m.matmul(a, b, adjoint_b=True), [(2, 3), (2, 4, 3)],
             name="BatchMatMulV2_adjoint_b"),
    GradCase("Einsum", lambda a, b: m.einsum("ij,jk->ik", a, b), [(2, 3), (3, 4)],
             second_order=True),
    GradCase("Einsum", lambda a, b: m.einsum("bij,bkj", a, b), [(2, 3, 4), (2, 5, 4)],
             name="Einsum_implicit_batch"),
    GradCase("Einsum", lambda a: m.einsum("ijk->ki", a), [(2, 3, 4)], name="Einsum_reduce",
             second_order=True),
    GradCase("Einsum", lambda a, b: m.einsum("i,j->ij", a, b), [(3,), (4,)],
             name="Einsum_outer"),
    GradCase("Einsum", lambda a, b, c: m.einsum("ij,jk,kl->il", a, b, c),
             [(2, 3), (3, 4), (4, 2)], name="Einsum_three"),
    GradCase("Einsum", lambda a, b: m.einsum("...ij,...jk->...ik", a, b),
             [(2, 1, 3, 4), (5, 4, 2)], name="Einsum_ellipsis_broadcast", second_order=True),
    GradCase("Einsum", lambda a, b: m.einsum("i...,i->...", a, b), [(3, 2, 2), (3,)],
             name="Einsum_ellipsis_summed"),
    # --- reshape (the primitive used by gradient rules) ---------------------------------------
    GradCase("Reshape", lambda x: m.reshape_to(x, [4, 3]), [(3, 4)], second_order=True),
    # --- tf.linalg ------------------------------------------------------------------------------
    GradCase("MatrixDeterminant", linalg_ops.det, [WELL_CONDITIONED], second_order=True),
    GradCase("MatrixInverse", linalg_ops.inv, [WELL_CONDITIONED], second_order=True),
    GradCase("MatrixInverse", lambda x: linalg_ops.inv(x, adjoint=True), [WELL_CONDITIONED],
             name="MatrixInverse_adjoint"),
    GradCase("MatrixDiagPartV3", linalg_ops.trace, [(2, 3, 3)], name="trace"),
    GradCase("Transpose", linalg_ops.matrix_transpose, [(2, 3, 4)], name="matrix_transpose"),
    GradCase("EuclideanNorm", lambda x: linalg_ops.norm(x), [(3, 4)], name="norm"),
    GradCase("Max", lambda x: linalg_ops.norm(x, ord=1, axis=[0, 1]), [(3, 4)], name="norm_1"),
    GradCase("Pow", lambda x: linalg_ops.norm(x, ord=3, axis=1), [(3, 4)], name="norm_p3"),
]

