"""``tf.keras.layers.experimental``: ``EinsumDense`` and ``SyncBatchNormalization`` under
their experimental names, ``RandomFourierFeatures``, and the ``preprocessing`` module where
TF 2.3-2.5 kept the preprocessing layers (a package, so that
``from tensorflow.keras.layers.experimental.preprocessing import TextVectorization`` works)."""

from ..einsum_dense import EinsumDense
from ..kernelized import RandomFourierFeatures
from ..normalization import SyncBatchNormalization
from . import preprocessing

__all__ = ["EinsumDense", "RandomFourierFeatures", "SyncBatchNormalization", "preprocessing"]
