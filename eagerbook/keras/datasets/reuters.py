"""``tf.keras.datasets.reuters``: 11,228 Reuters newswires labelled with 46 topics, each a list
of word indices (by frequency), split into train and test after shuffling."""

import json

import numpy as np

from ._sources import KERAS_BUCKET, fetch, object_array, refuse_unknown, shuffled, word_sequences

FILE_HASH = "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916"  # sha256
WORD_INDEX_HASH = "4d44cc38712099c9e383dc6e5f11a921"  # md5


def load_data(path="reuters.npz", num_words=None, skip_top=0, maxlen=None, test_split=0.2,
              seed=113, start_char=1, oov_char=2, index_from=3, cache_dir=None, **kwargs):
    """``(x_train, y_train), (x_test, y_test)``: newswires shuffled with `seed`, the last
    `test_split` of them for testing (the word conventions as imdb's)."""
    refuse_unknown(kwargs, end="")
    path = fetch(path, KERAS_BUCKET + "reuters.npz", FILE_HASH, cache_dir=cache_dir)
    with np.load(path, allow_pickle=True) as f:
        xs, labels = f["x"], f["y"]
    xs, labels = shuffled(seed, xs, labels)
    [(xs, labels)] = word_sequences([xs], [labels], num_words, skip_top, maxlen, start_char,
                                    oov_char, index_from)
    cut = int(len(xs) * (1 - test_split))
    return ((object_array(xs[:cut]), np.array(labels[:cut])),
            (object_array(xs[cut:]), np.array(labels[cut:])))


def get_word_index(path="reuters_word_index.json"):
    """{word: index} (index 1 is the most frequent word; add `index_from` for load_data's)."""
    path = fetch(path, KERAS_BUCKET + "reuters_word_index.json", WORD_INDEX_HASH)
    with open(path) as f:
        return json.load(f)
