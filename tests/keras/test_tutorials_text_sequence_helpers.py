"""The word2vec tutorial's helpers (``skipgrams``, ``make_sampling_table``), the hashing
helpers of ``tf.keras.preprocessing.text`` and ``tokenizer_from_json``."""

import json
import random

import numpy as np
import pytest

import eagerbook as tf

S = tf.keras.preprocessing.sequence
T = tf.keras.preprocessing.text

SEQUENCE = [1, 2, 3, 0, 4, 5, 6, 2, 1]


def window_pairs(sequence, window):
    return sorted([w, sequence[j]] for i, w in enumerate(sequence) if w
                  for j in range(max(0, i - window), min(len(sequence), i + window + 1))
                  if j != i and sequence[j])


def test_positive_skipgrams_are_the_window_pairs_without_padding():
    couples, labels = S.skipgrams(SEQUENCE, 7, window_size=2, negative_samples=0, seed=1)
    assert sorted(couples) == window_pairs(SEQUENCE, 2)
    assert labels == [1] * len(couples)
    unshuffled, _ = S.skipgrams(SEQUENCE, 7, window_size=1, negative_samples=0, shuffle=False)
    assert unshuffled[:3] == [[1, 2], [2, 1], [2, 3]]


def test_negative_samples_and_categorical_labels():
    couples, labels = S.skipgrams(SEQUENCE, 7, window_size=1, negative_samples=0.5,
                                  categorical=True, seed=5)
    positives = [c for c, label in zip(couples, labels) if label == [0, 1]]
    negatives = [c for c, label in zip(couples, labels) if label == [1, 0]]
    assert sorted(positives) == window_pairs(SEQUENCE, 1)
    assert len(negatives) == len(positives) // 2
    assert all(1 <= context < 7 and word in SEQUENCE for word, context in negatives)


def test_a_seeded_python_random_gives_keras_pairs():
    # Keras 2 (TF 2.21) after random.seed(7), with the same arguments and seed.
    random.seed(7)
    couples, labels = S.skipgrams(SEQUENCE, 7, window_size=1, negative_samples=0.5, seed=5)
    assert couples == [[4, 5], [2, 6], [5, 6], [5, 4], [3, 1], [6, 4], [4, 4], [2, 1], [2, 3],
                       [2, 1], [2, 1], [3, 2], [6, 5], [6, 5], [1, 2], [1, 2], [1, 2], [6, 2]]
    assert labels == [1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1]


def test_sampling_table_keeps_frequent_words_less_often():
    table = S.make_sampling_table(10)
    np.testing.assert_allclose(table[:3], [0.00315, 0.00315, 0.00548], atol=1e-5)
    assert np.all(np.diff(table[1:]) > 0) and table.max() <= 1.0
    assert S.make_sampling_table(4, 0.5).tolist()[2:] == [1.0, 1.0]  # capped at 1
    random.seed(0)
    sampled, _ = S.skipgrams(SEQUENCE, 7, window_size=1, negative_samples=0,
                             sampling_table=np.zeros(7))
    assert sampled == []  # a table of zeros drops every word


def test_hashing_trick_and_one_hot():
    md5 = T.hashing_trick("The cat sat on the mat", 10, "md5")
    assert md5 == [6, 3, 1, 1, 6, 8]  # Keras's values: md5 is stable across runs
    words = T.one_hot("a b a", 5)
    assert words[0] == words[2] and all(1 <= i < 5 for i in words)
    assert T.hashing_trick("ab c", 3, lambda w: len(w) * 7, analyzer=str.split) == [1, 2]


def test_tokenizer_round_trips_through_json():
    tokenizer = T.Tokenizer(num_words=5, oov_token="<OOV>")
    tokenizer.fit_on_texts(["a b b", "c a", "b d e"])
    assert dict(tokenizer.index_docs) == {2: 2, 3: 2, 4: 1, 5: 1, 6: 1}
    config = json.loads(tokenizer.to_json())["config"]
    assert "index_docs" in config
    again = T.tokenizer_from_json(tokenizer.to_json())
    assert again.word_index == tokenizer.word_index
    assert again.index_word == tokenizer.index_word
    assert dict(again.index_docs) == dict(tokenizer.index_docs)
    assert again.document_count == 3 and again.num_words == 5
    assert again.texts_to_sequences(["a e z"]) == [[3, 1, 1]]


def test_normalization_with_given_statistics_refuses_adapt():
    layer = tf.keras.layers.Normalization(mean=1.0, variance=2.0)
    with pytest.raises(ValueError, match="Cannot `adapt`"):
        layer.adapt(np.ones((2, 1)))
