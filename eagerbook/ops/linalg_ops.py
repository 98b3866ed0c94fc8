"""``tf.linalg``: transposes, traces, diagonals, determinants, inverses, norms, solves,
factorizations (Cholesky, QR, SVD) and symmetric eigendecompositions.

`diag`, `diag_part` and `eye` live in array_ops (as in TF) and `matmul`, `einsum` in
math_ops; they are re-exported here so ``tf.linalg.*`` can be assembled from one module.
`tensordot` is here: its traced form reads shapes (array_ops), which math_ops may not import.
"""

import collections

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor
from . import eigen_lu, kernel_errors
from .array_ops import expand_dims, eye, reshape, shape, transpose
from .array_ops import matrix_diag as diag
from .array_ops import matrix_diag_part as diag_part
from .math_ops import (
    abs,
    add,
    broadcast_like,
    einsum,
    log,
    matmul,
    maximum,
    multiply,
    pow,
    reciprocal,
    reduce_max,
    reduce_prod,
    reduce_sum,
    reshape_to,
    rsqrt,
    square,
    subtract,
    zeros_like,
)
from .op_inputs import op_inputs
from .registry import execute, invalid_argument, register
from .shape_rules import (
    ShapeError,
    broadcast_dims,
    dims_of,
    graph_time_error,
    merge_dim,
    merge_shapes,
    min_dim,
    with_rank_at_least,
)
from .support import FLOATS, as_tensor, binary_operands, check_dtype

# The factorizations and solvers take complex matrices too, as TF's kernels do.
INEXACT = FLOATS + (dtypes.complex64, dtypes.complex128)


# --- tensordot ---------------------------------------------------------------------------
def tensordot(a, b, axes, name=None):
    """Sums products over `axes` (an int n: last n of a with first n of b; or two lists).

    A composite, as in TF: transpose and reshape both sides to matrices, one matmul, reshape.
    """
    a, b = binary_operands(a, b, "MatMul")
    if a.ndim is None or b.ndim is None:
        raise NotImplementedError("tf.tensordot of a tensor of unknown rank is not supported "
                                  "in eagerbook")
    a_axes, b_axes = _tensordot_axes(a, b, axes)
    a_shape, b_shape = a.shape.as_list(), b.shape.as_list()
    known = None not in a_shape and None not in b_shape
    if known and [a_shape[i] for i in a_axes] != [b_shape[j] for j in b_axes]:
        # TF finds out in the one matmul of both sides made matrices: [free, summed] x
        # [summed, free], which does not fit
        rows_a = [int(np.prod([a_shape[i] for i in range(len(a_shape)) if i not in a_axes])),
                  int(np.prod([a_shape[i] for i in a_axes]))]
        rows_b = [int(np.prod([b_shape[j] for j in b_axes])),
                  int(np.prod([b_shape[j] for j in range(len(b_shape)) if j not in b_axes]))]
        raise kernel_errors.kernel_error("MatMul", a.dtype, "inner sizes",
                                         a=f"[{rows_a[0]},{rows_a[1]}]",
                                         b=f"[{rows_b[0]},{rows_b[1]}]")
    free_a = [i for i in range(len(a_shape)) if i not in a_axes]
    free_b = [i for i in range(len(b_shape)) if i not in b_axes]
    perm_a, perm_b = free_a + a_axes, b_axes + free_b
    if perm_a != sorted(perm_a):
        a = transpose(a, perm_a)
    if perm_b != sorted(perm_b):
        b = transpose(b, perm_b)
    if None in a_shape or None in b_shape:
        return _tensordot_traced(a, b, a_shape, b_shape, free_a, free_b, a_axes, b_axes)
    size = int(np.prod([a_shape[i] for i in a_axes], dtype=np.int64))
    a2 = reshape_to(a, [-1 if not size else int(np.prod([a_shape[i] for i in free_a],
                                                          dtype=np.int64)), size])
    b2 = reshape_to(b, [size, int(np.prod([b_shape[i] for i in free_b], dtype=np.int64))])
    out = matmul(a2, b2)
    return reshape_to(out, [a_shape[i] for i in free_a] + [b_shape[i] for i in free_b])


def _tensordot_traced(a, b, a_shape, b_shape, free_a, free_b, a_axes, b_axes):
    """tensordot's reshapes when tf.function traces with unknown dims: sizes the trace does
    not know are read from tf.shape when the function runs (a and b already transposed)."""
    a_dims = [a_shape[i] for i in free_a + a_axes]
    b_dims = [b_shape[i] for i in b_axes + free_b]
    a_dims = [d if d is not None else shape(a)[k] for k, d in enumerate(a_dims)]
    b_dims = [d if d is not None else shape(b)[k] for k, d in enumerate(b_dims)]
    n = len(a_axes)
    summed = a_dims[len(free_a):]
    size = reduce_prod(summed) if summed else 1
    out = matmul(reshape(a, [-1, size]), reshape(b, [size, -1]))
    return reshape(out, a_dims[:len(free_a)] + b_dims[n:])


def _tensordot_axes(a, b, axes):
    if isinstance(axes, Tensor):
        axes = axes._value.tolist()
    ra, rb = a.ndim, b.ndim
    if isinstance(axes, (int, np.integer)):
        n = int(axes)
        if n < 0:
            raise ValueError(f"'axes' must be at least 0, got {n}.")
        if n > ra or n > rb:
            raise ValueError(f"'axes' must not be larger than the number of dimensions of the "
                             f"tensors: axes={n}, a has rank {ra}, b has rank {rb}.")
        return list(range(ra - n, ra)), list(range(n))
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise ValueError(f"'axes' must be an integer or have length 2, got {axes!r}.")
    a_axes, b_axes = ([int(v)] if isinstance(v, (int, np.integer)) else [int(i) for i in v]
                      for v in axes)
    if len(a_axes) != len(b_axes):
        raise ValueError(f"Different number of contraction axes 'a' and 'b', {len(a_axes)} != "
                         f"{len(b_axes)}.")
    for axes_list, rank, which in ((a_axes, ra, "a"), (b_axes, rb, "b")):
        for v in axes_list:
            if not -rank <= v < rank:
                raise ValueError(f"tensordot: axis {v} is out of range for {which} of rank "
                                 f"{rank}")
    return [v % ra for v in a_axes], [v % rb for v in b_axes]


__all__ = ["cholesky", "det", "diag", "diag_part", "eig", "eigh", "eigvals", "eigvalsh", "einsum",
           "eye", "inv", "l2_normalize", "logdet", "matmul", "matrix_transpose", "norm", "qr",
           "slogdet", "solve", "svd", "tensordot", "trace", "triangular_solve"]


# Multi-output results are named tuples, printed as TF prints them.
Qr = collections.namedtuple("Qr", ["q", "r"])
LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant",
                                              ["sign", "log_abs_determinant"])

def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swaps the last two axes (batch axes stay in place)."""
    a = as_tensor(a)
    ndim = a.ndim
    if ndim < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received "
                         f"`a` = {a} with shape: {a.shape}")
    return transpose(a, list(range(ndim - 2)) + [ndim - 1, ndim - 2], conjugate=conjugate)


def adjoint(matrix, name=None):
    """The conjugate transpose of the last two axes (the plain transpose for real dtypes)."""
    return matrix_transpose(matrix, conjugate=True)


def trace(x, name=None):
    """Sum of the main diagonal of each matrix in the batch."""
    return reduce_sum(diag_part(x), axis=-1)


def _square_matrices(x, op_name):
    x = as_tensor(x)
    check_dtype(op_name, x, INEXACT, "input")
    return x


def _real_rule_only(op, api_name):
    """Refuses the gradient of a complex input where the rule below is the real one only (a
    factorization's rule needs conjugates that eagerbook's rules do not carry)."""
    if op.inputs[0]._dtype.is_complex:
        raise NotImplementedError(f"eagerbook differentiates {api_name} of real matrices only")


def _adjoint_of(x):
    """The conjugate transpose of the last two axes of a NumPy array."""
    return np.conj(np.swapaxes(x, -1, -2))


# --- shape rules (tf.function tracing) and kernel checks (when an op runs) ---------------------
# As in TF, a shape rule refuses at trace time what can never run (a ValueError in the words of
# TF's shape functions), and the kernel checks the real shapes when the op runs, eagerly or in
# compiled code (an InvalidArgumentError in the words of TF's kernels).
def _shape_rule(op_name, rule):
    """An ``infer_shape`` rule from `rule(dims, attrs)` -> [output dims]: the outputs share the
    first input's dtype, and a ShapeError becomes TF's graph-time ValueError for the node."""
    def infer(inputs, attrs):
        try:
            outputs = rule([dims_of(t) for t in inputs], attrs)
        except ShapeError as exc:
            raise graph_time_error(exc, op_name, inputs[0]._dtype, inputs, attrs) from None
        return [(inputs[0]._dtype, dims) for dims in outputs]
    return infer


def _batch_square(dims, first=-2, second=-1):
    """TF's MakeBatchSquareMatrix: (batch dims, n) of a batch of square matrices."""
    dims = with_rank_at_least(dims, 2)
    if dims is None:
        return None, None
    return dims[:-2], merge_dim(dims[first], dims[second])


def _square_unchanged(dims, attrs):  # MatrixInverse, Cholesky
    batch, n = _batch_square(dims[0])
    return [None if batch is None else batch + [n, n]]


def _determinant(dims, attrs):  # MatrixDeterminant, LogMatrixDeterminant (sign, log|det|)
    batch, _ = _batch_square(dims[0], -1, -2)
    return [batch, batch]


def _check_square(x, op_name):
    if x.ndim < 2:
        raise invalid_argument(op_name, f"Input tensor 0 must have rank >= 2, got {x.ndim}")
    if x.shape[-1] != x.shape[-2]:
        raise invalid_argument(op_name, "Input matrix must be square.")


@register("MatrixDeterminant", infer_shape=_shape_rule("MatrixDeterminant",
                                                       lambda d, a: _determinant(d, a)[:1]))
def _det(x):
    _check_square(x, "MatrixDeterminant")
    if eigen_lu.applies(x, "determinant"):
        return eigen_lu.determinant(x)  # TF's rounding (eigen_lu.py)
    return np.asarray(np.linalg.det(x), dtype=x.dtype)


@_det.gradient
def _det_grad(op, dy):
    # d det(X) / dX = det(X) * inv(X)^T
    x, d = op.inputs[0], op.outputs[0]
    scale = reshape_to(multiply(dy, d), list(d.shape) + [1, 1])
    if x._dtype.is_complex:  # analytic: the real rule with plain (unconjugated) transposes
        return [multiply(matrix_transpose(inv(x)), scale)]
    return [multiply(inv(x, adjoint=True), scale)]


def det(input, name=None):
    """Determinants of square matrices (batched)."""
    return execute(_det, (_square_matrices(input, "MatrixDeterminant"),))


@register("MatrixInverse", infer_shape=_shape_rule("MatrixInverse", _square_unchanged))
def _inv(x, adjoint):
    _check_square(x, "MatrixInverse")
    if adjoint:
        x = _adjoint_of(x)
    if eigen_lu.applies(x):  # TF's rounding (eigen_lu.py)
        inverse = eigen_lu.inverse(x)
        if inverse is None:
            raise invalid_argument("MatrixInverse", "Input is not invertible.")
        return inverse
    try:
        return np.linalg.inv(x).astype(x.dtype, copy=False)
    except np.linalg.LinAlgError:
        raise invalid_argument("MatrixInverse", "Input is not invertible.") from None


@_inv.gradient
def _inv_grad(op, dy):
    # d(X^-1) = -X^-1 dX X^-1, written for both values of `adjoint` (as TF does).
    ainv = op.outputs[0]
    adj = op.attrs["adjoint"]
    if ainv._dtype.is_complex:
        if adj:
            _real_rule_only(op, "tf.linalg.inv(adjoint=True)")
        return [multiply(matmul(ainv, matmul(dy, ainv, transpose_b=True), transpose_a=True), -1)]
    inner = matmul(dy, ainv, adjoint_a=adj, adjoint_b=not adj)
    return [multiply(matmul(ainv, inner, adjoint_a=not adj), -1)]


def inv(input, adjoint=False, name=None):
    """Inverses of square matrices (of their transposes with ``adjoint=True``)."""
    return execute(_inv, (_square_matrices(input, "MatrixInverse"),), {"adjoint": bool(adjoint)})


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    """Vector norms (over one axis, or the whole flattened tensor when axis is None) and
    matrix norms (over two axes): 'euclidean'/'fro', 1, inf, and p-norms for vectors."""
    # TF's checks first, on the arguments as given (a one-axis list is not an axis), then
    # its ops, whose errors are TF's (Sqrt refuses an integer sum, conj a bool tensor)
    keepdims = bool(keepdims)
    is_matrix = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix:
        if not isinstance(axis[0], int) or not isinstance(axis[1], int) or axis[0] == axis[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique "
                             f"integers, got {tuple(axis)}")
    elif not (isinstance(axis, int) or axis is None):
        raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, "
                         f"got {axis}")
    elif (isinstance(ord, str) or not np.isreal(ord) or ord <= 0) and \
            ord not in ("euclidean", 1, 2, np.inf):
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    x = as_tensor(tensor)
    axes = list(range(x.ndim)) if axis is None else list(axis) if is_matrix else [axis]
    if is_matrix:
        for a in axes:
            if not -x.ndim <= a < x.ndim:
                raise ValueError(f"'axis' {a} is out of range for a tensor of rank {x.ndim}")
    if is_matrix:
        supported = ("euclidean", "fro", 1, 2, np.inf)
        if isinstance(ord, (list, tuple)) or ord not in supported:
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, "
                             f"2, inf], got {ord}")
        if ord in ("euclidean", "fro"):
            return _euclidean(x, axes, keepdims)
        rows, cols = (a % x.ndim for a in axes)
        if ord == 2:
            return _spectral_norm(x, rows, cols, keepdims)
        # 1: largest column sum (sum over rows first); inf: largest row sum.
        inner, outer = (rows, cols) if ord == 1 else (cols, rows)
        sums = reduce_sum(abs(x), axis=inner, keepdims=True)
        out = reduce_max(sums, axis=outer, keepdims=True)
        if keepdims:
            return out
        return reshape_to(out, [d for i, d in enumerate(x.shape) if i not in (rows, cols)])
    if ord in ("euclidean", 2):
        return _euclidean(x, axes, keepdims)
    if ord == 1:
        return reduce_sum(abs(x), axis=axes, keepdims=keepdims)
    if ord == np.inf:
        return reduce_max(abs(x), axis=axes, keepdims=keepdims)
    p = float(ord)
    return pow(reduce_sum(pow(abs(x), p), axis=axes, keepdims=keepdims), 1.0 / p)



def _euclidean(x, axes, keepdims):
    """sqrt(sum x * conj(x)), by the three ops TF's tf.norm runs (Mul, Sum, Sqrt, so a traced
    graph holds TF's nodes); complex input keeps its complex dtype."""
    from .complex_ops import conj
    from .math_ops import sqrt
    return sqrt(reduce_sum(multiply(x, conj(x)), axis=axes, keepdims=keepdims))


def _spectral_norm(x, rows, cols, keepdims):
    """The matrix 2-norm: the largest singular value of each (rows, cols) matrix."""
    batch = [i for i in range(x.ndim) if i not in (rows, cols)]
    matrices = transpose(x, batch + [rows, cols])
    largest = reduce_max(svd(matrices, compute_uv=False), axis=-1)
    if not keepdims:
        return largest
    for axis in sorted((rows, cols)):
        largest = expand_dims(largest, axis)
    return largest


# --- solving, factorizations, eigenvalues ------------------------------------------------------
# Each primitive's gradient rule is written with eagerbook ops (so second derivatives work) and
# follows the standard matrix-calculus results TF's rules implement.
def _masked(x, keep):
    """`x` times a constant 0/1 (or 0.5) mask over its last two axes."""
    return multiply(x, keep.astype(x.dtype.as_numpy_dtype))


def _lower_mask(n, diagonal=1.0):
    mask = np.tril(np.ones((n, n)))
    np.fill_diagonal(mask, diagonal)
    return mask


def _infer_solve(dims, attrs):
    # TF's MatrixSolve shape function: square matrices, batch dims equal (not broadcast).
    batch, n = _batch_square(dims[0])
    rhs = with_rank_at_least(dims[1], 2)
    batch = merge_shapes(batch, None if rhs is None else rhs[:-2])
    rows = merge_dim(n, None if rhs is None else rhs[-2])
    if batch is None:
        return [None]
    return [batch + [rows, None if rhs is None else rhs[-1]]]


def _check_solve(matrix, rhs):
    if matrix.ndim < 2:
        raise invalid_argument("MatrixSolve", f"Input tensor 0 must have rank >= 2, got "
                                              f"{matrix.ndim}")
    if rhs.ndim != matrix.ndim:
        raise invalid_argument("MatrixSolve", "All input tensors must have the same rank.")
    if rhs.shape[:-2] != matrix.shape[:-2]:
        raise invalid_argument("MatrixSolve", "All input tensors must have the same outer "
                                              "dimensions.")
    if matrix.shape[-1] != matrix.shape[-2]:
        raise invalid_argument("MatrixSolve", "First input (lhs) must be a square matrix.")
    if rhs.shape[-2] != matrix.shape[-1]:
        raise invalid_argument("MatrixSolve", "Input matrix and rhs are incompatible.")


@register("MatrixSolve", infer_shape=_shape_rule("MatrixSolve", _infer_solve))
def _solve(matrix, rhs, adjoint):
    _check_solve(matrix, rhs)
    a = _adjoint_of(matrix) if adjoint else matrix
    if eigen_lu.applies(a) and rhs.dtype == a.dtype and np.isfinite(rhs).all():
        solution = eigen_lu.solve(a, rhs)  # TF's rounding (eigen_lu.py)
        if solution is None:
            raise invalid_argument("MatrixSolve", "Input matrix is not invertible.")
        return solution
    try:
        return np.linalg.solve(a, rhs).astype(rhs.dtype, copy=False)
    except np.linalg.LinAlgError:
        raise invalid_argument("MatrixSolve", "Input matrix is not invertible.") from None


@_solve.gradient
def _solve_grad(op, dy):
    # x = A^-1 b:  db = A^-T dy,  dA = -db x^T  (with A^T for adjoint=True)
    a, x, adj = op.inputs[0], op.outputs[0], op.attrs["adjoint"]
    if a._dtype.is_complex:
        if adj:
            _real_rule_only(op, "tf.linalg.solve(adjoint=True)")
        grad_b = solve(matrix_transpose(a), dy)  # plain transposes: the rule of an analytic op
        return [multiply(matmul(grad_b, x, transpose_b=True), -1), grad_b]
    grad_b = solve(a, dy, adjoint=not adj)
    grad_a = matmul(x, grad_b, transpose_b=True) if adj else matmul(grad_b, x, transpose_b=True)
    return [multiply(grad_a, -1), grad_b]


def _matrix_rhs(matrix, rhs, op_name):
    # (TF's order: the dtype of the first tensor given, its list, then the other input's dtype;
    # TF has no half kernel for MatrixTriangularSolve)
    allowed = INEXACT if op_name != "MatrixTriangularSolve" else tuple(
        d for d in INEXACT if d is not dtypes.float16)
    return op_inputs(op_name, (matrix, rhs), allowed, names=("matrix", "rhs"))


def solve(matrix, rhs, adjoint=False, name=None):
    """``tf.linalg.solve``: X with ``matrix @ X = rhs`` (batched; ``adjoint`` uses matrix^T)."""
    matrix, rhs = _matrix_rhs(matrix, rhs, "MatrixSolve")
    return execute(_solve, (matrix, rhs), {"adjoint": bool(adjoint)})


def _infer_triangular_solve(dims, attrs):
    # TF's MatrixTriangularSolve shape function: batch dims broadcast.
    batch, n = _batch_square(dims[0])
    rhs = with_rank_at_least(dims[1], 2)
    batch = broadcast_dims(batch, None if rhs is None else rhs[:-2])
    rows = merge_dim(n, None if rhs is None else rhs[-2])
    if batch is None:
        return [None]
    return [batch + [rows, rhs[-1]]]


def _check_triangular_solve(matrix, rhs, lower, adjoint):
    op = "MatrixTriangularSolve"
    for i, x in enumerate((matrix, rhs)):
        if x.ndim < 2:
            raise invalid_argument(op, f"In[{i}] ndims must be >= 2: {x.ndim}")
    try:
        np.broadcast_shapes(matrix.shape[:-2], rhs.shape[:-2])
    except ValueError:
        raise invalid_argument(op, f"In[0] and In[1] must have compatible batch dimensions: "
                                   f"{_debug(matrix)} vs. {_debug(rhs)}") from None
    if matrix.shape[-1] != matrix.shape[-2]:
        raise invalid_argument(op, f"In[0] matrices in the last dimensions must be square "
                                   f"({matrix.shape[-1]} =/= {matrix.shape[-2]})")
    if matrix.shape[-1] != rhs.shape[-2]:
        raise invalid_argument(op, f"In[0] mismatch In[1] shape: {matrix.shape[-1]} vs. "
                                   f"{rhs.shape[-2]}: {_debug(matrix)} {_debug(rhs)} "
                                   f"{int(lower)} {int(adjoint)}")


def _debug(x):  # TF's ShapeDebugString in kernel messages: [2,3]
    return "[" + ",".join(str(d) for d in x.shape) + "]"


@register("MatrixTriangularSolve",
          infer_shape=_shape_rule("MatrixTriangularSolve", _infer_triangular_solve))
def _triangular_solve(matrix, rhs, lower, adjoint):
    _check_triangular_solve(matrix, rhs, lower, adjoint)
    tri = np.tril(matrix) if lower else np.triu(matrix)
    if adjoint:
        tri = _adjoint_of(tri)
    if eigen_lu.applies(tri) and rhs.dtype == tri.dtype and np.isfinite(rhs).all():
        solution = eigen_lu.triangular_solve(tri, rhs, lower != adjoint)  # TF's rounding
        if solution is not None:
            return solution
    try:
        return np.linalg.solve(tri, rhs).astype(rhs.dtype, copy=False)
    except np.linalg.LinAlgError:
        raise ValueError("Input matrix is not invertible.") from None


@_triangular_solve.gradient
def _triangular_solve_grad(op, dy):
    a, x = op.inputs[0], op.outputs[0]
    lower, adj = op.attrs["lower"], op.attrs["adjoint"]
    if a._dtype.is_complex:
        if adj:
            _real_rule_only(op, "tf.linalg.triangular_solve(adjoint=True)")
        grad_b = triangular_solve(matrix_transpose(a), dy, lower=not lower)
        grad_a = matmul(grad_b, x, transpose_b=True)
        n = a.shape[-1]
        keep = np.tril(np.ones((n, n))) if lower else np.triu(np.ones((n, n)))
        return [multiply(_masked(grad_a, keep), -1), grad_b]
    grad_b = triangular_solve(a, dy, lower=lower, adjoint=not adj)
    grad_a = matmul(x, grad_b, transpose_b=True) if adj else matmul(grad_b, x, transpose_b=True)
    n = a.shape[-1]
    keep = np.tril(np.ones((n, n))) if lower else np.triu(np.ones((n, n)))
    return [multiply(_masked(grad_a, keep), -1), grad_b]  # only one triangle is read


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    """Solves with the lower (or upper) triangle of `matrix`; the other triangle is ignored."""
    matrix, rhs = _matrix_rhs(matrix, rhs, "MatrixTriangularSolve")
    return execute(_triangular_solve, (matrix, rhs),
                   {"lower": bool(lower), "adjoint": bool(adjoint)})


@register("Cholesky", infer_shape=_shape_rule("Cholesky", _square_unchanged))
def _cholesky(x):
    _check_square(x, "Cholesky")
    if eigen_lu.applies(x, "cholesky"):
        lower = eigen_lu.cholesky(x)  # TF's rounding (eigen_lu.py)
        if lower is not None:
            return lower
    try:
        return np.linalg.cholesky(x).astype(x.dtype, copy=False)
    except np.linalg.LinAlgError:
        # TF does not raise: each matrix that is not positive definite gets a lower triangle
        # of NaNs (with a warning in TF's log)
        return _cholesky_each(x)


def _cholesky_each(x):
    matrices = x.reshape((-1,) + x.shape[-2:])
    out = np.zeros_like(matrices)
    nans = np.where(np.tril(np.ones(x.shape[-2:], bool)), np.nan, 0).astype(x.dtype)
    for i, m in enumerate(matrices):
        lower = eigen_lu.cholesky(m) if eigen_lu.applies(m, "cholesky") else None
        try:
            out[i] = np.linalg.cholesky(m) if lower is None else lower
        except np.linalg.LinAlgError:
            out[i] = nans
    return out.reshape(x.shape)


@_cholesky.gradient
def _cholesky_grad(op, dl):
    # With L L^T = A:  dA = sym(L^-T Phi(L^T dL) L^-1), Phi = lower triangle, half diagonal.
    _real_rule_only(op, "tf.linalg.cholesky")
    l_factor = op.outputs[0]
    n = l_factor.shape[-1]
    l_inverse = triangular_solve(l_factor, _identity_like(l_factor, n), lower=True)
    middle = _masked(matmul(l_factor, dl, transpose_a=True), _lower_mask(n, 0.5))
    grad_a = matmul(matmul(l_inverse, middle, transpose_a=True), l_inverse)
    return [multiply(add(grad_a, matrix_transpose(grad_a)), 0.5)]


def _identity_like(x, n):
    return broadcast_like(eye(n, dtype=x.dtype), x)


def cholesky(input, name=None):
    """The lower-triangular L with ``L @ L^T == input`` (input symmetric positive definite)."""
    return execute(_cholesky, (_square_matrices(input, "Cholesky"),))


@register("LogMatrixDeterminant", num_outputs=2,
          infer_shape=_shape_rule("LogMatrixDeterminant", _determinant))
def _slogdet(x):
    _check_square(x, "LogMatrixDeterminant")
    if eigen_lu.applies(x, "determinant"):
        return eigen_lu.sign_and_log_abs_determinant(x)  # TF's rounding (eigen_lu.py)
    sign, logdet = np.linalg.slogdet(x)  # (log|det| is real; TF gives it x's dtype)
    return np.asarray(sign, dtype=x.dtype), np.asarray(logdet).astype(x.dtype)


@_slogdet.gradient
def _slogdet_grad(op, dsign, dlogdet):
    # d log|det X| / dX = X^-T; the sign is piecewise constant.
    if dlogdet is None:
        return [None]
    _real_rule_only(op, "tf.linalg.slogdet")
    scale = reshape_to(dlogdet, list(op.outputs[1].shape) + [1, 1])
    return [multiply(inv(op.inputs[0], adjoint=True), scale)]


def slogdet(input, name=None):
    """(sign, log|det|) of square matrices: stable where ``det`` over- or underflows."""
    return LogMatrixDeterminant(*execute(_slogdet, (_square_matrices(input,
                                                                      "LogMatrixDeterminant"),)))


def logdet(matrix, name=None):
    """log(det(matrix)) of Hermitian positive definite matrices (via Cholesky)."""
    chol = cholesky(matrix)
    diagonal = diag_part(chol)
    if diagonal.dtype.is_complex:  # real and positive: TF gives the real dtype
        from .complex_ops import real
        diagonal = real(diagonal)
    return multiply(reduce_sum(log(diagonal), axis=-1), 2.0)


def _infer_eigh(dims, attrs):
    batch, n = _batch_square(dims[0])
    if batch is None:
        return [None, None]
    return [batch + [n], batch + [n, n] if attrs["compute_v"] else [0]]


@register("SelfAdjointEigV2", num_outputs=2,
          infer_shape=_shape_rule("SelfAdjointEigV2", _infer_eigh))
def _eigh(x, compute_v):
    _check_square(x, "SelfAdjointEigV2")
    # (a Hermitian matrix's eigenvalues are real, but TF gives them the input's dtype)
    if not compute_v:  # (tf.linalg.eigvalsh: TF's empty v)
        return np.linalg.eigvalsh(x).astype(x.dtype), np.zeros(0, x.dtype)
    e, v = np.linalg.eigh(x)  # reads the lower triangle, as TF does
    return e.astype(x.dtype), v.astype(x.dtype, copy=False)


@_eigh.gradient
def _eigh_grad(op, de, dv):
    # A = V diag(e) V^T:  dA = V (diag(de) + F o (V^T dV)) V^T, F_ij = 1/(e_j - e_i) off the
    # diagonal; then symmetrized onto the lower triangle that the kernel reads.
    _real_rule_only(op, "tf.linalg.eigh")
    e, v = op.outputs
    if not op.attrs["compute_v"]:  # only e was computed: TF's rule recomputes v too
        e, v = eigh(op.inputs[0])
        dv = None
    n = v.shape[-1]
    middle = diag(de) if de is not None else zeros_like(matmul(v, v, transpose_a=True))
    if dv is not None:
        gaps = subtract(expand_dims(e, -2), expand_dims(e, -1))  # e_j - e_i
        off = 1.0 - np.eye(n)
        f = _masked(reciprocal(add(gaps, _constant_like(np.eye(n), gaps))), off)
        middle = add(middle, multiply(f, matmul(v, dv, transpose_a=True)))
    grad_a = matmul(v, matmul(middle, v, transpose_b=True))
    return [_masked(add(grad_a, matrix_transpose(grad_a)), _lower_mask(n, 0.5))]


def _constant_like(array, like):
    return as_tensor(array.astype(like.dtype.as_numpy_dtype))


def eigh(tensor, name=None):
    """(eigenvalues ascending, eigenvectors as columns) of self-adjoint matrices."""
    return execute(_eigh, (_square_matrices(tensor, "SelfAdjointEigV2"),), {"compute_v": True})


def eigvalsh(tensor, name=None):
    """The eigenvalues (ascending) of self-adjoint matrices."""
    x = _square_matrices(tensor, "SelfAdjointEigV2")
    return execute(_eigh, (x,), {"compute_v": False})[0]


# --- general (non-symmetric) eigendecomposition: complex results ------------------------------
_COMPLEX_OF = {dtypes.float32: dtypes.complex64, dtypes.float64: dtypes.complex128,
               dtypes.complex64: dtypes.complex64, dtypes.complex128: dtypes.complex128}


def _infer_eig(inputs, attrs):
    out_dtype = _COMPLEX_OF[inputs[0]._dtype]
    try:
        batch, n = _batch_square(dims_of(inputs[0]))
    except ShapeError as exc:
        raise graph_time_error(exc, "Eig", inputs[0]._dtype, inputs, attrs) from None
    if batch is None:
        return [(out_dtype, None), (out_dtype, None)]
    return [(out_dtype, batch + [n]),
            (out_dtype, batch + [n, n] if attrs["compute_v"] else [0])]


@register("Eig", num_outputs=2, infer_shape=_infer_eig)
def _eig(x, compute_v):
    _check_square(x, "Eig")
    out_dtype = np.complex64 if x.dtype in (np.float32, np.complex64) else np.complex128
    e, v = np.linalg.eig(x)  # eigenvectors of unit length, as TF's
    if not compute_v:
        return e.astype(out_dtype), np.zeros(0, out_dtype)
    return e.astype(out_dtype), v.astype(out_dtype)


@_eig.gradient
def _eig_grad(op, de, dv):
    raise NotImplementedError("eagerbook does not differentiate tf.linalg.eig / eigvals")


def eig(tensor, name=None):
    """(eigenvalues, eigenvectors as unit columns) of general square matrices, both complex
    (complex64 for float32 input, complex128 for float64)."""
    x = _square_matrices(tensor, "Eig")
    e, v = execute(_eig, (x,), {"compute_v": True})
    return e, v


def eigvals(tensor, name=None):
    """The (complex) eigenvalues of general square matrices."""
    x = _square_matrices(tensor, "Eig")
    return execute(_eig, (x,), {"compute_v": False})[0]


def _infer_qr(dims, attrs):
    dims = with_rank_at_least(dims[0], 2)
    if dims is None:
        return [None, None]
    batch, m, n = dims[:-2], dims[-2], dims[-1]
    if attrs["full_matrices"]:
        return [batch + [m, m], batch + [m, n]]
    p = min_dim(m, n)
    return [batch + [m, p], batch + [p, n]]


def _check_rank_2(x, op_name):
    if x.ndim < 2:
        raise invalid_argument(op_name, f"Input tensor 0 must have rank >= 2, got {x.ndim}")


@register("Qr", num_outputs=2, infer_shape=_shape_rule("Qr", _infer_qr))
def _qr(x, full_matrices):
    _check_rank_2(x, "Qr")
    q, r = np.linalg.qr(x, mode="complete" if full_matrices else "reduced")
    return q.astype(x.dtype, copy=False), r.astype(x.dtype, copy=False)


@_qr.gradient
def _qr_grad(op, dq, dr):
    # The reduced QR of an m x n matrix with m >= n (TF's rule, same restriction).
    _real_rule_only(op, "tf.linalg.qr")
    a, (q, r) = op.inputs[0], op.outputs
    m_rows, n_cols = a.shape[-2], a.shape[-1]
    if op.attrs["full_matrices"] and m_rows != n_cols or m_rows < n_cols:
        raise NotImplementedError("QrGrad not implemented when nrows < ncols and "
                                  "full_matrices is true.")
    dq = zeros_like(q) if dq is None else dq
    dr = zeros_like(r) if dr is None else dr
    qdq = matmul(q, dq, transpose_a=True)
    rdr = matmul(r, dr, transpose_b=True)
    tril = _masked(add(subtract(qdq, matrix_transpose(qdq)),
                       subtract(rdr, matrix_transpose(rdr))), np.tril(np.ones((n_cols,) * 2)))

    def times_r_inverse_t(x):  # x @ R^-T, by a triangular solve
        return matrix_transpose(triangular_solve(r, matrix_transpose(x), lower=False))

    grad_a = matmul(q, add(dr, times_r_inverse_t(tril)))
    grad_b = times_r_inverse_t(subtract(dq, matmul(q, qdq)))
    return [add(grad_a, grad_b)]


def qr(input, full_matrices=False, name=None):
    """(q, r) with orthonormal q and upper-triangular r, ``q @ r == input``."""
    x = as_tensor(input)
    check_dtype("Qr", x, INEXACT, "input")
    return Qr(*execute(_qr, (x,), {"full_matrices": bool(full_matrices)}))


def _infer_svd(dims, attrs):
    dims = with_rank_at_least(dims[0], 2)
    if dims is None:
        return [None, None, None]
    batch, m, n = dims[:-2], dims[-2], dims[-1]
    p = min_dim(m, n)
    if not attrs["compute_uv"]:
        return [batch + [p], [0], [0]]
    if attrs["full_matrices"]:
        return [batch + [p], batch + [m, m], batch + [n, n]]
    return [batch + [p], batch + [m, p], batch + [n, p]]


@register("Svd", num_outputs=3, infer_shape=_shape_rule("Svd", _infer_svd))
def _svd(x, full_matrices, compute_uv):
    _check_rank_2(x, "Svd")
    real = np.zeros(0, x.dtype).real.dtype  # singular values are real, also of complex input
    if not compute_uv:  # (TF's empty u and v)
        empty = np.zeros(0, x.dtype)
        return np.linalg.svd(x, compute_uv=False).astype(real, copy=False), empty, empty
    u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    return (s.astype(real, copy=False), u.astype(x.dtype, copy=False),
            _adjoint_of(vh).astype(x.dtype, copy=False))  # x = u diag(s) v^H


@_svd.gradient
def _svd_grad(op, ds, du, dv):
    # For A = U S V^T (reduced; k = min(m, n) singular values), with F_ij = 1/(s_j^2 - s_i^2)
    # off the diagonal and 0 on it:
    #   dA = U (diag(ds) + (F o (U^T dU - dU^T U)) S + S (F o (V^T dV - dV^T V))) V^T
    #        + (I - U U^T) dU S^-1 V^T + U S^-1 dV^T (I - V V^T)
    # The last two terms vanish when A is square. F blows up for repeated singular values,
    # where U and V are not unique (TF's rule has the same limitation).
    _real_rule_only(op, "tf.linalg.svd")
    s, u, v = op.outputs
    if not op.attrs["compute_uv"]:  # only s was computed: TF's rule recomputes u and v too
        s, u, v = svd(op.inputs[0], full_matrices=op.attrs["full_matrices"], compute_uv=True)
        du, dv = zeros_like(u), zeros_like(v)
    m, n = op.inputs[0].shape[-2], op.inputs[0].shape[-1]
    if op.attrs["full_matrices"] and m != n:
        raise NotImplementedError("eagerbook differentiates tf.linalg.svd of a non-square "
                                  "matrix with full_matrices=False only.")
    k = min(m, n)
    s_row, s_col = expand_dims(s, -2), expand_dims(s, -1)
    off = 1.0 - np.eye(k)
    f = _masked(reciprocal(add(subtract(square(s_row), square(s_col)),
                               _constant_like(np.eye(k), s_row))), off)
    ut_du = matmul(u, du, transpose_a=True)
    vt_dv = matmul(v, dv, transpose_a=True)
    inner = add(diag(ds), add(multiply(multiply(f, subtract(ut_du, matrix_transpose(ut_du))),
                                       s_row),
                              multiply(s_col, multiply(f, subtract(vt_dv,
                                                                   matrix_transpose(vt_dv))))))
    grad = matmul(u, matmul(inner, v, transpose_b=True))
    inv_s = reciprocal(s_row)
    if m > n:  # the part of dU outside U's columns
        outside = subtract(du, matmul(u, ut_du))
        grad = add(grad, matmul(multiply(outside, inv_s), v, transpose_b=True))
    elif n > m:
        outside = subtract(dv, matmul(v, vt_dv))
        grad = add(grad, matmul(multiply(u, inv_s), outside, transpose_b=True))
    return [grad]


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """Singular values (descending), and with ``compute_uv`` (s, u, v) with
    ``tensor == u @ diag(s) @ v^T``."""
    x = as_tensor(tensor)
    check_dtype("Svd", x, INEXACT, "input")
    s, u, v = execute(_svd, (x,), {"full_matrices": bool(full_matrices),
                                   "compute_uv": bool(compute_uv)})
    return (s, u, v) if compute_uv else s


# --- normalization -------------------------------------------------------------------------------
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """``x / sqrt(max(sum(x**2, axis), epsilon))`` (``tf.math.l2_normalize`` / ``tf.nn``)."""
    x = as_tensor(x)
    axis = dim if axis is None else axis
    # TF's ops in TF's order, whose errors are TF's (Square's list first for a bool x)
    if x.dtype.is_complex:
        from .complex_ops import complex as make_complex
        from .complex_ops import imag, real
        square_sum = real(reduce_sum(square(real(x)) + square(imag(x)), axis, keepdims=True))
        inverse_norm = rsqrt(maximum(square_sum, epsilon))
        return make_complex(multiply(real(x), inverse_norm), multiply(imag(x), inverse_norm))
    square_sum = reduce_sum(square(x), axis=axis, keepdims=True)
    return multiply(x, rsqrt(maximum(square_sum, epsilon)))


# --- matrix square root and logarithm: functions of a matrix through its eigenvalues -------------
def _through_eigenvalues(x, fn):
    """fn applied to each matrix's eigenvalues (complex128): V fn(L) V^-1."""
    values, vectors = np.linalg.eig(x.astype(np.complex128))
    return vectors @ (fn(values)[..., :, None] * np.linalg.inv(vectors))


@register("MatrixSquareRoot", infer_shape=_shape_rule("MatrixSquareRoot", _square_unchanged))
def _sqrtm(x):
    _check_square(x, "MatrixSquareRoot")
    if x.shape[-1] == 0:
        return x.copy()
    if x.dtype.kind == "c":
        return _through_eigenvalues(x, np.sqrt).astype(x.dtype)
    matrices = x.reshape((-1,) + x.shape[-2:]).astype(np.float64)
    out = np.empty(matrices.shape)
    for i, m in enumerate(matrices):
        values = np.linalg.eigvals(m)
        if np.any((values.real < 0) & (np.abs(values.imag) <= 1e-12 * np.abs(values.real))):
            out[i] = np.nan  # no real square root: TF's real kernel gives NaNs
        else:
            out[i] = _through_eigenvalues(m, np.sqrt).real
    return out.reshape(x.shape).astype(x.dtype)


@_sqrtm.gradient
def _sqrtm_grad(op, dy):
    # S S = A, so S dS + dS S = dA: the gradient G of A solves S^H G + G S^H = dy (a
    # Sylvester equation), solved here as one linear system per matrix
    return [execute(_sylvester_for_sqrtm, (op.outputs[0], dy))]


@register("MatrixSquareRootGrad", differentiable=False,
          infer_shape=lambda inputs, attrs: [(inputs[1]._dtype, inputs[1]._shape)])
def _sylvester_for_sqrtm(s, dy):
    n = s.shape[-1]
    eye_n = np.eye(n)
    out = np.empty(dy.shape, dy.dtype)
    flat_s, flat_dy, flat_out = (a.reshape((-1, n, n)) for a in (s, dy, out))
    for i in range(flat_s.shape[0]):
        sh = flat_s[i].conj().T.astype(np.complex128 if s.dtype.kind == "c" else np.float64)
        system = np.kron(sh, eye_n) + np.kron(eye_n, sh.T)  # row-major vec of SH G + G SH
        flat_out[i] = np.linalg.solve(system, flat_dy[i].reshape(-1)).reshape(n, n)
    return flat_out.reshape(dy.shape)


def sqrtm(input, name=None):
    """``tf.linalg.sqrtm``: the principal square root S of each square matrix (S @ S = input);
    NaNs for a real matrix with a negative eigenvalue (it has no real square root)."""
    x = as_tensor(input)
    check_dtype("MatrixSquareRoot", x, FLOATS + (dtypes.complex64, dtypes.complex128))
    return execute(_sqrtm, (x,))


@register("MatrixLogarithm", differentiable=False,
          infer_shape=_shape_rule("MatrixLogarithm", _square_unchanged))
def _logm(x):
    _check_square(x, "MatrixLogarithm")
    if x.shape[-1] == 0:
        return x.copy()
    return _through_eigenvalues(x, np.log).astype(x.dtype)


def logm(input, name=None):
    """``tf.linalg.logm``: the principal logarithm of each square complex matrix (the inverse
    of ``tf.linalg.expm``); TF takes complex64/complex128 only."""
    x = as_tensor(input)
    check_dtype("MatrixLogarithm", x, (dtypes.complex64, dtypes.complex128))
    return execute(_logm, (x,))
