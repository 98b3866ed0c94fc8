"""``tf.keras.models``."""

from ..saving import save_model
from .loading import clone_model, load_model, model_from_config, model_from_json
from .sequential import Sequential
from .training import Model

__all__ = ["Model", "Sequential", "clone_model", "load_model", "model_from_config",
           "model_from_json", "save_model"]
