"""``tf.linalg``."""

from ..ops.array_ops import eye
from ..ops.diagonal_ops import (
    banded_triangular_solve,
    diag,
    diag_part,
    set_diag,
    tensor_diag_part,
    tridiagonal_matmul,
    tridiagonal_solve,
)
from ..ops.linalg_ops import (
    adjoint,
    cholesky,
    det,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    l2_normalize,
    logdet,
    logm,
    matrix_transpose,
    norm,
    qr,
    slogdet,
    solve,
    sqrtm,
    svd,
    tensordot,
    trace,
    triangular_solve,
)
from ..ops.linear_operator import (
    LinearOperator,
    LinearOperatorAdjoint,
    LinearOperatorBlockDiag,
    LinearOperatorBlockLowerTriangular,
    LinearOperatorCirculant,
    LinearOperatorComposition,
    LinearOperatorDiag,
    LinearOperatorFullMatrix,
    LinearOperatorHouseholder,
    LinearOperatorIdentity,
    LinearOperatorInversion,
    LinearOperatorKronecker,
    LinearOperatorLowerTriangular,
    LinearOperatorLowRankUpdate,
    LinearOperatorPermutation,
    LinearOperatorScaledIdentity,
    LinearOperatorToeplitz,
    LinearOperatorTridiag,
    LinearOperatorZeros,
)
from ..ops.lu_ops import cholesky_solve, lu, lu_matrix_inverse, lu_reconstruct, lu_solve
from ..ops.manip_ops import (
    band_part,
    cross,
    expm,
    global_norm,
    lstsq,
    matvec,
    pinv,
)
from ..ops.math_ops import einsum, matmul
from ..ops.more_math_ops import matrix_rank, normalize, tensor_diag
