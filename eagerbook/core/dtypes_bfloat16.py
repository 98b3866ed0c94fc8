"""``tf.bfloat16``: float32's exponent with 8 bits of mantissa (``tf.dtypes``' other types are
in dtypes.py).

Its values are NumPy's bfloat16 type from the ml_dtypes package, as TF's own are: tensors hold
it and cast to and from it, and print as TF prints them. eagerbook's kernels do not compute in
it (an op given it says so). Without the package it is a dtype no tensor can hold.
"""

import numpy as np

from . import dtypes

try:
    from ml_dtypes import bfloat16 as _numpy_type
    from ml_dtypes import finfo as _finfo
except ImportError:
    _numpy_type, _finfo = np.dtype([("bfloat16", np.uint16)]), None

AVAILABLE = _finfo is not None  # (NumPy's bfloat16 type is there)


class _BFloat16(dtypes.DType):
    """A float NumPy itself does not know (its kind is "V", a plain record, to NumPy)."""

    __slots__ = ()
    is_floating = property(lambda self: True)
    min = property(lambda self: _finfo(self._np).min)
    max = property(lambda self: _finfo(self._np).max)


bfloat16 = _BFloat16("bfloat16", _numpy_type)

# tf.as_dtype finds it by name and by TF's DataType number (DT_BFLOAT16), and arrays by type
dtypes._BY_NAME["bfloat16"] = bfloat16
dtypes._BY_ENUM[14] = bfloat16
if AVAILABLE:
    dtypes._BY_NUMPY[bfloat16._np] = bfloat16
