"""Checks on Python values converted to a Tensor of a given dtype (``tf.constant(300,
tf.uint8)``), as TF 2 makes them; kept out of ``tensor.py`` so that a first reader can skip them.
"""

import builtins

from . import dtypes

# TF's errors name dtypes as its C++ kernels do.
_KERNEL_TYPE_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


def kernel_type_name(dtype):
    return _KERNEL_TYPE_NAMES.get(dtype.name, dtype.name)


def check_python_value_fits(value, dtype):
    """TF refuses to silently change a Python value's kind: 1.5 -> int32 is a TypeError.
    Returns True when an integer does not fit `dtype` but fits int64: TF then wraps it around
    (``tf.constant(300, tf.uint8)`` is 44)."""
    wraps = False
    kernel_name = kernel_type_name(dtype)
    for item in flat_python(value):
        if isinstance(item, builtins.bool):
            ok = dtype.is_bool or dtype.is_integer or dtype.is_floating or dtype.is_complex
        elif isinstance(item, int):
            ok = dtype.is_integer or dtype.is_floating or dtype.is_complex
            if ok and dtype.is_integer and not dtype.min <= item <= dtype.max:
                if dtype is dtypes.uint64 or not -(2**63) <= item < 2**63:
                    if dtype is not dtypes.uint64:
                        raise ValueError("Can't convert Python sequence with out-of-range "
                                         "integer to Tensor.")
                    raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype "
                                    f"{kernel_name}: {item} is out of range")
                wraps = True
        elif isinstance(item, float):
            ok = dtype.is_floating or dtype.is_complex
        elif isinstance(item, complex):
            ok = dtype.is_complex
        elif isinstance(item, (str, bytes)):
            ok = dtype is dtypes.string
        else:
            ok = True  # NumPy scalars and other numbers: let NumPy convert
        if not ok:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {kernel_name}")
    return wraps


def check_int64_range(value):
    """TF has no default dtype for a Python int outside int64's range (NumPy would choose
    uint64, float64 or object)."""
    for item in flat_python(value):
        if isinstance(item, int) and not -(2**63) <= item < 2**63:
            raise ValueError("Can't convert Python sequence with out-of-range integer to "
                             "Tensor.")


def flat_python(value):
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        else:
            yield item
