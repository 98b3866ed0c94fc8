"""StringLookup/IntegerLookup: tf_idf weights (given or adapted), vocabularies that start
with the special tokens, inverted lookups' dtypes (values worked out by hand)."""

import math

import numpy as np
import pytest

import eagerbook as tf


def test_given_idf_weights_and_the_average_for_oov():
    layer = tf.keras.layers.IntegerLookup(output_mode="tf_idf", vocabulary=[12, 36, 1138, 42],
                                          idf_weights=[0.25, 0.75, 0.6, 0.4])
    out = layer(tf.constant([[12, 1138, 42, 42], [42, 7, 36, 7]])).numpy()
    # OOV (7, twice) weighs the mean 0.5; 42 twice weighs 2 * 0.4
    np.testing.assert_allclose(out, [[0, 0.25, 0, 0.6, 0.8], [1.0, 0, 0.75, 0, 0.4]])


def test_vocabulary_may_start_with_the_oov_token_and_its_weight():
    layer = tf.keras.layers.IntegerLookup(output_mode="tf_idf", vocabulary=[-1, 12, 36],
                                          idf_weights=[0.9, 0.25, 0.75])
    assert layer.get_vocabulary() == [-1, 12, 36]
    np.testing.assert_allclose(layer(tf.constant([[12, 7, 7]])).numpy(), [[1.8, 0.25, 0]])
    plain = tf.keras.layers.IntegerLookup(vocabulary=[-1, 5, 6])
    assert plain.get_vocabulary() == [-1, 5, 6]
    assert plain(tf.constant([5, 7])).numpy().tolist() == [1, 0]


def test_adapted_idf_counts_documents():
    layer = tf.keras.layers.StringLookup(output_mode="tf_idf")
    layer.adapt(tf.constant([["a", "b"], ["a", "c"], ["a", "d"]]))
    assert layer.get_vocabulary() == ["[UNK]", "a", "d", "c", "b"]
    out = layer(tf.constant([["a", "b", "z"]])).numpy()
    a, b = math.log(1 + 3 / 4), math.log(1 + 3 / 2)  # 'a' in 3 documents, 'b' in 1
    oov = (a + 3 * b) / 4  # the average of the four weights
    np.testing.assert_allclose(out, [[oov, a, 0, 0, b]], rtol=1e-6)


def test_idf_weights_errors():
    with pytest.raises(ValueError, match="must be set if output_mode is TF_IDF"):
        tf.keras.layers.StringLookup(output_mode="tf_idf", vocabulary=["a"])
    with pytest.raises(ValueError, match="should only be set if `output_mode`"):
        tf.keras.layers.StringLookup(vocabulary=["a"], idf_weights=[1.0])
    with pytest.raises(ValueError, match="same length as vocabulary"):
        tf.keras.layers.StringLookup(output_mode="tf_idf", vocabulary=["a", "b"],
                                     idf_weights=[1.0])


def test_inverted_lookups_keep_the_token_dtype():
    ints = tf.keras.layers.IntegerLookup(vocabulary=[12, 36, 1138, 42], invert=True)
    out = ints(tf.constant([[1, 3, 4], [4, 0, 2]]))
    assert out.dtype == tf.int64
    assert out.numpy().tolist() == [[12, 1138, 42], [42, -1, 36]]
    strings = tf.keras.layers.StringLookup(vocabulary=["a", "b"], invert=True)
    out = strings(tf.constant([0, 1, 2]))
    assert out.dtype == tf.string and out.numpy().tolist() == [b"[UNK]", b"a", b"b"]
