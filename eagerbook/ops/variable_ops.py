"""A Variable's read and its three assignments, as registered ops.

Eagerly a Variable reads and rebinds its own array (``core/variable.py``); a read while a tape
or an observer listens is reported to them as a ``ReadVariableOp`` (the recorders' one method,
``record``), which is how a tape watches trainable Variables on first read. Inside
``tf.function`` these are the graph's ops: their kernels take the Variable itself (the graph's
resource handle).
"""

import numpy as np

from ..core import variable as variable_module
from .math_ops import _identity
from .registry import define


def _read_variable(variable):
    return variable._value


def _read_variable_grad(op, dy):
    return [dy]  # the value read is the Variable's value: the gradient passes straight through


def _assign(variable, value):
    variable._value = np.asarray(value)  # rebinds: tensors read earlier keep their arrays
    return ()


def _assign_add(variable, value):
    variable._value = np.asarray(variable._value + value)
    return ()


def _assign_sub(variable, value):
    variable._value = np.asarray(variable._value - value)
    return ()


READ_VARIABLE = define("ReadVariableOp", _read_variable, grad=_read_variable_grad)
ASSIGN_OPS = {
    name: define(name, kernel, stateful=True, differentiable=False, num_outputs=0)
    for name, kernel in [("AssignVariableOp", _assign), ("AssignAddVariableOp", _assign_add),
                         ("AssignSubVariableOp", _assign_sub)]
}

# core may not import ops: the Variable class learns which op its reads are reported as.
variable_module.READ_VARIABLE = READ_VARIABLE
variable_module.IDENTITY = _identity
