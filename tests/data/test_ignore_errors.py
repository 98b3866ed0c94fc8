"""Dataset.ignore_errors: elements whose computation raised a tf.errors error are dropped."""

import numpy as np
import pytest

import eagerbook as tf


def _reciprocals():
    dataset = tf.data.Dataset.from_tensor_slices([1., 2., 0., 4.])
    return dataset.map(lambda x: tf.debugging.check_numerics(1. / x, ""))


def test_without_ignore_errors_the_error_surfaces():
    with pytest.raises(tf.errors.InvalidArgumentError):
        list(_reciprocals().as_numpy_iterator())


def test_failed_elements_are_dropped_and_the_rest_follow():
    dataset = _reciprocals().ignore_errors()
    assert [float(x) for x in dataset.as_numpy_iterator()] == [1.0, 0.5, 0.25]
    assert int(dataset.cardinality()) == tf.data.UNKNOWN_CARDINALITY
    later = _reciprocals().map(lambda x: x * 2).ignore_errors().batch(2)
    assert [b.tolist() for b in later.as_numpy_iterator()] == [[2.0, 1.0], [0.5]]


def test_log_warning_reports_each_dropped_element():
    with pytest.warns(UserWarning, match="Ignoring error"):
        values = list(_reciprocals().ignore_errors(log_warning=True).as_numpy_iterator())
    np.testing.assert_array_equal(values, np.array([1.0, 0.5, 0.25], np.float32))

