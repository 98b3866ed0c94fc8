"""The NumPy-backed preprocessing layers (lookups, TextVectorization, CategoryEncoding,
Discretization, Hashing, HashedCrossing) called inside a ``tf.function``: as in TF they trace
into the graph (here as one op that runs the layer on the values), with TF's static output
shapes and dtypes."""

import numpy as np

import eagerbook as tf


def test_text_vectorization_traces_with_tfs_shapes():
    vectorize = tf.keras.layers.TextVectorization(vocabulary=["the", "cat", "sat"])
    padded = tf.keras.layers.TextVectorization(vocabulary=["the", "cat", "sat"],
                                               output_sequence_length=4)
    traced = []

    @tf.function
    def both(texts):
        a, b = vectorize(texts), padded(texts)
        traced.append((a.shape.as_list(), a.dtype, b.shape.as_list()))
        return a, b

    a, b = both(tf.constant(["the cat sat", "a cat"]))
    assert traced == [([None, None], tf.int64, [None, 4])]
    np.testing.assert_array_equal(a.numpy(), [[2, 3, 4], [1, 3, 0]])
    np.testing.assert_array_equal(b.numpy(), [[2, 3, 4, 0], [1, 3, 0, 0]])


def test_lookups_encodings_and_hashes_trace():
    invert = tf.keras.layers.StringLookup(vocabulary=["a", "b"], invert=True)
    encode = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count", sparse=True)
    bins = tf.keras.layers.Discretization(bin_boundaries=[0.])
    cross = tf.keras.layers.HashedCrossing(num_bins=5)

    @tf.function
    def run(ids, counts, values, a, b):
        return invert(ids), tf.sparse.to_dense(encode(counts)), bins(values), cross((a, b))

    words, counted, binned, crossed = run(tf.constant([[1, 2, 0]], tf.int64),
                                          tf.constant([[0, 1, 1]]), tf.constant([[1., -1.]]),
                                          tf.constant(["x", "y"]), tf.constant([1, 2]))
    assert words.numpy().tolist() == [[b"a", b"b", b"[UNK]"]]
    np.testing.assert_array_equal(counted.numpy(), [[1, 2, 0, 0]])
    np.testing.assert_array_equal(binned.numpy(), [[1, 0]])
    eager = tf.keras.layers.HashedCrossing(num_bins=5)((tf.constant(["x", "y"]),
                                                        tf.constant([1, 2])))
    np.testing.assert_array_equal(crossed.numpy(), eager.numpy())
