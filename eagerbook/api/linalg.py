"""``tf.linalg``."""

from ..ops.array_ops import eye
from ..ops.array_ops import matrix_diag as diag
from ..ops.array_ops import matrix_diag_part as diag_part
from ..ops.linalg_ops import det, inv, matrix_transpose, norm, trace
from ..ops.math_ops import einsum, matmul, tensordot
