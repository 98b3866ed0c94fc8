"""Dataset.scan, Dataset.unique and the tf.data.experimental spellings, as TF 2 runs them."""

import numpy as np
import pytest

import eagerbook as tf


def _values(ds):
    return [np.asarray(v).tolist() if not isinstance(v, tuple) else
            tuple(np.asarray(x).tolist() for x in v) for v in ds.as_numpy_iterator()]


@pytest.mark.parametrize("make, expected", [
    (lambda: tf.data.Dataset.range(5).scan(tf.constant(0, dtype=tf.int64),
                                           lambda s, x: (s + x, s + x)), [0, 1, 3, 6, 10]),
    (lambda: tf.data.Dataset.range(4).apply(tf.data.experimental.scan(
        tf.constant(1.0), lambda s, x: (s * 2.0, tf.cast(x, tf.float32) * s))),
     [0.0, 2.0, 8.0, 24.0]),
    (lambda: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4, 5, 6])).scan(
        0, lambda s, e: (s + e[0], (s, e[1]))), [(0, 4), (1, 5), (3, 6)]),
    (lambda: tf.data.Dataset.from_tensor_slices([1, 37, 2, 37, 2, 1]).unique(), [1, 37, 2]),
    (lambda: tf.data.Dataset.from_tensor_slices(["b", "a", "b"]).apply(
        tf.data.experimental.unique()), [b"b", b"a"]),
    (lambda: tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(3)),
     [0, 1, 2]),
])
def test_values(make, expected):
    assert _values(make()) == expected


def test_specs_and_cardinality():
    ds = tf.data.Dataset.range(5).scan(tf.constant(0, dtype=tf.int64),
                                       lambda s, x: (s + x, tf.cast(s, tf.float32)))
    assert ds.element_spec == tf.TensorSpec((), tf.float32)
    assert int(tf.data.Dataset.range(4).unique().cardinality()) == -2
    checked = tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(3))
    assert int(checked.cardinality()) == 3


@pytest.mark.parametrize("make, error", [
    (lambda: tf.data.Dataset.from_tensor_slices([1.0, 2.0]).unique(), TypeError),
    (lambda: list(tf.data.Dataset.range(3).scan(
        tf.constant(0), lambda s, x: (tf.cast(s, tf.float32), x))), TypeError),
    (lambda: list(tf.data.Dataset.range(3).filter(lambda x: True).apply(
        tf.data.experimental.assert_cardinality(4))), tf.errors.FailedPreconditionError),
    (lambda: tf.data.experimental.get_single_element(tf.data.Dataset.range(2)),
     tf.errors.InvalidArgumentError),
])
def test_errors(make, error):
    with pytest.raises(error):
        make()


def test_get_single_element():
    assert int(tf.data.experimental.get_single_element(tf.data.Dataset.from_tensors(5))) == 5
