"""``tf.data.TFRecordDataset``: the records of TFRecord files, one string scalar each.

The framing (length, checksums) is read by ``eagerbook/ops/tfrecord.py``, which also writes
it (``tf.io.TFRecordWriter``); records are usually serialized ``tf.train.Example``s, parsed
with ``tf.io.parse_single_example`` in a ``map``.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.spec import TensorSpec
from ..core.tensor import _from_numpy
from ..ops import tfrecord
from .dataset import UNKNOWN, Dataset
from .readers import _filenames


class TFRecordDataset(Dataset):
    _tf_name = "TFRecordDatasetV2"

    def __init__(self, filenames, compression_type=None, buffer_size=None,
                 num_parallel_reads=None, name=None):
        self._names = _filenames(filenames)
        self._compression = tfrecord.compression_of(compression_type)

    def _iterate(self):
        for name in self._names:
            try:
                with open(name, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                raise errors.NotFoundError(None, "IteratorGetNext",
                                           f"{name}; No such file or directory") from None
            data = tfrecord.decompress(data, self._compression)
            for record in tfrecord.read_records(data, name):
                yield _from_numpy(np.array(record, dtype=object))

    def _compute_spec(self):
        return TensorSpec([], dtypes.string)

    def _cardinality(self):
        return UNKNOWN
