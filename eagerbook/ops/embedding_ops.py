"""``tf.nn.embedding_lookup``: rows of an embedding table picked by integer ids.

No kernel of its own: a lookup is ``tf.gather`` on the table's first axis, so its gradient is
Gather's (an IndexedSlices holding only the rows that were looked up).
"""

from ..core.tensor import convert_to_tensor
from . import array_ops, math_ops


def embedding_lookup(params, ids, max_norm=None, name=None):
    """The rows ``params[ids]``: shape ``ids.shape + params.shape[1:]``.

    `params` may also be a list of shards of one table split by TF's "div" strategy
    (consecutive ids in each shard, earlier shards one row longer when the split is uneven);
    stacking the shards in order rebuilds that table, so the lookup gathers from it.
    """
    if isinstance(params, (list, tuple)):
        if not params:
            raise ValueError("Argument `params` must be a non-empty list of tensors.")
        table = params[0] if len(params) == 1 else array_ops.concat(list(params), 0)
    else:
        table = params
    rows = array_ops.gather(table, ids)
    if max_norm is None:
        return rows
    # Rows whose l2 norm is above max_norm are scaled down to it, each row on its own.
    ids_rank = len(convert_to_tensor(ids).shape)
    row_axes = list(range(ids_rank, len(rows.shape)))
    return math_ops.clip_by_norm(rows, max_norm, axes=row_axes)
