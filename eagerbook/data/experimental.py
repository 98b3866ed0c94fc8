"""``tf.data.experimental``: CSV readers, and names that later moved up to ``tf.data``."""

import os

from ..core import dtypes, errors
from ..core.spec import TensorSpec
from ..ops import tfrecord
from . import service
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    AssertCardinalityDataset,
    CounterDataset,
    Dataset,
    ListDataset,
    _UnaryDataset,
)
from .lookup import DatasetInitializer, index_table_from_dataset, table_from_dataset
from .optional import Optional
from .options import AutoShardPolicy, DistributeOptions, OptimizationOptions, ThreadingOptions
from .readers import CsvDataset, make_csv_dataset
from .service import distributed_save


def Counter(start=0, step=1, dtype=dtypes.int64, name=None):  # noqa: N802 - TF's name
    """An infinite dataset counting ``start, start + step, ...`` (scalars of `dtype`)."""
    return CounterDataset(start, step, dtype)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """``tf.data.Dataset.sample_from_datasets`` under its older name."""
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """``tf.data.Dataset.choose_from_datasets`` under its older name."""
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """A transformation for ``dataset.apply``: ``dataset.rejection_resample(...)``."""
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist,
                                                      seed)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """A transformation for ``dataset.apply``: ``dataset.group_by_window(...)``."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size,
                                                   window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes,
                              padded_shapes=None, padding_values=None,
                              pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """A transformation for ``dataset.apply``: ``dataset.bucket_by_sequence_length(...)``."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes,
        padding_values, pad_to_bucket_boundary, no_padding, drop_remainder)


def scan(initial_state, scan_func):
    """A transformation for ``dataset.apply``: ``dataset.scan(initial_state, scan_func)``."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def unique():
    """A transformation for ``dataset.apply``: ``dataset.unique()``."""
    return lambda dataset: dataset.unique()


def get_single_element(dataset):
    """The only element of `dataset` (``InvalidArgumentError`` if it has none or several)."""
    return dataset.get_single_element()


def assert_cardinality(expected_cardinality):
    """A transformation that checks, while iterating, that the dataset has that many
    elements (``FailedPreconditionError`` otherwise)."""
    return lambda dataset: AssertCardinalityDataset(dataset, expected_cardinality)


def cardinality(dataset):
    """``tf.data.experimental.cardinality(ds)`` (same as ``ds.cardinality()``)."""
    return dataset.cardinality()


def from_list(elements, name=None):
    """A dataset of the elements of the Python list `elements` (same structure each)."""
    return ListDataset(elements)


def get_structure(dataset_or_iterator):
    """The element structure (TypeSpecs) of a dataset or an iterator."""
    spec = getattr(dataset_or_iterator, "element_spec", None)
    if spec is None:
        raise TypeError("Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a "
                        "`tf.data.Dataset` or tf.data.Iterator object, but got "
                        f"{type(dataset_or_iterator)}.")
    return spec


def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """A transformation for ``dataset.apply``: shuffle, then repeat (each pass reshuffled)."""
    return lambda dataset: dataset.shuffle(buffer_size, seed).repeat(count)


__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Counter", "CsvDataset",
           "save", "load",
           "AutoShardPolicy", "DistributeOptions", "OptimizationOptions", "ThreadingOptions",
           "assert_cardinality", "bucket_by_sequence_length", "cardinality",
           "choose_from_datasets", "get_single_element", "group_by_window",
           "make_csv_dataset", "sample_from_datasets", "scan", "unique", "from_list",
           "get_structure", "shuffle_and_repeat", "Optional", "DatasetInitializer",
           "index_table_from_dataset", "table_from_dataset", "TFRecordWriter",
           "copy_to_device", "dense_to_ragged_batch",
           "distributed_save", "prefetch_to_device", "service"]


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """``Dataset.save`` under its older name."""
    dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """``tf.data.Dataset.load`` under its older name."""
    return Dataset.load(path, element_spec, compression, reader_func)


class _DeviceCopyDataset(_UnaryDataset):
    """The elements of the input, unchanged: eagerbook has one device (the CPU), so copying
    or prefetching to a device is the identity; the cardinality becomes unknown, as in TF."""

    def __init__(self, input_dataset, tf_name, device):
        super().__init__(input_dataset)
        self._tf_name = tf_name
        self._device = device

    def _iterate(self):
        return self._input._iterate()

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64):
    """A transformation for ``dataset.apply``: ``dataset.ragged_batch(...)``."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def _check_device(device):
    if not isinstance(device, str):
        raise TypeError(f"A device must be a string such as '/cpu:0', got {device!r}")
    return device


def prefetch_to_device(device, buffer_size=None):
    """A transformation for ``dataset.apply`` that prefetches elements onto `device`."""
    _check_device(device)
    return lambda dataset: _DeviceCopyDataset(dataset, "_PrefetchDataset", device)


def copy_to_device(target_device, source_device="/cpu:0"):
    """A transformation for ``dataset.apply`` that moves the elements to `target_device`."""
    _check_device(target_device)
    _check_device(source_device)
    return lambda dataset: _DeviceCopyDataset(dataset, "_CopyToDeviceDataset", target_device)


class TFRecordWriter:
    """``tf.data.experimental.TFRecordWriter(filename, compression_type=None)``:
    ``write(dataset)`` writes a dataset of string scalars as the records of one file."""

    def __init__(self, filename, compression_type=None):
        if not isinstance(filename, (str, bytes, os.PathLike)) and not hasattr(filename,
                                                                                 "numpy"):
            raise TypeError(f"filename must be a string, got {type(filename).__name__}")
        self._filename = filename
        self._compression = tfrecord.compression_of(compression_type)

    def write(self, dataset):
        if not isinstance(dataset, Dataset):
            raise TypeError(f"Invalid `dataset.` Expected a `tf.data.Dataset` object but got "
                            f"{type(dataset)}.")
        spec = dataset.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype != dtypes.string \
                or spec.shape.rank != 0:
            raise TypeError(f"Invalid `dataset`. Expected a`dataset` that produces scalar "
                            f"`tf.string` elements, but got a dataset which produces elements "
                            f"with shapes {getattr(spec, 'shape', '?')} and types "
                            f"{getattr(spec, 'dtype', '?')!r}.")
        name = self._filename.numpy() if hasattr(self._filename, "numpy") else self._filename
        name = os.fsdecode(name)
        # Every record is read before the file is touched, and the file is written under a
        # temporary name then renamed: a failing pipeline leaves no half-written file.
        records = [tfrecord.frame(element.numpy()) for element in dataset._iterate()]
        data = tfrecord.compress(b"".join(records), self._compression)
        tmp = f"{name}.tmp-{os.getpid()}"
        try:
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, name)
        except FileNotFoundError:
            raise errors.NotFoundError(None, None, f"{name}; No such file or directory") \
                from None
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
