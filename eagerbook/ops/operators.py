"""Python's operators are ops too: ``a + b`` is ``tf.math.add(a, b)``, ``a[1:]`` a strided slice.

``OPERATORS`` is the one table saying which op each operator calls, like TF's math_ops does;
``install`` gives it to ``Tensor`` (the op functions themselves become the methods, so
``a + b`` costs no extra call), to ``Variable`` (which reads its value first) and hands it to
``KerasTensor`` (which turns arithmetic into a layer of the functional graph). ``core`` holds
only the classes: the table lives here because its entries are ops (core may not import ops).
"""

from ..core import dtypes
from ..core import tensor as tensor_module
from ..core import variable as variable_module
from ..core.errors import InvalidArgumentError
from ..core.tensor import Tensor, convert_to_tensor, is_tensor
from . import array_ops, math_ops


def _logical_or_bitwise(name, logical, bitwise):
    """`&`, `|`, `^`: logical on bools, bitwise on integers. The first tensor's dtype picks the
    op, as in TF, so a mismatch is named after the op that was chosen."""
    def apply(x, y):
        first = x if is_tensor(x) else y
        return logical(x, y) if first.dtype is dtypes.bool else bitwise(x, y)
    apply.__name__ = name
    return apply


_and = _logical_or_bitwise("_and", math_ops.logical_and, math_ops.bitwise_and)
_or = _logical_or_bitwise("_or", math_ops.logical_or, math_ops.bitwise_or)
_xor = _logical_or_bitwise("_xor", math_ops.logical_xor, math_ops.bitwise_xor)


def _invert(x):
    return math_ops.logical_not(x) if x._dtype is dtypes.bool else math_ops.invert(x)


def _eq(self, other):
    """TF 2: elementwise, but `t == None` is False and shapes that do not broadcast give False
    (TF's Equal with incompatible_shape_error=False). Other bad input raises, as in TF. With
    tensor equality disabled (TF 1.x's behaviour), the identity test."""
    if not Tensor._USE_EQUALITY:
        return self is other
    return _compare(math_ops.equal, self, other, False)


def _ne(self, other):
    if not Tensor._USE_EQUALITY:
        return self is not other
    return _compare(math_ops.not_equal, self, other, True)


def _compare(op, x, y, if_incompatible):
    if y is None:
        return if_incompatible
    try:
        return op(x, y)
    except InvalidArgumentError as error:
        if "Incompatible shapes" not in str(error):  # (a dtype mismatch: TF raises too)
            raise
        return convert_to_tensor(if_incompatible)


# (operator, the function it calls, its reflected form `__rop__` or None, its TF name).
# Arithmetic rows are the ones a KerasTensor supports too.
ARITHMETIC = [
    ("__add__", math_ops.add, "__radd__", "tf.math.add"),
    ("__sub__", math_ops.subtract, "__rsub__", "tf.math.subtract"),
    ("__mul__", math_ops.multiply, "__rmul__", "tf.math.multiply"),
    ("__truediv__", math_ops.truediv, "__rtruediv__", "tf.math.truediv"),
    ("__floordiv__", math_ops.floordiv, "__rfloordiv__", "tf.math.floordiv"),
    ("__mod__", math_ops.floormod, "__rmod__", "tf.math.floormod"),
    ("__pow__", math_ops.pow, "__rpow__", "tf.math.pow"),
    ("__matmul__", math_ops.matmul, "__rmatmul__", "tf.linalg.matmul"),
    ("__neg__", math_ops.negative, None, "tf.math.negative"),
    ("__abs__", math_ops.abs, None, "tf.math.abs"),
]
OPERATORS = ARITHMETIC + [
    ("__invert__", _invert, None, "tf.math.invert"),
    ("__and__", _and, "__rand__", "tf.math.logical_and"),
    ("__or__", _or, "__ror__", "tf.math.logical_or"),
    ("__xor__", _xor, "__rxor__", "tf.math.logical_xor"),
    ("__lt__", math_ops.less, None, "tf.math.less"),
    ("__le__", math_ops.less_equal, None, "tf.math.less_equal"),
    ("__gt__", math_ops.greater, None, "tf.math.greater"),
    ("__ge__", math_ops.greater_equal, None, "tf.math.greater_equal"),
    ("__eq__", _eq, None, "tf.math.equal"),
    ("__ne__", _ne, None, "tf.math.not_equal"),
]


def reflected(fn):
    """`b.__radd__(a)` computes `a + b`: the same op with the operands swapped."""
    def swapped(self, other):
        return fn(other, self)
    swapped.__name__ = f"reflected_{fn.__name__}"
    return swapped


def methods(rows=OPERATORS):
    """{dunder name: function} for `rows`, reflected forms included."""
    out = {}
    for name, fn, reflected_name, _ in rows:
        out[name] = fn
        if reflected_name is not None:
            out[reflected_name] = reflected(fn)
    return out


def _reads_first(name, method):
    """A Variable's operator: read the current value (a recorded read), then the Tensor's."""
    def delegate(self, *args):
        return method(self._as_tensor(), *args)
    delegate.__name__ = name
    return delegate


def _variable_equality(name, method, identity):
    """A Variable's `==` / `!=`: its value's, or (tensor equality disabled) the Variable's own
    identity, not its value's."""
    read_first = _reads_first(name, method)

    def compare(self, other):
        if not Tensor._USE_EQUALITY:
            return identity(self, other)
        return read_first(self, other)
    compare.__name__ = name
    return compare


def install():
    """Attaches the table to Tensor and Variable (called once by ``eagerbook.ops``)."""
    table = methods()
    for name, fn in table.items():
        setattr(Tensor, name, fn)
    Tensor.__getitem__ = array_ops.tensor_getitem
    for name, fn in table.items():  # (Variable has its own __getitem__: sliced assignment)
        setattr(variable_module.Variable, name, _reads_first(name, fn))
    variable_module.Variable.__eq__ = _variable_equality("__eq__", _eq, lambda a, b: a is b)
    variable_module.Variable.__ne__ = _variable_equality("__ne__", _ne, lambda a, b: a is not b)
    # `tf.constant([t1, t2])`: a list holding tensors packs with a differentiable `stack`.
    tensor_module._pack_hook = array_ops.stack
