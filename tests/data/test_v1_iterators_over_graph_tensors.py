"""TF 1.x iterators over datasets made from tensors of the graph, as TF 2.21's compat.v1 runs
them (compared side by side): an initializable iterator reads its placeholders' values from
the feed_dict of the run of its initializer (again on each run); a one-shot iterator may read
computed tensors but refuses placeholders with TF's ValueError."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


@pytest.fixture
def graph():
    with tf.Graph().as_default() as g:
        yield g


def test_an_initializable_iterator_reads_the_fed_placeholders(graph):
    features = np.arange(12, dtype=np.float32).reshape(6, 2)
    labels = np.arange(6, dtype=np.int64)
    fp = v1.placeholder(tf.float32, features.shape)
    lp = v1.placeholder(tf.int64, labels.shape)
    dataset = v1.data.Dataset.from_tensor_slices((fp, lp)).batch(4)
    iterator = v1.data.make_initializable_iterator(dataset)
    element = iterator.get_next()
    with v1.Session() as sess:
        sess.run(iterator.initializer, feed_dict={fp: features, lp: labels})
        first = sess.run(element)
        np.testing.assert_array_equal(first[0], features[:4])
        np.testing.assert_array_equal(sess.run(element)[1], [4, 5])
        with pytest.raises(tf.errors.OutOfRangeError):
            sess.run(element)
        sess.run(iterator.initializer, feed_dict={fp: features * 2, lp: labels})
        np.testing.assert_array_equal(sess.run(element)[0], features[:4] * 2)


def test_a_range_of_a_fed_size(graph):
    max_value = v1.placeholder(tf.int64, shape=[])
    iterator = v1.data.make_initializable_iterator(v1.data.Dataset.range(max_value))
    element = iterator.get_next()
    with v1.Session() as sess:
        sess.run(iterator.initializer, feed_dict={max_value: 4})
        assert [sess.run(element) for _ in range(4)] == [0, 1, 2, 3]
        sess.run(iterator.initializer, feed_dict={max_value: 2})
        assert [sess.run(element) for _ in range(2)] == [0, 1]
        with pytest.raises(tf.errors.OutOfRangeError):
            sess.run(element)


def test_a_one_shot_iterator_reads_computed_tensors_but_not_placeholders(graph):
    p = v1.placeholder(tf.int64, [])
    with pytest.raises(ValueError, match=r"^Cannot capture a placeholder "
                       r"\(name:Placeholder, type:Placeholder\) by value\.$"):
        v1.data.make_one_shot_iterator(v1.data.Dataset.range(p * 2))
    x = tf.range(5) * 2
    element = v1.data.make_one_shot_iterator(
        v1.data.Dataset.from_tensor_slices(x)).get_next()
    with v1.Session() as sess:
        assert [sess.run(element) for _ in range(3)] == [0, 2, 4]
