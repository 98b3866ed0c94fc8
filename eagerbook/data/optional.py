"""``tf.experimental.Optional``: a value that may be missing, with the structure it would have.

An iterator's ``get_next_as_optional()`` returns one: ``has_value()`` is a bool tensor and
``get_value()`` the element, or TF's ``InvalidArgumentError`` when there is none. An empty
optional still knows its ``element_spec`` (``Optional.empty(spec)``), so code reading it can
be written before any value exists. As in ``tf.data``, tuples and dicts are structure and a
list is one tensor.

This module does not import ``dataset`` or ``iterator``: they make optionals, not the reverse.
"""

from ..core import errors, nest
from ..core.spec import TensorSpec
from ..core.tensor import constant, convert_to_tensor
from ..ops.sparse_ops import SparseTensor, SparseTensorSpec
from .op_errors import dataset_op_error, element_op_name


def _components(value):
    """`value` with tuples/dicts kept and each other leaf a tensor (a list is one tensor)."""
    if isinstance(value, dict):
        return {k: _components(v) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*[_components(v) for v in value])
    if isinstance(value, tuple):
        return tuple(_components(v) for v in value)
    if isinstance(value, SparseTensor):
        return value
    return convert_to_tensor(value)


def _spec(component):
    if isinstance(component, SparseTensor):
        return SparseTensorSpec.from_value(component)
    return TensorSpec(component.shape, component.dtype)


class Optional:
    """A value that may be absent: ``Optional.from_value(v)`` or ``Optional.empty(spec)``."""

    def __init__(self):
        raise TypeError("Can't instantiate abstract class Optional with abstract methods "
                        "_type_spec, element_spec, get_value, has_value")

    @staticmethod
    def from_value(value):
        """An optional holding `value` (a tensor or a tuple/dict structure of them)."""
        components = None if value is None else _components(value)
        if components is None or not nest.flatten(components):
            raise errors.op_error(
                errors.InvalidArgumentError, "OptionalFromValue",
                "Length for attr 'Toutput_types' of 0 must be at least minimum 1")
        return _OptionalImpl(components, nest.map_structure(_spec, components))

    @staticmethod
    def empty(element_spec):
        """An optional with no value whose value would match `element_spec`."""
        return _OptionalImpl(None, element_spec)


class _OptionalImpl(Optional):
    """The one kind of Optional there is (TF's class name)."""

    def __init__(self, value, element_spec):  # noqa: D107 - no call to the abstract __init__
        self._value, self._element_spec = value, element_spec

    @property
    def element_spec(self):
        """The structure of TensorSpecs the value has (or would have)."""
        return self._element_spec

    @property
    def _type_spec(self):
        return OptionalSpec(self._element_spec)

    def has_value(self, name=None):
        """A scalar bool tensor: whether a value is present."""
        return constant(self._value is not None)

    def get_value(self, name=None):
        """The value; ``InvalidArgumentError`` when the optional is empty."""
        if self._value is None:  # (TF's op function: named for the value's components)
            raise dataset_op_error(errors.InvalidArgumentError, "OptionalGetValue",
                                   "The given optional does not have a value.",
                                   element_op_name("OptionalGetValue", self._element_spec))
        return self._value


class OptionalSpec:
    """``tf.OptionalSpec(element_spec)``: the type of optionals with that element structure."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def value_type(self):
        return _OptionalImpl

    @staticmethod
    def from_value(value):
        return OptionalSpec(value.element_spec)

    def __eq__(self, other):
        return type(other) is OptionalSpec and self._element_spec == other._element_spec

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return f"OptionalSpec({self._element_spec!r},)"


__all__ = ["Optional", "OptionalSpec"]
