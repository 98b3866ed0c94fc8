"""``tf.keras.datasets.imdb``: 50,000 IMDB movie reviews (25,000 train, 25,000 test) labelled
positive (1) or negative (0), each a list of word indices (by frequency: 1 is the most common
word, before the offsets below)."""

import json

import numpy as np

from ._sources import KERAS_BUCKET, fetch, object_array, refuse_unknown, word_sequences

FILE_HASH = "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f"  # sha256
WORD_INDEX_HASH = "bfafd718b763782e994055a2d397834f"  # md5


def load_data(path="imdb.npz", num_words=None, skip_top=0, maxlen=None, seed=113,
              start_char=1, oov_char=2, index_from=3, cache_dir=None, **kwargs):
    """``(x_train, y_train), (x_test, y_test)``: reviews as object arrays of index lists,
    shuffled with `seed`; see ``_sources.word_sequences`` for `num_words`, `skip_top`,
    `maxlen`, `start_char`, `oov_char` and `index_from`."""
    refuse_unknown(kwargs)
    path = fetch(path, KERAS_BUCKET + "imdb.npz", FILE_HASH, cache_dir=cache_dir)
    with np.load(path, allow_pickle=True) as f:
        x_train, y_train = f["x_train"], f["y_train"]
        x_test, y_test = f["x_test"], f["y_test"]
    rng_state = np.random.RandomState(seed)  # one generator for both parts, in this order
    x_train, y_train = _in_order(rng_state, x_train, y_train)
    x_test, y_test = _in_order(rng_state, x_test, y_test)
    (x_train, y_train), (x_test, y_test) = word_sequences(
        [x_train, x_test], [y_train, y_test], num_words, skip_top, maxlen, start_char,
        oov_char, index_from, empty_part_error=f"After filtering for sequences shorter than "
        f"maxlen={maxlen}, no sequence was kept. Increase maxlen.")
    labels = np.concatenate([y_train, y_test])
    cut = len(x_train)
    return (object_array(x_train), labels[:cut]), (object_array(x_test), labels[cut:])


def _in_order(rng_state, x, y):
    order = np.arange(len(x))
    rng_state.shuffle(order)
    return x[order], y[order]


def get_word_index(path="imdb_word_index.json"):
    """{word: index} (index 1 is the most frequent word; add `index_from` for load_data's)."""
    path = fetch(path, KERAS_BUCKET + "imdb_word_index.json", WORD_INDEX_HASH)
    with open(path) as f:
        return json.load(f)
