"""Preprocessing layers against TF 2.21's (Keras 2) outputs for the same data."""

import pytest

import eagerbook as tf
from eagerbook.keras import layers

LETTERS = [["a", "c", "d"], ["d", "z", "b"]]
POEM = ["The Brain is wider than the Sky", "For put them side by side",
        "The one the other will contain", "With ease and You beside"]


def test_string_lookup_adapt_orders_by_count_then_descending_token():
    layer = layers.StringLookup()
    layer.adapt(tf.constant(LETTERS))
    assert layer.get_vocabulary() == ["[UNK]", "d", "z", "c", "b", "a"]
    out = layer(tf.constant(LETTERS))
    assert out.dtype == tf.int64 and out.numpy().tolist() == [[5, 3, 1], [1, 2, 4]]


def test_string_lookup_given_vocabulary_invert_and_encodings():
    layer = layers.StringLookup(vocabulary=["a", "b", "c", "d"])
    assert layer(tf.constant(LETTERS)).numpy().tolist() == [[1, 3, 4], [4, 0, 2]]
    assert layer.vocabulary_size() == 5
    inverse = layers.StringLookup(vocabulary=["a", "b", "c", "d"], invert=True)
    assert inverse(tf.constant([[1, 3, 4], [4, 0, 2]])).numpy().tolist() == [
        [b"a", b"c", b"d"], [b"d", b"[UNK]", b"b"]]
    one_hot = layers.StringLookup(vocabulary=["a", "b", "c", "d"], output_mode="one_hot")
    assert one_hot(tf.constant(["a", "b", "z"])).numpy().tolist() == [
        [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [1, 0, 0, 0, 0]]
    multi = layers.StringLookup(vocabulary=["a", "b", "c", "d"], output_mode="multi_hot")
    assert multi(tf.constant(LETTERS)).numpy().tolist() == [[0, 1, 0, 1, 1], [1, 0, 1, 0, 1]]


def test_integer_lookup():
    layer = layers.IntegerLookup()
    data = tf.constant([[12, 1138, 42], [42, 1000, 36]])
    layer.adapt(data)
    assert layer.get_vocabulary() == [-1, 42, 1138, 1000, 36, 12]
    assert layer(data).numpy().tolist() == [[5, 2, 1], [1, 3, 4]]


@pytest.mark.parametrize("mode, data, expected", [
    ("one_hot", [3, 2, 0, 1], [[0, 0, 0, 1], [0, 0, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0]]),
    ("multi_hot", [[0, 1], [0, 0], [1, 2], [3, 1]],
     [[1, 1, 0, 0], [1, 0, 0, 0], [0, 1, 1, 0], [0, 1, 0, 1]]),
    ("count", [[0, 1], [0, 0], [1, 2], [3, 1]],
     [[1, 1, 0, 0], [2, 0, 0, 0], [0, 1, 1, 0], [0, 1, 0, 1]]),
])
def test_category_encoding(mode, data, expected):
    assert layers.CategoryEncoding(num_tokens=4, output_mode=mode)(data).numpy().tolist() == \
        expected


def test_category_encoding_out_of_range_and_discretization():
    with pytest.raises(tf.errors.InvalidArgumentError):
        layers.CategoryEncoding(num_tokens=2, output_mode="count")([[3]])
    bins = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0])
    assert bins([[-1.5, 1.0, 3.4, 0.5], [0.0, 3.0, 1.3, 0.0]]).numpy().tolist() == [
        [0, 2, 3, 1], [1, 3, 2, 1]]


def test_text_vectorization_int_and_fixed_length():
    vectorizer = layers.TextVectorization(output_mode="int")
    vectorizer.adapt(tf.constant(POEM))
    vocabulary = vectorizer.get_vocabulary()
    assert vocabulary[:5] == ["", "[UNK]", "the", "side", "you"] and len(vocabulary) == 22
    assert vectorizer(tf.constant(POEM)).numpy().tolist() == [
        [2, 19, 14, 7, 9, 2, 10], [15, 11, 8, 3, 18, 3, 0], [2, 13, 2, 12, 6, 17, 0],
        [5, 16, 21, 4, 20, 0, 0]]
    short = layers.TextVectorization(max_tokens=10, output_sequence_length=4)
    short.adapt(tf.constant(POEM))
    assert short(["the brain is here, with ease!"]).numpy().tolist() == [[2, 1, 1, 1]]
    given = layers.TextVectorization(vocabulary=["the", "brain", "sky"])
    assert given(["The sky, the BRAIN."]).numpy().tolist() == [[2, 4, 2, 3]]
    multi = layers.TextVectorization(output_mode="multi_hot")
    multi.adapt(tf.constant(POEM))
    assert multi(["the brain is here"]).shape == (1, 21)


def test_text_vectorization_from_a_dataset_and_inside_a_model():
    ds = tf.data.Dataset.from_tensor_slices(tf.constant(POEM)).batch(2)
    vectorizer = layers.TextVectorization(max_tokens=20, output_sequence_length=6)
    vectorizer.adapt(ds)
    assert len(vectorizer.get_vocabulary()) == 20
    assert ds.map(vectorizer).element_spec == tf.TensorSpec((None, 6), tf.int64)
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,), dtype=tf.string), vectorizer,
                                 layers.Embedding(20, 4), layers.GlobalAveragePooling1D(),
                                 layers.Dense(1)])
    assert model(tf.constant([["the brain"], ["with ease"]])).shape == (2, 1)
