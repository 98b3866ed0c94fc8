"""Datasets as components of elements (Dataset.from_tensors(ds), a map returning a dataset),
described by tf.data.DatasetSpec, as in TF."""

import pytest

import eagerbook as tf

INT64 = tf.TensorSpec([], tf.int64)


def test_from_tensors_of_a_dataset_has_one_dataset_element():
    ds = tf.data.Dataset.from_tensors(tf.data.Dataset.range(3))
    assert ds.element_spec == tf.data.DatasetSpec(INT64)
    (inner,) = list(ds)
    assert list(inner.as_numpy_iterator()) == [0, 1, 2]
    assert int(ds.flat_map(lambda d: d).reduce(tf.constant(0, tf.int64),
                                                 lambda s, x: s + x)) == 3


def test_map_may_return_datasets():
    ds = tf.data.Dataset.range(3).map(lambda x: (x, tf.data.Dataset.range(x)))
    assert ds.element_spec == (INT64, tf.data.DatasetSpec(INT64))
    assert [(int(x), len(list(d))) for x, d in ds] == [(0, 0), (1, 1), (2, 2)]


def test_dataset_spec_compatibility_and_relaxing():
    spec = tf.data.DatasetSpec(INT64)
    assert spec.is_compatible_with(tf.data.Dataset.range(2))
    assert spec.is_compatible_with(tf.data.DatasetSpec(INT64))
    assert not spec.is_compatible_with(tf.data.Dataset.from_tensors("a"))
    assert not spec.is_compatible_with(INT64)
    a = tf.data.DatasetSpec(tf.TensorSpec([2], tf.int64))
    b = tf.data.DatasetSpec(tf.TensorSpec([3], tf.int64))
    assert a.most_specific_compatible_type(b) == \
        tf.data.DatasetSpec(tf.TensorSpec([None], tf.int64))
    with pytest.raises(ValueError):
        a.most_specific_compatible_type(tf.data.DatasetSpec((INT64, INT64)))
