"""``tf.data.experimental``: CSV readers, and names that later moved up to ``tf.data``."""

from ..core import dtypes
from .dataset import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    AssertCardinalityDataset,
    CounterDataset,
)
from .readers import CsvDataset, make_csv_dataset


def Counter(start=0, step=1, dtype=dtypes.int64, name=None):  # noqa: N802 - TF's name
    """An infinite dataset counting ``start, start + step, ...`` (scalars of `dtype`)."""
    return CounterDataset(start, step, dtype)


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


__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Counter", "CsvDataset",
           "assert_cardinality", "cardinality", "get_single_element", "make_csv_dataset",
           "scan", "unique"]
