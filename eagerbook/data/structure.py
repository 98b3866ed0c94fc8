"""Element structures of ``tf.data``: nested tuples and dicts whose leaves are Tensors.

tf.data treats a Python *list* as one tensor (``from_tensor_slices([1, 2, 3])`` slices a
vector), while tuples, namedtuples and dicts are structure. Every element flowing through a
pipeline is first *normalized*: structure kept, every leaf converted to a Tensor.
"""

import numpy as np

from ..core import context, nest
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import EagerTensor, _from_numpy, convert_to_tensor
from ..ops.ragged_ops import RaggedTensor, RaggedTensorSpec
from ..ops.sparse_ops import SparseTensor, SparseTensorSpec


def is_structure(value):
    return isinstance(value, (tuple, dict))


_DATASET_TYPES = ()  # (Dataset, once dataset.py, which builds on this module, registers it)


def register_dataset_type(cls):
    """Lets datasets be components of elements (their spec: a DatasetSpec)."""
    global _DATASET_TYPES
    _DATASET_TYPES = (cls,)


def normalize(value, lists_are_tuples=False):
    """A copy of `value` with tuples/dicts kept and every leaf converted to a Tensor.

    ``lists_are_tuples`` is how a ``map`` function's return value is read: TF turns a returned
    list into a tuple of components (only at the top: a list inside is one tensor).
    """
    if isinstance(value, dict):
        return type(value)((k, normalize(v)) for k, v in value.items()) \
            if type(value) is not dict else {k: normalize(v) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*[normalize(v) for v in value])
    if isinstance(value, tuple) or (lists_are_tuples and isinstance(value, list)):
        return tuple(normalize(v) for v in value)
    if type(value) is EagerTensor or isinstance(value, (SparseTensor, RaggedTensor)):
        return value   # a sparse or ragged tensor is one component (its spec says which)
    if isinstance(value, _DATASET_TYPES) or is_extension_value(value):
        return value   # a dataset is one component too (Dataset.from_tensors(ds)), and so
        # is an ExtensionType value (its fields are tensors already)
    if value is None:
        raise TypeError("tf.data elements cannot contain None; a component must be a tensor "
                        "or a value convertible to one.")
    if context.state.graph is not None and _is_constant(value):
        # A Python or NumPy value is a constant: keep it concrete while tf.function traces
        # (TF makes a Const the dataset op reads), so a dataset built inside a function works.
        with context.building_graph(None):
            tensor = convert_to_tensor(value)
    else:
        tensor = convert_to_tensor(value)
    if tensor._value is None:
        raise TypeError("tf.data elements must be concrete tensors (got a symbolic one).")
    return tensor


def _is_constant(value):
    if isinstance(value, list):
        return all(_is_constant(v) for v in value)
    return isinstance(value, (np.ndarray, np.generic, bool, int, float, complex, str, bytes))


def flatten(structure):
    return nest.flatten(structure)


def pack_as(structure, flat):
    return nest.pack_sequence_as(structure, flat)


def spec_of(element):
    """The TensorSpec structure describing a normalized element."""
    return nest.map_structure(_spec_of_leaf, element)


def _spec_of_leaf(t):
    if isinstance(t, _DATASET_TYPES):
        return t._type_spec
    if isinstance(t, SparseTensor):
        return SparseTensorSpec.from_value(t)
    if isinstance(t, RaggedTensor):
        return RaggedTensorSpec.from_value(t)
    if is_extension_value(t):
        return t._type_spec
    return TensorSpec(t.shape, t.dtype)


def same_structure(a, b):
    """True when `a` and `b` nest tuples/dicts the same way (leaves not compared)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and set(a) == set(b) and all(
            same_structure(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(
            same_structure(x, y) for x, y in zip(a, b, strict=True))
    return not isinstance(b, (tuple, dict))


def to_numpy(element):
    return nest.map_structure(lambda t: t.numpy(), element)


def wrap(array):
    """A Tensor around an array nobody else will change (NumPy scalars become 0-d arrays)."""
    if not isinstance(array, np.ndarray):
        array = np.asarray(array)
    return _from_numpy(array)


# --- ExtensionType values as components -----------------------------------------------------
# A value of a tf.experimental.ExtensionType is one component of an element (as a RaggedTensor
# is): its spec is its type's Spec. A BatchableExtensionType also slices, batches and unbatches
# field by field along the first dimension.
# (Recognized by their class attributes: tf.data sits below eagerbook.framework, where the
# ExtensionType classes live, as ops/ragged_ops.py recognizes them.)
def is_extension_value(value):
    cls = type(value)
    return hasattr(cls, "_tf_fields") and hasattr(cls, "Spec") and hasattr(cls, "_type_spec")


def is_extension_spec(spec):
    return getattr(type(spec), "value_type", None) is not None and hasattr(spec, "_fields") \
        and hasattr(type(spec), "__tf_components__")


def extension_parts(value):
    """The tensors inside an ExtensionType value, in its fields' order."""
    return list(value.__tf_components__())


def rebuilt_extension(like, parts):
    """A value of `like`'s type around the tensors `parts` (in `like`'s order)."""
    return like.__tf_from_components__(list(parts))


def require_batchable(value):
    """TF slices and batches only BatchableExtensionTypes (`value`: one, or the type): the
    others have no batched form."""
    cls = value if isinstance(value, type) else type(value)
    if not getattr(cls, "_tf_batchable", False):
        raise AttributeError(f"'{cls.__name__}.Spec' object has no attribute "
                             "'_to_batched_tensor_list'")


def map_extension_spec(spec, fn):
    """`spec` with `fn` applied to every TensorSpec among its fields (nested types too).

    A TensorShape field (a batchable type's batch shape) changes as a TensorSpec of that shape
    would, as TF's batch encoder batches and unbatches it; the new spec is built from its
    fields, not through a Spec class's own ``__init__`` (which may take other arguments).
    """
    def each(field):
        if is_extension_spec(field):
            return map_extension_spec(field, fn)
        if isinstance(field, TensorSpec):
            return fn(field)
        if isinstance(field, TensorShape):
            return fn(TensorSpec(field)).shape
        return field
    return type(spec)._from_fields({name: each(field) for name, field in spec._fields.items()})
