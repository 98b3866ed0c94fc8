"""``Dataset.rejection_resample``: elements dropped at random so that the classes come out in a
target distribution, built from tf.data steps in the order TF builds it, so that its random
draws (one seeded uniform per element, then ``sample_from_datasets``) are TF's own.

Per class ``c``, ``ratio_c = target_c / initial_c``. A share ``m = min_c ratio_c`` of the output
is the data untouched; the rest comes from the data filtered, each element kept with
probability ``a_c = (ratio_c - m) / (max ratio - m)``: this throws away as little as it can.
Without an ``initial_dist`` the initial distribution is estimated as the data goes by: class
counts start at 10 each and grow by a batch of 32 classes at a time, every element of a batch
using the estimate made with it.
"""

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, math_ops, random_ops
from ..ops.primitives import reduce_sum

ESTIMATION_BATCH = 32  # classes counted at a time
PRIOR_COUNT = 10  # each class's count before any is seen


def distribution(values, name):
    """A float32 probability vector from a list, array or tensor."""
    probs = math_ops.cast(convert_to_tensor(values), dtypes.float32)
    if probs.shape.rank != 1:
        raise ValueError(f"`{name}` must be a vector of class probabilities, got shape "
                         f"{tuple(probs.shape)}.")
    return probs


def acceptance_and_share(initial, target):
    """(``a``, ``m``): per class the chance of keeping an element of the filtered part, and the
    share of the output taken from the data untouched."""
    ratio = target / (initial + np.finfo(np.float32).tiny)  # (no division by zero)
    low, top = math_ops.reduce_min(ratio), math_ops.reduce_max(ratio)
    return (ratio - low) / (top - low), low


def static_share(initial, target):
    """``m`` as a Python number, known before the data runs."""
    return float(np.min(target.numpy() / initial.numpy()))


def estimated_initial(target, class_values):
    """The running estimate of the initial distribution, one per element (see the top)."""
    classes = target.shape[0]

    def count_batch(counts, batch):
        counts = counts + reduce_sum(array_ops.one_hot(batch, classes, dtype=dtypes.int64), 0)
        estimate = math_ops.cast(counts / reduce_sum(counts), dtypes.float32)
        return counts, array_ops.tile(array_ops.expand_dims(estimate, 0), [ESTIMATION_BATCH, 1])

    prior = array_ops.fill([classes], np.int64(PRIOR_COUNT))
    return class_values.batch(ESTIMATION_BATCH).scan(prior, count_batch).unbatch()


def filtered(dataset, acceptance, class_func, seed):
    """(class, element) pairs of `dataset`, each kept with its class's acceptance (a
    dataset of acceptance vectors, one per element) against a seeded uniform draw."""
    def with_acceptance(accept, element):
        label = class_func(*element) if isinstance(element, tuple) else class_func(element)
        return label, array_ops.tf_gather(accept, label), element

    def kept(label, chance, element):
        return random_ops.uniform([], seed=seed, dtype=chance.dtype) < chance

    return (dataset.zip((acceptance, dataset)).map(with_acceptance).filter(kept)
            .map(lambda label, chance, element: (label, element)))
