"""``sparse=True`` on the encoding preprocessing layers (CategoryEncoding, StringLookup,
IntegerLookup, Hashing, HashedCrossing, Discretization, TextVectorization): TF returns a
SparseTensor of the nonzero entries, which Dense takes as input. Expected values were printed
by TF 2 (tf.keras)."""

import numpy as np
import pytest

import eagerbook as tf


def _parts(sparse_tensor):
    assert isinstance(sparse_tensor, tf.SparseTensor)
    return (sparse_tensor.indices.numpy().tolist(), sparse_tensor.values.numpy().tolist(),
            sparse_tensor.dense_shape.numpy().tolist())


def test_category_encoding_multi_hot_sparse():
    layer = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="multi_hot", sparse=True)
    out = layer([[0, 1], [0, 0], [1, 2], [3, 1]])
    assert _parts(out) == ([[0, 0], [0, 1], [1, 0], [2, 1], [2, 2], [3, 1], [3, 3]],
                           [1.0] * 7, [4, 4])
    assert out.dtype == tf.float32


def test_category_encoding_count_weights_sparse():
    layer = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count", sparse=True)
    out = layer([[0, 1, 1], [3, 3, 3]], count_weights=[[.5, 1., 1.], [1., 1., 2.]])
    assert _parts(out) == ([[0, 0], [0, 1], [1, 3]], [0.5, 2.0, 4.0], [2, 4])


def test_category_encoding_vector_is_one_sample():
    # TF 2's multi-hot/count treat a rank-1 input as one sample (one-hot: one per value)
    layer = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot")
    np.testing.assert_array_equal(layer([0, 2]).numpy(), [1, 0, 1])
    sparse = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count", sparse=True)
    assert _parts(sparse([0, 2, 2])) == ([[0], [2]], [1.0, 2.0], [3])
    with pytest.raises(ValueError, match="`count_weights` is not used when `output_mode` is "
                                         "not `'count'`"):
        layer([0, 1], count_weights=[1., 1.])


def test_lookup_layers_sparse():
    layer = tf.keras.layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="multi_hot",
                                         sparse=True)
    assert _parts(layer([["a", "c"], ["d", "b"]])) == ([[0, 1], [0, 3], [1, 0], [1, 2]],
                                                       [1.0] * 4, [2, 4])
    layer = tf.keras.layers.IntegerLookup(vocabulary=[12, 36, 1138, 42], output_mode="count",
                                          sparse=True)
    assert _parts(layer([[12, 1138, 42, 42], [42, 7, 36, 7]])) == (
        [[0, 1], [0, 3], [0, 4], [1, 0], [1, 2], [1, 4]], [1., 1., 2., 2., 1., 1.], [2, 5])
    ragged = tf.keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot",
                                          sparse=True)
    assert _parts(ragged(tf.ragged.constant([["a"], ["b", "a", "c"]]))) == (
        [[0, 1], [1, 0], [1, 1], [1, 2]], [1.0] * 4, [2, 3])


def test_hashing_discretization_text_vectorization_sparse():
    out = tf.keras.layers.Hashing(num_bins=3, output_mode="one_hot", sparse=True)(["A", "B"])
    assert isinstance(out, tf.SparseTensor) and out.shape == (2, 3)
    out = tf.keras.layers.Discretization(bin_boundaries=[0., 1.], output_mode="one_hot",
                                         sparse=True)([-1., 0.5, 2.])
    assert _parts(out) == ([[0, 0], [1, 1], [2, 2]], [1.0] * 3, [3, 3])
    layer = tf.keras.layers.TextVectorization(max_tokens=6, output_mode="tf_idf", sparse=True)
    layer.adapt(["the cat sat", "the dog sat", "a bird"])
    out = layer(["the cat ran"])
    assert out.shape == (1, 6)
    np.testing.assert_allclose(tf.sparse.to_dense(out).numpy(),
                               [[0.827, 0.6931, 0, 0, 0.9163, 0]], atol=1e-4)


def test_sparse_needs_an_encoded_output_mode():
    message = ("`sparse` may only be true if `output_mode` is `'one_hot'`, `'multi_hot'`, "
               "`'count'` or `'tf_idf'`. Received: sparse=True and output_mode=int")
    for make in (lambda: tf.keras.layers.StringLookup(sparse=True),
                 lambda: tf.keras.layers.IntegerLookup(sparse=True),
                 lambda: tf.keras.layers.TextVectorization(sparse=True)):
        with pytest.raises(ValueError) as info:
            make()
        assert str(info.value) == message
    with pytest.raises(ValueError, match="`'one_hot'`, `'multi_hot'`, or `'count'`"):
        tf.keras.layers.Discretization(bin_boundaries=[0.], sparse=True)
    with pytest.raises(ValueError, match="`output_mode` must be `'int'` when `invert` is true. "
                                         "Received: output_mode=multi_hot"):
        tf.keras.layers.StringLookup(invert=True, output_mode="multi_hot")
    tf.keras.layers.HashedCrossing(num_bins=3, sparse=True)  # TF accepts it (int output)


def test_dense_takes_sparse_rows():
    rows = tf.sparse.from_dense(np.array([[1., 0, 2], [0, 0, 3]], np.float32))
    dense = tf.keras.layers.Dense(2, kernel_initializer="ones")
    np.testing.assert_array_equal(dense(rows).numpy(), [[3, 3], [3, 3]])
    inputs = tf.keras.Input(shape=(2,), dtype="int64")
    encoded = tf.keras.layers.CategoryEncoding(num_tokens=5, output_mode="multi_hot",
                                               sparse=True)(inputs)
    outputs = tf.keras.layers.Dense(1, kernel_initializer="ones")(encoded)
    model = tf.keras.Model(inputs, outputs)
    np.testing.assert_array_equal(model(tf.constant([[1, 4], [0, 0]], "int64")).numpy(),
                                  [[2], [1]])
    model.compile("sgd", "mse")
    history = model.fit(np.array([[1, 4], [0, 0]]), np.array([[1.], [0.]]), verbose=0)
    assert list(history.history) == ["loss"]
