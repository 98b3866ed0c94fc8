"""``tf.data.experimental``: CSV readers, and names that later moved up to ``tf.data``."""

from ..core import dtypes
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    AssertCardinalityDataset,
    CounterDataset,
    Dataset,
    ListDataset,
)
from .lookup import DatasetInitializer, index_table_from_dataset, table_from_dataset
from .optional import Optional
from .options import AutoShardPolicy, DistributeOptions, OptimizationOptions, ThreadingOptions
from .readers import CsvDataset, make_csv_dataset


def Counter(start=0, step=1, dtype=dtypes.int64, name=None):  # noqa: N802 - TF's name
    """An infinite dataset counting ``start, start + step, ...`` (scalars of `dtype`)."""
    return CounterDataset(start, step, dtype)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """``tf.data.Dataset.sample_from_datasets`` under its older name."""
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """``tf.data.Dataset.choose_from_datasets`` under its older name."""
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


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
           "index_table_from_dataset", "table_from_dataset"]


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """``Dataset.save`` under its older name."""
    dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """``tf.data.Dataset.load`` under its older name."""
    return Dataset.load(path, element_spec, compression, reader_func)
