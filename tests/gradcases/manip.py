"""Gradient cases for eagerbook/ops/manip_ops.py."""

from eagerbook.ops import manip_ops
from eagerbook.testing import GradCase

CASES = [
    GradCase("EnsureShape", lambda x: manip_ops.ensure_shape(x * x, [3, None]), [(3, 4)],
             second_order=True),
    GradCase("MatrixBandPart", lambda x: manip_ops.band_part(x * x, 1, 0), [(3, 4)],
             second_order=True),
]

NO_CASE = {
    "TruncateMod": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                   "tape does (tests/test_float64_kernels_as_tf.py)",
    "GuaranteeConst": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                      "tape does (tests/test_tfcore_guarantee_const.py)",
}
