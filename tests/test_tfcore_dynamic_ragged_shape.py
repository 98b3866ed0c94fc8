"""``tf.shape`` of a RaggedTensor is a ``tf.experimental.DynamicRaggedShape``, as in TF 2.21:
printed by its lengths, indexed on its uniform dimensions, and accepted by tf.zeros, tf.ones,
tf.fill, tf.reshape and tf.broadcast_to. Each expectation is what TF 2.21 printed."""

import numpy as np
import pytest

import eagerbook as tf

RT = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])


def test_the_shape_of_a_ragged_tensor_prints_its_lengths():
    shape = tf.shape(RT)
    assert isinstance(shape, tf.experimental.DynamicRaggedShape)
    assert repr(shape) == str(shape) == (
        "<DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>")
    assert shape.rank == 2 and shape.num_row_partitions == 1 and shape.dtype == tf.int32
    assert repr(shape.row_partitions) == "(tf.RowPartition(row_splits=[0 1 4 4 6]),)"
    assert shape.inner_shape.numpy().tolist() == [6] and shape.inner_shape.dtype == tf.int32
    assert shape.static_lengths() == [4, (1, 3, 0, 2)]
    assert shape.is_uniform(0) and not shape.is_uniform(1)
    assert shape._to_tensor_shape() == tf.TensorShape([4, None])


def test_deeper_and_uniform_inner_dimensions():
    uniform_inner = tf.shape(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))
    assert repr(uniform_inner) == (
        "<DynamicRaggedShape lengths=[2, (2, 1), 2] num_row_partitions=1>")
    assert int(uniform_inner[2]) == 2
    assert uniform_inner.inner_shape.numpy().tolist() == [3, 2]
    two_ragged = tf.shape(tf.ragged.constant([[[1], [2, 3]], [[5]]]))
    assert repr(two_ragged) == (
        "<DynamicRaggedShape lengths=[2, (2, 1), (1, 2, 1)] num_row_partitions=2>")
    assert repr(two_ragged.row_partitions) == (
        "(tf.RowPartition(row_splits=[0 2 3]), tf.RowPartition(row_splits=[0 1 3 4]))")
    with pytest.raises(ValueError, match="^Index 2 is not uniform$"):
        two_ragged[2]


def test_indexing_a_ragged_shape():
    shape = tf.shape(RT)
    first = shape[0]
    assert first.dtype == tf.int32 and int(first) == 4
    with pytest.raises(ValueError, match="^Index 1 is not uniform$"):
        shape[1]
    assert repr(shape[:1]) == "<DynamicRaggedShape lengths=[4] num_row_partitions=0>"
    with pytest.raises(ValueError, match="^All relevant dimensions must be uniform$"):
        shape[1:]


def test_building_from_lengths_and_from_a_tensor():
    built = tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])
    assert repr(built) == (
        "<DynamicRaggedShape lengths=[4, (2, 1, 0, 8), 12] num_row_partitions=1>")
    assert built.inner_shape.numpy().tolist() == [11, 12]
    dense = tf.experimental.DynamicRaggedShape.from_tensor(tf.constant([[1], [2], [3], [4]]))
    assert repr(dense) == "<DynamicRaggedShape lengths=[4, 1] num_row_partitions=0>"


def test_tensors_made_in_a_ragged_shape():
    shape = tf.shape(RT)
    x = tf.constant([["a", "b"], ["c", "d"], ["e", "f"]])
    assert str(tf.reshape(x, shape)) == (
        "<tf.RaggedTensor [[b'a'], [b'b', b'c', b'd'], [], [b'e', b'f']]>")
    assert str(tf.zeros(shape)) == "<tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>"
    assert str(tf.ones(shape)) == "<tf.RaggedTensor [[1.0], [1.0, 1.0, 1.0], [], [1.0, 1.0]]>"
    assert str(tf.fill(shape, "x")) == (
        "<tf.RaggedTensor [[b'x'], [b'x', b'x', b'x'], [], [b'x', b'x']]>")
    column = tf.constant([[1], [2], [3], [4]])
    assert str(tf.broadcast_to(column, shape)) == "<tf.RaggedTensor [[1], [2, 2, 2], [], [4, 4]]>"
    assert str(tf.broadcast_to(1, shape)) == "<tf.RaggedTensor [[1], [1, 1, 1], [], [1, 1]]>"


def test_dense_shapes_are_unchanged():
    assert tf.shape(tf.constant([[1, 2]])).numpy().tolist() == [1, 2]
    assert tf.zeros([2]).numpy().tolist() == [0.0, 0.0]
    np.testing.assert_array_equal(tf.broadcast_to(1, [2]).numpy(), [1, 1])
