"""``tf.keras.layers.experimental.preprocessing``: the preprocessing layers (``Normalization``,
``TextVectorization``, the image layers, ...) under their TF 2.3-2.5 path, before they moved to
``tf.keras.layers``."""

from .. import image_preprocessing
from ..hashing import HashedCrossing, Hashing
from ..preprocessing import (
    CategoryEncoding,
    Discretization,
    IntegerLookup,
    Normalization,
    PreprocessingLayer,
    Rescaling,
    StringLookup,
    TextVectorization,
)

globals().update({name: getattr(image_preprocessing, name)
                  for name in image_preprocessing.__all__})

__all__ = ["CategoryEncoding", "Discretization", "HashedCrossing", "Hashing", "IntegerLookup",
           "Normalization", "PreprocessingLayer", "Rescaling", "StringLookup",
           "TextVectorization", *image_preprocessing.__all__]
