"""Minimal ``tf.nest``: flatten and rebuild nested lists, tuples, dicts and namedtuples."""


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def is_nested(x):
    return isinstance(x, (list, tuple, dict))


def flatten(structure):
    """Leaves in a fixed order (dicts by sorted key, as TF does)."""
    if not isinstance(structure, (list, tuple, dict)):
        return [structure]  # a single leaf (the common `tape.gradient(loss, w)`)
    if not isinstance(structure, dict) and not _has_nested(structure):
        return list(structure)  # a flat list of leaves (`tape.gradient(loss, [w, b])`)
    out = []
    stack = [structure]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item[k] for k in reversed(sorted(item, key=_key_order)))
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        else:
            out.append(item)
    return out


def _has_nested(items):
    # A loop rather than any(<generator>): these run on every tape.gradient call.
    for item in items:
        if isinstance(item, (list, tuple, dict)):
            return True
    return False


def _key_order(k):
    return (type(k).__name__, k) if not isinstance(k, (int, float)) else ("", k)


def pack_sequence_as(structure, flat_sequence):
    if not isinstance(flat_sequence, (list, tuple)) and not is_nested(flat_sequence):
        raise TypeError(f"Attempted to pack value:\n  {flat_sequence}\ninto a structure, but "
                        f"found incompatible type `{type(flat_sequence)}` instead.")
    flat = list(flat_sequence)
    if not isinstance(structure, (list, tuple, dict)):
        if len(flat) != 1:
            raise ValueError(f"The target structure is of type `{type(structure)}`\n  "
                             f"{structure}\nHowever the input is a sequence "
                             f"({type(flat_sequence)}) of length {len(flat)}.\n  "
                             f"{flat_sequence}\nnest cannot guarantee that it is safe to map "
                             "one to the other.")
        return flat[0]
    if type(structure) is list and not _has_nested(structure):
        if len(structure) != len(flat):
            raise _count_error(structure, len(structure), flat_sequence)
        return flat  # a flat list of leaves (the common `tape.gradient(loss, [w, b])`)
    expected = len(flatten(structure))
    if expected != len(flat):
        raise _count_error(structure, expected, flat_sequence)
    it = iter(flat)
    return _pack(structure, it)


def _count_error(structure, expected, flat_sequence):
    return ValueError(f"Could not pack sequence. Structure had {expected} atoms, but "
                      f"flat_sequence had {len(flat_sequence)} items.  Structure: {structure}, "
                      f"flat_sequence: {flat_sequence}.")


def _pack(structure, it):
    if isinstance(structure, dict):
        built = {k: _pack(structure[k], it) for k in sorted(structure, key=_key_order)}
        return type(structure)((k, built[k]) for k in structure) if type(structure) is not dict \
            else {k: built[k] for k in structure}
    if _is_namedtuple(structure):
        return type(structure)(*[_pack(s, it) for s in structure])
    if isinstance(structure, (list, tuple)):
        return type(structure)(_pack(s, it) for s in structure)
    return next(it)


def map_structure(fn, *structures):
    flats = [flatten(s) for s in structures]
    if len({len(f) for f in flats}) > 1:
        raise ValueError("The structures don't have the same number of elements.")
    return pack_sequence_as(structures[0], [fn(*xs) for xs in zip(*flats)])


def assert_same_structure(a, b, check_types=True):
    if len(flatten(a)) != len(flatten(b)):
        raise ValueError(f"The two structures don't have the same nested structure: {a!r} vs "
                         f"{b!r}")


# --- TF's error for two structures that do not nest alike (tf.nest.assert_same_structure) ------
def structure_error(a, b, check_types=True, children=None, is_node=is_nested):
    """The error TF raises when `a` and `b` do not nest alike (ValueError, or TypeError for
    different sequence types when `check_types`), in TF's words; None when they do. (tf.nest
    passes `children`/`is_node` that also walk objects of TF's CustomNestProtocol.)"""
    problem = _difference(a, b, check_types, children, is_node)
    if problem is None:
        return None
    kind, detail = problem
    return kind(f"The two structures don't have the same nested structure.\n\n"
                f"First structure: {_describe(a)}\n\nSecond structure: "
                f"{_describe(b)}\n\nMore specifically: {detail}\n"
                f"Entire first structure:\n{_outline(a)}\n"
                f"Entire second structure:\n{_outline(b)}")


class _Dot:
    def __repr__(self):
        return "."


def _outline(structure):
    """The structure with every leaf shown as a dot, as TF's message draws it."""
    return repr(pack_sequence_as(structure, [_Dot()] * len(flatten(structure))))


def _describe(x):
    return f"type={type(x).__name__} str={str(x)}"  # (as TF: a tensor is tf.Tensor(...))


def _difference(a, b, check_types, children=None, is_node=is_nested):
    if is_node(a) != is_node(b):
        seq, leaf = (a, b) if is_node(a) else (b, a)
        return ValueError, (f'Substructure "{_describe(seq)}" is a sequence, while '
                            f'substructure "{_describe(leaf)}" is not')
    if not is_node(a):
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
        parts_a, parts_b = [a[k] for k in sorted(a)], [b[k] for k in sorted(a)]
    else:
        parts_a, parts_b = (children(a), children(b)) if children else (a, b)
    for x, y in zip(parts_a, parts_b):  # (as TF, pair by pair first: a difference inside
        problem = _difference(x, y, check_types, children, is_node)  # comes before a
        if problem is not None:  # difference in length)
            return problem
    if len(parts_a) != len(parts_b):
        return ValueError, (f"The two structures don't have the same number of elements. "
                            f"First structure: {_describe(a)}. Second structure: "
                            f"{_describe(b)}")
    return None
