"""``Dataset.rejection_resample``: elements dropped at random so that the classes come out in
a target distribution.

An element of class ``c`` (``class_func(element)``) is kept with probability ``a_c``,
proportional to ``target_c / initial_c``: over-represented classes lose elements. With a known
``initial_dist``, TF mixes in the untouched data with probability ``m = min_c(target_c /
initial_c)`` and rejects only the rest, with ``a_c = (ratio_c - m) / (max ratio - m)``; so it
throws away as little as it can. Without one, the initial distribution is estimated from the
classes seen so far. Each element comes out as a ``(class, element)`` pair.
"""

import numpy as np

from . import dataset as dataset_ops


def rejection_resample(dataset, class_func, target_dist, initial_dist=None, seed=None):
    target = _distribution(target_dist, "target_dist")
    labelled = dataset.map(lambda *element: _with_class(class_func, element))
    if initial_dist is None:
        return _RejectionDataset(labelled, target, None, seed)
    initial = _distribution(initial_dist, "initial_dist")
    if initial.shape != target.shape:
        raise ValueError(f"Shapes {initial.shape} and {target.shape} are incompatible "
                         "(initial_dist and target_dist need one entry per class).")
    ratio = _ratio(target, initial)
    original_share = float(ratio.min())
    if original_share >= 1.0:  # the data already has the target distribution
        return labelled
    filtered = _RejectionDataset(labelled, target, initial, seed)
    if original_share <= 0.0:
        return filtered
    # Sampling stops when either side runs out, as in TF (the rest would skew the classes).
    return dataset_ops.SampleDataset([labelled, filtered],
                                     [original_share, 1.0 - original_share], seed, True)


def _with_class(class_func, element):
    element = element[0] if len(element) == 1 else element
    call = class_func(*element) if type(element) is tuple else class_func(element)
    return call, element


def _distribution(values, name):
    probs = np.asarray(getattr(values, "numpy", lambda: values)(), dtype=np.float64)
    if probs.ndim != 1:
        raise ValueError(f"`{name}` must be a vector of class probabilities, got shape "
                         f"{probs.shape}.")
    return probs


def _ratio(target, initial):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(initial > 0, target / np.where(initial > 0, initial, 1.0), 0.0)


def _acceptance(target, initial):
    """Per class, the probability of keeping an element (the largest ratio is kept always)."""
    ratio = _ratio(target, initial)
    top = ratio.max()
    return ratio / top if top > 0 else ratio


def _mixed_acceptance(target, initial):
    ratio = _ratio(target, initial)
    low, top = ratio.min(), ratio.max()
    return (ratio - low) / (top - low)


class _RejectionDataset(dataset_ops._UnaryDataset):
    """Keeps each (class, element) pair with its class's acceptance probability."""

    _tf_name = "_FilterDataset"

    def __init__(self, labelled, target, initial, seed):
        super().__init__(labelled)
        self._target, self._initial, self._seed = target, initial, seed

    def _iterate(self):
        global_seed, op_seed = dataset_ops._get_seed(self._seed)
        rng = np.random.RandomState(None if global_seed is None and op_seed is None else
                                    ((global_seed or 0) * 1000003 + (op_seed or 7)) % 2 ** 32)
        counts = np.zeros(len(self._target))
        accept = None if self._initial is None else _mixed_acceptance(self._target,
                                                                      self._initial)
        for label, element in self._input._iterate():
            c = int(label.numpy())
            if not 0 <= c < len(self._target):
                raise dataset_ops.errors.InvalidArgumentError(
                    f"indices[0] = {c} is not in [0, {len(self._target)})")
            if self._initial is None:  # estimate the distribution from the classes so far
                counts[c] += 1
                keep = _acceptance(self._target, counts / counts.sum())[c]
            else:
                keep = accept[c]
            if rng.uniform() < keep:
                yield label, element

    def _cardinality(self):
        return dataset_ops.UNKNOWN

