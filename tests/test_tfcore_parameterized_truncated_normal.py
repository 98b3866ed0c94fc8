"""tf.random.stateless_parameterized_truncated_normal: bounds per value, seeded, TF's checks."""

import math

import numpy as np
import pytest

import eagerbook as tf

sample = tf.random.stateless_parameterized_truncated_normal


def truncated_mean(mean, std, low, high):
    """The mean of N(mean, std^2) restricted to [low, high] (closed form)."""
    a, b = (low - mean) / std, (high - mean) / std
    if a + b > 0:  # mirrored, so that the CDFs below are small numbers, not 1 - small numbers
        return -truncated_mean(-mean, std, -high, -low)
    pdf = [math.exp(-z * z / 2) / math.sqrt(2 * math.pi) for z in (a, b)]
    cdf = [math.erfc(-z / math.sqrt(2)) / 2 for z in (a, b)]  # (erfc: exact in the far tail)
    return mean + std * (pdf[0] - pdf[1]) / (cdf[1] - cdf[0])


def test_broadcast_parameters_bounds_and_seed():
    y = sample(shape=[10, 2, 3], seed=[7, 17], means=[0., 1., 2.], stddevs=1.,
               minvals=[-1., 0., 1.], maxvals=[[2.], [3.]])
    assert y.shape == (10, 2, 3) and y.dtype == tf.float32
    values = y.numpy()
    assert np.all(values >= np.array([-1., 0., 1.], np.float32))
    assert np.all(values[:, 0] <= 2) and np.all(values[:, 1] <= 3)
    np.testing.assert_array_equal(values, sample([10, 2, 3], [7, 17], [0., 1., 2.], 1.,
                                                 [-1., 0., 1.], [[2.], [3.]]).numpy())
    assert not np.array_equal(values, sample([10, 2, 3], [7, 18], [0., 1., 2.], 1.,
                                             [-1., 0., 1.], [[2.], [3.]]).numpy())


@pytest.mark.parametrize(("low", "high"), [(0.5, 2.0), (-1.0, 3.0), (10.0, 11.0),
                                           (-30.0, -29.0)])
def test_the_values_follow_the_truncated_distribution(low, high):
    values = sample([20000], [3, 4], 0.0, 1.0, low, high).numpy().astype(np.float64)
    assert values.min() >= low and values.max() <= high
    assert abs(values.mean() - truncated_mean(0.0, 1.0, low, high)) < 0.02


def test_dtype_follows_the_means_and_bad_parameters_are_tfs_errors():
    assert sample([2], [1, 2], tf.constant(0., tf.float64), 1., 0., 1.).dtype == tf.float64
    for args, message in [(([3], [1, 2], 0., 1., 1., -1.), "Invalid parameters"),
                          (([3], [1, 2], 0., -1., -1., 1.), "Invalid parameters"),
                          (([2], [1, 2], [0., 1., 2.]), "must end with broadcasted shape"),
                          (([3], [1, 2], 0), "not in the list of allowed values"),
                          (([2], [1, 2], tf.constant(0., tf.float64), tf.constant(1.)),
                           "expected to be a double tensor but is a float tensor")]:
        with pytest.raises(tf.errors.InvalidArgumentError, match=message):
            sample(*args)
