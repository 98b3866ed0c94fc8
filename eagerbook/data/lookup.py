"""Lookup tables filled from a dataset of ``(key, value)`` pairs (``tf.data.experimental``).

``DatasetInitializer(ds)`` is a table initializer like ``tf.lookup.KeyValueTensorInitializer``:
``tf.lookup.StaticHashTable(DatasetInitializer(ds), default)`` reads every pair of `ds` once.
``table_from_dataset`` makes that table; ``index_table_from_dataset`` maps each element of a
dataset to its position.
"""

from ..core import dtypes
from ..core.spec import TensorSpec
from ..ops.lookup_ops import StaticHashTable


def _check_pairs(element_spec):
    problem = None
    if not isinstance(element_spec, (tuple, list, dict)):  # TF takes len() of it
        raise TypeError(f"object of type '{type(element_spec).__name__}' has no len()")
    if not isinstance(element_spec, tuple) or len(element_spec) != 2:
        problem = (f"However, the given dataset produces {len(element_spec)} components "
                   "instead of two (key, value) components.")
    elif not all(isinstance(s, TensorSpec) for s in element_spec):
        problem = "However, the given dataset produces non-Tensor components."
    elif any(s.shape.rank != 0 for s in element_spec):
        problem = "However, the given dataset produces non-scalar components."
    if problem is not None:
        raise ValueError("Datasets used to initialize lookup tables must produce elements in "
                         "the form (key, value), where the keys and values are scalar tensors. "
                         f"{problem} Full dataset element spec: {element_spec}.")


class DatasetInitializer:
    """Fills a lookup table with the ``(key, value)`` pairs of a dataset."""

    def __init__(self, dataset):
        self.dataset = dataset
        _check_pairs(dataset.element_spec)
        self.key_dtype = dataset.element_spec[0].dtype
        self.value_dtype = dataset.element_spec[1].dtype

    def _items(self):
        for key, value in self.dataset.as_numpy_iterator():
            yield (key.item() if hasattr(key, "item") else key,
                   value.item() if hasattr(value, "item") else value)


def table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None, default_value=None,
                       hasher_spec=None, key_dtype=dtypes.string, name=None):
    """A ``StaticHashTable`` of the dataset's ``(key, value)`` pairs (the first `vocab_size`)."""
    spec = dataset.element_spec
    _check_pairs(spec)
    if default_value is None:
        default_value = -1
        if not (spec[1].dtype.is_integer or spec[1].dtype.is_floating):
            raise ValueError("`default_value` must be specified when creating a table from a "
                             f"dataset that produces values of type {spec[1].dtype}.")
    if num_oov_buckets < 0:
        raise ValueError("`num_oov_buckets` must be greater than or equal to 0, got "
                         f"{num_oov_buckets}.")
    if vocab_size is not None and vocab_size < 1:
        raise ValueError(f"`vocab_size` must be greater than 0, got {vocab_size}.")
    key_dtype = dtypes.as_dtype(key_dtype)
    if not key_dtype.is_integer and key_dtype != dtypes.string:
        raise TypeError("`key_dtype` must be either an integer or string type, but got "
                        f"{key_dtype}")
    if num_oov_buckets:
        # TF hashes unknown keys into extra ids (IdTableWithHashBuckets): not built here.
        raise NotImplementedError("eagerbook's table_from_dataset has no out-of-vocabulary "
                                  "buckets (num_oov_buckets must be 0).")
    if vocab_size is not None:
        dataset = dataset.take(vocab_size)
    return StaticHashTable(DatasetInitializer(dataset), default_value)


def index_table_from_dataset(dataset=None, num_oov_buckets=0, vocab_size=None,
                             default_value=-1, hasher_spec=None, key_dtype=dtypes.string,
                             name=None):
    """A table from each element of `dataset` to its position (int64)."""
    return table_from_dataset(dataset.enumerate().map(lambda i, key: (key, i)),
                              num_oov_buckets, vocab_size, default_value, hasher_spec,
                              key_dtype, name)


__all__ = ["DatasetInitializer", "index_table_from_dataset", "table_from_dataset"]
