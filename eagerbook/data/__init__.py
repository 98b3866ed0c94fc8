"""``tf.data``: lazy input pipelines (``Dataset``) over NumPy arrays and files.

Public names: ``Dataset``, ``TextLineDataset``, ``TFRecordDataset``,
``FixedLengthRecordDataset``, ``DatasetSpec``,
``AUTOTUNE``, ``INFINITE_CARDINALITY``, ``UNKNOWN_CARDINALITY``, ``experimental`` (``CsvDataset``,
``make_csv_dataset``, ``cardinality``, ...), ``Iterator`` (TF 1.x
``tf.contrib.eager.Iterator``) and ``TensorSpec`` (exported as ``tf.TensorSpec``).
"""

from ..core.spec import TensorSpec
from . import experimental, saving  # saving adds Dataset.save and Dataset.load
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    Dataset,
    DatasetSpec,
)
from .iterator import Iterator, IteratorSpec, OwnedIterator
from .options import Options
from .readers import FixedLengthRecordDataset, TextLineDataset
from .tfrecord import TFRecordDataset

__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Dataset", "DatasetSpec",
           "FixedLengthRecordDataset", "Iterator", "IteratorSpec", "Options", "OwnedIterator",
           "TFRecordDataset", "TensorSpec", "TextLineDataset", "experimental"]
