"""Preprocessing layers against TF 2.21's (Keras 2) outputs for the same data."""

import numpy as np
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


# --- Discretization.adapt and Hashing: expected values measured with TF 2.21 (Keras 2) --------
def test_discretization_adapt_puts_boundaries_at_tf_quantiles():
    data = [[-1.5, 1.0, 3.4, 0.5], [0.0, 3.0, 1.3, 0.0]]
    layer = layers.Discretization(num_bins=4, epsilon=0.01)
    layer.adapt(data)
    assert layer.bin_boundaries == pytest.approx([0.0, 0.5, 1.2999999523162842])
    assert layer(tf.constant(data)).numpy().tolist() == [[0, 2, 3, 2], [1, 3, 3, 1]]


def test_discretization_adapt_merges_batch_summaries_as_tf():
    rs = np.random.RandomState(0)
    layer = layers.Discretization(num_bins=5)
    layer.adapt(rs.randn(1000, 1).astype("float32"))  # 32 batches of 32, summaries merged
    assert layer.bin_boundaries == pytest.approx([-0.80881, -0.29771, 0.23195, 0.82693],
                                                 abs=1e-5)
    layer = layers.Discretization(num_bins=3, epsilon=0.1)
    layer.adapt(tf.data.Dataset.from_tensor_slices(rs.rand(50)).batch(7))
    assert layer.bin_boundaries == pytest.approx([0.41302, 0.73429], abs=1e-5)
    layer = layers.Discretization(num_bins=4)
    layer.adapt(np.arange(1, 9, dtype=np.int32))
    assert layer.bin_boundaries == [2.0, 4.0, 6.0]


def test_discretization_output_modes_and_bad_arguments():
    layer = layers.Discretization(num_bins=3, output_mode="one_hot")
    layer.adapt(np.arange(10.0))
    assert layer(tf.constant([0.0, 5.0, 9.0])).numpy().tolist() == \
        [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    count = layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode="count")
    assert count(tf.constant([[0.5, -1.0, 2.0, 3.0]])).numpy().tolist() == [[1, 1, 2]]
    with pytest.raises(ValueError, match="must be greater than or equal to 0"):
        layers.Discretization(num_bins=-1)
    with pytest.raises(ValueError, match="should not be set"):
        layers.Discretization(num_bins=2, bin_boundaries=[1.0])
    with pytest.raises(ValueError, match="Cannot adapt a Discretization layer"):
        layers.Discretization(bin_boundaries=[1.0]).adapt(np.ones(3))


def test_hashing_bins_are_tfs():
    letters = [["A"], ["B"], ["C"], ["D"], ["E"]]
    assert layers.Hashing(num_bins=3)(letters).numpy().ravel().tolist() == [1, 0, 1, 1, 2]
    masked = layers.Hashing(num_bins=3, mask_value="")([["A"], ["B"], [""], ["C"], ["D"]])
    assert masked.numpy().ravel().tolist() == [1, 1, 0, 2, 2]
    salted = layers.Hashing(num_bins=3, salt=133)(letters)
    assert salted.dtype == tf.int64 and salted.numpy().ravel().tolist() == [0, 0, 2, 1, 0]
    keyed = layers.Hashing(num_bins=3, salt=[133, 137])(letters)
    assert keyed.numpy().ravel().tolist() == [1, 2, 1, 0, 2]
    assert layers.Hashing(num_bins=5)(tf.constant([[1, 2, 300, -4]])).numpy().tolist() == \
        [[4, 4, 0, 0]]  # integers hash as their decimal text
    assert layers.Hashing(num_bins=5, mask_value=0)(
        tf.constant([[1, 0, 300, -4]])).numpy().tolist() == [[2, 0, 4, 3]]
    assert layers.Hashing(num_bins=4, output_mode="multi_hot")(
        tf.constant([["a", "b", "c"]])).numpy().tolist() == [[1, 0, 1, 1]]


def test_hash_functions_match_tf_on_every_length_branch():
    from eagerbook.keras.layers.string_hashes import fingerprint64, siphash24
    # tf.strings.to_hash_bucket_fast / _strong(key=[7, 11]) of these, modulo 2**61 - 1.
    texts = [b"", b"a", b"hello", b"0123456789abcdef", b"x" * 30, b"y" * 50, b"z" * 65,
             bytes(range(200))]
    fast = [fingerprint64(t) % (2**61 - 1) for t in texts]
    strong = [siphash24([7, 11], t) % (2**61 - 1) for t in texts]
    assert fast == [1936946117179621459, 1388589064740894184, 1480529417359330541,
                    1493332391325024361, 1463595594257686509, 1536034821532487699,
                    1382386556121636664, 525935771297148851]
    assert strong == [1055821211951074896, 1136367475885836429, 816086037857874156,
                      224018514623298622, 653044696982349327, 2272307256323005581,
                      743061215052450878, 159620818779891242]


def test_hashing_config_and_bad_arguments():
    layer = layers.Hashing(num_bins=4, salt=3)
    config = layer.get_config()
    assert (config["dtype"], config["salt"], config["num_bins"]) == ("int64", [3, 3], 4)
    for kwargs, message in [({"num_bins": 0}, "cannot be `None` or non-positive"),
                            ({"num_bins": 2, "salt": "x"}, "can only be a tuple of size 2"),
                            ({"num_bins": 2, "sparse": True}, "`sparse` may only be true")]:
        with pytest.raises(ValueError, match=message):
            layers.Hashing(**kwargs)


def test_lookup_layers_with_several_oov_slots_hash_like_tf():
    """Out-of-vocabulary tokens spread over the OOV slots as in TF 2.21 (Keras 2): FarmHash
    of a string, the value modulo the slot count for an integer."""
    tokens = tf.constant(["a", "z", "q", "hello", "b", "xx", "yy", "zz"])
    lookup = layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=2)
    assert lookup(tokens).numpy().tolist() == [2, 1, 1, 0, 3, 1, 1, 0]
    assert lookup.get_vocabulary() == ["[UNK]", "[UNK]", "a", "b"]
    assert lookup.vocabulary_size() == 4
    masked = layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=3, mask_token="")
    assert masked(tf.constant(["", "z", "q", "a", "hello"])).numpy().tolist() == [0, 2, 3, 4, 2]
    ints = layers.IntegerLookup(vocabulary=[12, 36], num_oov_indices=3)
    assert ints(tf.constant([1, 2, 3, 4, 5, 1000, -7, -8])).numpy().tolist() == \
        [1, 2, 0, 1, 2, 1, 2, 1]
    strict = layers.StringLookup(vocabulary=["a", "b"], num_oov_indices=0)
    assert strict(tf.constant(["a", "b"])).numpy().tolist() == [0, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match='found OOV values \\["z"\\]'):
        strict(tf.constant(["a", "z"]))
    with pytest.raises(ValueError, match="must be greater than or equal to 0"):
        layers.StringLookup(num_oov_indices=-1)


def test_category_encoding_count_weights():
    encode = layers.CategoryEncoding(num_tokens=4, output_mode="count")
    out = encode(tf.constant([[0, 1], [0, 0]]), count_weights=tf.constant([[0.1, 0.2],
                                                                            [0.1, 0.4]]))
    np.testing.assert_allclose(out.numpy(), [[0.1, 0.2, 0, 0], [0.5, 0, 0, 0]], rtol=1e-6)


def test_text_vectorization_ngrams_as_tf():
    """Vocabularies and outputs of TF 2.21 (Keras 2) for ngrams=2 and (2, 3)."""
    texts = tf.constant(["The Brain is wider than the Sky", "For put them side by side",
                         "The one the other will contain"])
    tf_idf = layers.TextVectorization(output_mode="tf_idf", ngrams=2)
    tf_idf.adapt(texts)
    assert tf_idf.get_vocabulary()[:6] == ["[UNK]", "the", "side", "will contain", "will",
                                           "wider than"]
    out = tf_idf(tf.constant(["The Brain is deeper than the sea"])).numpy()[0]
    assert np.flatnonzero(out).tolist() == [0, 1, 12, 13, 14, 24, 30, 31]
    np.testing.assert_allclose(out[[0, 1, 12]], [4.5455, 1.3863, 0.9163], atol=1e-4)
    widths = layers.TextVectorization(output_mode="multi_hot", ngrams=(2, 3))
    widths.adapt(texts)
    assert widths.get_vocabulary()[:4] == ["[UNK]", "will contain", "wider than the",
                                           "wider than"]
    assert widths.get_config()["ngrams"] == (2, 3)
    with pytest.raises(ValueError, match="`ngrams` must be None, an integer"):
        layers.TextVectorization(ngrams="2")
