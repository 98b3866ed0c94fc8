"""TensorFlow-style dtypes.

A ``DType`` is a thin, hashable wrapper around a NumPy dtype. TensorFlow prints dtypes as
``tf.float32`` and compares them equal to NumPy dtypes and to their names, so we do the same.
"""

import builtins

import numpy as np


class DType:
    """One element type, such as ``tf.float32``."""

    __slots__ = ("name", "as_numpy_dtype", "_np")

    def __init__(self, name, np_dtype):
        self.name = name
        self._np = np.dtype(np_dtype)
        self.as_numpy_dtype = self._np.type

    # --- classification -------------------------------------------------------------------
    @property
    def is_floating(self):
        return self._np.kind == "f"

    @property
    def is_integer(self):
        return self._np.kind in "iu"

    @property
    def is_unsigned(self):
        return self._np.kind == "u"

    @property
    def is_bool(self):
        return self._np.kind == "b"

    @property
    def is_complex(self):
        return self._np.kind == "c"

    @property
    def is_numpy_compatible(self):
        return True

    @property
    def is_quantized(self):  # (TF's qint8 and friends: eagerbook has none)
        return False

    @property
    def base_dtype(self):
        return self

    @property
    def real_dtype(self):
        # complex64 -> float32, complex128 -> float64; every other dtype is its own real dtype
        return _REAL_OF_COMPLEX.get(self, self)

    @property
    def size(self):
        return 0 if self._np.kind == "O" else self._np.itemsize  # (a string has no fixed size)

    @property
    def as_datatype_enum(self):  # TF's DataType number (DT_FLOAT is 1)
        return next(n for n, d in _BY_ENUM.items() if d is self)

    @property
    def min(self):  # (a float dtype's is a NumPy scalar of that dtype, as in TF)
        if self.is_complex or self.is_bool:
            raise TypeError(f"Cannot find minimum value of {self} with type {self}.")
        if self.is_floating:
            return np.finfo(self._np).min
        return int(np.iinfo(self._np).min)

    @property
    def max(self):
        if self.is_complex or self.is_bool:
            raise TypeError(f"Cannot find maximum value of {self} with type {self}.")
        if self.is_floating:
            return np.finfo(self._np).max
        return int(np.iinfo(self._np).max)

    @property
    def limits(self):
        """TF's intensity range of an image dtype, (0, max): floats (0, 1), bool (0, True)."""
        if self.is_bool:
            return 0, True
        if self._np in (np.float32, np.float64):
            return 0, 1
        if self.is_integer:
            return 0, int(np.iinfo(self._np).max)
        raise ValueError(f"{self} does not have defined limits.")

    def is_compatible_with(self, other):
        return self == as_dtype(other)

    # --- comparison and printing ---------------------------------------------------------------
    def __eq__(self, other):
        if other is self:
            return True
        try:
            return as_dtype(other) is self
        except TypeError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    # Each dtype exists once, so identity hashing is consistent, and it runs in C: the engine
    # asks `dtype in FLOAT_SET` for every recorded op. (Like NumPy's dtypes, a DType equals its
    # name without hashing like it.)
    __hash__ = object.__hash__

    def __repr__(self):
        return "tf." + self.name

    def __str__(self):
        return f"<dtype: '{self.name}'>"  # TF's print(tf.float32)

    def __reduce__(self):
        return as_dtype, (self.name,)


float16 = DType("float16", np.float16)
float32 = DType("float32", np.float32)
float64 = DType("float64", np.float64)
int8 = DType("int8", np.int8)
int16 = DType("int16", np.int16)
int32 = DType("int32", np.int32)
int64 = DType("int64", np.int64)
uint8 = DType("uint8", np.uint8)
uint16 = DType("uint16", np.uint16)
uint32 = DType("uint32", np.uint32)
uint64 = DType("uint64", np.uint64)
bool = DType("bool", np.bool_)  # noqa: A001 - TF's public name is tf.bool
complex64 = DType("complex64", np.complex64)
complex128 = DType("complex128", np.complex128)
string = DType("string", np.object_)

half = float16
double = float64

ALL = (float16, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64, bool,
       complex64, complex128, string)
_REAL_OF_COMPLEX = {complex64: float32, complex128: float64}
_BY_NAME = {d.name: d for d in ALL}
_BY_NAME.update(half=float16, double=float64, float=float32)
# TF's DataType enum numbers, which tf.as_dtype accepts too (tf.zeros(1, 1): that 1 is DT_FLOAT)
_BY_ENUM = dict(zip((19, 1, 2, 6, 5, 3, 9, 4, 17, 22, 23, 10, 8, 18, 7), ALL))
# NumPy dtype -> DType; string tensors hold Python bytes in object arrays.
_BY_NUMPY = {d._np: d for d in ALL}
_BY_NUMPY[np.dtype(np.bytes_)] = string
_BY_NUMPY[np.dtype(np.str_)] = string


def from_numpy(np_dtype):
    """Fast path used by Tensor: NumPy dtype -> DType (raises TypeError if unsupported)."""
    try:
        return _BY_NUMPY[np_dtype]
    except KeyError:
        kind = np.dtype(np_dtype).kind
        if kind in "SUO":
            return string
        raise TypeError(f"Unsupported NumPy dtype {np_dtype!r}: eagerbook supports "
                        f"{', '.join(d.name for d in ALL)}.") from None


def as_dtype(type_value):
    """Converts a DType, a name, a NumPy dtype or a Python type to a DType (``tf.as_dtype``)."""
    if isinstance(type_value, DType):
        return type_value
    refused = TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a "
                        f"TensorFlow DType.")
    if isinstance(type_value, str) or type_value is None:  # (np.dtype(None) means float64)
        if type_value not in _BY_NAME:
            raise refused
        return _BY_NAME[type_value]
    if type(type_value) is int and type_value in _BY_ENUM:
        return _BY_ENUM[type_value]
    if type_value is float:
        return float32
    if type_value is int:  # (TF refuses int; eagerbook's NumPy API passes Python types here)
        return int32
    if type_value is builtins.bool:
        return bool
    if type_value is complex:
        return complex128
    try:
        return from_numpy(np.dtype(type_value))
    except TypeError:
        raise refused from None
