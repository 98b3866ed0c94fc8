"""``tf.map_fn`` over batchable composite values (``tf.experimental.BatchableExtensionType``).

Such a value goes into the loop as its tensors (sliced row by row like any tensor) and is put
back together around each row's slices before the function sees it; values the function
returns are taken apart the same way, and the stacked columns are put back into one batched
value. Values take part through the composite protocol: ``__tf_components__()`` gives their
tensors and ``template.__tf_from_components__(parts)`` a new value around others.
"""

from ..core import nest
from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic


def _is_composite(value):
    return hasattr(value, "__tf_components__") and hasattr(value, "__tf_from_components__")


def _parts(leaves):
    """Each composite among `leaves` as its tensors, the other leaves as they are."""
    return [p for v in leaves for p in (v.__tf_components__() if _is_composite(v) else [v])]


def _regroup(templates, tensors, batch_shape=None):
    """The inverse of _parts: `templates` rebuilt around consecutive `tensors`, their
    TensorShape fields changed by `batch_shape` (TensorShape -> TensorShape) if given."""
    tensors, rebuilt = iter(tensors), []
    for template in templates:
        if _is_composite(template):
            count = len(template.__tf_components__())
            value = template.__tf_from_components__([next(tensors) for _ in range(count)])
            rebuilt.append(value if batch_shape is None else with_batch_shape(value, batch_shape))
        else:
            rebuilt.append(next(tensors))
    return rebuilt


def with_batch_shape(value, change):
    """`value` (just rebuilt) with `change` applied to its TensorShape fields, nested values'
    too: TF's batch encoder batches and unbatches such a field (a batchable type's batch shape)
    with the tensors, [n] + shape and shape[1:]."""
    for name in getattr(type(value), "_tf_fields", ()):
        field = getattr(value, name)
        if isinstance(field, TensorShape) and field.rank is not None:
            object.__setattr__(value, name, change(field))
        elif _is_composite(field) and hasattr(type(field), "_tf_fields"):
            with_batch_shape(field, change)
    return value


def row_shape(shape):
    return shape[1:] if shape.rank else shape


def stacked_shape(n):
    return lambda shape: TensorShape([n]).concatenate(shape)


def map_batchable(map_fn, fn, elems, signature):
    """``map_fn(fn, elems)`` when `elems` holds batchable values, else None."""
    leaves = nest.flatten(elems)
    if not any(getattr(v, "_tf_batchable", False) for v in leaves):
        return None
    first_result = []  # what the first row returned: the structure to rebuild at the end

    def row_fn(row):
        result = fn(nest.pack_sequence_as(elems, _regroup(leaves, nest.flatten(row),
                                                          row_shape)))
        if not first_result:
            first_result.append(result)
        return _parts(nest.flatten(result))

    if any(_is_composite(v) for v in nest.flatten(signature)):
        signature = None  # (a Spec: the components keep their own dtypes)
    stacked = map_fn(row_fn, _parts(leaves), fn_output_signature=signature)
    if not first_result:
        return stacked
    returned = first_result[0]
    rows = _leading_rows(_parts(leaves))
    return nest.pack_sequence_as(returned, _regroup(nest.flatten(returned),
                                                    nest.flatten(stacked),
                                                    stacked_shape(rows)))


def _leading_rows(parts):
    """The number of rows map_fn runs over: the first tensor's leading dimension."""
    for part in parts:
        shape = getattr(part, "shape", None)
        if shape is not None and shape.rank:
            return shape[0]
    return None


# --- SparseTensors: sliced along their first dimension, rows stacked back ----------------------
def _sparse_rows(sp):
    """Each row of a SparseTensor (its first dimension) as a SparseTensor of one rank less."""
    from .sparse_ops import SparseTensor
    indices, values = sp.indices.numpy(), sp.values.numpy()
    shape = sp.dense_shape.numpy()
    rows = []
    for i in range(int(shape[0])):
        mine = indices[:, 0] == i
        rows.append(SparseTensor(indices[mine, 1:], values[mine], shape[1:]))
    return rows


def _stack_sparse(rows):
    """SparseTensors of one shape's rank stacked along a new first dimension (the dense shape
    the largest of theirs, as TF's map_fn stacks them)."""
    import numpy as np

    from .sparse_ops import SparseTensor
    indices = [np.concatenate([np.full((len(r.indices.numpy()), 1), i, np.int64),
                               r.indices.numpy()], axis=1) for i, r in enumerate(rows)]
    values = [r.values.numpy() for r in rows]
    shape = np.max([r.dense_shape.numpy() for r in rows], axis=0)
    return SparseTensor(np.concatenate(indices), np.concatenate(values),
                        np.concatenate([[len(rows)], shape]))


def map_sparse(fn, elems, signature):
    """``map_fn(fn, elems)`` when `elems` is a SparseTensor or `signature` a SparseTensorSpec
    (eagerly), else None."""
    from . import array_ops
    from .sparse_ops import SparseTensor
    sparse_in = isinstance(elems, SparseTensor)
    sparse_out = type(signature).__name__ == "SparseTensorSpec"
    if not (sparse_in or sparse_out) or not isinstance(elems, (SparseTensor, Tensor)):
        return None
    if is_symbolic(elems.values if sparse_in else elems):
        return None  # (inside tf.function the loop stays map_fn's own)
    rows = _sparse_rows(elems) if sparse_in else [elems[i] for i in range(elems.shape[0])]
    results = [fn(row) for row in rows]
    if sparse_out or (signature is None and results and isinstance(results[0], SparseTensor)):
        return _stack_sparse(results)
    dtype = getattr(signature, "dtype", signature)
    return array_ops.stack([convert_to_tensor(r, dtype=dtype) for r in results])
