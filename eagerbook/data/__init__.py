"""``tf.data``: lazy input pipelines (``Dataset``) over NumPy arrays.

Public names: ``Dataset``, ``AUTOTUNE``, ``INFINITE_CARDINALITY``, ``UNKNOWN_CARDINALITY``,
``experimental`` (``AUTOTUNE``, ``cardinality``, ...), ``Iterator`` (TF 1.x
``tf.contrib.eager.Iterator``) and ``TensorSpec`` (exported as ``tf.TensorSpec``).
"""

from ..core.spec import TensorSpec
from . import experimental
from .dataset import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset
from .iterator import Iterator, OwnedIterator

__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Dataset", "Iterator",
           "OwnedIterator", "TensorSpec", "experimental"]
