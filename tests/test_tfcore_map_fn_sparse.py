"""tf.map_fn over SparseTensors and with SparseTensorSpec outputs (values as TF 2.21's)."""

import eagerbook as tf


def test_each_row_of_a_sparse_tensor_is_a_sparse_tensor():
    st = tf.sparse.SparseTensor([[0, 0], [2, 0], [2, 1]], [2, 3, 4], dense_shape=[4, 4])
    sums = tf.map_fn(tf.sparse.reduce_sum, st, fn_output_signature=tf.int32)
    assert sums.numpy().tolist() == [2, 0, 7, 0]


def test_sparse_results_are_stacked_into_one_sparse_tensor():
    eyes = tf.map_fn(tf.sparse.eye, tf.constant([2, 3]),
                     fn_output_signature=tf.SparseTensorSpec(None, tf.float32))
    assert isinstance(eyes, tf.sparse.SparseTensor)
    assert eyes.dense_shape.numpy().tolist() == [2, 3, 3]
    assert tf.sparse.to_dense(eyes).numpy().tolist() == [
        [[1, 0, 0], [0, 1, 0], [0, 0, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]]


def test_sparse_in_sparse_out_without_a_signature():
    st = tf.sparse.SparseTensor([[0, 0], [2, 1]], [2, 4], dense_shape=[3, 2])
    doubled = tf.map_fn(lambda s: s * 2, st)
    assert doubled.indices.numpy().tolist() == [[0, 0], [2, 1]]
    assert doubled.values.numpy().tolist() == [4, 8]
