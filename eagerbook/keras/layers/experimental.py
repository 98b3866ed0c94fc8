"""``tf.keras.layers.experimental.preprocessing``: where TF 2.3-2.5 kept the preprocessing
layers (``Normalization``, ``TextVectorization``, ...) before they moved to
``tf.keras.layers``; ``EinsumDense`` and ``SyncBatchNormalization`` under their experimental
names, and ``RandomFourierFeatures``."""

import types

from . import image_preprocessing
from .einsum_dense import EinsumDense
from .hashing import HashedCrossing, Hashing
from .kernelized import RandomFourierFeatures
from .normalization import SyncBatchNormalization
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
               HashedCrossing, IntegerLookup, StringLookup, TextVectorization, PreprocessingLayer):
    setattr(preprocessing, _layer.__name__, _layer)
for _name in image_preprocessing.__all__:
    setattr(preprocessing, _name, getattr(image_preprocessing, _name))

__all__ = ["EinsumDense", "RandomFourierFeatures", "SyncBatchNormalization", "preprocessing"]
