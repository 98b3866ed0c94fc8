"""``tf.map_fn`` over batchable composite values (``tf.experimental.BatchableExtensionType``).

Such a value goes into the loop as its tensors (sliced row by row like any tensor) and is put
back together around each row's slices before the function sees it; values the function
returns are taken apart the same way, and the stacked columns are put back into one batched
value. Values take part through the composite protocol: ``__tf_components__()`` gives their
tensors and ``template.__tf_from_components__(parts)`` a new value around others.
"""

from ..core import nest


def _is_composite(value):
    return hasattr(value, "__tf_components__") and hasattr(value, "__tf_from_components__")


def _parts(leaves):
    """Each composite among `leaves` as its tensors, the other leaves as they are."""
    return [p for v in leaves for p in (v.__tf_components__() if _is_composite(v) else [v])]


def _regroup(templates, tensors):
    """The inverse of _parts: `templates` rebuilt around consecutive `tensors`."""
    tensors, rebuilt = iter(tensors), []
    for template in templates:
        if _is_composite(template):
            count = len(template.__tf_components__())
            rebuilt.append(template.__tf_from_components__([next(tensors) for _ in range(count)]))
        else:
            rebuilt.append(next(tensors))
    return rebuilt


def map_batchable(map_fn, fn, elems, signature):
    """``map_fn(fn, elems)`` when `elems` holds batchable values, else None."""
    leaves = nest.flatten(elems)
    if not any(getattr(v, "_tf_batchable", False) for v in leaves):
        return None
    first_result = []  # what the first row returned: the structure to rebuild at the end

    def row_fn(row):
        result = fn(nest.pack_sequence_as(elems, _regroup(leaves, nest.flatten(row))))
        if not first_result:
            first_result.append(result)
        return _parts(nest.flatten(result))

    if any(_is_composite(v) for v in nest.flatten(signature)):
        signature = None  # (a Spec: the components keep their own dtypes)
    stacked = map_fn(row_fn, _parts(leaves), fn_output_signature=signature)
    if not first_result:
        return stacked
    returned = first_result[0]
    return nest.pack_sequence_as(returned, _regroup(nest.flatten(returned),
                                                    nest.flatten(stacked)))
