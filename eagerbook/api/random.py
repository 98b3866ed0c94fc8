"""``tf.random``."""

from ..ops.random_ops import (
    Generator,
    categorical,
    get_global_generator,
    normal,
    set_seed,
    shuffle,
    truncated_normal,
    uniform,
)
