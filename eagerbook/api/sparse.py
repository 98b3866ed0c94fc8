"""``tf.sparse``."""

from ..ops.scatter_ops import sparse_segment_mean as segment_mean
from ..ops.scatter_ops import sparse_segment_sqrt_n as segment_sqrt_n
from ..ops.scatter_ops import sparse_segment_sum as segment_sum
from ..ops.sparse_count_ops import bincount, sampled_addmm
from ..ops.sparse_more_ops import (
    eye,
    fill_empty_rows,
    mask,
    reshape,
    to_indicator,
)
from ..ops.sparse_more_ops import sparse_cross as cross
from ..ops.sparse_more_ops import sparse_cross_hashed as cross_hashed
from ..ops.sparse_ops import (
    SparseTensor,
    add,
    concat,
    expand_dims,
    from_dense,
    map_values,
    maximum,
    minimum,
    reduce_max,
    reduce_sum,
    reorder,
    reset_shape,
    retain,
    slice,
    softmax,
    sparse_dense_matmul,
    split,
    to_dense,
    transpose,
)

matmul = sparse_dense_matmul
