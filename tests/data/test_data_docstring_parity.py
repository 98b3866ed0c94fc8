"""tf.data behaviours from TF 2's docstrings: a list inside a map function's result is one
tensor (only a returned top-level list is a tuple), scan's lists likewise;
tf.data.experimental.from_list, get_structure and shuffle_and_repeat."""
import numpy as np
import pytest

import eagerbook as tf


def test_lists_inside_a_mapped_element_are_tensors():
    d = tf.data.Dataset.range(3)
    spec = d.map(lambda x: [x, [x, x]]).element_spec
    assert spec == (tf.TensorSpec([], tf.int64), tf.TensorSpec([2], tf.int64))
    spec = d.map(lambda x: ((37.0, [42, 16]), "foo")).element_spec
    assert spec == ((tf.TensorSpec([], tf.float32), tf.TensorSpec([2], tf.int32)),
                    tf.TensorSpec([], tf.string))
    scanned = d.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, [x, x]))
    assert scanned.element_spec == tf.TensorSpec([2], tf.int64)
    assert [a.tolist() for a in scanned.as_numpy_iterator()] == [[0, 0], [1, 1], [2, 2]]


def test_from_list_and_get_structure():
    d = tf.data.experimental.from_list([(1, "a"), (2, "b")])
    assert repr(d).startswith("<_ListDataset element_spec=(TensorSpec(shape=(), "
                              "dtype=tf.int32")
    assert [(n.item(), s) for n, s in d.as_numpy_iterator()] == [(1, b"a"), (2, b"b")]
    assert d.cardinality().numpy() == 2
    ragged = tf.data.experimental.from_list([[1], [2, 3]])
    assert ragged.element_spec == tf.TensorSpec([None], tf.int32)
    assert [a.tolist() for a in ragged.as_numpy_iterator()] == [[1], [2, 3]]
    assert tf.data.experimental.get_structure(d) == d.element_spec
    assert tf.data.experimental.get_structure(iter(tf.data.Dataset.range(2))) == \
        tf.TensorSpec([], tf.int64)
    with pytest.raises(ValueError, match="should not be empty"):
        tf.data.experimental.from_list([])
    with pytest.raises(ValueError, match="must be a list"):
        tf.data.experimental.from_list((1, 2))
    with pytest.raises(ValueError, match="same nested structure"):
        tf.data.experimental.from_list([(1, 2), 3])


def test_shuffle_and_repeat():
    d = tf.data.Dataset.range(4).apply(tf.data.experimental.shuffle_and_repeat(4, count=2,
                                                                                seed=1))
    values = list(d.as_numpy_iterator())
    assert sorted(values[:4]) == [0, 1, 2, 3] and sorted(values[4:]) == [0, 1, 2, 3]
    assert len(values) == 8 and np.asarray(values).dtype == np.int64
