"""``tf.keras.utils.split_dataset``: a dataset (or arrays) cut into a left and a right part.

The samples are read into a list first (a ``tf.data.Dataset`` is iterated once), optionally
shuffled with Python's ``random`` under `seed`, and the two parts become new datasets of
slices; a batched input dataset gives batched parts of the same batch size.
"""

import random

import numpy as np

from ..data.dataset import AUTOTUNE, BatchDataset, Dataset


def _split_sizes(left_size, right_size, total):
    """The two parts' sample counts from fractions (float), counts (int) or None."""
    for name, size in (("left_size", left_size), ("right_size", right_size)):
        if size is not None and type(size) not in (int, float):
            raise TypeError(f"Invalid `{name}` Type. Expected: int or float or None, "
                            f"Received: type({name})={type(size)}.  ")  # (TF's spaces)
        if (type(size) is int and not 0 < size < total) or \
                (type(size) is float and not 0 < size < 1):
            raise ValueError(f"`{name}` should be either a positive integer smaller than "
                             f"{total}, or a float within the range `[0, 1]`. Received: "
                             f"{name}={size}")
    if type(left_size) is float and type(right_size) is float and left_size + right_size > 1:
        raise ValueError("The sum of `left_size` and `right_size` is greater than 1. It must "
                         "be less than or equal to 1.")
    left = round(left_size * total) if type(left_size) is float else left_size
    right = round(right_size * total) if type(right_size) is float else right_size
    left = total - right if left is None else left
    right = total - left if right is None else right
    if left + right > total:
        raise ValueError(f"The sum of `left_size` and `right_size` should be smaller than the "
                         f"{total}. Received: left_size + right_size = {left + right}and "
                         f"total_length = {total}")
    for split, side in ((left, "left"), (right, "right")):
        if split == 0:
            raise ValueError(f"With `dataset` of length={total}, `left_size`={left} and "
                             f"`right_size`={right}.Resulting {side} side dataset split will "
                             "be empty. Adjust any of the aforementioned parameters")
    return int(left), int(right)


def _samples(dataset):
    if isinstance(dataset, Dataset):
        source = dataset.unbatch() if isinstance(dataset, BatchDataset) else dataset
        return list(source.as_numpy_iterator())
    if isinstance(dataset, np.ndarray):
        return list(dataset)
    arrays = [np.asarray(a) for a in dataset]
    if len({len(a) for a in arrays}) > 1:
        raise ValueError("Received a list of arrays of different lengths: "
                         f"{[len(a) for a in arrays]}. All arrays must have the same length.")
    return list(zip(*arrays, strict=True))


def _as_dataset(samples):
    if samples and isinstance(samples[0], tuple):
        columns = tuple(np.stack(column) for column in zip(*samples, strict=True))
        return Dataset.from_tensor_slices(columns)
    if samples and isinstance(samples[0], dict):
        return Dataset.from_tensor_slices({k: np.stack([s[k] for s in samples])
                                           for k in samples[0]})
    if samples and isinstance(samples[0], np.integer):
        # Integer scalars come back as TF's split gives them: int32 (floats keep their dtype)
        return Dataset.from_tensor_slices(list(samples))
    return Dataset.from_tensor_slices(np.stack(samples))


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None):
    """``(left, right)`` datasets; sizes are fractions (float) or sample counts (int)."""
    if not isinstance(dataset, (Dataset, list, tuple, np.ndarray)):
        raise TypeError("The `dataset` argument must be either a `tf.data.Dataset` object or a "
                        f"list/tuple of arrays. Received: dataset={dataset} of type "
                        f"{type(dataset)}")
    if left_size is None and right_size is None:
        raise ValueError("At least one of the `left_size` or `right_size` must be specified. "
                         "Received: left_size=None and right_size=None")
    samples = _samples(dataset)
    if shuffle:
        random.seed(random.randint(0, int(1e6)) if seed is None else seed)
        random.shuffle(samples)
    left, right = _split_sizes(left_size, right_size, len(samples))
    parts = [_as_dataset(samples[:left]), _as_dataset(samples[-right:])]
    if isinstance(dataset, BatchDataset):
        parts = [p.batch(dataset._batch_size) for p in parts]
    left_part, right_part = (p.prefetch(AUTOTUNE) for p in parts)  # (as TF returns them)
    return left_part, right_part


__all__ = ["split_dataset"]
