"""``tf.config.threading``: TF's thread-pool sizes (0: TF picks), kept and read back."""

from ..framework.config import (
    get_inter_op_parallelism_threads,
    get_intra_op_parallelism_threads,
    set_inter_op_parallelism_threads,
    set_intra_op_parallelism_threads,
)

__all__ = ["get_inter_op_parallelism_threads", "get_intra_op_parallelism_threads",
           "set_inter_op_parallelism_threads", "set_intra_op_parallelism_threads"]
