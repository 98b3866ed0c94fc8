"""``tf.keras.models``."""

import types

from ..saving import save_model
from .loading import clone_model, load_model, model_from_config, model_from_json
from .sequential import Sequential
from .sharpness_aware import SharpnessAwareMinimization as _SharpnessAwareMinimization
from .training import Model

# tf.keras.models.experimental
experimental = types.SimpleNamespace(SharpnessAwareMinimization=_SharpnessAwareMinimization)

__all__ = ["experimental", "Model", "Sequential", "clone_model", "load_model", "model_from_config",
           "model_from_json", "save_model"]
