"""tf.size, tf.rank, tf.expand_dims, tf.math.add_n and tf.math.bincount on RaggedTensors (size
and rank on SparseTensors), as TensorFlow's dispatch gives them."""

import numpy as np

import eagerbook as tf


def test_size_and_rank_of_ragged_and_sparse_tensors():
    ragged = tf.ragged.constant([[1], [2, 3]])
    sparse = tf.sparse.from_dense([[1, 0], [0, 0]])
    assert int(tf.size(ragged)) == 3 and tf.size(ragged).dtype == tf.int32
    assert tf.size(ragged, out_type=tf.int64).dtype == tf.int64
    assert int(tf.size(sparse)) == 4  # the dense shape's size
    assert int(tf.rank(ragged)) == 2 and int(tf.rank(sparse)) == 2
    assert int(tf.size(tf.ones([2, 3]))) == 6 and int(tf.rank(tf.ones([2, 3]))) == 2


def test_expand_dims_of_a_ragged_tensor():
    ragged = tf.ragged.constant([[1], [2, 3]])
    outer = tf.expand_dims(ragged, 0)
    assert outer.shape.as_list() == [1, 2, None]
    assert outer.to_list() == [[[1], [2, 3]]]
    assert tf.expand_dims(ragged, 1).to_list() == [[[1]], [[2, 3]]]
    assert tf.expand_dims(ragged, -1).to_list() == [[[1]], [[2], [3]]]


def test_add_n_and_bincount_of_ragged_tensors():
    ragged = tf.ragged.constant([[1], [2, 3]])
    assert tf.math.add_n([ragged, ragged, ragged]).to_list() == [[3], [6, 9]]
    np.testing.assert_array_equal(tf.math.bincount(ragged, minlength=5).numpy(),
                                  [0, 1, 1, 1, 0])
    np.testing.assert_array_equal(tf.add_n([tf.ones([2]), tf.ones([2])]).numpy(), [2., 2.])
