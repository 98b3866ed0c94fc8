"""Feature crosses (tf.sparse.cross/cross_hashed, tf.ragged.cross/cross_hashed) and the small
tf.sparse helpers (eye, fill_empty_rows, reshape, to_indicator, mask): TF 2.21's values,
hashes included."""

import pytest

import eagerbook as tf


def _sparse_parts(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist()


def _features():
    st = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], ["a", "b", "c"], [2, 2])
    st2 = tf.sparse.SparseTensor([[0, 0], [1, 0]], ["d", "e"], [2, 1])
    return [st, st2, tf.constant([["f"], ["g"]])]


def test_sparse_cross_joins_one_value_per_input():
    assert _sparse_parts(tf.sparse.cross(_features())) == (
        [[0, 0], [1, 0], [1, 1]], [b"a_X_d_X_f", b"b_X_e_X_g", b"c_X_e_X_g"], [2, 2])
    custom = tf.sparse.cross([tf.constant([["a"], ["b"]]), tf.constant([["c"], ["d"]])],
                             separator="_Y_")
    assert custom.values.numpy().tolist() == [b"a_Y_c", b"b_Y_d"]
    numbers = tf.sparse.cross([tf.constant([[1, 2]], tf.int64), tf.constant([["u"]])])
    assert _sparse_parts(numbers) == ([[0, 0], [0, 1]], [b"1_X_u", b"2_X_u"], [1, 2])


def test_hashed_crosses_match_tfs_fingerprints():
    hashed = tf.sparse.cross_hashed(_features(), num_buckets=50)
    assert hashed.values.dtype == tf.int64 and hashed.values.numpy().tolist() == [28, 16, 24]
    doc = tf.ragged.cross_hashed([tf.ragged.constant([["a"], ["b", "c"]]),
                                  tf.ragged.constant([["d"], ["e"]]),
                                  tf.ragged.constant([["f"], ["g"]])], num_buckets=100)
    assert doc.to_list() == [[78], [66, 74]]
    unbucketed = tf.ragged.cross_hashed([tf.ragged.constant([[1, 2], [3]], dtype=tf.int64),
                                         tf.ragged.constant([["x"], ["z"]])])
    assert unbucketed.to_list() == [[854275097015501859, 508490610932277762],
                                    [5927579026416693872]]
    keyed = tf.ragged.cross_hashed([tf.ragged.constant([["a"], ["b"]])], num_buckets=1000,
                                   hash_key=7)
    assert keyed.to_list() == [[733], [397]]


def test_ragged_cross_order_and_errors():
    crossed = tf.ragged.cross([tf.ragged.constant([["a", "b"], ["c"]]),
                               tf.ragged.constant([["x", "y"], []]),
                               tf.constant([["f"], ["g"]])])
    assert crossed.to_list() == [[b"a_X_x_X_f", b"a_X_y_X_f", b"b_X_x_X_f", b"b_X_y_X_f"], []]
    with pytest.raises(tf.errors.InvalidArgumentError, match="same batch dimension"):
        tf.ragged.cross([tf.ragged.constant([["a"]]), tf.ragged.constant([["b"], ["c"]])])


def test_sparse_helpers():
    assert _sparse_parts(tf.sparse.eye(2, 3)) == ([[0, 0], [1, 1]], [1.0, 1.0], [2, 3])
    assert tf.sparse.eye(3, dtype=tf.int32).values.dtype == tf.int32
    sp = tf.sparse.SparseTensor([[0, 1], [2, 0]], [5., 6.], [4, 3])
    filled, empty = tf.sparse.fill_empty_rows(sp, -1.)
    assert _sparse_parts(filled) == ([[0, 1], [1, 0], [2, 0], [3, 0]], [5., -1., 6., -1.],
                                     [4, 3])
    assert empty.numpy().tolist() == [False, True, False, True]
    assert _sparse_parts(tf.sparse.reshape(sp, [3, -1])) == ([[0, 1], [1, 2]], [5., 6.],
                                                             [3, 4])
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.sparse.reshape(sp, [5, -1])
    ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([1, 3, 2], tf.int64),
                                 [2, 2])
    assert tf.sparse.to_indicator(ids, 4).numpy().tolist() == [[False, True, False, True],
                                                               [False, False, True, False]]
    slices = tf.IndexedSlices(tf.constant([[1., 2.], [3., 4.], [5., 6.]]), tf.constant([0, 4, 7]),
                              tf.constant([10, 2]))
    kept = tf.sparse.mask(slices, [4])
    assert kept.indices.numpy().tolist() == [0, 7]
    assert kept.values.numpy().tolist() == [[1., 2.], [5., 6.]]


def test_sparse_reductions_with_sparse_output():
    st = tf.sparse.SparseTensor(indices=[[0, 0], [2, 3]], values=[1, 2], dense_shape=[3, 4])
    largest = tf.sparse.reduce_max(st, axis=1, output_is_sparse=True)
    assert _sparse_parts(largest) == ([[0], [2]], [1, 2], [3])
    total = tf.sparse.reduce_sum(st, output_is_sparse=True)
    assert _sparse_parts(total) == ([[]], [3], [])
    assert tf.sparse.reduce_sum(st, axis=1).numpy().tolist() == [1, 0, 2]
    kept = tf.sparse.reduce_max(tf.sparse.SparseTensor([[0, 0], [2, 3]], [1., 2.], [3, 4]),
                                axis=0, keepdims=True, output_is_sparse=True)
    assert _sparse_parts(kept) == ([[0, 0], [0, 3]], [1., 2.], [1, 4])
