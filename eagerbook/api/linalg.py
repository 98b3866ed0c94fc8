"""``tf.linalg``."""

from ..ops.array_ops import eye
from ..ops.array_ops import matrix_diag as diag
from ..ops.array_ops import matrix_diag_part as diag_part
from ..ops.linalg_ops import (
    adjoint,
    cholesky,
    det,
    eigh,
    eigvalsh,
    inv,
    l2_normalize,
    logdet,
    matrix_transpose,
    norm,
    qr,
    slogdet,
    solve,
    svd,
    trace,
    triangular_solve,
)
from ..ops.manip_ops import (
    band_part,
    cross,
    expm,
    global_norm,
    lstsq,
    matvec,
    pinv,
    set_diag,
)
from ..ops.math_ops import einsum, matmul, tensordot

