"""``tf.experimental.Optional``: a value that may be missing, with the structure it would have.

An iterator's ``get_next_as_optional()`` returns one: ``has_value()`` is a bool tensor and
``get_value()`` the element, or TF's ``InvalidArgumentError`` when there is none. An empty
optional still knows its ``element_spec`` (``Optional.empty(spec)``), so code reading it can
be written before any value exists. As in ``tf.data``, tuples and dicts are structure and a
list is one tensor.

In a ``tf.function`` an optional is a composite value (as a SparseTensor is): its tensors are
``has_value`` and the value's components (zeros of the element spec's shapes when it has none),
so an optional argument is traced once per ``OptionalSpec`` and ``has_value()`` is a tensor the
trace branches on; ``get_value()`` there adds an ``OptionalGetValue`` op that raises TF's error
when the graph runs on an empty optional.

This module does not import ``dataset`` or ``iterator``: they make optionals, not the reverse.
"""

import numpy as np

from ..core import dtypes, errors, nest
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, constant, convert_to_tensor
from ..ops.registry import execute
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

    def __init__(self, value, element_spec, has_value=None):  # noqa: D107 - not the abstract one
        self._value, self._element_spec = value, element_spec
        self._has_value = has_value  # a bool tensor when the presence is only known by a graph

    @property
    def element_spec(self):
        """The structure of TensorSpecs the value has (or would have)."""
        return self._element_spec

    @property
    def _type_spec(self):
        return OptionalSpec(self._element_spec)

    def has_value(self, name=None):
        """A scalar bool tensor: whether a value is present."""
        if self._has_value is not None:
            return self._has_value
        return constant(self._value is not None)

    def get_value(self, name=None):
        """The value; ``InvalidArgumentError`` when the optional is empty."""
        if self._has_value is not None:  # traced: TF's OptionalGetValue op checks it
            from ..graph.autograph.runtime import OPTIONAL_GET_VALUE  # (graph builds on data)
            parts = [self._has_value] + _flat_parts(self._value)
            specs = [(t.dtype, t.shape) for t in parts[1:]]
            outs = execute(OPTIONAL_GET_VALUE, tuple(parts), {"specs": specs})
            outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
            return _from_parts(self._element_spec, [constant(True)] + outs)._value
        if self._value is None:  # (TF's op function: named for the value's components)
            raise dataset_op_error(errors.InvalidArgumentError, "OptionalGetValue",
                                   "The given optional does not have a value.",
                                   element_op_name("OptionalGetValue", self._element_spec))
        return self._value


    # --- the composite protocol: the tensors a tf.function's trace takes for it -------------
    def __tf_components__(self):
        if self._has_value is not None:
            return [self._has_value] + _flat_parts(self._value)
        if self._value is None:  # zeros where the value's tensors would be
            return [constant(False)] + [_zeros(spec) for spec in _part_specs(self._element_spec)]
        return [constant(True)] + _flat_parts(self._value)

    def __tf_from_components__(self, parts):
        return _from_parts(self._element_spec, parts)


class OptionalSpec:
    """``tf.OptionalSpec(element_spec)``: the type of optionals with that element structure."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def _type_spec(self):
        return self

    def is_compatible_with(self, other):
        """Whether `other` (an optional or a spec) has this element structure."""
        other = getattr(other, "_type_spec", other)
        if type(other) is not OptionalSpec:
            return False
        try:
            pairs = zip(nest.flatten(self._element_spec), nest.flatten(other._element_spec),
                        strict=True)
            nest.assert_same_structure(self._element_spec, other._element_spec)
        except (ValueError, TypeError):
            return False
        return all(a.is_compatible_with(b) for a, b in pairs)

    # --- the composite protocol (an input_signature entry) -----------------------------------
    def __tf_components__(self):
        return [TensorSpec([], dtypes.bool)] + _part_specs(self._element_spec)

    def __tf_from_components__(self, parts):
        return _from_parts(self._element_spec, parts)

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


# --- an optional's tensors ------------------------------------------------------------------------
def _is_composite(spec):
    return hasattr(type(spec), "__tf_components__")


def _part_specs(element_spec):
    """The TensorSpecs of the value's tensors, in order (a SparseTensor's three, ...)."""
    return [part for spec in nest.flatten(element_spec)
            for part in (spec.__tf_components__() if _is_composite(spec) else [spec])]


def _flat_parts(value):
    return [part for leaf in nest.flatten(value)
            for part in (leaf.__tf_components__() if _is_composite(leaf) else [leaf])]


def _zeros(spec):
    """A tensor of `spec` standing for a missing value (unknown dimensions are 0)."""
    shape = [d if d is not None else 0 for d in spec.shape.as_list()] \
        if spec.shape.rank is not None else []
    return constant(np.zeros(shape, dtype=spec.dtype.as_numpy_dtype))


def _from_parts(element_spec, parts):
    """The optional whose has_value and value tensors are `parts` (a trace's placeholders)."""
    parts = list(parts)
    has_value, rest = parts[0], iter(parts[1:])
    leaves = []
    for spec in nest.flatten(element_spec):
        if _is_composite(spec):
            count = len(spec.__tf_components__())
            leaves.append(spec.__tf_from_components__([next(rest) for _ in range(count)]))
        else:
            leaves.append(next(rest))
    value = nest.pack_sequence_as(element_spec, leaves)
    if isinstance(has_value, Tensor) and has_value._value is not None:  # eager: known now
        return _OptionalImpl(value if bool(has_value._value) else None, element_spec)
    return _OptionalImpl(value, element_spec, has_value)


__all__ = ["Optional", "OptionalSpec"]
