"""``tf.nest``."""

from ..core import nest as _core
from ..core.nest import is_nested
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


def flatten(structure, expand_composites=False):
    """The leaves of `structure` (dicts by sorted key); with `expand_composites`, each
    RaggedTensor, SparseTensor or ExtensionType gives its component tensors instead."""
    leaves = _core.flatten(structure)
    if not expand_composites:
        return leaves
    out = []
    for leaf in leaves:
        parts = _components(leaf)
        out.extend(parts if parts is not None else [leaf])
    return out


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`flat_sequence` put back into the nesting of `structure` (the inverse of flatten)."""
    if not expand_composites:
        return _core.pack_sequence_as(structure, flat_sequence)
    flat, it = [], iter(flat_sequence)
    for leaf in _core.flatten(structure):
        parts = _components(leaf)
        flat.append(next(it) if parts is None else _rebuild(leaf, [next(it) for _ in parts]))
    return _core.pack_sequence_as(structure, flat)


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
    error = _core.structure_error(nest1, nest2, check_types)
    if error is not None:
        raise error


__all__ = ["assert_same_structure", "flatten", "is_nested", "map_structure",
           "pack_sequence_as"]
