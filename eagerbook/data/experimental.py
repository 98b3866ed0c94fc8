"""``tf.data.experimental``: CSV readers, and names that later moved up to ``tf.data``."""

import enum
import os

from ..core import dtypes, errors, logs
from ..core.spec import TensorSpec
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, tfrecord
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
from .options import (
    AutoShardPolicy,
    AutotuneOptions,
    DistributeOptions,
    OptimizationOptions,
    ThreadingOptions,
)
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


def take_while(predicate):
    """A transformation for ``dataset.apply``: ``dataset.take_while(predicate)``."""
    return lambda dataset: dataset.take_while(predicate)


def ignore_errors(log_warning=False):
    """A transformation for ``dataset.apply``: ``dataset.ignore_errors()``."""
    return lambda dataset: dataset.ignore_errors(log_warning)


def unbatch():
    """A transformation for ``dataset.apply``: ``dataset.unbatch()``."""
    return lambda dataset: dataset.unbatch()


def enumerate_dataset(start=0):
    """A transformation for ``dataset.apply``: ``dataset.enumerate(start)``."""
    return lambda dataset: dataset.enumerate(start)


def dense_to_sparse_batch(batch_size, row_shape):
    """A transformation for ``dataset.apply``: ``dataset.sparse_batch(...)``."""
    return lambda dataset: dataset.sparse_batch(batch_size, row_shape)


def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False,
                  num_parallel_calls=None):
    """A transformation for ``dataset.apply``: ``map`` then ``batch`` (TF fused the two)."""
    if num_parallel_batches is not None and num_parallel_calls is not None:
        raise ValueError("`map_and_batch` allows only one of `num_parallel_batches` and "
                         "`num_parallel_calls` to be set, but "
                         f"`num_parallel_batches` was set to {num_parallel_batches} and "
                         f"`num_parallel_calls` as set to {num_parallel_calls}.")
    return lambda dataset: dataset.map(map_func).batch(batch_size, drop_remainder)


def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False,
                        buffer_output_elements=None, prefetch_input_elements=None):
    """A transformation for ``dataset.apply``: ``dataset.interleave`` (deterministic order:
    eagerbook never reorders, sloppy or not)."""
    return lambda dataset: dataset.interleave(map_func, cycle_length, block_length)


def at(dataset, index):
    """The element at position `index` (``OutOfRangeError`` past the end)."""
    index = int(convert_to_tensor(index).numpy())
    n = dataset._cardinality()
    if index < 0 or (n >= 0 and index >= n):
        raise errors.OutOfRangeError(f"Index out of range [0, {n}):{index}")
    for i, element in enumerate(dataset._iterate()):
        if i == index:
            return element
    raise errors.OutOfRangeError(f"Index out of range [0, {i + 1}):{index}")


def pad_to_cardinality(cardinality, mask_key="valid"):
    """A transformation for ``dataset.apply``: a dataset of dicts padded to `cardinality`
    elements with zeros; the key `mask_key` says which elements are real (True)."""
    def apply(dataset):
        n = dataset._cardinality()
        if n < 0:
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a known "
                             f"cardinalty, but has cardinality {n}")
        if n > cardinality:
            raise ValueError("The dataset passed into `pad_to_cardinality` must have a "
                             "cardinalty less than the target cardinality "
                             f"({cardinality}), but has cardinality {n}")
        if not isinstance(dataset.element_spec, dict):
            raise ValueError("`pad_to_cardinality` requires its input dataset to be a "
                             "dictionary.")
        valid = dataset.map(lambda x: {**x, mask_key: True})
        zeros = {key: array_ops.zeros(spec.shape, spec.dtype)
                 for key, spec in dataset.element_spec.items()}
        zeros[mask_key] = False
        return valid.concatenate(Dataset.from_tensors(zeros).repeat(cardinality - n))
    return apply


class Reducer:
    """What ``group_by_reducer`` does per key: ``init_func(key)`` makes the state,
    ``reduce_func(state, element)`` updates it, ``finalize_func(state)`` gives the output."""

    def __init__(self, init_func, reduce_func, finalize_func):
        self.init_func = init_func
        self.reduce_func = reduce_func
        self.finalize_func = finalize_func


def group_by_reducer(key_func, reducer):
    """A transformation for ``dataset.apply``: one output per key (keys in the order they
    first appear), reduced from that key's elements by `reducer`."""
    return lambda dataset: ListDataset(_reduce_groups(dataset, key_func, reducer))


def _reduce_groups(dataset, key_func, reducer):
    states = {}
    for element in dataset._iterate():
        args = element if isinstance(element, tuple) else (element,)
        key = convert_to_tensor(key_func(*args))
        if key.dtype != dtypes.int64 or key.shape.rank != 0:
            raise ValueError("`key_func` must return a single tf.int64 scalar tensor. ")
        k = int(key.numpy())
        if k not in states:
            states[k] = reducer.init_func(key)
        states[k] = reducer.reduce_func(states[k], element)
    return [reducer.finalize_func(*state) if isinstance(state, tuple)
            else reducer.finalize_func(state) for state in states.values()]


def get_next_as_optional(iterator):
    """``iterator.get_next_as_optional()`` under its older name."""
    return iterator.get_next_as_optional()


def enable_debug_mode():
    """TF runs tf.data functions eagerly in this mode (to debug them); eagerbook's data
    functions can be stepped through already, so there is nothing to switch."""


def RandomDataset(seed=None, rerandomize_each_iteration=None, name=None):  # noqa: N802 - TF's
    """``tf.data.Dataset.random`` under its older name."""
    return Dataset.random(seed, rerandomize_each_iteration)


SHARD_HINT = -1  # a num_shards for ``shard`` that the auto-sharding rewrite fills in


class ExternalStatePolicy(enum.Enum):
    """What saving an iterator does with state outside the dataset (TF's enum)."""
    WARN = 0
    IGNORE = 1
    FAIL = 2


class AutotuneAlgorithm(enum.Enum):
    """The algorithm tf.data's autotuner uses (eagerbook does not autotune)."""
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


def snapshot(path, compression="AUTO", reader_func=None, shard_func=None):
    """A transformation for ``dataset.apply``: ``Dataset.snapshot``'s older form. As TF's, it
    numbers the elements to spread them over one shard per CPU core (unless given a
    `shard_func`), snapshots the numbered elements and drops the numbers again."""
    logs.deprecated_once("snapshot", "tensorflow.python.data.experimental.ops.snapshot",
                         "Use `tf.data.Dataset.snapshot(...)`.")

    def _apply_fn(dataset):
        if shard_func is not None:
            return dataset.snapshot(path, compression, reader_func, shard_func)
        cores = os.cpu_count() or 1
        numbered = dataset.enumerate().snapshot(
            path, compression, reader_func, lambda index, _: index % cores)
        return numbered.map(lambda _, element: element)
    return _apply_fn


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
           "distributed_save", "prefetch_to_device", "service", "take_while",
           "ignore_errors", "unbatch", "enumerate_dataset", "dense_to_sparse_batch",
           "map_and_batch", "parallel_interleave", "at", "pad_to_cardinality", "Reducer",
           "group_by_reducer", "get_next_as_optional", "enable_debug_mode", "RandomDataset",
           "SHARD_HINT", "ExternalStatePolicy", "AutotuneAlgorithm", "AutotuneOptions",
           "snapshot"]


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
        # As TF: the file is made at once and each record written as the dataset yields it,
        # so a pipeline failing midway leaves the records written before it.
        try:
            file = open(name, "wb")  # noqa: SIM115 - closed below, after the last record
        except FileNotFoundError:
            raise errors.NotFoundError(None, None, f"{name}; No such file or directory") \
                from None
        with file, tfrecord.compressing_stream(file, self._compression) as out:
            for element in dataset._iterate():
                out.write(tfrecord.frame(element.numpy()))
