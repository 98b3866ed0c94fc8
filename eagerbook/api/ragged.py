"""``tf.ragged``."""

from ..ops.ragged_ops import (
    RaggedTensor,
    RaggedTensorSpec,
    boolean_mask,
    constant,
    is_ragged,
    map_flat_values,
    ragged_range,
    row_splits_to_segment_ids,
    segment_ids_to_row_splits,
    stack,
    stack_dynamic_partitions,
)
from ..ops.sparse_more_ops import ragged_cross as cross
from ..ops.sparse_more_ops import ragged_cross_hashed as cross_hashed

range = ragged_range  # noqa: A001 - tf.ragged.range
