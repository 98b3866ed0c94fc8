"""The two operands ``x * y`` meets most often besides a tensor, converted in one step.

``x * 0.5`` (a Python float with a float tensor) and ``x * w`` (a Variable of x's dtype) take
the public function's road, ``binary`` -> ``support.binary_operands`` -> the op's road: three
Python calls more than two tensors, on every step of a training loop (a learning rate, a
parameter). ``x + y``'s one-frame road (``registry.ufunc_road``) converts them here instead,
as ``binary_operands`` does, and goes on as for two tensors; anything else, or a case where
the conversion could fail or be seen (a float while a tape records), returns None and takes
the public function's road. tests/test_common_operands.py holds the two roads equal.
"""

import numpy as np

from ..core import dtypes
from ..core.context import state
from ..core.tensor import EagerTensor
from ..core.variable import ResourceVariable

_FLOATS = frozenset((dtypes.float16, dtypes.float32, dtypes.float64))  # (support.FLOAT_SET)
_np_array = np.array


def common_operand(x, y, accepted):
    """`y` converted as ``binary_operands(x, y)`` converts it, if `x` is an eager tensor of a
    dtype in `accepted` and `y` a Python float (eagerly, nothing recording) or a Variable of
    x's dtype; else None."""
    if type(x) is not EagerTensor or x._dtype not in accepted:
        return None
    if type(y) is float:
        if x._dtype not in _FLOATS or state.hooked:
            return None
        operand = EagerTensor()  # (made as _from_numpy makes it, the dtype known)
        operand._dtype, operand._tape_mark = x._dtype, None
        operand._value = _np_array(y, x._dtype._np)
        return operand
    if type(y) is ResourceVariable and y._dtype is x._dtype:
        return y._as_tensor()  # (a read a tape records, or a traced read: as binary_operands)
    return None
