"""``tf.nest``."""

from ..core import nest as _core
from ..core.nest import is_nested as _is_nested
from ..framework import extension_type as _extension_type
from ..ops.ragged_ops import RaggedTensor
from ..ops.sparse_ops import SparseTensor


# --- composites: RaggedTensor and SparseTensor as their component tensors --------------------
def _components(x):
    """The tensors a composite is made of, in TF's order (None for an ordinary leaf)."""
    if isinstance(x, RaggedTensor):
        return [x.flat_values, *x.nested_row_splits]
    if isinstance(x, SparseTensor):
        return [x.indices, x.values, x.dense_shape]
    if isinstance(x, _extension_type.ExtensionType):
        return _extension_type.components(x)
    return None


def _rebuild(like, parts):
    if isinstance(like, _extension_type.ExtensionType):
        return _extension_type.from_components(like, iter(parts))
    if isinstance(like, RaggedTensor):
        return RaggedTensor.from_nested_row_splits(parts[0], parts[1:])
    return SparseTensor(*parts)


# --- TF's CustomNestProtocol: a class that says how it nests -------------------------------
# An object whose class defines ``__tf_flatten__() -> (metadata, components)`` and the class
# method ``__tf_unflatten__(metadata, components)`` is a node of the structure, like a tuple:
# tf.nest walks into its components and rebuilds it with its metadata. Only the public tf.nest
# walks such nodes (the engine's own core/nest.py, on every tape.gradient, does not look).
def _is_custom(x):
    return hasattr(type(x), "__tf_flatten__")


def _has_custom(structure):
    if _is_custom(structure):
        return True
    if isinstance(structure, dict):
        return any(_has_custom(v) for v in structure.values())
    if isinstance(structure, (list, tuple)):
        return any(_has_custom(v) for v in structure)
    return False


def _children(x):
    """The parts of one node, in TF's order (dicts by sorted key)."""
    if _is_custom(x):
        return list(x.__tf_flatten__()[1])
    if isinstance(x, dict):
        return [x[k] for k in sorted(x, key=_core._key_order)]
    return list(x)


def _leaves(structure):
    if not (_is_custom(structure) or _is_nested(structure)):
        return [structure]
    return [leaf for child in _children(structure) for leaf in _leaves(child)]


def _rebuilt(structure, leaves):
    if _is_custom(structure):
        metadata, components = structure.__tf_flatten__()
        return type(structure).__tf_unflatten__(
            metadata, tuple(_rebuilt(c, leaves) for c in components))
    if isinstance(structure, dict):
        built = {k: _rebuilt(structure[k], leaves) for k in sorted(structure,
                                                                    key=_core._key_order)}
        return {k: built[k] for k in structure} if type(structure) is dict else \
            type(structure)((k, built[k]) for k in structure)
    if isinstance(structure, tuple) and hasattr(type(structure), "_fields"):
        return type(structure)(*[_rebuilt(c, leaves) for c in structure])
    if isinstance(structure, (list, tuple)):
        return type(structure)(_rebuilt(c, leaves) for c in structure)
    return next(leaves)


def is_nested(seq):
    """True for a list, tuple, dict, namedtuple or an object of the CustomNestProtocol."""
    return _is_nested(seq) or _is_custom(seq)


def flatten(structure, expand_composites=False):
    """The leaves of `structure` (dicts by sorted key); with `expand_composites`, each
    RaggedTensor, SparseTensor or ExtensionType gives its component tensors instead."""
    leaves = _leaves(structure) if _has_custom(structure) else _core.flatten(structure)
    if not expand_composites:
        return leaves
    out = []
    for leaf in leaves:
        parts = _components(leaf)
        out.extend(parts if parts is not None else [leaf])
    return out


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`flat_sequence` put back into the nesting of `structure` (the inverse of flatten)."""
    if expand_composites:
        flat, it = [], iter(flat_sequence)
        for leaf in flatten(structure):
            parts = _components(leaf)
            flat.append(next(it) if parts is None else
                        _rebuild(leaf, [next(it) for _ in parts]))
        flat_sequence = flat
    if not _has_custom(structure):
        return _core.pack_sequence_as(structure, flat_sequence)
    flat = list(flat_sequence)
    expected = len(_leaves(structure))
    if expected != len(flat):
        raise _core._count_error(structure, expected, flat_sequence)
    return _rebuilt(structure, iter(flat))


def map_structure(func, *structure, check_types=True, expand_composites=False):
    """``func`` applied to the leaves of the structures at each position, in their nesting;
    the structures must nest alike (and, with `check_types`, with the same sequence types)."""
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s, expand_composites) for s in structure]
    return pack_sequence_as(structure[0], [func(*xs) for xs in zip(*flats)],
                            expand_composites)


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raises unless `nest1` and `nest2` nest the same way: ValueError for a different shape
    of nesting (lengths, dictionary keys, a sequence against a leaf), TypeError for different
    sequence types (a list against a tuple) when `check_types` (TF's words: core/nest.py)."""
    error = _core.structure_error(nest1, nest2, check_types, children=_children,
                                  is_node=is_nested)
    if error is not None:
        raise error


__all__ = ["assert_same_structure", "flatten", "is_nested", "map_structure",
           "pack_sequence_as"]
