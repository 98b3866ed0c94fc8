"""``tf.experimental.ExtensionType``: user-defined immutable types built from typed fields.

A subclass declares its fields with type annotations (``values: tf.Tensor``); the base class
adds what TF's does: a constructor that checks and converts each field (``tf.Tensor`` fields
through ``convert_to_tensor``, ``Tuple`` fields to tuples, ``Mapping`` fields to an
``ImmutableDict``), ``__repr__``, ``__eq__``/``__ne__`` (a scalar bool tensor when the two
values have the same spec, else ``False``), ``__validate__`` after construction, immutability
outside a custom ``__init__``, and a nested ``Spec`` class (its ``TypeSpec``).

The tensors inside a value (nested ExtensionTypes, Ragged and Sparse tensors included) are
its components: ``tf.nest.flatten(value, expand_composites=True)`` lists them.
"""

import collections.abc
import inspect
import types
import typing

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, convert_to_tensor
from ..ops.ragged_ops import RaggedTensor, RaggedTensorSpec
from ..ops.sparse_ops import SparseTensor, SparseTensorSpec

_NOT_SET = object()


class ImmutableDict(collections.abc.Mapping):
    """What a ``Mapping`` field holds: a read-only dict (TF's ``ImmutableDict``)."""

    def __init__(self, *args, **kwargs):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._dict[key]

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __repr__(self):
        return f"ImmutableDict({self._dict!r})"


# --- field types: checking and converting one value ---------------------------------------------
_SIMPLE = {int: "int", float: "float", str: "str", bool: "bool"}
_UNIONS = (typing.Union, types.UnionType)  # Union[int, float] and int | float


def _type_name(annotation):
    if annotation in _SIMPLE:
        return _SIMPLE[annotation]
    return getattr(annotation, "__name__", repr(annotation))


def _check_annotation(annotation, field):
    """TypeError for an annotation TF's ExtensionType does not support."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in _UNIONS:
        for a in args:
            _check_annotation(a, field)
    elif origin is tuple or origin is collections.abc.Mapping:
        for a in args:
            if a is not Ellipsis:
                _check_annotation(a, field)
    elif not (annotation in _SIMPLE or annotation in (None, type(None), Tensor, TensorShape,
                                                      dtypes.DType, RaggedTensor, SparseTensor)
              or (isinstance(annotation, type) and issubclass(annotation, ExtensionType))):
        raise TypeError(f"In field {field!r}: Unsupported type annotation "
                        f"{_type_name(annotation)!r}")


def _convert(annotation, value, path):
    """`value` checked against (and converted to) the field type `annotation`."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is Tensor:
        if isinstance(value, Tensor):
            return value
        try:
            return convert_to_tensor(value)
        except (TypeError, ValueError):
            raise TypeError(f"{path}: expected a Tensor, got {type(value).__name__!r}") from None
    if annotation in _SIMPLE:
        # bool is an int in Python; TF keeps the two apart (and ints are not floats).
        if type(value) is bool and annotation is not bool or not isinstance(value, annotation):
            raise TypeError(f"{path}: expected {_SIMPLE[annotation]!r}, got "
                            f"{type(value).__name__!r}")
        return value
    if annotation is None or annotation is type(None):
        if value is not None:
            raise TypeError(f"{path}: expected None, got {type(value).__name__!r}")
        return value
    if annotation is TensorShape:
        return value if isinstance(value, TensorShape) else TensorShape(value)
    if annotation is dtypes.DType:
        return dtypes.as_dtype(value)
    if origin in _UNIONS:
        for option in args:
            try:
                return _convert(option, value, path)
            except (TypeError, ValueError):
                continue
        raise TypeError(f"{path}: expected {annotation}, got {type(value).__name__!r}")
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{path}: expected 'tuple', got {type(value).__name__!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            kinds = [args[0]] * len(value)
        else:
            kinds = list(args)
            if len(kinds) != len(value):
                raise TypeError(f"{path}: expected a tuple of length {len(kinds)}, got "
                                f"{len(value)}")
        return tuple(_convert(k, v, f"{path}[{i}]") for i, (k, v) in enumerate(zip(kinds, value)))
    if origin is collections.abc.Mapping:
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{path}: expected 'Mapping', got {type(value).__name__!r}")
        key_type, value_type = args if args else (typing.Any, typing.Any)
        return ImmutableDict((_convert(key_type, k, path) if key_type is not typing.Any else k,
                              _convert(value_type, v, f"{path}[{k!r}]")
                              if value_type is not typing.Any else v)
                             for k, v in value.items())
    if isinstance(annotation, type) and isinstance(value, annotation):
        return value  # an ExtensionType, RaggedTensor or SparseTensor
    raise TypeError(f"{path}: expected {_type_name(annotation)!r}, got "
                    f"{type(value).__name__!r}")


# --- specs and components -----------------------------------------------------------------------
def _spec_of(value):
    """The spec standing for one field value in its type's Spec (Python values stand for
    themselves; a mapping shows as a plain dict)."""
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, RaggedTensor):
        return RaggedTensorSpec.from_value(value)
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, tuple):
        return tuple(_spec_of(v) for v in value)
    if isinstance(value, ImmutableDict):
        return {k: _spec_of(v) for k, v in value.items()}
    return value


def components(value):
    """The tensors a field value holds, in field order (TF's composite components)."""
    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, ExtensionType):
        return [t for name in type(value)._tf_fields for t in components(getattr(value, name))]
    if isinstance(value, RaggedTensor):
        return [value.flat_values, *value.nested_row_splits]
    if isinstance(value, SparseTensor):
        return [value.indices, value.values, value.dense_shape]
    if isinstance(value, tuple):
        return [t for v in value for t in components(v)]
    if isinstance(value, ImmutableDict):
        return [t for k in sorted(value, key=repr) for t in components(value[k])]
    return []


def from_components(like, parts):
    """A value shaped like `like` with its tensors taken, in order, from iterator `parts`."""
    if isinstance(like, Tensor):
        return next(parts)
    if isinstance(like, ExtensionType):
        out = object.__new__(type(like))
        for name in type(like)._tf_fields:
            object.__setattr__(out, name, from_components(getattr(like, name), parts))
        return out
    if isinstance(like, RaggedTensor):
        values = next(parts)
        return RaggedTensor.from_nested_row_splits(
            values, [next(parts) for _ in like.nested_row_splits])
    if isinstance(like, SparseTensor):
        return SparseTensor(next(parts), next(parts), next(parts))
    if isinstance(like, tuple):
        return tuple(from_components(v, parts) for v in like)
    if isinstance(like, ImmutableDict):
        rebuilt = {k: from_components(like[k], parts) for k in sorted(like, key=repr)}
        return ImmutableDict((k, rebuilt[k]) for k in like)
    return like


class ExtensionTypeSpec:
    """The TypeSpec of an ExtensionType: the spec of each field (``MaskedTensor.Spec``)."""

    value_type = None  # set on each subclass's Spec

    def __init__(self, *args, **fields):
        names = list(self.value_type._tf_fields) if self.value_type is not None else []
        if len(args) > len(names):
            raise TypeError("too many positional arguments")
        for name, value in zip(names, args):
            if name in fields:
                raise TypeError(f"multiple values for argument '{name}'")
            fields[name] = value
        self._fields = {name: fields[name] for name in names if name in fields} \
            if set(fields) <= set(names) else fields

    @classmethod
    def _from_fields(cls, fields):
        """A spec of these field specs, without the constructor (a user's Spec may take other
        arguments: ``MaskedTensor.Spec(shape, dtype)``)."""
        spec = object.__new__(cls)
        spec.__dict__["_fields"] = dict(fields)
        return spec

    def __getattr__(self, name):
        fields = self.__dict__.get("_fields", {})
        if name in fields:
            value = fields[name]
            # a Mapping field's spec reads as TF's ImmutableDict (its repr in the Spec's stays
            # a dict's, as TF prints it)
            return ImmutableDict(value) if isinstance(value, dict) else value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name, value):
        """A user's Spec constructor sets the fields' specs (``self.values = TensorSpec(...)``)."""
        value_type = type(self).value_type
        if value_type is not None and name in value_type._tf_fields:
            self.__dict__.setdefault("_fields", {})[name] = value
        else:
            object.__setattr__(self, name, value)

    def __repr__(self):
        fields = self._fields
        names = [n for n in self.value_type._tf_fields if n in fields] or list(fields)
        inner = ", ".join(f"{k}={fields[k]!r}" for k in names)  # (in declaration order)
        return f"{self.value_type.__name__}.Spec({inner})"

    def __eq__(self, other):
        return type(self) is type(other) and _spec_key(self._fields) == _spec_key(other._fields)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self), repr(self)))

    # tf.function's composite protocol: a spec traces as a value of its type whose tensors
    # are placeholders (get_concrete_function(MaskedTensor.Spec(...)))
    def __tf_components__(self):
        return _spec_components(self)

    def __tf_from_components__(self, parts):
        return _value_from_spec(self, iter(parts))

    @property
    def _type_spec(self):
        return self

    def is_compatible_with(self, other):
        if isinstance(other, ExtensionType):
            other = other._type_spec
        return type(self) is type(other) and all(
            _compatible(a, other._fields[k]) for k, a in self._fields.items())


def _spec_components(x):
    """The TensorSpecs inside a spec, in the order a value's components come."""
    if isinstance(x, TensorSpec):
        return [x]
    if isinstance(x, ExtensionTypeSpec):
        return [t for name in x.value_type._tf_fields
                for t in _spec_components(x._fields[name])]
    if isinstance(x, tuple):
        return [t for v in x for t in _spec_components(v)]
    if isinstance(x, dict):
        return [t for k in sorted(x, key=repr) for t in _spec_components(x[k])]
    if isinstance(x, (RaggedTensorSpec, SparseTensorSpec)):
        raise TypeError(f"eagerbook traces ExtensionType specs of tensors, not {x!r}")
    return []


def _value_from_spec(x, parts):
    """A value of the spec's type around the tensors taken from iterator `parts`."""
    if isinstance(x, TensorSpec):
        return next(parts)
    if isinstance(x, ExtensionTypeSpec):
        out = object.__new__(x.value_type)
        for name in x.value_type._tf_fields:
            object.__setattr__(out, name, _value_from_spec(x._fields[name], parts))
        return out
    if isinstance(x, tuple):
        return tuple(_value_from_spec(v, parts) for v in x)
    if isinstance(x, dict):
        rebuilt = {k: _value_from_spec(x[k], parts) for k in sorted(x, key=repr)}
        return ImmutableDict((k, rebuilt[k]) for k in x)
    return x


def _spec_key(x):
    if isinstance(x, TensorSpec):
        return ("T", x.dtype, x.shape._dims)
    if isinstance(x, dict):
        return tuple((k, _spec_key(v)) for k, v in sorted(x.items(), key=repr))
    if isinstance(x, tuple):
        return tuple(_spec_key(v) for v in x)
    if isinstance(x, ExtensionTypeSpec):
        return (type(x), _spec_key(x._fields))
    return (type(x), repr(x))


def _compatible(a, b):
    if isinstance(a, TensorSpec) and isinstance(b, TensorSpec):
        return a.dtype == b.dtype and a.shape.is_compatible_with(b.shape)
    if isinstance(a, ExtensionTypeSpec):
        return a.is_compatible_with(b)
    return _spec_key(a) == _spec_key(b)


# --- the base class -----------------------------------------------------------------------------
_REGISTERED = {}  # a class's `__name__` attribute -> the class (the latest one of that name)


def registered_name(cls):
    """The name a class registered with ``__name__ = '...'`` in its body, or None."""
    name = cls.__dict__.get("__name__")
    return name if isinstance(name, str) and _REGISTERED.get(name) is cls else None


def registered_class(name):
    """The ExtensionType class registered under `name`, or None."""
    return _REGISTERED.get(name)


class ExtensionType:
    """Base class of user-defined types (see the module docstring)."""

    _tf_fields = {}  # name -> (annotation, default or _NOT_SET), in declaration order

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(getattr(base, "_tf_fields", {}))
        annotations = cls.__dict__.get("__annotations__", {})
        for name, value in cls.__dict__.items():
            if name.startswith("_") or name in annotations or name == "Spec":
                continue
            if not (callable(value) or isinstance(value, (property, classmethod, staticmethod))):
                raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field "
                                 f"{name} is missing a type annotation.")
        for name, annotation in annotations.items():
            _check_annotation(annotation, name)
            fields[name] = (annotation, cls.__dict__.get(name, _NOT_SET))
        cls._tf_fields = fields
        custom_init = cls.__dict__.get("__init__")
        cls.__init__ = _wrap_custom_init(custom_init) if custom_init else _default_init(cls)
        # The Spec class (TF's name); a nested `class Spec` of the user's adds its own
        # constructor, properties and methods
        user_spec = cls.__dict__.get("Spec")
        bases = (user_spec, ExtensionTypeSpec) if isinstance(user_spec, type) and \
            not issubclass(user_spec, ExtensionTypeSpec) else (ExtensionTypeSpec,)
        cls.Spec = type(f"{cls.__name__}.Spec", bases, {
            "value_type": cls, "__qualname__": f"{cls.__qualname__}.Spec",
            "__module__": cls.__module__})
        registered = cls.__dict__.get("__name__")
        if isinstance(registered, str):  # TF's registered name: a SavedModel finds it by it
            _REGISTERED[registered] = cls

    def __setattr__(self, name, value):
        if not self.__dict__.get("_tf_in_init"):
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionType.")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor "
                             f"of ExtensionType.")

    def __repr__(self):
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self)._tf_fields)
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other):
        """A scalar bool tensor when the specs match (every tensor equal, shapes included);
        plain False for another type or spec."""
        from ..ops import array_ops, math_ops
        if type(self) is not type(other) or self._type_spec != other._type_spec:
            return False
        conditions = [convert_to_tensor(True)]
        for a, b in zip(components(self), components(other)):
            if a.shape != b.shape:
                conditions.append(convert_to_tensor(False))
            else:
                conditions.append(math_ops.reduce_all(math_ops.equal(a, b)))
        return math_ops.reduce_all(array_ops.stack(conditions))

    def __ne__(self, other):
        from ..ops import math_ops
        equal = self.__eq__(other)
        return not equal if isinstance(equal, bool) else math_ops.logical_not(equal)

    __hash__ = None  # TF's ExtensionTypes are unhashable (their fields may be tensors)

    # tf.function's composite protocol: the tensors inside, and the value rebuilt around others
    def __tf_components__(self):
        return components(self)

    def __tf_from_components__(self, parts):
        return from_components(self, iter(parts))

    @property
    def _type_spec(self):
        return type(self).Spec._from_fields({name: _spec_of(getattr(self, name))
                                             for name in type(self)._tf_fields})


def _finish(self):
    """After a constructor: every field set, checked and converted; then __validate__."""
    cls = type(self)
    for name, (annotation, _) in cls._tf_fields.items():
        if name not in self.__dict__:
            raise ValueError(f"{cls.__name__}.__init__() did not set field {name!r}")
        object.__setattr__(self, name, _convert(annotation, self.__dict__[name], name))
    object.__setattr__(self, "_tf_in_init", False)
    validate = getattr(self, "__validate__", None)
    if validate is not None:
        validate()


def _default_init(cls):
    params = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                default=inspect.Parameter.empty if default is _NOT_SET
                                else default)
              for name, (_, default) in cls._tf_fields.items()]
    signature = inspect.Signature(params)

    def __init__(self, *args, **kwargs):
        bound = signature.bind(*args, **kwargs)  # Python's TypeError for a wrong call
        bound.apply_defaults()
        for name, value in bound.arguments.items():
            object.__setattr__(self, name, value)
        _finish(self)

    __init__.__signature__ = inspect.Signature([inspect.Parameter(
        "self", inspect.Parameter.POSITIONAL_OR_KEYWORD)] + params)
    return __init__


def _wrap_custom_init(init):
    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "_tf_in_init", True)
        init(self, *args, **kwargs)
        _finish(self)

    __init__.__wrapped__ = init
    return __init__


class BatchableExtensionType(ExtensionType):
    """An ExtensionType whose values can be stacked into batches and unstacked again, field by
    field along the first dimension (``tf.map_fn`` over a batch of them, ``Dataset.batch``).
    Every tensor field is batched, so the fields are plain tensors here as there.
    (ops/batchable.py does the slicing for tf.map_fn.)"""

    _tf_batchable = True

