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



def test_random_rerandomizes_each_pass_only_when_asked(tmp_path):
    same = tf.data.Dataset.random(seed=4).take(10)
    assert list(same.as_numpy_iterator()) == list(same.as_numpy_iterator())
    fresh = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(10)
    first, second = list(fresh.as_numpy_iterator()), list(fresh.as_numpy_iterator())
    assert first != second
    again = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(10)
    assert list(again.as_numpy_iterator()) == first  # the same seed: the same passes
    iterator = iter(again)
    next(iterator)
    checkpoint = tf.train.Checkpoint(it=iterator)
    path = checkpoint.write(str(tmp_path / "ckpt"))
    ahead = [int(next(iterator)) for _ in range(3)]
    checkpoint.read(path)
    assert [int(next(iterator)) for _ in range(3)] == ahead
