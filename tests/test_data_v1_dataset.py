"""tf.compat.v1.data.Dataset as in TF 2.21 (the values are TF's): TF 1.x datasets and those
their methods make have make_one_shot_iterator / make_initializable_iterator and the
output_types / output_shapes / output_classes properties; TF 2 datasets do not."""

import pytest

import eagerbook as tf

tf1 = tf.compat.v1


def test_tf1_datasets_make_their_iterators_eagerly():
    batched = tf1.data.Dataset.from_tensor_slices([1, 2, 3]).map(lambda x: x * 2).batch(2)
    assert isinstance(batched, tf.data.Dataset) and isinstance(batched, tf1.data.Dataset)
    assert not isinstance(tf.data.Dataset.range(1), tf1.data.Dataset)
    assert (batched.output_types, batched.output_shapes, batched.output_classes) == (
        tf.int32, tf.TensorShape([None]), tf.Tensor)
    assert [x.numpy().tolist() for x in batched.make_one_shot_iterator()] == [[2, 4], [6]]
    with pytest.raises(RuntimeError, match=r"^`make_initializable_iterator\(\)` is not "
                                           "supported in eager mode. Use Python-style "
                                           "iteration instead.$"):
        batched.make_initializable_iterator()


def test_tf2_datasets_have_no_tf1_methods():
    with pytest.raises(AttributeError, match="^'_RangeDataset' object has no attribute "
                                             "'make_one_shot_iterator'$"):
        tf.data.Dataset.range(3).make_one_shot_iterator()  # noqa: B018 (the lookup raises)
    assert not hasattr(tf.data.Dataset.range(2).concatenate(tf1.data.Dataset.range(1)),
                       "make_one_shot_iterator")  # (a TF 2 dataset's method: TF 2's)
    assert hasattr(tf1.data.Dataset.zip((tf1.data.Dataset.range(2),
                                         tf.data.Dataset.range(2))), "output_types")
    assert not hasattr(tf.data.Dataset.zip((tf1.data.Dataset.range(2),)), "output_types")


def test_output_classes_of_sparse_components():
    d = tf1.data.Dataset.from_tensors({"a": [1.0], "b": tf.SparseTensor([[0]], [1], [2])})
    assert d.output_classes == {"a": tf.Tensor, "b": tf.SparseTensor}
    assert d.output_types == {"a": tf.float32, "b": tf.int32}
    assert tf1.data.get_output_classes(d) == d.output_classes


def test_tf1_iterators_in_a_graph():
    with tf.Graph().as_default():
        iterator = tf1.data.Dataset.range(3).make_initializable_iterator()
        element = iterator.get_next()
        once = tf1.data.Dataset.range(2).make_one_shot_iterator().get_next()
        with tf1.Session() as sess:
            sess.run(iterator.initializer)
            assert [int(sess.run(element)) for _ in range(3)] == [0, 1, 2]
            assert [int(sess.run(once)) for _ in range(2)] == [0, 1]
