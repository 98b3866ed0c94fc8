"""``tf.data.experimental``: the names that lived here before moving up to ``tf.data``."""

from ..core.tensor import _from_numpy
from .dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY


def cardinality(dataset):
    """``tf.data.experimental.cardinality(ds)`` (same as ``ds.cardinality()``)."""
    return dataset.cardinality()


__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "cardinality"]
del _from_numpy
