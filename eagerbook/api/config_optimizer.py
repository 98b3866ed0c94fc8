"""``tf.config.optimizer``: TF's graph-optimizer and XLA switches, kept and read back."""

from ..framework.config import (
    get_experimental_options,
    get_jit,
    set_experimental_options,
    set_jit,
)

__all__ = ["get_experimental_options", "get_jit", "set_experimental_options", "set_jit"]
