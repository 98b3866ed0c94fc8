"""``get_vocabulary()`` returns what TF's does: the terms as NumPy scalars (TF reads them back
from its lookup table), so they print as ``np.str_('the')`` / ``np.int64(5)`` under NumPy 2;
StringLookup's and TextVectorization's special tokens stay Python strings, IntegerLookup's
are NumPy integers too."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def _types(vocabulary):
    return [type(term) for term in vocabulary]


def test_string_lookup_terms_are_numpy_strings():
    layer = L.StringLookup()
    layer.adapt(["a", "b", "b", "c"])
    vocabulary = layer.get_vocabulary()
    assert vocabulary == ["[UNK]", "b", "c", "a"]
    assert _types(vocabulary) == [str, np.str_, np.str_, np.str_]
    assert _types(layer.get_vocabulary(include_special_tokens=False)) == [np.str_] * 3


def test_string_lookup_with_mask_and_given_vocabulary():
    vocabulary = L.StringLookup(vocabulary=["x", "y"], mask_token="").get_vocabulary()
    assert vocabulary == ["", "[UNK]", "x", "y"]
    assert _types(vocabulary) == [str, str, np.str_, np.str_]


def test_integer_lookup_lists_numpy_integers_special_tokens_too():
    layer = L.IntegerLookup(vocabulary=[7, 8], mask_token=0)
    vocabulary = layer.get_vocabulary()
    assert vocabulary == [0, -1, 7, 8]
    assert _types(vocabulary) == [np.int64] * 4


def test_text_vectorization_terms_are_numpy_strings():
    layer = L.TextVectorization()
    layer.adapt(["the cat", "the dog"])
    vocabulary = layer.get_vocabulary()
    assert vocabulary == ["", "[UNK]", "the", "dog", "cat"]
    assert _types(vocabulary) == [str, str, np.str_, np.str_, np.str_]
    if np.lib.NumpyVersion(np.__version__) >= "2.0.0":
        assert repr(vocabulary[2]) == "np.str_('the')"


def test_inverted_lookup_still_maps_indices_to_terms():
    layer = L.StringLookup(vocabulary=["x", "y"], invert=True)
    assert layer(np.array([1, 2, 0])).numpy().tolist() == [b"x", b"y", b"[UNK]"]
    integers = L.IntegerLookup(vocabulary=[7, 8], invert=True)
    assert integers(np.array([2, 0])).numpy().tolist() == [8, -1]
