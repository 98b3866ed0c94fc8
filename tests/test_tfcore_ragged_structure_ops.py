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


def test_more_of_tf_math_and_tf_nn_on_ragged_rows():
    ragged = tf.ragged.constant([[1., 2.], [3.], []])
    assert tf.nn.relu(ragged - 2).to_list() == [[0., 0.], [1.], []]
    assert tf.math.reciprocal_no_nan(ragged).to_list()[0] == [1.0, 0.5]
    assert tf.math.divide_no_nan(ragged, ragged).to_list() == [[1., 1.], [1.], []]
    assert tf.clip_by_value(ragged, 1.5, 2.5).to_list() == [[1.5, 2.0], [2.5], []]
    np.testing.assert_allclose(tf.math.reduce_variance(ragged, axis=1).numpy(),
                               [0.25, 0., np.nan])
    np.testing.assert_allclose(tf.math.reduce_std(ragged, axis=1).numpy(), [0.5, 0., np.nan])
    np.testing.assert_allclose(tf.math.reduce_logsumexp(ragged, axis=1).numpy(),
                               [2.3132617, 3., -np.inf])
    softmax = tf.nn.softmax(ragged)
    np.testing.assert_allclose(softmax.flat_values.numpy(), [0.26894143, 0.7310586, 1.0],
                               rtol=1e-6)
    assert softmax.row_lengths().numpy().tolist() == [2, 1, 0]


def test_where_reshape_and_embedding_lookup_of_ragged_tensors():
    ragged = tf.ragged.constant([[1., 2.], [3.], []])
    assert tf.where(ragged > 1.5, ragged, tf.zeros_like(ragged)).to_list() == \
        [[0., 2.], [3.], []]
    np.testing.assert_array_equal(tf.where(ragged > 1.5).numpy(), [[0, 1], [1, 0]])
    np.testing.assert_array_equal(tf.reshape(ragged, [-1]).numpy(), [1., 2., 3.])
    table = tf.reshape(tf.range(8.), [4, 2])
    looked_up = tf.nn.embedding_lookup(table, tf.ragged.constant([[0, 3], [1]]))
    assert looked_up.to_list() == [[[0., 1.], [6., 7.]], [[2., 3.]]]


def test_bitwise_special_and_dtype_ops_on_ragged_values():
    ints = tf.ragged.constant([[1, 2], [], [3]])
    assert tf.bitwise.bitwise_and(ints, ints).to_list() == [[1, 2], [], [3]]
    assert tf.bitwise.invert(ints).to_list() == [[-2, -3], [], [-4]]
    assert tf.truncatediv(ints, ints).to_list() == [[1, 1], [], [1]]
    floats = tf.ragged.constant([[0.5, 0.25], [], [0.75]])
    assert tf.dtypes.saturate_cast(floats, tf.float64).dtype == tf.float64
    assert tf.math.special.dawsn(floats).row_lengths().numpy().tolist() == [2, 0, 1]
    assert tf.complex(floats, floats).dtype == tf.complex64
    np.testing.assert_allclose(float(tf.math.reduce_std(floats)), 0.2041241, rtol=1e-6)
    strings = tf.ragged.constant([["ab", "c"], [], ["d"]])
    assert tf.io.decode_base64(tf.io.encode_base64(strings)).to_list() == \
        [[b"ab", b"c"], [], [b"d"]]
