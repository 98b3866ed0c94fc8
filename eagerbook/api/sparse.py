"""``tf.sparse``."""

from ..ops.sparse_ops import (
    SparseTensor,
    add,
    concat,
    expand_dims,
    from_dense,
    map_values,
    reduce_max,
    reduce_sum,
    reorder,
    reset_shape,
    retain,
    slice,
    sparse_dense_matmul,
    to_dense,
    transpose,
)

matmul = sparse_dense_matmul
