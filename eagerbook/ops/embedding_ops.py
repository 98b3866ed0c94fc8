"""``tf.nn.embedding_lookup``: rows of an embedding table picked by integer ids.

No kernel of its own: a lookup is ``tf.gather`` on the table's first axis, so its gradient is
Gather's (an IndexedSlices holding only the rows that were looked up).
"""

import numpy as np

from ..core.tensor import convert_to_tensor, is_symbolic
from . import array_ops, manip_ops, math_ops
from .registry import invalid_argument
from .scatter_ops import unsorted_segment_sum


def embedding_lookup(params, ids, max_norm=None, name=None):
    """The rows ``params[ids]``: shape ``ids.shape + params.shape[1:]``.

    `params` may also be a list of shards of one table split by TF's "div" strategy
    (consecutive ids in each shard, earlier shards one row longer when the split is uneven);
    stacking the shards in order rebuilds that table, so the lookup gathers from it.
    """
    if type(ids).__name__ == "RaggedTensor":  # one embedding per id, rows kept as they were
        return ids.with_flat_values(embedding_lookup(params, ids.flat_values, max_norm))
    if isinstance(params, (list, tuple)):
        if not params:
            raise ValueError("Argument `params` must be a non-empty list of tensors.")
        table = params[0] if len(params) == 1 else array_ops.concat(list(params), 0)
        if len(params) > 1:
            _check_shard_ids(ids, table.shape[0], len(params))
    else:
        table = params
    rows = array_ops.tf_gather(table, ids)  # (its gradient: an IndexedSlices of the rows)
    if max_norm is None:
        return rows
    # Rows whose l2 norm is above max_norm are scaled down to it, each row on its own.
    ids_rank = len(convert_to_tensor(ids).shape)
    row_axes = list(range(ids_rank, len(rows.shape)))
    return math_ops.clip_by_norm(rows, max_norm, axes=row_axes)


def _check_shard_ids(ids, total_rows, shards):
    """TF sends each id to its shard with DynamicPartition ("div": id // rows per shard, the
    first `extras` shards one row longer): an id past the table names a shard that does not
    exist, and that op's error is the one TF gives."""
    ids = convert_to_tensor(ids)
    if is_symbolic(ids) or total_rows is None:
        return
    flat = ids.numpy().reshape(-1).astype(np.int64)
    per_shard, extras = divmod(int(total_rows), shards)
    chosen = np.maximum(flat // (per_shard + 1), (flat - extras) // max(per_shard, 1))
    bad = np.flatnonzero((chosen < 0) | (chosen >= shards))
    if bad.size:
        at = int(bad[0])
        raise invalid_argument("DynamicPartition", f"partitions[{at}] = {int(chosen[at])} is not "
                                                   f"in [0, {shards})",
                               f"DynamicPartition_num_partitions_{shards}")


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner="mean", max_norm=None,
                            name=None, allow_fast_lookup=False):
    """One combined embedding per row of the SparseTensor `sp_ids` ([batch, ids]): the rows'
    embeddings weighted by `sp_weights` (1 without) and combined by "sum", "mean" (over the
    sum of weights) or "sqrtn" (over the root of the sum of squared weights). Rows up to the
    last one holding an id are returned; a row without ids gives zeros."""
    if combiner not in ("sum", "mean", "sqrtn"):
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    rows = sp_ids.indices[:, 0]
    embeddings = embedding_lookup(params, sp_ids.values, max_norm=max_norm)
    if sp_weights is None:
        weights = math_ops.ones_like(embeddings[:, 0])
    else:
        weights = math_ops.cast(sp_weights.values, embeddings.dtype)
    # rows up to the last one holding an id (a tensor: inside tf.function it is known only
    # when the function runs)
    count = math_ops.add(math_ops.reduce_max(array_ops.concat(
        [math_ops.cast([-1], rows.dtype), rows], 0)), 1)
    total = unsorted_segment_sum(embeddings * array_ops.expand_dims(weights, 1), rows, count)
    if combiner == "sum":
        return total
    norm = weights if combiner == "mean" else math_ops.square(weights)
    norm = unsorted_segment_sum(norm, rows, count)
    if combiner == "sqrtn":
        norm = math_ops.sqrt(norm)
    # A row without ids has weight 0: its embedding stays 0 instead of 0 / 0.
    return manip_ops.divide_no_nan(total, array_ops.expand_dims(norm, 1))


def safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights=None,
                                 combiner="mean", default_id=None, max_norm=None, name=None,
                                 allow_fast_lookup=False):
    """``embedding_lookup_sparse`` that copes with messy input: negative ids (and, with
    weights, ids of weight <= 0) are dropped, a row left without ids gives zeros (or the
    embedding of `default_id`), every row of `sparse_ids` gets a result, and ids of rank > 2
    keep their leading shape."""
    from . import sparse_more_ops, sparse_ops
    tables = embedding_weights if isinstance(embedding_weights, (list, tuple)) else \
        [embedding_weights]
    params = tables[0] if len(tables) == 1 else array_ops.concat(list(tables), 0)
    shape = sparse_ids.dense_shape
    lead = shape[:-1]
    flat_shape = array_ops.stack([math_ops.reduce_prod(lead), shape[-1]])
    ids = sparse_more_ops.reshape(sparse_ids, flat_shape)
    weights = None if sparse_weights is None else \
        sparse_more_ops.reshape(sparse_weights, flat_shape)
    keep = math_ops.greater_equal(ids.values, 0)
    if weights is not None:
        keep = math_ops.logical_and(keep, math_ops.greater(weights.values, 0))
        weights = sparse_ops.retain(weights, keep)
    ids = sparse_ops.retain(ids, keep)
    ids, empty = sparse_more_ops.fill_empty_rows(ids, 0 if default_id is None else default_id)
    if weights is not None:
        weights, _ = sparse_more_ops.fill_empty_rows(weights, 1.0)
    result = embedding_lookup_sparse(params, ids, weights, combiner=combiner,
                                     max_norm=max_norm)
    if default_id is None:  # rows that had no ids are zeros
        empty = array_ops.broadcast_to(array_ops.expand_dims(empty, 1), array_ops.shape(result))
        result = math_ops.where_v2(empty, math_ops.zeros_like(result), result)
    width = math_ops.cast(array_ops.shape(result)[1:], lead.dtype)
    return array_ops.reshape(result, array_ops.concat([lead, width], 0))
