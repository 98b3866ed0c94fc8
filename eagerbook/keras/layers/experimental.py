"""``tf.keras.layers.experimental.preprocessing``: where TF 2.3-2.5 kept the preprocessing
layers (``Normalization``, ``Rescaling``) before they moved to ``tf.keras.layers``."""

import types

from .more_core import Normalization, Rescaling

preprocessing = types.ModuleType(__name__ + ".preprocessing",
                                 "The preprocessing layers under their TF 2.3-2.5 path.")
preprocessing.Normalization = Normalization
preprocessing.Rescaling = Rescaling

__all__ = ["preprocessing"]
