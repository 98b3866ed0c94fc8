"""``tf.keras.layers.experimental.preprocessing``: where TF 2.3-2.5 kept the preprocessing
layers (``Normalization``, ``TextVectorization``, ...) before they moved to
``tf.keras.layers``."""

import types

from . import image_preprocessing
from .hashing import Hashing
from .preprocessing import (
    CategoryEncoding,
    Discretization,
    IntegerLookup,
    Normalization,
    PreprocessingLayer,
    Rescaling,
    StringLookup,
    TextVectorization,
)

preprocessing = types.ModuleType(__name__ + ".preprocessing",
                                 "The preprocessing layers under their TF 2.3-2.5 path.")
for _layer in (Normalization, Rescaling, CategoryEncoding, Discretization, Hashing,
               IntegerLookup, StringLookup, TextVectorization, PreprocessingLayer):
    setattr(preprocessing, _layer.__name__, _layer)
for _name in image_preprocessing.__all__:
    setattr(preprocessing, _name, getattr(image_preprocessing, _name))

__all__ = ["preprocessing"]
