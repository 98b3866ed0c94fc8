"""``tf.random.experimental``."""

from ..ops.index_shuffle import index_shuffle
from ..ops.random_ops import (
    Algorithm,
    Generator,
    create_rng_state,
    get_global_generator,
    set_global_generator,
    stateless_fold_in,
    stateless_shuffle,
    stateless_split,
)
