"""The errors of an optimizer step given a gradient that does not fit its variable.

TF 2's Keras optimizers build each rule from small ops, so a gradient of the wrong shape or
dtype fails at the first op that meets both: a ``Sub`` for Adam, Adamax and Nadam, an ``AddV2``
for SGD's update, RMSprop, Adadelta and Ftrl, Adagrad's accumulator update. The messages below
are theirs, word for word; the operands' order is the rule's. Only the failure path comes here
(``optimizer.py`` checks shape and dtype on every step).
"""

from ...core import dtypes
from ...core.tensor import _from_numpy
from ...ops.registry import invalid_argument
from ...ops.support import tf_type_name

# rule -> (the first op meeting gradient and variable, whether the gradient comes first there)
_FIRST_OP = {"SGD": ("AddV2", True), "Adam": ("Sub", True), "Adamax": ("Sub", True),
             "Nadam": ("Sub", True), "Ftrl": ("AddV2", True), "RMSprop": ("AddV2", False),
             "Adadelta": ("AddV2", False), "Adagrad": ("AssignAddVariableOp", False)}


def _rule(optimizer):
    return next((c.__name__ for c in type(optimizer).__mro__ if c.__name__ in _FIRST_OP), "SGD")


def shape_error(optimizer, grad_shape, var_shape):
    op, grad_first = _FIRST_OP[_rule(optimizer)]
    if op == "AssignAddVariableOp":
        return invalid_argument(op, f"Cannot update variable with shape {_dims(var_shape)} "
                                    f"using a Tensor with shape {_dims(grad_shape)}, shapes "
                                    f"must be equal.")
    first, second = (grad_shape, var_shape) if grad_first else (var_shape, grad_shape)
    return invalid_argument(op, f"Incompatible shapes: {_dims(first)} vs. {_dims(second)}")


def dtype_error(optimizer, grad, var_dtype):
    """`grad`: the gradient's array (eagerly) or tensor."""
    rule = _rule(optimizer)
    grad_dtype, var_dtype = dtypes.as_dtype(grad.dtype), dtypes.as_dtype(var_dtype)
    if rule == "Adagrad":  # its squared gradient meets the float accumulator
        squared = _from_numpy(grad * grad) if not hasattr(grad, "_dtype") else grad * grad
        return ValueError(f"Tensor conversion requested dtype {var_dtype.name} for Tensor with "
                          f"dtype {grad_dtype.name}: {squared!r}")
    if rule in ("RMSprop", "Adadelta") and grad_dtype.is_integer:  # (1 - rho) * g^2 first
        return TypeError(f"Cannot convert {1 - float(optimizer.rho)!r} to EagerTensor of dtype "
                         f"{grad_dtype.name}")
    op, grad_first = _FIRST_OP[rule]
    op = "Mul" if rule == "SGD" else op  # (SGD scales the gradient first)
    expected, got = (grad_dtype, var_dtype) if grad_first else (var_dtype, grad_dtype)
    return invalid_argument(op, f"cannot compute {op} as input #1(zero-based) was expected to "
                                f"be a {tf_type_name(expected)} tensor but is a "
                                f"{tf_type_name(got)} tensor")


def _dims(shape):
    return str(list(shape)).replace(" ", "")
