"""``tf.ragged``."""

from ..ops.ragged_ops import (
    RaggedTensor,
    RaggedTensorSpec,
    constant,
    is_ragged,
    map_flat_values,
    row_splits_to_segment_ids,
)
