"""Python operators on Tensors (``a + b``, ``a @ b``, ``a[1:, ::2]``, ...) are ops too.

They are attached here, once the op functions exist, like TF's math_ops does.
"""

from ..core import dtypes
from ..core import tensor as tensor_module
from ..core import variable as variable_module
from ..core.errors import InvalidArgumentError
from ..core.tensor import Tensor, convert_to_tensor
from . import array_ops, math_ops


def _reverse(fn):
    def reflected(self, other):
        return fn(other, self)
    return reflected


def _and(x, y):
    x, y = _logical_or_bitwise_operands(x, y)
    return math_ops.logical_and(x, y) if x._dtype is dtypes.bool else \
        math_ops.bitwise_and(x, y)


def _or(x, y):
    x, y = _logical_or_bitwise_operands(x, y)
    return math_ops.logical_or(x, y) if x._dtype is dtypes.bool else math_ops.bitwise_or(x, y)


def _xor(x, y):
    x, y = _logical_or_bitwise_operands(x, y)
    return math_ops.logical_xor(x, y) if x._dtype is dtypes.bool else \
        math_ops.bitwise_xor(x, y)


def _logical_or_bitwise_operands(x, y):
    from .support import binary_operands
    return binary_operands(x, y, "LogicalAnd")


def _invert(x):
    return math_ops.logical_not(x) if x._dtype is dtypes.bool else math_ops.invert(x)


def _eq(self, other):
    """TF 2: elementwise, but `t == None` is False and incompatible shapes give False."""
    if other is None:
        return False
    try:
        return math_ops.equal(self, other)
    except (InvalidArgumentError, TypeError, ValueError):
        return convert_to_tensor(False)


def _ne(self, other):
    if other is None:
        return True
    try:
        return math_ops.not_equal(self, other)
    except (InvalidArgumentError, TypeError, ValueError):
        return convert_to_tensor(True)


def install():
    T = Tensor
    T.__add__ = math_ops.add
    T.__radd__ = _reverse(math_ops.add)
    T.__sub__ = math_ops.subtract
    T.__rsub__ = _reverse(math_ops.subtract)
    T.__mul__ = math_ops.multiply
    T.__rmul__ = _reverse(math_ops.multiply)
    T.__truediv__ = math_ops.truediv
    T.__rtruediv__ = _reverse(math_ops.truediv)
    T.__floordiv__ = math_ops.floordiv
    T.__rfloordiv__ = _reverse(math_ops.floordiv)
    T.__mod__ = math_ops.floormod
    T.__rmod__ = _reverse(math_ops.floormod)
    T.__pow__ = math_ops.pow
    T.__rpow__ = _reverse(math_ops.pow)
    T.__matmul__ = math_ops.matmul
    T.__rmatmul__ = _reverse(math_ops.matmul)
    T.__neg__ = math_ops.negative
    T.__abs__ = math_ops.abs
    T.__pos__ = lambda self: self
    T.__invert__ = _invert
    T.__and__ = _and
    T.__rand__ = _reverse(_and)
    T.__or__ = _or
    T.__ror__ = _reverse(_or)
    T.__xor__ = _xor
    T.__rxor__ = _reverse(_xor)
    T.__lt__ = math_ops.less
    T.__le__ = math_ops.less_equal
    T.__gt__ = math_ops.greater
    T.__ge__ = math_ops.greater_equal
    T.__eq__ = _eq
    T.__ne__ = _ne
    T.__hash__ = _unhashable
    T.__getitem__ = array_ops.tensor_getitem
    tensor_module._pack_hook = lambda values: array_ops.stack(values)
    variable_module.install_tensor_operators()


def _unhashable(self):
    raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")
