"""``tf.nest``."""

from ..core.nest import flatten, is_nested, map_structure, pack_sequence_as
from ..core.nest import is_nested as _is_nested


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raises unless `nest1` and `nest2` nest the same way: ValueError for a different shape
    of nesting (lengths, dictionary keys, a sequence against a leaf), TypeError for different
    sequence types (a list against a tuple) when `check_types`."""
    problem = _difference(nest1, nest2, check_types)
    if problem is not None:
        kind, detail = problem
        raise kind(f"The two structures don't have the same nested structure.\n\n"
                   f"First structure: {_describe(nest1)}\n\nSecond structure: "
                   f"{_describe(nest2)}\n\nMore specifically: {detail}")


def _describe(x):
    return f"type={type(x).__name__} str={x!r}"


def _difference(a, b, check_types):
    if _is_nested(a) != _is_nested(b):
        seq, leaf = (a, b) if _is_nested(a) else (b, a)
        return ValueError, (f'Substructure "{_describe(seq)}" is a sequence, while '
                            f'substructure "{_describe(leaf)}" is not')
    if not _is_nested(a):
        return None
    if check_types and type(a) is not type(b):
        return TypeError, (f"The two namedtuples don't have the same sequence type. First "
                           f"structure {_describe(a)} has type {type(a).__name__}, while "
                           f"second structure {_describe(b)} has type {type(b).__name__}")
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return ValueError, (f"The two dictionaries don't have the same set of keys. First "
                                f"structure has keys {_describe(sorted(a))}, while second "
                                f"structure has keys {_describe(sorted(b))}")
        pairs = [(a[k], b[k]) for k in sorted(a)]
    else:
        if len(a) != len(b):
            return ValueError, (f"The two structures don't have the same number of elements. "
                                f"First structure: {_describe(a)}. Second structure: "
                                f"{_describe(b)}")
        pairs = list(zip(a, b))
    for x, y in pairs:
        problem = _difference(x, y, check_types)
        if problem is not None:
            return problem
    return None


__all__ = ["assert_same_structure", "flatten", "is_nested", "map_structure",
           "pack_sequence_as"]
