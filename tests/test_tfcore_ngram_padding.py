"""tf.strings.ngrams with pad_values / padding_width / preserve_short_sequences (TF 2.21's
outputs)."""

import pytest

import eagerbook as tf


def _grams(*args, **kwargs):
    out = tf.strings.ngrams(*args, **kwargs)
    return out.to_list() if isinstance(out, tf.RaggedTensor) else out.numpy().tolist()


def test_padding_by_width_minus_one():
    assert _grams(["a", "b", "c"], 3, pad_values=("<s>", "</s>")) == [
        b"<s> <s> a", b"<s> a b", b"a b c", b"b c </s>", b"c </s> </s>"]
    assert _grams(["a", "b", "c"], 3, pad_values="_") == [
        b"_ _ a", b"_ a b", b"a b c", b"b c _", b"c _ _"]


def test_padding_width_is_capped_and_per_width():
    assert _grams(["a", "b", "c"], [2, 3], pad_values=("L", "R"), padding_width=1) == [
        b"L a", b"a b", b"b c", b"c R", b"L a b", b"a b c", b"b c R"]
    assert _grams(["a", "b"], 3, pad_values=("L", "R"), padding_width=5) == [
        b"L L a", b"L a b", b"a b R", b"b R R"]
    assert _grams([["a", "b", "c"], ["d", "e", "f"]], 2, pad_values="P") == [
        [b"P a", b"a b", b"b c", b"c P"], [b"P d", b"d e", b"e f", b"f P"]]


def test_ragged_rows_and_short_sequences():
    rows = tf.ragged.constant([["a", "b", "c"], ["d"], []])
    assert _grams(rows, 2, pad_values=("L", "R")) == [
        [b"L a", b"a b", b"b c", b"c R"], [b"L d", b"d R"], [b"L R"]]
    assert _grams(rows, 3, pad_values=("L", "R"), padding_width=1,
                  preserve_short_sequences=True) == [[b"L a b", b"a b c", b"b c R"],
                                                     [b"L d R"], []]
    assert _grams(["a"], 3, preserve_short_sequences=True) == [b"a"]


def test_argument_errors():
    with pytest.raises(TypeError, match="pad_values must be a string, tuple of strings"):
        tf.strings.ngrams(["a", "b"], 3, pad_values=1)
    with pytest.raises(ValueError, match="All ngram_widths must be greater than 0. Got 0"):
        tf.strings.ngrams(["a", "b"], 0)
    with pytest.raises(ValueError, match="pad_values must be provided if padding_width is set"):
        tf.strings.ngrams(["a", "b"], 3, padding_width=1)
