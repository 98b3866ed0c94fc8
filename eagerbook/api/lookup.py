"""``tf.lookup``: fixed key -> value tables."""

from ..ops.lookup_ops import (
    KeyValueTensorInitializer,
    StaticHashTable,
    TextFileIndex,
    TextFileInitializer,
)

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "TextFileIndex",
           "TextFileInitializer"]
