"""``tf.linalg.LinearOperator``: a matrix (or a batch of them) described by its structure.

An operator knows its shape and how to build its dense matrix (``to_dense``); ``matmul``,
``matvec``, ``solve``, ``determinant``, ``log_abs_determinant``, ``trace`` and ``diag_part``
work from that matrix unless a subclass has a cheaper way (a diagonal solves by division, a
triangular matrix by substitution, a block operator block by block). Every result is an
ordinary Tensor computed with differentiable ops, so gradients flow through operators.
"""

import numpy as np

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.tensor import convert_to_tensor
from . import array_ops, complex_ops, linalg_ops, math_ops
from .diagonal_ops import diag, diag_part
from .manip_ops import band_part
from .primitives import matmul as _matmul


def _adjoint(x):
    perm = list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2]
    x = math_ops.transpose(x, perm)
    return complex_ops.conj(x) if x.dtype.is_complex else x


def _as_tensor(value, dtype=None):
    return convert_to_tensor(value, dtype=dtype, dtype_hint=dtypes.float32)


def _broadcast_batch(matrix, rhs):
    """Both with the broadcast of their batch dimensions (all but the last two)."""
    batch = list(np.broadcast_shapes(tuple(matrix.shape.as_list()[:-2]),
                                     tuple(rhs.shape.as_list()[:-2])))
    return (array_ops.broadcast_to(matrix, batch + matrix.shape.as_list()[-2:]),
            array_ops.broadcast_to(rhs, batch + rhs.shape.as_list()[-2:]))


class LinearOperator:
    """The base: subclasses give ``_shape`` and ``_to_dense`` (and faster methods)."""

    def __init__(self, dtype, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        if is_positive_definite and is_non_singular is False:
            raise ValueError("A positive definite matrix is always non-singular.")
        if is_self_adjoint and is_square is False:
            raise ValueError("A self-adjoint matrix is always square.")
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else None
        self._is_non_singular = True if is_positive_definite else is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._is_square_hint = is_square
        self._name = name or type(self).__name__
        self._parameters = parameters or {}

    # --- what an operator is ---------------------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def parameters(self):
        return dict(self._parameters)

    @property
    def shape(self):
        return TensorShape(self._shape())

    @property
    def batch_shape(self):
        return self.shape[:-2]

    @property
    def tensor_rank(self):
        return self.shape.rank

    @property
    def domain_dimension(self):
        return self.shape[-1]

    @property
    def range_dimension(self):
        return self.shape[-2]

    def shape_tensor(self, name="shape_tensor"):
        return convert_to_tensor(np.array(self.shape.as_list(), np.int32))

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return convert_to_tensor(np.array(self.batch_shape.as_list(), np.int32))

    def domain_dimension_tensor(self, name="domain_dimension_tensor"):
        return convert_to_tensor(np.int32(self.domain_dimension))

    def range_dimension_tensor(self, name="range_dimension_tensor"):
        return convert_to_tensor(np.int32(self.range_dimension))

    def tensor_rank_tensor(self, name="tensor_rank_tensor"):
        return convert_to_tensor(np.int32(self.tensor_rank))

    @property
    def is_non_singular(self):
        return self._is_non_singular

    @property
    def is_self_adjoint(self):
        return self._is_self_adjoint

    @property
    def is_positive_definite(self):
        return self._is_positive_definite

    @property
    def is_square(self):
        shape = self.shape
        if shape[-1] is not None and shape[-2] is not None:
            return shape[-1] == shape[-2]
        return self._is_square_hint

    def _check_square(self, what):
        if self.is_square is False:
            raise NotImplementedError(f"{what} not implemented for an operator that is "
                                      "expected to not be square.")

    # --- what it computes ------------------------------------------------------------------
    def to_dense(self, name="to_dense"):
        return self._to_dense()

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """``A @ x`` (``A^H`` with `adjoint`, ``x^H`` with `adjoint_arg`); with another
        LinearOperator, their composition."""
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            return LinearOperatorComposition([left, right])
        x = _as_tensor(x, self.dtype)
        if adjoint_arg:
            x = _adjoint(x)
        return self._matmul(x, adjoint)

    def _matmul(self, x, adjoint):
        dense = self.to_dense()
        return _matmul(_adjoint(dense) if adjoint else dense, x)

    def matvec(self, x, adjoint=False, name="matvec"):
        x = _as_tensor(x, self.dtype)
        return array_ops.squeeze(self._matmul(array_ops.expand_dims(x, -1), adjoint), [-1])

    def __matmul__(self, other):
        return self.matmul(other)

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """``x`` with ``A @ x = rhs``."""
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is "
                                      "expected to be singular.")
        self._check_square("Exact solve")
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            return LinearOperatorComposition([left.inverse(), right])
        rhs = _as_tensor(rhs, self.dtype)
        if adjoint_arg:
            rhs = _adjoint(rhs)
        return self._solve(rhs, adjoint)

    def _solve(self, rhs, adjoint):
        dense = self.to_dense()
        dense, rhs = _broadcast_batch(_adjoint(dense) if adjoint else dense, rhs)
        return linalg_ops.solve(dense, rhs)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        rhs = _as_tensor(rhs, self.dtype)
        return array_ops.squeeze(self.solve(array_ops.expand_dims(rhs, -1), adjoint), [-1])

    def determinant(self, name="det"):
        self._check_square("Determinant")
        return self._determinant()

    def _determinant(self):
        return linalg_ops.det(self.to_dense())

    def log_abs_determinant(self, name="log_abs_det"):
        self._check_square("Log abs determinant")
        return self._log_abs_determinant()

    def _log_abs_determinant(self):
        return linalg_ops.slogdet(self.to_dense())[1]

    def trace(self, name="trace"):
        return math_ops.reduce_sum(self.diag_part(), axis=-1)

    def diag_part(self, name="diag_part"):
        return diag_part(self.to_dense())

    def add_to_tensor(self, x, name="add_to_tensor"):
        return math_ops.add(self.to_dense(), _as_tensor(x, self.dtype))

    def adjoint(self, name=None):
        return self if self.is_self_adjoint else LinearOperatorAdjoint(self)

    H = property(lambda self: self.adjoint())

    def inverse(self, name=None):
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular "
                             "matrix.")
        self._check_square("Inverse")
        return LinearOperatorInversion(self)

    def cholesky(self, name="cholesky"):
        if not (self.is_self_adjoint and self.is_positive_definite):
            raise ValueError("Cholesky decomposition only exists for self-adjoint positive "
                             "definite matrices.")
        return LinearOperatorLowerTriangular(linalg_ops.cholesky(self.to_dense()),
                                             is_non_singular=True, is_square=True)

    def eigvals(self, name="eigvals"):
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        return linalg_ops.eigvalsh(self.to_dense())

    def cond(self, name="cond"):
        singular = linalg_ops.svd(self.to_dense(), compute_uv=False)
        return math_ops.reduce_max(singular, axis=-1) / math_ops.reduce_min(singular, axis=-1)

    def assert_non_singular(self, name="assert_non_singular"):
        return None

    def assert_positive_definite(self, name="assert_positive_definite"):
        return None

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        return None


class LinearOperatorFullMatrix(LinearOperator):
    """An operator holding its whole matrix, ``[..., M, N]``."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorFullMatrix"):
        self._matrix = _as_tensor(matrix)
        if self._matrix.ndim < 2:
            raise ValueError(f"Argument `matrix` must have at least 2 dimensions. Received: "
                             f"{self._matrix}.")
        super().__init__(self._matrix.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name, {"matrix": matrix})

    def _shape(self):
        return self._matrix.shape.as_list()

    def _to_dense(self):
        return self._matrix


class LinearOperatorLowerTriangular(LinearOperator):
    """A lower-triangular matrix: only the lower part of `tril` (diagonal included) is used."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        self._tril = band_part(_as_tensor(tril), -1, 0)
        super().__init__(self._tril.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name, {"tril": tril})

    def _shape(self):
        return self._tril.shape.as_list()

    def _to_dense(self):
        return self._tril

    def _determinant(self):
        return math_ops.reduce_prod(diag_part(self._tril), axis=-1)

    def _log_abs_determinant(self):
        return math_ops.reduce_sum(math_ops.log(math_ops.abs(diag_part(self._tril))), axis=-1)

    def _solve(self, rhs, adjoint):
        tril, rhs = _broadcast_batch(self._tril, rhs)
        return linalg_ops.triangular_solve(tril, rhs, lower=True, adjoint=adjoint)


class LinearOperatorDiag(LinearOperator):
    """A diagonal matrix from its diagonal, ``[..., N]``."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorDiag"):
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        self._diag = _as_tensor(diag)
        if self._diag.ndim < 1:
            raise ValueError(f"Argument `diag` must have at least 1 dimension. Received: "
                             f"{self._diag}.")
        if is_self_adjoint is None and not self._diag.dtype.is_complex:
            is_self_adjoint = True
        super().__init__(self._diag.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name, {"diag": diag})

    def _shape(self):
        dims = self._diag.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        return diag(self._diag)

    def diag_part(self, name="diag_part"):
        return self._diag

    def _matmul(self, x, adjoint):
        d = complex_ops.conj(self._diag) if adjoint and self._diag.dtype.is_complex else self._diag
        return array_ops.expand_dims(d, -1) * x

    def _solve(self, rhs, adjoint):
        d = complex_ops.conj(self._diag) if adjoint and self._diag.dtype.is_complex else self._diag
        return rhs / array_ops.expand_dims(d, -1)

    def _determinant(self):
        return math_ops.reduce_prod(self._diag, axis=-1)

    def _log_abs_determinant(self):
        return math_ops.reduce_sum(math_ops.log(math_ops.abs(self._diag)), axis=-1)


class LinearOperatorScaledIdentity(LinearOperator):
    """``multiplier * I`` of size `num_rows` (`multiplier` may be a batch)."""

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorScaledIdentity"):
        self._num_rows = int(num_rows)
        self._multiplier = _as_tensor(multiplier)
        super().__init__(self._multiplier.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name,
                         {"num_rows": num_rows, "multiplier": multiplier})

    def _shape(self):
        return self._multiplier.shape.as_list() + [self._num_rows, self._num_rows]

    def _to_dense(self):
        ones = array_ops.ones(self._multiplier.shape.as_list() + [self._num_rows],
                              self._multiplier.dtype)
        return diag(ones * array_ops.expand_dims(self._multiplier, -1))

    def _matmul(self, x, adjoint):
        m = complex_ops.conj(self._multiplier) if adjoint and self.dtype.is_complex \
            else self._multiplier
        return x * array_ops.reshape(m, self._multiplier.shape.as_list() + [1, 1])

    def _determinant(self):
        return self._multiplier ** self._num_rows

    def _log_abs_determinant(self):
        return math_ops.log(math_ops.abs(self._multiplier)) * float(self._num_rows)


class LinearOperatorIdentity(LinearOperatorScaledIdentity):
    """The identity of size `num_rows` (with an optional batch shape)."""

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True,
                 is_self_adjoint=True, is_positive_definite=True, is_square=True,
                 assert_proper_shapes=False, name="LinearOperatorIdentity"):
        ones = np.ones(list(batch_shape or []),
                       dtypes.as_dtype(dtype or dtypes.float32).as_numpy_dtype)
        super().__init__(num_rows, ones, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, assert_proper_shapes, name)
        self._parameters = {"num_rows": num_rows, "batch_shape": batch_shape, "dtype": dtype}


class LinearOperatorZeros(LinearOperator):
    """The zero matrix, `num_rows` x `num_columns` (square by default)."""

    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None,
                 is_non_singular=False, is_self_adjoint=True, is_positive_definite=False,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorZeros"):
        self._rows = int(num_rows)
        self._columns = self._rows if num_columns is None else int(num_columns)
        self._batch = list(batch_shape or [])
        if is_square and self._rows != self._columns:
            raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                             f"num_rows({self._rows}) != num_columns({self._columns})")
        super().__init__(dtype or dtypes.float32, is_non_singular, is_self_adjoint,
                         is_positive_definite, self._rows == self._columns, name)

    def _shape(self):
        return self._batch + [self._rows, self._columns]

    def _to_dense(self):
        return array_ops.zeros(self._shape(), self.dtype)


class LinearOperatorTridiag(LinearOperator):
    """A tridiagonal matrix from its three diagonals: ``compact`` ``[..., 3, N]`` (super,
    main, sub; the super-diagonal's last and the sub-diagonal's first entry unused),
    ``sequence`` (a list of the three) or ``matrix`` (the full matrix)."""

    def __init__(self, diagonals, diagonals_format="compact", is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorTridiag"):
        if diagonals_format not in ("compact", "matrix", "sequence"):
            raise ValueError(f"Argument `diagonals_format` must be one of compact, matrix, "
                             f"or sequence. Received : {diagonals_format}.")
        if diagonals_format == "sequence":
            parts = [_as_tensor(d) for d in diagonals]
            self._super, self._main, self._sub = parts
        elif diagonals_format == "compact":
            compact = _as_tensor(diagonals)
            self._super, self._main, self._sub = array_ops.unstack(compact, axis=-2)
        else:
            dense = _as_tensor(diagonals)
            self._super = array_ops.pad(diag_part(dense, k=1), [[0, 0]] * (dense.ndim - 2)
                                        + [[0, 1]])
            self._main = diag_part(dense)
            self._sub = array_ops.pad(diag_part(dense, k=-1), [[0, 0]] * (dense.ndim - 2)
                                      + [[1, 0]])
        self._diagonals_format = diagonals_format
        super().__init__(self._main.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name,
                         {"diagonals": diagonals, "diagonals_format": diagonals_format})

    def _shape(self):
        dims = self._main.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        n = self._main.shape[-1]
        return (diag(self._main) + diag(self._super[..., :n - 1], k=1)
                + diag(self._sub[..., 1:], k=-1))


def _product_of_determinants(operators):
    result = operators[0].determinant()
    for op in operators[1:]:
        result = result * op.determinant()
    return result


def _sum_of_log_abs_determinants(operators):
    return math_ops.add_n([op.log_abs_determinant() for op in operators])


class _OperatorOfOperators(LinearOperator):
    """The common part of operators built from a list of others: their name is the parts'
    names joined by `joiner`, and their batch shape the broadcast of the parts'."""

    joiner = None
    # TF words this error one way for Kronecker and another for the rest.
    empty_error = "Expected a non-empty list of operators. Found: {}"

    def __init__(self, operators, is_non_singular, is_self_adjoint, is_positive_definite,
                 is_square, name):
        self._operators = list(operators)
        if not self._operators:
            raise ValueError(self.empty_error.format(operators))
        name = name or self.joiner.join(op.name for op in self._operators)
        super().__init__(self._operators[0].dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name, {"operators": operators})

    @property
    def operators(self):
        return self._operators

    def _batch(self):
        return list(np.broadcast_shapes(*[tuple(op.batch_shape.as_list())
                                          for op in self._operators]))


class LinearOperatorComposition(_OperatorOfOperators):
    """``operators[0] @ operators[1] @ ...``."""

    joiner = "_o_"

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        super().__init__(operators, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)

    def _shape(self):
        return self._batch() + [self._operators[0].shape[-2], self._operators[-1].shape[-1]]

    def _to_dense(self):
        dense = self._operators[-1].to_dense()
        for op in reversed(self._operators[:-1]):
            dense = op.matmul(dense)
        return dense

    def _matmul(self, x, adjoint):
        ops = self._operators if adjoint else list(reversed(self._operators))
        for op in ops:
            x = op.matmul(x, adjoint=adjoint)
        return x

    def _determinant(self):
        return _product_of_determinants(self._operators)

    def _log_abs_determinant(self):
        return _sum_of_log_abs_determinants(self._operators)


class LinearOperatorAdjoint(LinearOperator):
    """The adjoint (conjugate transpose) of `operator`."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        self._operator = operator
        super().__init__(operator.dtype, is_non_singular or operator.is_non_singular,
                         is_self_adjoint or operator.is_self_adjoint,
                         is_positive_definite or operator.is_positive_definite, is_square,
                         name or operator.name + "_adjoint", {"operator": operator})

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        dims = self._operator.shape.as_list()
        return dims[:-2] + [dims[-1], dims[-2]]

    def _to_dense(self):
        return _adjoint(self._operator.to_dense())

    def _matmul(self, x, adjoint):
        return self._operator.matmul(x, adjoint=not adjoint)

    def _solve(self, rhs, adjoint):
        return self._operator.solve(rhs, adjoint=not adjoint)

    def _determinant(self):
        det = self._operator.determinant()
        return complex_ops.conj(det) if det.dtype.is_complex else det

    def _log_abs_determinant(self):
        return self._operator.log_abs_determinant()


class LinearOperatorInversion(LinearOperator):
    """The inverse of `operator`: ``matmul`` solves with it, ``solve`` multiplies."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        self._operator = operator
        super().__init__(operator.dtype, True, is_self_adjoint or operator.is_self_adjoint,
                         is_positive_definite or operator.is_positive_definite, is_square,
                         name or operator.name + "_inv", {"operator": operator})

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        return self._operator.shape.as_list()

    def _to_dense(self):
        return linalg_ops.inv(self._operator.to_dense())

    def _matmul(self, x, adjoint):
        return self._operator.solve(x, adjoint=adjoint)

    def _solve(self, rhs, adjoint):
        return self._operator.matmul(rhs, adjoint=adjoint)

    def _determinant(self):
        return 1.0 / self._operator.determinant()

    def _log_abs_determinant(self):
        return -self._operator.log_abs_determinant()


def _split_blocks(x, sizes, axis):
    return array_ops.split(x, sizes, axis=axis) if len(sizes) > 1 else [x]


def _is_blockwise(sizes, x, axis):
    """Whether `x` is one argument per block (TF's rule): a list or tuple with one item per
    block whose items are not themselves lists, or whose sizes along `axis` are the blocks'.
    A plain list of numbers, ``[1., 1., 1.]``, of another length is one dense argument."""
    if not isinstance(x, (list, tuple)) or len(x) != len(sizes):
        return False
    if not any(isinstance(part, (list, tuple)) for part in x):
        return True
    return [_as_tensor(part).shape[axis] for part in x] == list(sizes)


class LinearOperatorBlockDiag(_OperatorOfOperators):
    """Square operators on the diagonal of a block matrix, zeros elsewhere."""

    joiner = "_ds_"

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name=None):
        super().__init__(operators, is_non_singular, is_self_adjoint, is_positive_definite,
                         True, name)

    def _shape(self):
        rows = sum(op.shape[-2] for op in self._operators)
        cols = sum(op.shape[-1] for op in self._operators)
        return self._batch() + [rows, cols]

    def _block(self, i, j):
        op = self._operators[i]
        if i == j:
            return array_ops.broadcast_to(op.to_dense(), self._batch() + op.shape[-2:].as_list())
        other = self._operators[j]
        return array_ops.zeros(self._batch() + [op.shape[-2], other.shape[-1]], self.dtype)

    def _to_dense(self):
        n = len(self._operators)
        rows = [array_ops.concat([self._block(i, j) for j in range(n)], -1) for i in range(n)]
        return array_ops.concat(rows, -2)

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        sizes = [op.shape[-1] for op in self._operators]
        if _is_blockwise(sizes, x, -1 if adjoint_arg else -2):  # one block out per block in
            return [op.matmul(part, adjoint=adjoint, adjoint_arg=adjoint_arg)
                    for op, part in zip(self._operators, x)]
        return super().matmul(x, adjoint, adjoint_arg, name)

    def matvec(self, x, adjoint=False, name="matvec"):
        if _is_blockwise([op.shape[-1] for op in self._operators], x, -1):
            return [op.matvec(part, adjoint=adjoint) for op, part in zip(self._operators, x)]
        return super().matvec(x, adjoint, name)

    def _determinant(self):
        return _product_of_determinants(self._operators)

    def _log_abs_determinant(self):
        return _sum_of_log_abs_determinants(self._operators)


class LinearOperatorBlockLowerTriangular(LinearOperator):
    """A block lower-triangular matrix: row ``i`` of `operators` holds ``i + 1`` operators,
    the last one on the diagonal (square)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorBlockLowerTriangular"):
        self._rows = [list(row) for row in operators]
        for i, row in enumerate(self._rows):
            if len(row) != i + 1:
                raise ValueError(f"Argument `operators[{i}]` must contain `{i + 1}` blocks. "
                                 f"Received: {len(row)} blocks.")
        super().__init__(self._rows[0][0].dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name, {"operators": operators})

    @property
    def operators(self):
        return self._rows

    def _diagonal(self):
        return [row[-1] for row in self._rows]

    def _batch(self):
        return list(np.broadcast_shapes(*[tuple(op.batch_shape.as_list())
                                          for row in self._rows for op in row]))

    def _shape(self):
        size = sum(op.shape[-1] for op in self._diagonal())
        return self._batch() + [size, size]

    def _to_dense(self):
        sizes = [op.shape[-1] for op in self._diagonal()]
        batch = self._batch()
        rows = []
        for i, row in enumerate(self._rows):
            blocks = [array_ops.broadcast_to(op.to_dense(), batch + op.shape[-2:].as_list())
                      for op in row]
            blocks += [array_ops.zeros(batch + [sizes[i], sizes[j]], self.dtype)
                       for j in range(i + 1, len(self._rows))]
            rows.append(array_ops.concat(blocks, -1))
        return array_ops.concat(rows, -2)

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        sizes = [op.shape[-1] for op in self._diagonal()]
        if _is_blockwise(sizes, x, -1 if adjoint_arg else -2):
            if adjoint or adjoint_arg:
                return self._split_result(super().matmul(
                    array_ops.concat([_as_tensor(p) for p in x], -2), adjoint, adjoint_arg))
            return [math_ops.add_n([op.matmul(x[j]) for j, op in enumerate(row)])
                    for row in self._rows]
        return super().matmul(x, adjoint, adjoint_arg, name)

    def matvec(self, x, adjoint=False, name="matvec"):
        if _is_blockwise([op.shape[-1] for op in self._diagonal()], x, -1):
            if adjoint:
                return self._split_result(super().matvec(
                    array_ops.concat([_as_tensor(p) for p in x], -1), adjoint), axis=-1)
            return [math_ops.add_n([op.matvec(x[j]) for j, op in enumerate(row)])
                    for row in self._rows]
        return super().matvec(x, adjoint, name)

    def _split_result(self, y, axis=-2):
        return _split_blocks(y, [op.shape[-1] for op in self._diagonal()], axis)

    def _determinant(self):
        return _product_of_determinants(self._diagonal())

    def _log_abs_determinant(self):
        return _sum_of_log_abs_determinants(self._diagonal())


class LinearOperatorKronecker(_OperatorOfOperators):
    """The Kronecker product of `operators` (``kron(A, B)[i*p + k, j*q + l] = A[i,j]
    B[k,l]``)."""

    joiner = "_x_"
    empty_error = "Argument `operators` must be a list of >=1 operators. Received: {}."

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None):
        super().__init__(operators, is_non_singular, is_self_adjoint, is_positive_definite,
                         is_square, name)

    def _shape(self):
        batch = self._batch()
        rows = int(np.prod([op.shape[-2] for op in self._operators]))
        cols = int(np.prod([op.shape[-1] for op in self._operators]))
        return batch + [rows, cols]

    def _to_dense(self):
        dense = self._operators[0].to_dense()
        for op in self._operators[1:]:
            other = op.to_dense()
            m, n = dense.shape[-2], dense.shape[-1]
            p, q = other.shape[-2], other.shape[-1]
            product = (array_ops.expand_dims(array_ops.expand_dims(dense, -1), -3)
                       * array_ops.expand_dims(array_ops.expand_dims(other, -3), -2))
            batch = product.shape.as_list()[:-4]
            dense = array_ops.reshape(product, batch + [m * p, n * q])
        return dense


# --- structured square matrices ------------------------------------------------------------
class LinearOperatorToeplitz(LinearOperator):
    """A Toeplitz matrix (constant along each diagonal) from its first column `col` and first
    row `row` (``row[0]`` is not used: the diagonal is ``col[0]``)."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorToeplitz"):
        self._col, self._row = _as_tensor(col), None
        self._row = _as_tensor(row, dtype=self._col.dtype)
        super().__init__(self._col.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name, {"col": col, "row": row})

    @property
    def col(self):
        return self._col

    @property
    def row(self):
        return self._row

    def _shape(self):
        dims = self._col.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        # entry (i, j) is col[i - j] below the diagonal, row[j - i] above it: one gather from
        # [row reversed (without row[0]), col] at offset i - j + n - 1
        n = self._col.shape[-1]
        values = array_ops.concat([array_ops.reverse(self._row[..., 1:], [-1]), self._col], -1)
        offsets = np.arange(n)[:, None] - np.arange(n)[None, :] + n - 1
        return array_ops.gather(values, convert_to_tensor(offsets.astype(np.int32)), axis=-1)


class LinearOperatorPermutation(LinearOperator):
    """The permutation matrix of `perm`: row i has its 1 in column ``perm[i]``, so
    ``matvec(x)`` is ``x[perm]``."""

    def __init__(self, perm, dtype=dtypes.float32, is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorPermutation"):
        self._perm = convert_to_tensor(perm)
        if not self._perm.dtype.is_integer:
            raise TypeError(f"Argument `perm` must be integer dtype. Received: "
                            f"{self._perm.dtype}.")
        super().__init__(dtype, True if is_non_singular is None else is_non_singular,
                         is_self_adjoint, is_positive_definite, True, name,
                         {"perm": perm, "dtype": dtype})

    @property
    def perm(self):
        return self._perm

    def _shape(self):
        dims = self._perm.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        return array_ops.one_hot(self._perm, self._perm.shape[-1], dtype=self.dtype)

    def _determinant(self):
        # +1 or -1: the sign of the permutation (the parity of its cycles' lengths minus one)
        perms = self._perm.numpy().reshape(-1, self._perm.shape[-1])
        signs = [_permutation_sign(p) for p in perms]
        shape = self._perm.shape.as_list()[:-1]
        return convert_to_tensor(np.array(signs, self.dtype.as_numpy_dtype).reshape(shape))

    def _log_abs_determinant(self):
        return array_ops.zeros(self._perm.shape.as_list()[:-1], dtype=self.dtype)


def _permutation_sign(perm):
    seen, sign = set(), 1
    for start in range(len(perm)):
        length, i = 0, start
        while i not in seen:
            seen.add(i)
            i, length = int(perm[i]), length + 1
        if length and length % 2 == 0:
            sign = -sign
    return sign


class LinearOperatorHouseholder(LinearOperator):
    """The reflection ``I - 2 v v^H`` through the hyperplane orthogonal to `reflection_axis`
    (``v`` is that axis normalized): self-adjoint, its own inverse, determinant -1."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None,
                 name="LinearOperatorHouseholder"):
        self._axis = _as_tensor(reflection_axis)
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_positive_definite is True:
            raise ValueError("A Householder operator is always non-positive definite.")
        super().__init__(self._axis.dtype, True if is_non_singular is None else
                         is_non_singular, True, is_positive_definite, True, name,
                         {"reflection_axis": reflection_axis})

    @property
    def reflection_axis(self):
        return self._axis

    def _shape(self):
        dims = self._axis.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        v = linalg_ops.l2_normalize(self._axis, axis=-1)  # (TF normalizes first, too)
        outer = array_ops.expand_dims(v, -1) * array_ops.expand_dims(
            complex_ops.conj(v) if v.dtype.is_complex else v, -2)
        n = self._axis.shape[-1]
        return array_ops.eye(n, dtype=self.dtype) - 2 * outer

    def _determinant(self):
        return -array_ops.ones(self._axis.shape.as_list()[:-1], dtype=self.dtype)

    def _log_abs_determinant(self):
        return array_ops.zeros(self._axis.shape.as_list()[:-1], dtype=self.dtype)


class LinearOperatorLowRankUpdate(LinearOperator):
    """``base + U diag(d) V^H``: a base operator plus a low-rank term (``V`` defaults to
    ``U``, ``d`` to ones)."""

    def __init__(self, base_operator, u, diag_update=None, v=None,
                 is_diag_update_positive=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorLowRankUpdate"):
        self._base = base_operator
        self._u = _as_tensor(u, dtype=base_operator.dtype)
        self._v = self._u if v is None else _as_tensor(v, dtype=base_operator.dtype)
        self._diag_update = None if diag_update is None else _as_tensor(
            diag_update, dtype=base_operator.dtype)
        if is_self_adjoint is None and v is None and base_operator.is_self_adjoint:
            is_self_adjoint = True  # U D U^H added to a self-adjoint matrix stays one
        super().__init__(base_operator.dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, is_square, name,
                         {"base_operator": base_operator, "u": u, "diag_update": diag_update,
                          "v": v, "is_diag_update_positive": is_diag_update_positive})

    @property
    def base_operator(self):
        return self._base

    @property
    def u(self):
        return self._u

    @property
    def v(self):
        return self._v

    @property
    def diag_update(self):
        return self._diag_update

    def _shape(self):
        return self._base.shape.as_list()

    def _to_dense(self):
        u = self._u
        if self._diag_update is not None:
            u = u * array_ops.expand_dims(self._diag_update, -2)
        return self._base.to_dense() + _matmul(u, _adjoint(self._v))


class LinearOperatorCirculant(LinearOperator):
    """A circulant matrix (each row the one above shifted right by one) given by its
    `spectrum`, the FFT of its first column: its eigenvalues. Acts on
    `input_output_dtype` tensors (complex64 unless told)."""

    def __init__(self, spectrum, input_output_dtype=dtypes.complex64, is_non_singular=None,
                 is_self_adjoint=None, is_positive_definite=None, is_square=True,
                 name="LinearOperatorCirculant"):
        self._spectrum = convert_to_tensor(spectrum)
        if not self._spectrum.dtype.is_complex:
            self._spectrum = math_ops.cast(self._spectrum, dtypes.complex64)
        super().__init__(input_output_dtype, is_non_singular, is_self_adjoint,
                         is_positive_definite, True, name,
                         {"spectrum": spectrum, "input_output_dtype": input_output_dtype})

    @property
    def spectrum(self):
        return self._spectrum

    def _shape(self):
        dims = self._spectrum.shape.as_list()
        return dims + dims[-1:]

    def _to_dense(self):
        from .fft_ops import ifft
        kernel = ifft(self._spectrum)  # the first column
        n = self._spectrum.shape[-1]
        shifts = (np.arange(n)[:, None] - np.arange(n)[None, :]) % n
        dense = array_ops.gather(kernel, convert_to_tensor(shifts.astype(np.int32)), axis=-1)
        if not self.dtype.is_complex:
            dense = complex_ops.real(dense)
        return math_ops.cast(dense, self.dtype)


__all__ = [name for name in dir() if name.startswith("LinearOperator")]
