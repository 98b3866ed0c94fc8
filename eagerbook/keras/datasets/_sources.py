"""Where Keras's datasets come from, and the steps their loaders share.

Each loader fetches its files with ``tf.keras.utils.get_file`` (cached in
``~/.keras/datasets``, TF's download lines, TF's error when the network fails), from the same
origins as TF's Keras, and returns the arrays TF's loaders return: the same shapes, dtypes,
order and (for the word-index datasets) the same shuffling and index conventions.
"""

import os

import numpy as np

KERAS_BUCKET = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"


def fetch(fname, origin, file_hash=None, cache_dir=None, cache_subdir="datasets", untar=False):
    """The cached path of a dataset file (downloaded first when missing)."""
    from ..data_utils import get_file  # (data_utils imports the Keras callbacks: late)

    if cache_dir:
        cache_dir = os.path.expanduser(cache_dir)
        os.makedirs(cache_dir, exist_ok=True)
    return get_file(fname, origin=origin, file_hash=file_hash, cache_dir=cache_dir,
                    cache_subdir=cache_subdir, untar=untar)


def shuffled(seed, *arrays):
    """`arrays` in one random order of their rows: NumPy's RandomState(seed) shuffling the
    row indices, as Keras's loaders do (so the same seed gives TF's order)."""
    order = np.arange(len(arrays[0]))
    np.random.RandomState(seed).shuffle(order)
    return tuple(a[order] for a in arrays)


def word_sequences(sequences, labels, num_words, skip_top, maxlen, start_char, oov_char,
                   index_from, empty_part_error=None):
    """The IMDB/Reuters conventions for word-index sequences, in Keras's order: indices move
    up by `index_from` (0 pads, 1 starts, 2 is out of vocabulary), `start_char` leads each
    sequence, sequences of `maxlen` words or more are dropped, then words outside
    [skip_top, num_words) become `oov_char` (or are removed when it is None). `sequences` is a
    list of parts (train, test) handled as one; returns the parts' sequences and labels.
    `empty_part_error`: the ValueError message when `maxlen` leaves a part empty."""
    parts = []
    for seqs, labs in zip(sequences, labels):
        if start_char is not None:
            seqs = [[start_char] + [w + index_from for w in s] for s in seqs]
        elif index_from:
            seqs = [[w + index_from for w in s] for s in seqs]
        else:
            seqs = [list(s) for s in seqs]
        labs = list(labs)
        if maxlen:
            kept = [i for i, s in enumerate(seqs) if len(s) < maxlen]
            seqs, labs = [seqs[i] for i in kept], [labs[i] for i in kept]
        parts.append((seqs, labs))
    if maxlen and empty_part_error and not all(seqs for seqs, _ in parts):
        raise ValueError(empty_part_error)
    everything = [s for seqs, _ in parts for s in seqs]
    if not num_words:
        num_words = max(max(s) for s in everything)
    if oov_char is not None:
        def keep(s):
            return [w if skip_top <= w < num_words else oov_char for w in s]
    else:
        def keep(s):
            return [w for w in s if skip_top <= w < num_words]
    return [([keep(s) for s in seqs], labs) for seqs, labs in parts]


def object_array(sequences):
    """Sequences of different lengths as a NumPy array of Python lists (Keras's form)."""
    return np.array(sequences, dtype="object")


def refuse_unknown(kwargs, end="."):
    """TF's TypeError for keyword arguments a loader does not take."""
    if kwargs:
        raise TypeError(f"Unrecognized keyword arguments: {kwargs}{end}")
