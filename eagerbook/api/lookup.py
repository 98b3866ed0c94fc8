"""``tf.lookup``: fixed key -> value tables, and (``tf.lookup.experimental``) mutable ones."""

from ..ops.lookup_ops import (
    KeyValueTensorInitializer,
    StaticHashTable,
    StaticVocabularyTable,
    TextFileIndex,
    TextFileInitializer,
)
from . import lookup_experimental as experimental

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable",
           "TextFileIndex", "TextFileInitializer", "experimental"]
