"""tf.strings.unicode_script: ICU's script codes, read off the characters' names."""

import unicodedata

import numpy as np
import pytest

import eagerbook as tf


def scripts(code_points):
    return tf.strings.unicode_script(tf.constant(code_points, tf.int32)).numpy().tolist()


def test_letters_of_common_scripts():
    # Han, Cyrillic, Latin, Hiragana, Katakana, Hangul, Arabic, Thai, Greek, Hebrew, Devanagari
    chars = "辸Бaあア가اกαאक"
    assert scripts([ord(c) for c in chars]) == [17, 8, 25, 20, 22, 18, 2, 38, 14, 19, 10]


def test_common_inherited_unknown_and_invalid():
    assert scripts([ord("0"), ord(" "), ord("!"), 0]) == [0, 0, 0, 0]  # digits, space, controls
    assert scripts([0x0301]) == [1]  # a combining accent belongs to the letter before it
    assert scripts([0x0378, 0xE000]) == [103, 103]  # unassigned, private use
    assert scripts([-1, 0x110000]) == [-1, -1]


def test_every_letter_named_after_a_script_gets_it():
    for name, code in (("LATIN", 25), ("CYRILLIC", 8), ("GREEK", 14), ("ARMENIAN", 3)):
        letters = [cp for cp in range(0x3000) if unicodedata.name(chr(cp), "").startswith(
            name + " ") and unicodedata.category(chr(cp)).startswith("L")]
        assert len(letters) > 20
        assert set(scripts(letters)) == {code}


def test_shapes_ragged_and_dtype_errors():
    assert tf.strings.unicode_script(tf.constant([[65, 1041]])).shape == (1, 2)
    ragged = tf.strings.unicode_script(tf.ragged.constant([[33464, 1041], [65]]))
    assert ragged.to_list() == [[17, 8], [25]]
    words = tf.strings.unicode_decode(tf.constant(["Hello", "Привет"]), "UTF-8")
    assert tf.strings.unicode_script(words).to_list() == [[25] * 5, [8] * 6]
    assert np.asarray(tf.strings.unicode_script(tf.constant([], tf.int32))).shape == (0,)
    with pytest.raises(tf.errors.InvalidArgumentError, match="int32"):
        tf.strings.unicode_script(tf.constant([65], tf.int64))
