"""The arithmetic of ``Dataset.rejection_resample``: elements dropped at random so that the
classes come out in a target distribution.

An element of class ``c`` is kept with probability ``a_c``, proportional to
``target_c / initial_c``: over-represented classes lose elements. With a known
``initial_dist``, TF mixes in the untouched data with probability ``m = min_c(target_c /
initial_c)`` and rejects only from the rest, with ``a_c = (ratio_c - m) / (max ratio - m)``;
so it throws away as little as it can. Without one, the initial distribution is estimated from
the classes seen so far. (The datasets doing this are in dataset.py.)
"""

import numpy as np


def distribution(values, name):
    """A probability vector from a list, array or tensor."""
    probs = np.asarray(getattr(values, "numpy", lambda: values)(), dtype=np.float64)
    if probs.ndim != 1:
        raise ValueError(f"`{name}` must be a vector of class probabilities, got shape "
                         f"{probs.shape}.")
    return probs


def _ratio(target, initial):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(initial > 0, target / np.where(initial > 0, initial, 1.0), 0.0)


def share_of_original(target, initial):
    """``m``: how much of the output may come from the data untouched."""
    if initial.shape != target.shape:
        raise ValueError(f"Shapes {initial.shape} and {target.shape} are incompatible "
                         "(initial_dist and target_dist need one entry per class).")
    return float(_ratio(target, initial).min())


def acceptance(target, initial):
    """Per class, the probability of keeping an element (the largest ratio is always kept)."""
    ratio = _ratio(target, initial)
    top = ratio.max()
    return ratio / top if top > 0 else ratio


def mixed_acceptance(target, initial):
    """The acceptance of the rejected part when a share ``m`` of the data passes untouched."""
    ratio = _ratio(target, initial)
    low, top = ratio.min(), ratio.max()
    return (ratio - low) / (top - low)
