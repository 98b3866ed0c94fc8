"""``tf.lookup.experimental``: tables that ``insert`` and ``remove`` change."""

from ..ops.lookup_ops import DenseHashTable, MutableHashTable

__all__ = ["DenseHashTable", "MutableHashTable"]
