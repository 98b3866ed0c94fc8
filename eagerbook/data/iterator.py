"""Iterators over datasets: what ``iter(dataset)`` returns, and TF 1.x's ``tfe.Iterator``."""

from ..core import errors
from . import structure


class OwnedIterator:
    """One pass over a dataset. ``next(it)`` raises ``StopIteration`` at the end;
    ``it.get_next()`` raises ``tf.errors.OutOfRangeError`` as TensorFlow does."""

    def __init__(self, dataset):
        from .dataset import Dataset
        if not isinstance(dataset, Dataset):
            raise TypeError(f"Expected a tf.data.Dataset, got {type(dataset).__name__}")
        self._dataset = dataset
        self._it = dataset._iterate()

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def next(self):
        return next(self._it)

    def get_next(self, name=None):
        try:
            return next(self._it)
        except StopIteration:
            raise errors.OutOfRangeError(
                None, None, "End of sequence [Op:IteratorGetNext]") from None

    def get_next_as_optional(self):
        try:
            return _Optional(next(self._it), True)
        except StopIteration:
            return _Optional(None, False)

    def __repr__(self):
        return f"<{type(self).__name__} element_spec={self.element_spec}>"


class Iterator(OwnedIterator):
    """``tf.contrib.eager.Iterator(dataset)`` from the TF 1.x eager announcement: a Python
    iterator over the dataset's elements (in TF 2, ``iter(dataset)`` does the same)."""


class _Optional:
    def __init__(self, value, present):
        self._value, self._present = value, present

    def has_value(self):
        import numpy as np

        from ..core.tensor import _from_numpy
        return _from_numpy(np.array(self._present))

    def get_value(self):
        if not self._present:
            raise errors.InvalidArgumentError(
                None, None, "The optional does not have a value. [Op:OptionalGetValue]")
        return self._value

    def __repr__(self):
        return f"<Optional has_value={self._present}>"


__all__ = ["Iterator", "OwnedIterator", "structure"]
