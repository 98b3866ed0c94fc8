"""``tf.TensorSpec``: the shape and dtype a tensor is promised to have.

A spec describes tensors without holding one. ``tf.data`` reports what each element of a
dataset looks like with specs (``dataset.element_spec``); ``tf.function`` input signatures use
them too. Dimensions may be ``None`` ("any size"), the rank too (``shape=None``).
"""

from . import dtypes
from .shape import TensorShape
from .tensor import convert_to_tensor


class TensorSpec:
    """Describes a tensor: ``TensorSpec(shape, dtype=tf.float32, name=None)``."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """The spec of a concrete tensor (or anything convertible to one)."""
        tensor = convert_to_tensor(tensor)
        return cls(tensor.shape, tensor.dtype, name)

    @classmethod
    def from_spec(cls, spec, name=None):
        return cls(spec.shape, spec.dtype, spec.name if name is None else name)

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def value_type(self):
        from .tensor import Tensor
        return Tensor

    def is_compatible_with(self, spec_or_tensor):
        """True when the other spec or tensor has the same dtype and a compatible shape."""
        other = spec_or_tensor
        if not isinstance(other, TensorSpec):
            if not (hasattr(other, "shape") and hasattr(other, "dtype")):
                other = convert_to_tensor(other)
        return (self._dtype == other.dtype
                and self._shape.is_compatible_with(TensorShape(other.shape)))

    def most_specific_compatible_type(self, other):
        if self._dtype != other.dtype:
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return TensorSpec(self._shape.most_specific_compatible_shape(other.shape), self._dtype)

    def is_subtype_of(self, other):
        """True if every tensor this spec describes fits `other` too: the same dtype and name,
        and a shape at least as specific (TF's tracing-type rule)."""
        return (type(other) is type(self) and other.dtype == self._dtype
                and other.name == self._name and self._shape.is_subtype_of(other.shape))

    def most_specific_common_supertype(self, others):
        """The most specific TensorSpec this and every one of `others` (a list) fit, or None
        when the dtypes or the names differ (TF's rule: a name is part of the type)."""
        if any(type(o) is not type(self) or o.dtype != self._dtype or o.name != self._name
               for o in others):
            return None
        shape = self._shape.most_specific_common_supertype([o.shape for o in others])
        return TensorSpec(shape, self._dtype, self._name)

    def __eq__(self, other):
        return (type(other) is type(self) and self._shape == other._shape
                and self._dtype == other._dtype and self._name == other._name)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self._shape, self._dtype.name, self._name))

    def __repr__(self):
        name = "None" if self._name is None else repr(self._name)
        return f"TensorSpec(shape={self._shape}, dtype=tf.{self._dtype.name}, name={name})"

    def __reduce__(self):
        dims = self._shape._dims
        return TensorSpec, (None if dims is None else list(dims), self._dtype.name, self._name)
