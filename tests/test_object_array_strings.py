"""NumPy object arrays convert as in TF 2.21: str and bytes entries make a string tensor of
bytes (str as UTF-8); any other kind of entry is TF's ValueError (the csv tutorial's
DataFrame column, an object array of str, printed str where TF prints bytes)."""

import numpy as np
import pytest

import eagerbook as tf


def test_object_array_of_text_is_bytes():
    t = tf.convert_to_tensor(np.array(["a", b"bc", "é"], dtype=object))
    assert t.dtype == tf.string
    assert t.numpy().tolist() == [b"a", b"bc", "é".encode()]
    assert repr(tf.constant(np.array([["x"], ["yy"]], dtype=object))) == (
        "<tf.Tensor: shape=(2, 1), dtype=string, numpy=\narray([[b'x'],\n       [b'yy']], "
        "dtype=object)>")
    assert tf.constant(np.array("x", dtype=object)).numpy() == b"x"
    assert tf.convert_to_tensor(np.array([], dtype=object)).dtype == tf.string


@pytest.mark.parametrize("array, kind", [(np.array([1.0, 2.0], dtype=object), "float"),
                                         (np.array(["a", None], dtype=object), "NoneType"),
                                         (np.array([1, "a"], dtype=object), "int")])
def test_other_objects_are_refused_in_tf_words(array, kind):
    with pytest.raises(ValueError, match=rf"^Failed to convert a NumPy array to a Tensor "
                                         rf"\(Unsupported object type {kind}\)\.$"):
        tf.convert_to_tensor(array)


def test_an_asked_numeric_dtype_still_casts():
    assert tf.constant(np.array([1.0, 2.0], dtype=object), dtype=tf.float32).numpy().tolist() \
        == [1.0, 2.0]
