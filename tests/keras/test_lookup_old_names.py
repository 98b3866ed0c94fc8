"""The old names TF 2.21's Keras still takes in the load-CSV tutorial: a lookup layer's
``vocab_size()`` (``vocabulary_size()`` with a logged deprecation warning) and
CategoryEncoding's ``max_tokens`` (``num_tokens``'s old name, which wins over it), each with
TF's ``WARNING:tensorflow:`` line."""

import logging

import numpy as np

import eagerbook as tf


def _warnings(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_vocab_size_is_vocabulary_size_with_a_warning(caplog):
    lookup = tf.keras.layers.StringLookup(vocabulary=np.array(["a", "b", "c"]))
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        assert lookup.vocab_size() == lookup.vocabulary_size() == 4
        assert tf.keras.layers.IntegerLookup(vocabulary=[5, 6]).vocab_size() == 3
    assert _warnings(caplog) == ["vocab_size is deprecated, please use vocabulary_size."] * 2


def test_category_encoding_takes_max_tokens(caplog):
    lookup = tf.keras.layers.StringLookup(vocabulary=np.array(["a", "b", "c"]))
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        encoding = tf.keras.layers.experimental.preprocessing.CategoryEncoding(max_tokens=4)
        overridden = tf.keras.layers.CategoryEncoding(num_tokens=3, max_tokens=4)
    assert encoding.num_tokens == overridden.num_tokens == 4
    assert encoding.get_config()["num_tokens"] == 4
    assert "max_tokens is deprecated, please use num_tokens instead." in _warnings(caplog)
    np.testing.assert_array_equal(encoding(lookup(tf.constant([["b"], ["z"]]))).numpy(),
                                  [[0., 0., 1., 0.], [1., 0., 0., 0.]])
