"""Lookup, text and discretization layers: their configs, dtypes, symbolic shapes and errors
as TF 2 (Keras 2) has them (expected values recorded from TF 2.21, ``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def _without_name(config):
    return {k: v for k, v in config.items() if k != "name"}


def test_string_lookup_config_keys_order_and_dtype():
    layer = L.StringLookup(vocabulary=["a", "b"])
    config = layer.get_config()
    assert list(config) == ["name", "trainable", "dtype", "invert", "max_tokens",
                            "num_oov_indices", "oov_token", "mask_token", "output_mode",
                            "sparse", "pad_to_max_tokens", "idf_weights", "vocabulary",
                            "vocabulary_size", "encoding"]
    assert config["dtype"] == "int64" and layer.dtype == "int64"
    assert repr(config["vocabulary"]) == "ListWrapper(['a', 'b'])"
    assert config["vocabulary_size"] == 3 and config["encoding"] == "utf-8"
    assert L.StringLookup(output_mode="one_hot").dtype == "float32"
    empty = L.StringLookup().get_config()
    assert empty["vocabulary"] is None and empty["vocabulary_size"] is None


def test_adapted_lookup_shows_no_vocabulary_but_its_size_and_input_rank():
    layer = L.StringLookup()
    layer.adapt([["a", "b"], ["a", "c"]])
    config = layer.get_config()
    assert config["vocabulary"] is None and config["vocabulary_size"] == 4
    assert config["batch_input_shape"] == (None, None)
    again = L.StringLookup.from_config(_without_name(config))
    assert again.get_vocabulary() == ["[UNK]"]  # the adapted tokens are not in the config,
    assert again.get_config()["vocabulary_size"] == 4  # their count is shown again


def test_integer_lookup_config():
    config = L.IntegerLookup(vocabulary=[3, 4], mask_token=0).get_config()
    assert config["vocabulary_dtype"] == "int64"
    assert type(config["oov_token"]) is np.int64 and config["oov_token"] == -1
    assert type(config["mask_token"]) is np.int64 and config["mask_token"] == 0
    assert config["vocabulary_size"] == 4
    assert L.IntegerLookup.from_config(_without_name(config)).vocabulary_size() == 4


def test_adapt_after_a_static_vocabulary_is_a_value_error():
    with pytest.raises(ValueError, match="static vocabulary"):
        L.StringLookup(vocabulary=["a"]).adapt(["a", "b"])
    with pytest.raises(ValueError, match="static vocabulary"):
        L.TextVectorization(vocabulary=["a"]).adapt(["a b"])
    layer = L.StringLookup()
    layer.adapt(["a"])
    layer.adapt(["b", "b"])  # adapting twice starts over
    assert layer.get_vocabulary() == ["[UNK]", "b"]


def test_text_vectorization_config_and_dtype():
    layer = L.TextVectorization(vocabulary=["a", "b"], output_mode="tf_idf",
                                idf_weights=[0.5, 0.6])
    config = layer.get_config()
    assert list(config)[3:] == ["max_tokens", "standardize", "split", "ngrams", "output_mode",
                                "output_sequence_length", "pad_to_max_tokens", "sparse",
                                "ragged", "vocabulary", "idf_weights", "encoding",
                                "vocabulary_size"]
    assert config["dtype"] == "string"
    assert repr(config["idf_weights"]) == "ListWrapper([0.5, 0.6])"
    assert config["vocabulary_size"] == 3
    assert L.TextVectorization().get_config()["vocabulary_size"] == 2  # '' and [UNK]
    unbatched = L.TextVectorization()
    unbatched.adapt(tf.data.Dataset.from_tensor_slices(["a b"]))
    assert unbatched.get_config()["batch_input_shape"] == ()


def test_discretization_keeps_boundaries_as_a_tracked_list():
    layer = L.Discretization(bin_boundaries=[0.0, 1.0])
    assert layer.dtype == "int64"
    assert repr(layer.get_config()["bin_boundaries"]) == "ListWrapper([0.0, 1.0])"
    adapted = L.Discretization(num_bins=4)
    adapted.adapt(np.array([0.1, 0.7, 1.3, 2.0], "float32"))
    assert repr(adapted.bin_boundaries).startswith("ListWrapper([")
    assert adapted.get_config()["bin_boundaries"] is None
    assert L.Discretization([0.0], output_mode="one_hot").dtype == "float32"


def test_normalization_adapt_records_the_input_rank():
    layer = L.Normalization()
    layer.adapt(np.ones((4, 3), "float32"))
    assert layer.get_config()["batch_input_shape"] == (None, None)


@pytest.mark.parametrize("shape, expected", [
    ((1,), (None, 4)), ((2, 1), (None, 4)), ((None,), (None, 4)), ((None, 1), (None, 4))])
def test_text_vectorization_symbolic_batch_is_unknown(shape, expected):
    layer = L.TextVectorization(max_tokens=10, output_sequence_length=4)
    layer.adapt(["a b", "c"])
    out = layer(tf.keras.Input(batch_shape=shape, dtype=tf.string))
    assert tuple(out.shape.as_list()) == expected
    assert tuple(layer.compute_output_shape(shape).as_list())[1:] == (4,)


def test_text_vectorization_wants_one_string_per_row():
    layer = L.TextVectorization(output_sequence_length=4)
    layer.adapt(["a b", "c"])
    with pytest.raises(ValueError, match="input rank must be 1 or the last shape"):
        layer(tf.keras.Input(batch_shape=(3, 2), dtype=tf.string))
    with pytest.raises(ValueError, match=r"inputs.shape=\(2, 2\) with rank=2"):
        layer(tf.constant([["a b", "c"], ["a", "b"]]))
    assert layer(tf.constant([["a b"]])).shape == (1, 4)


def test_lookup_one_hot_shapes_and_rank_limit():
    layer = L.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")
    assert layer(tf.keras.Input(batch_shape=(None,), dtype=tf.string)).shape.as_list() == \
        [None, 3]
    assert layer(tf.keras.Input(batch_shape=(2, 1), dtype=tf.string)).shape.as_list() == [2, 3]
    with pytest.raises(ValueError, match="maximum supported output rank is 2"):
        layer(tf.keras.Input(batch_shape=(None, 3), dtype=tf.string))
    with pytest.raises(ValueError, match="which would result in output rank 3"):
        layer(tf.constant([["a", "b", "c"]]))
    multi = L.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot")
    assert multi(tf.keras.Input(batch_shape=(None,), dtype=tf.string)).shape.as_list() == [3]
