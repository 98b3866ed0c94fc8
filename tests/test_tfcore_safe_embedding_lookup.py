"""tf.nn.safe_embedding_lookup_sparse: TF 2.21's results for empty rows, invalid ids, weights
and ids of rank 3."""

import eagerbook as tf

PARAMS = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def _rows(sp, **kwargs):
    return tf.nn.safe_embedding_lookup_sparse(PARAMS, sp, **kwargs).numpy().tolist()


def test_empty_rows_give_zeros_or_the_default():
    sp = tf.sparse.SparseTensor([[0, 0], [2, 0]], [1, 2], [3, 1])
    assert _rows(sp) == [[3.0, 4.0], [0.0, 0.0], [5.0, 6.0]]
    assert _rows(sp, default_id=0) == [[3.0, 4.0], [1.0, 2.0], [5.0, 6.0]]


def test_invalid_ids_and_weights_are_dropped():
    indices = [[0, 0], [0, 1], [1, 0], [2, 0]]
    sp = tf.sparse.SparseTensor(indices, tf.constant([1, -1, 2, 0], tf.int64), [4, 2])
    weights = tf.sparse.SparseTensor(indices, [2.0, 1.0, 0.0, 1.0], [4, 2])
    out = tf.nn.safe_embedding_lookup_sparse(PARAMS, sp, weights, combiner="sum")
    assert out.numpy().tolist() == [[6.0, 8.0], [0.0, 0.0], [1.0, 2.0], [0.0, 0.0]]
    out = tf.nn.safe_embedding_lookup_sparse([PARAMS], sp, combiner="sqrtn")
    assert out.numpy().tolist() == [[3.0, 4.0], [5.0, 6.0], [1.0, 2.0], [0.0, 0.0]]


def test_rank_three_ids_keep_their_leading_shape():
    sp = tf.sparse.SparseTensor([[0, 0, 0], [1, 1, 1]], tf.constant([1, 2], tf.int64), [2, 2, 2])
    assert _rows(sp) == [[[3.0, 4.0], [0.0, 0.0]], [[0.0, 0.0], [5.0, 6.0]]]
