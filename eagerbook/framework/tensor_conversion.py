"""``tf.register_tensor_conversion_function``: teaches ``tf.convert_to_tensor`` (and so every
op) to accept a user's own type.

eagerbook's conversion asks a value's type for an ``_as_tensor`` method (Variables have one);
registering a function gives the user's type (and its subclasses) that method, which calls the
function with TF's arguments and checks what it returns.
"""

import numbers

import numpy as np

from ..core.tensor import Tensor

# TF refuses these: their conversion is built in and must stay so.
_BUILT_IN = (numbers.Number, np.ndarray, np.generic)


def _as_tensor_method(base_type, conversion_func):
    def _as_tensor(value, dtype=None):
        tensor = conversion_func(value, dtype=dtype, name=None, as_ref=False)
        if not isinstance(tensor, Tensor):
            raise RuntimeError(f"Conversion function {conversion_func!r} for type {base_type} "
                               f"returned non-Tensor: {tensor!r}")
        if dtype is not None and tensor.dtype != dtype:
            raise RuntimeError(f"Conversion function {conversion_func!r} for type {base_type} "
                               f"returned incompatible dtype: requested = {dtype.name}, "
                               f"actual = {tensor.dtype.name}")
        return tensor
    return _as_tensor


def register_tensor_conversion_function(base_type, conversion_func, priority=100):
    """Makes values of `base_type` (a type or a tuple of types) convertible to Tensors with
    ``conversion_func(value, dtype=None, name=None, as_ref=False)``."""
    types = base_type if isinstance(base_type, tuple) else (base_type,)
    if not all(isinstance(t, type) for t in types):
        raise TypeError(f"Argument `base_type` must be a type or a tuple of types. Obtained: "
                        f"{base_type}")
    if any(issubclass(t, _BUILT_IN) for t in types):
        raise TypeError("Cannot register conversions for Python numeric types and NumPy scalars "
                        "and arrays.")
    if not callable(conversion_func):
        raise TypeError(f"Argument `conversion_func` must be callable. Received "
                        f"{conversion_func}.")
    for t in types:  # (priority orders several functions for one type; one is kept here)
        t._as_tensor = staticmethod(_as_tensor_method(t, conversion_func))
