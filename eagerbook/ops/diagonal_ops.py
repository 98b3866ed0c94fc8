"""Bands of diagonals: ``tf.linalg.diag``, ``diag_part`` and ``set_diag`` with ``k`` (one
diagonal or a range ``(lower, upper)``), ``banded_triangular_solve``, ``tensor_diag_part`` and
the tridiagonal ``tridiagonal_matmul``/``tridiagonal_solve``.

TF stacks the diagonals of a band from the highest (``k = upper``) to the lowest, each padded to
the longest one's length. `align` says on which side a shorter diagonal sits: its first word
for superdiagonals (and the main one), its second for subdiagonals; ``"RIGHT_LEFT"`` (the
default) right-aligns superdiagonals and left-aligns subdiagonals. Everything is a gather or a
``where`` on the matrices flattened to their last axis, so gradients come for free.
"""

import numpy as np

from ..core.tensor import _from_numpy
from . import array_ops, complex_ops, math_ops
from .array_ops import matrix_diag, matrix_diag_part
from .linalg_ops import matrix_transpose, triangular_solve
from .linalg_ops import solve as linalg_solve
from .manip_ops import set_diag as _set_main_diag
from .registry import invalid_argument
from .shape_rules import dims_text
from .support import as_tensor, attr_error

_ALIGNS = ("LEFT_LEFT", "LEFT_RIGHT", "RIGHT_LEFT", "RIGHT_RIGHT")


def _band(k, op_name):
    """(lower, upper, single) from `k`: an int, or a pair (lower, upper)."""
    values = np.asarray(k.numpy() if hasattr(k, "numpy") else k).reshape(-1).tolist()
    if len(values) == 1:
        return int(values[0]), int(values[0]), True
    lower, upper = int(values[0]), int(values[1])
    if lower > upper:
        raise invalid_argument(op_name, f"lower_diag_index must not be larger than "
                                        f"upper_diag_index: {lower} > {upper}")
    return lower, upper, lower == upper


def _check_align(align, op_name):
    if align not in _ALIGNS:
        raise attr_error(op_name, f"Value for attr 'align' of \"{align}\" is not in the list of "
                                  f"allowed values: \"LEFT_RIGHT\", \"RIGHT_LEFT\", "
                                  f"\"LEFT_LEFT\", \"RIGHT_RIGHT\"")


def _check_matrix(x, op_name):
    if x.ndim is not None and x.ndim < 2:
        raise invalid_argument(op_name, f"input must be at least 2-dim, received shape: "
                                        f"{dims_text(x.shape)}")


def _check_band_fits(rows, cols, lower, upper, op_name, separator=". "):
    """TF's kernels take a band from -rows to cols (k = 0 always); set_diag's message has no
    full stop where diag_part's has one."""
    if rows is None or cols is None:  # (known only when a traced function runs)
        return
    for which, d in (("lower", lower), ("upper", upper)):
        if d != 0 and not -rows < d < cols:
            raise invalid_argument(op_name, f"{which}_diag_index is out of bound: {d}"
                                            f"{separator}It must be between {-rows} and {cols}")


def _diag_size(diagonal, lower, upper, num_rows, num_cols):
    """The matrices' (rows, cols) as TF's MatrixDiagV3 works them out, with its checks."""
    op_name = "MatrixDiagV3"
    if diagonal.ndim == 0:
        raise invalid_argument(op_name, f"diagonal must be at least 1-dim, received shape: "
                                        f"{dims_text(diagonal.shape)}")
    if lower != upper and (diagonal.ndim < 2 or diagonal.shape[-2] not in (None,
                                                                           upper - lower + 1)):
        raise invalid_argument(op_name, "The number of diagonals provided in the input does not "
                                        "match the lower_diag_index and upper_diag_index range.")
    longest = diagonal.shape[-1]
    num_rows, num_cols = int(num_rows), int(num_cols)
    if longest is None:  # (known only when a traced function runs: the kernel sizes it)
        return num_rows, num_cols
    least_rows, least_cols = longest - min(upper, 0), longest + max(lower, 0)
    if num_rows != -1 and num_rows < least_rows:
        raise invalid_argument(op_name, "The number of rows is too small.")
    if num_cols != -1 and num_cols < least_cols:
        raise invalid_argument(op_name, "The number of columns is too small.")
    if num_rows == -1 and num_cols == -1:  # neither given: TF makes the matrices square
        num_rows = num_cols = max(least_rows, least_cols)
    elif num_rows == -1:
        num_rows = least_rows
    elif num_cols == -1:
        num_cols = least_cols
    if num_rows != least_rows and num_cols != least_cols:
        raise invalid_argument(op_name, "The number of rows or columns is not consistent with "
                                        "the specified d_lower, d_upper, and diagonal.")
    return num_rows, num_cols


def _layout(rows, cols, lower, upper, align):
    """Where each padded diagonal slot lies in the flattened matrix: (flat position per slot,
    slot holds a matrix element?), both shaped [number of diagonals, longest length]."""
    superdiagonal_left = align.startswith("LEFT")
    subdiagonal_left = align.endswith("_LEFT")
    ks = range(upper, lower - 1, -1)
    lengths = [max(0, min(rows + min(0, d), cols - max(0, d))) for d in ks]
    longest = max(lengths)
    position = np.zeros((len(lengths), longest), np.int64)
    filled = np.zeros((len(lengths), longest), bool)
    for i, (d, n) in enumerate(zip(ks, lengths, strict=True)):
        left = superdiagonal_left if d >= 0 else subdiagonal_left
        start = 0 if left else longest - n
        j = np.arange(n)
        position[i, start:start + n] = (max(0, -d) + j) * cols + max(0, d) + j
        filled[i, start:start + n] = True
    return position, filled


def _flat(x):
    """`x` with its two matrix axes merged into one."""
    return array_ops.reshape(x, list(x.shape[:-2]) + [x.shape[-2] * x.shape[-1]])


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):
    """``tf.linalg.diag_part``: the diagonals `k` of each matrix (a band: stacked, padded)."""
    x = as_tensor(input)
    _check_align(align, "MatrixDiagPartV3")
    _check_matrix(x, "MatrixDiagPartV3")
    lower, upper, single = _band(k, "MatrixDiagPartV3")
    _check_band_fits(x.shape[-2], x.shape[-1], lower, upper, "MatrixDiagPartV3")
    if lower == upper == 0 and padding_value == 0:
        return matrix_diag_part(x)
    position, filled = _layout(x.shape[-2], x.shape[-1], lower, upper, align)
    taken = array_ops.gather(_flat(x), _from_numpy(position.reshape(-1)), axis=-1)
    padding = math_ops.cast(padding_value, x.dtype)
    out = math_ops.where_v2(filled.reshape(-1), taken, padding)
    shape = list(x.shape[:-2]) + ([] if single else [position.shape[0]]) + [position.shape[1]]
    return array_ops.reshape(out, shape)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    """``tf.linalg.set_diag``: each matrix with its diagonals `k` replaced by `diagonal`."""
    x = as_tensor(input)
    _check_align(align, "MatrixSetDiagV3")
    _check_matrix(x, "MatrixSetDiagV3")
    lower, upper, single = _band(k, "MatrixSetDiagV3")
    rows, cols = x.shape[-2], x.shape[-1]
    _check_band_fits(rows, cols, lower, upper, "MatrixSetDiagV3", separator=" ")
    values = as_tensor(diagonal, dtype=x.dtype)  # (diagonal stays as given: errors.py)
    position, filled = _layout(rows, cols, lower, upper, align)
    wanted = list(x.shape[:-2]) + ([] if single else [position.shape[0]]) + [position.shape[1]]
    if not single and (values.ndim < 2 or values.shape[-2] != position.shape[0]):
        raise invalid_argument("MatrixSetDiagV3", "The number of diagonals provided in `diag` "
                               "is not consistent with `lower_diag_index` and "
                               "`upper_diag_index`")
    if list(values.shape) != wanted:
        def dims(shape):
            return "[" + ",".join(str(d) for d in shape) + "]"
        raise invalid_argument(
            "MatrixSetDiagV3", "Either first dimensions of diagonal don't match "
            "input.shape[:-2], or diagonal.shape[:-1] is not equal to the longests diagonal in "
            f"range [lower_diag_index:upper_diag_index].\nInput shape: {dims(x.shape)}\n"
            f"Diagonal shape: {dims(values.shape)}\nExpected diagonal shape: {dims(wanted)}")
    if lower == upper == 0:
        return _set_main_diag(x, values)
    # For every matrix element on the band: the slot of `diagonal` it takes its value from.
    source = np.zeros(rows * cols, np.int64)
    on_band = np.zeros(rows * cols, bool)
    source[position[filled]] = np.flatnonzero(filled)
    on_band[position[filled]] = True
    slots = array_ops.reshape(values, list(x.shape[:-2]) + [position.size])
    placed = array_ops.gather(slots, _from_numpy(source), axis=-1)
    return array_ops.reshape(math_ops.where_v2(on_band, placed, _flat(x)), list(x.shape))


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    """``tf.linalg.diag``: matrices holding `diagonal` on the diagonals `k`, `padding_value`
    elsewhere (by default the smallest matrices that fit)."""
    tensor = as_tensor(diagonal)  # (diagonal stays as given: core/errors.py reads it)
    _check_align(align, "MatrixDiagV3")
    lower, upper, single = _band(k, "MatrixDiagV3")
    rows, cols = _diag_size(tensor, lower, upper, num_rows, num_cols)
    if lower == upper == 0 and padding_value == 0:
        return matrix_diag(tensor, num_rows=rows, num_cols=cols)
    diagonal = tensor
    batch = list(diagonal.shape[:-1] if single else diagonal.shape[:-2])
    padding = array_ops.fill(batch + [rows, cols], math_ops.cast(padding_value, diagonal.dtype))
    return set_diag(padding, diagonal, k=(lower, upper), align=align)


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """``tf.linalg.banded_triangular_solve``: solves with the triangular matrix whose band is
    `bands` ([K, N]: the main diagonal first and then the K - 1 subdiagonals, right-aligned,
    when `lower`; the K - 1 superdiagonals, left-aligned, then the main one, when not)."""
    bands = as_tensor(bands)
    count, n = bands.shape[-2], bands.shape[-1]
    band = (-(count - 1), 0) if lower else (0, count - 1)
    zeros = array_ops.fill(list(bands.shape[:-2]) + [n, n], math_ops.cast(0, bands.dtype))
    matrix = set_diag(zeros, bands, k=band, align="LEFT_RIGHT")
    return triangular_solve(matrix, rhs, lower=lower, adjoint=adjoint)


def tensor_diag_part(input, name=None):
    """``tf.linalg.tensor_diag_part``: ``out[i, j, ...] = input[i, j, ..., i, j, ...]`` for an
    input of shape ``D + D``."""
    x = as_tensor(input)
    half = x.ndim // 2
    dims = list(x.shape[:half])
    shape_text = "[" + ",".join(str(d) for d in x.shape) + "]"
    if x.ndim % 2:  # (TF's message holds the spaces of its source's line break)
        raise invalid_argument("DiagPart", "The rank of the tensor should be" + " " * 42 +
                                           f"even and positive, got shape {shape_text}")
    for i, (first, second) in enumerate(zip(dims, x.shape[half:])):
        if first != second:
            raise invalid_argument("DiagPart", f"Invalid shape {shape_text}: dimensions {i} and "
                                               f"{i + half} do not match.")
    size = int(np.prod(dims, dtype=np.int64))
    return array_ops.reshape(matrix_diag_part(array_ops.reshape(x, [size, size])), dims)


# --- tridiagonal systems -------------------------------------------------------------------------
# TF's three ways of giving a tridiagonal matrix: "compact" ([..., 3, M]: superdiagonal, main,
# subdiagonal; the superdiagonal's last and the subdiagonal's first entry unused), "sequence"
# (those three [..., M] tensors) and "matrix" (the full [..., M, M]; only its three diagonals
# count). Both functions rebuild the full matrix from the diagonals with ``diag`` and multiply
# or solve with it, so gradients reach the diagonals (and never the unused entries).
def _compact_diagonals(diagonals, diagonals_format):
    if diagonals_format == "compact":
        compact = as_tensor(diagonals)
        if compact.shape.rank is not None and compact.shape[-2] not in (None, 3):
            raise ValueError(f"Expected 3 diagonals got {compact.shape[-2]}")
        return compact
    if diagonals_format == "sequence":
        if not isinstance(diagonals, (list, tuple)) or len(diagonals) != 3:
            raise ValueError("Expected diagonals to be a sequence of length 3.")
        return array_ops.stack([as_tensor(d) for d in diagonals], axis=-2)
    if diagonals_format == "matrix":
        return diag_part(as_tensor(diagonals), k=(-1, 1), align="LEFT_RIGHT")
    raise ValueError(f"Unrecognized diagonals_format: {diagonals_format}")


def _tridiagonal_matrix(compact):
    size = compact.shape[-1]
    return diag(compact, k=(-1, 1), num_rows=size, num_cols=size, align="LEFT_RIGHT")


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    """``tf.linalg.tridiagonal_matmul``: the tridiagonal matrix times ``rhs`` ([..., M, N])."""
    compact = _compact_diagonals(diagonals, diagonals_format)
    rhs = as_tensor(rhs)
    if rhs.shape.rank is not None and compact.shape.rank is not None and (
            rhs.shape.rank != compact.shape.rank):
        raise invalid_argument("TridiagonalMatMul", "All input tensors must have the same rank.")
    return math_ops.matmul(_tridiagonal_matrix(compact), rhs)


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False,
                      conjugate_rhs=False, name=None, partial_pivoting=True,
                      perturb_singular=False):
    """``tf.linalg.tridiagonal_solve``: X with ``A @ X = rhs`` for a tridiagonal A; ``rhs`` is
    [..., M, K] or [..., M] (answered in its shape). With ``transpose_rhs`` it is [..., K, M]
    and, as in TF, the answer stays [..., M, K]."""
    compact = _compact_diagonals(diagonals, diagonals_format)
    rhs = as_tensor(rhs)
    if conjugate_rhs:
        rhs = complex_ops.conj(rhs)
    vector = rhs.shape.rank == compact.shape.rank - 1
    if vector:
        rhs = array_ops.expand_dims(rhs, -1)
    elif transpose_rhs:
        rhs = matrix_transpose(rhs)
    size = compact.shape[-1]
    if size is not None and rhs.shape[-2] is not None and rhs.shape[-2] != size:
        raise ValueError("Expected number of left-hand sided and right-hand sides to be equal, "
                         f"got {size} and {rhs.shape[-2]}")
    solution = linalg_solve(_tridiagonal_matrix(compact), rhs)
    return array_ops.squeeze(solution, -1) if vector else solution
