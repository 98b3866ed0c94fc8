"""``tf.keras.models``."""

from .sequential import Sequential
from .training import Model

__all__ = ["Model", "Sequential"]
