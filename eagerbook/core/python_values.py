"""Checks on Python values converted to a Tensor of a given dtype (``tf.constant(300,
tf.uint8)``), as TF 2 makes them; kept out of ``tensor.py`` so that a first reader can skip them.
"""

import builtins

import numpy as np

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
        if isinstance(item, builtins.bool):  # (TF's converters of these dtypes take a bool)
            ok = dtype in _TAKE_BOOL
        elif isinstance(item, int):
            if not (dtype is dtypes.uint64 or dtype.is_floating or -(2**63) <= item < 2**63):
                raise ValueError("Can't convert Python sequence with out-of-range integer to "
                                 "Tensor.")
            ok = dtype.is_integer or dtype.is_floating or dtype.is_complex
            if ok and dtype.is_integer and not dtype.min <= item <= dtype.max:
                if dtype is dtypes.uint64:
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


_TAKE_BOOL = frozenset({dtypes.bool, dtypes.int32, dtypes.int64, dtypes.uint64, dtypes.float16,
                        dtypes.float32, dtypes.float64, dtypes.complex128})
_BOOL_AS_NUMBER = frozenset({dtypes.int32, dtypes.int64, dtypes.float16, dtypes.float32,
                             dtypes.float64})
_FLOAT32_MAX = float(np.finfo(np.float32).max)
_MIXED = "Can't convert Python sequence with mixed types to Tensor."
_ONE_KIND = frozenset({builtins.bool, int, float, complex, str, bytes})  # (plain leaves)
_SEQUENCES = frozenset({list, tuple, range})


def _kind(item):
    """The kind TF infers for one element (NumPy scalars count as their Python kind)."""
    if isinstance(item, (builtins.bool, np.bool_)):
        return "bool"
    if isinstance(item, (int, np.integer)):
        return "int"
    if isinstance(item, (float, np.floating)):
        return "float"
    if isinstance(item, (complex, np.complexfloating)):
        return "complex"
    if isinstance(item, (str, bytes)):
        return "string"
    return None  # (a NumPy array inside a list: NumPy decides)


def check_python_kinds(value, dtype):
    """TF infers one kind for a nested sequence, element by element in order: the first
    element's kind, which an int may widen to float (and a complex first element takes ints
    and floats). Any other mix is TF's ValueError, as is None."""
    if type(value) in _ONE_KIND:
        return  # a lone scalar
    types = _leaf_types(value)
    if len(types) <= 1 and types <= _ONE_KIND:
        return  # (the common case, one Python type throughout, found at C speed)
    kind = None
    for item in flat_python(value):
        if item is None:
            if kind is None:
                raise ValueError("Attempt to convert a value (None) with an unsupported type "
                                 "(<class 'NoneType'>) to a Tensor.")
            raise ValueError(_MIXED)
        this = _kind(item)
        if this is None or this == kind:
            continue
        if kind is None or (kind == "int" and this == "float"):
            kind = this
        elif (kind == "float" and this == "int") or (kind == "complex" and this in ("int",
                                                                                   "float")):
            continue
        elif dtype is dtypes.complex128 and {kind, this} <= {"int", "float", "complex"}:
            kind = "complex"  # (TF's complex128 converter takes any number)
        elif dtype in _BOOL_AS_NUMBER and {kind, this} <= {"bool", "int", "float"}:
            continue  # (these dtypes' converters take bools as numbers)
        else:
            raise ValueError(_MIXED)



def _leaf_types(value):
    """The types of the leaves of a nested list/tuple/range."""
    types = set(map(type, value))
    if types & _SEQUENCES:
        types -= _SEQUENCES
        for row in value:
            if type(row) in _SEQUENCES:
                types |= _leaf_types(row)
    return types



def check_float32_range(value, array):
    """Python floats become float32 by default: TF refuses finite values float32 cannot hold
    (in words that say double). `array` is `value` as float64."""
    largest = abs(value) if type(value) is float else np.abs(array).max() if array.size else 0.0
    if largest > _FLOAT32_MAX and (largest != np.inf or np.abs(
            array[np.isfinite(array)]).max(initial=0.0) > _FLOAT32_MAX):
        raise ValueError("Can't convert Python sequence with a value out of range for a "
                         "double-precision float.")


def check_int64_range(value):
    """TF has no default dtype for a Python int outside int64's range (NumPy would choose
    uint64, float64 or object)."""
    for item in flat_python(value):
        if isinstance(item, int) and not -(2**63) <= item < 2**63:
            raise ValueError("Can't convert Python sequence with out-of-range integer to "
                             "Tensor.")


def flat_python(value):
    """The leaves of a nested list/tuple, in order."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple, range)):
            stack.extend(reversed(item))
        else:
            yield item


_NARROW_FLOATS = frozenset({np.dtype(np.float16), np.dtype(np.float32)})


def rectangular_array(value, dtype=None):
    """``np.array(value, dtype)``, a ragged list refused in TF's words."""
    try:
        if dtype in _NARROW_FLOATS:  # 2**40 as half is inf, silently, as
            with np.errstate(over="ignore"):  # in TF (a context NumPy makes slowly: not
                return np.array(value, dtype=dtype)  # entered for other dtypes)
        return np.array(value, dtype=dtype)
    except ValueError as exc:  # NumPy: "setting an array element with a sequence": ragged
        if "inhomogeneous" not in str(exc):
            raise
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None


_NUMBER_KINDS = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}


def numpy_strings(array, dtype):
    """A NumPy array that becomes a string tensor (an object array, or any array asked as
    tf.string), as TF converts it: str (UTF-8) and bytes entries as bytes; numbers and other
    objects refused in TF's words. An object array asked as another dtype is left to the cast."""
    if array.dtype.kind != "O":
        check_numbers_as_strings(array)
        return array
    if dtype is not None and dtype.name != "string":
        return array
    flat = array.ravel()
    for item in flat:
        if not isinstance(item, (str, bytes)):
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object "
                             f"type {type(item).__name__}).")
    out = np.empty(array.shape, dtype=object)
    out.ravel()[:] = [item.encode() if isinstance(item, str) else item for item in flat]
    return out


def check_numbers_as_strings(array):
    """TF refuses to turn a NumPy array of numbers into tf.string."""
    if array.dtype.kind in _NUMBER_KINDS:
        raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                         f"{_NUMBER_KINDS[array.dtype.kind]}).")
