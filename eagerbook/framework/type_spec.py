"""``tf.TypeSpec`` and the smaller specs: what kind of value a function argument or a dataset
element is, without the value.

Each value kind has its spec class (TensorSpec, RaggedTensorSpec, SparseTensorSpec, the specs
of extension types and datasets); they live beside their values. ``tf.TypeSpec`` is the common
base TF documents, so ``isinstance(spec, tf.TypeSpec)`` holds for all of them: here an abstract
base class that the existing spec classes are registered with.
"""

import abc

from ..core import dtypes
from ..core.shape import TensorShape


class TypeSpec(abc.ABC):
    """The spec of a kind of value. A new spec class (a composite value kind) says which value
    type it describes and how that value splits into tensors and back."""

    @property
    @abc.abstractmethod
    def value_type(self):
        """The Python type of the values this spec describes."""

    @property
    @abc.abstractmethod
    def _component_specs(self):
        """The specs of the tensors a value splits into."""

    @abc.abstractmethod
    def _to_components(self, value):
        """The tensors `value` is made of (a nest matching ``_component_specs``)."""

    @abc.abstractmethod
    def _from_components(self, components):
        """The value made of `components`."""

    @abc.abstractmethod
    def _serialize(self):
        """The constructor arguments of this spec, as a tuple (equality compares them)."""

    def __eq__(self, other):
        return type(self) is type(other) and self._serialize() == other._serialize()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self), self._serialize()))

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value if isinstance(spec_or_value, TypeSpec) else None
        return other is not None and type(other) is type(self) and \
            self._serialize() == other._serialize()


class BatchableTypeSpec(TypeSpec, abc.ABC):
    """A TypeSpec whose values can be batched (stacked along a new first dimension)."""


class NoneTensorSpec(TypeSpec):
    """The spec of ``None`` where a value could stand (an optional argument left out)."""

    value_type = property(lambda self: type(None))
    _component_specs = property(lambda self: [])

    def _to_components(self, value):
        return []

    def _from_components(self, components):
        return None

    def _serialize(self):
        return ()

    def __repr__(self):
        return "NoneTensorSpec()"


class IndexedSlicesSpec(TypeSpec):
    """The spec of a ``tf.IndexedSlices``: the dense shape and dtype of the value it stands
    for, and the dtypes (and shape) of its indices."""

    def __init__(self, shape=None, dtype=dtypes.float32, indices_dtype=dtypes.int64,
                 dense_shape_dtype=None, indices_shape=None):
        self._shape = TensorShape(shape)
        self._values_dtype = dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = None if dense_shape_dtype is None else \
            dtypes.as_dtype(dense_shape_dtype)
        self._indices_shape = TensorShape(indices_shape).with_rank(1)

    @property
    def value_type(self):
        from ..ops.indexed_slices import IndexedSlices
        return IndexedSlices

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._values_dtype

    @property
    def _component_specs(self):
        from ..core.spec import TensorSpec
        values_shape = self._indices_shape.concatenate(self._shape[1:])
        specs = [TensorSpec(values_shape, self._values_dtype),
                 TensorSpec(self._indices_shape, self._indices_dtype)]
        if self._dense_shape_dtype is not None:
            specs.append(TensorSpec([self._shape.ndims], self._dense_shape_dtype))
        return tuple(specs)

    def _to_components(self, value):
        parts = [value.values, value.indices]
        return tuple(parts + ([value.dense_shape] if self._dense_shape_dtype else []))

    def _from_components(self, components):
        return self.value_type(*components)

    def _serialize(self):
        return (self._shape, self._values_dtype, self._indices_dtype, self._dense_shape_dtype,
                self._indices_shape)

    def __repr__(self):
        shape, dtype, indices_dtype, dense_dtype, indices_shape = self._serialize()
        return (f"IndexedSlicesSpec({shape!r}, {dtype!r}, {indices_dtype!r}, {dense_dtype!r}, "
                f"{indices_shape!r})")


def _register_existing_specs():
    """Makes every spec class eagerbook has a (virtual) TypeSpec."""
    from ..core.spec import TensorSpec
    from ..framework.extension_type import ExtensionTypeSpec
    from ..ops.ragged_ops import RaggedTensorSpec
    from ..ops.sparse_ops import SparseTensorSpec
    # (tf.data's OptionalSpec is registered by the api layer: framework sits below data)
    for spec_class in (TensorSpec, RaggedTensorSpec, SparseTensorSpec):
        BatchableTypeSpec.register(spec_class)
    TypeSpec.register(ExtensionTypeSpec)


_register_existing_specs()
