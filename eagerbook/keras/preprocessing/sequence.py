"""``tf.keras.preprocessing.sequence``: making lists of sequences rectangular, skip-gram
pairs, and windows over a time series batch by batch (``TimeseriesGenerator``)."""

import json
import random

import numpy as np

from ..data_utils import Sequence


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre",
                  value=0.0):
    """A ``(len(sequences), maxlen)`` array of the sequences, padded with `value` (before
    them with ``padding='pre'``, after with ``'post'``) and cut to `maxlen` (dropping the
    start with ``truncating='pre'``, the end with ``'post'``)."""
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    if padding not in ("pre", "post"):
        raise ValueError(f'Padding type "{padding}" not understood')
    if truncating not in ("pre", "post"):
        raise ValueError(f'Truncating type "{truncating}" not understood')
    lengths, sample_shape = [], ()
    for seq in sequences:
        try:
            lengths.append(len(seq))
        except TypeError:
            raise ValueError("`sequences` must be a list of iterables. Found non-iterable: "
                             f"{seq}") from None
        if len(seq) and not sample_shape:
            sample_shape = np.asarray(seq).shape[1:]
    if maxlen is None:
        maxlen = max(lengths) if lengths else 0
    is_text = np.issubdtype(np.dtype(dtype), np.str_) or np.dtype(dtype) == object
    if isinstance(value, str) and not is_text:
        raise ValueError(f"`dtype` {dtype} is not compatible with `value`'s type: "
                         f"{type(value)}\nYou should set `dtype=object` for variable length "
                         "strings.")
    out = np.full((len(sequences), maxlen) + tuple(sample_shape), value, dtype=dtype)
    for i, seq in enumerate(sequences):
        if not len(seq) or not maxlen:
            continue
        kept = seq[-maxlen:] if truncating == "pre" else seq[:maxlen]
        kept = np.asarray(kept, dtype=dtype)
        if kept.shape[1:] != tuple(sample_shape):
            raise ValueError(f"Shape of sample {kept.shape[1:]} of sequence at position {i} "
                             f"is different from expected shape {sample_shape}")
        if padding == "post":
            out[i, :len(kept)] = kept
        else:
            out[i, -len(kept):] = kept
    return out


def make_sampling_table(size, sampling_factor=1e-5):
    """For word ranks ``0 .. size-1`` (most frequent first), the probability of keeping a
    word when sampling skip-grams: frequent words are kept less often. The word frequencies
    are those Zipf's law predicts for each rank."""
    euler_gamma = 0.577
    rank = np.arange(size)
    rank[0] = 1
    inverse_frequency = rank * (np.log(rank) + euler_gamma) + 0.5 - 1.0 / (12.0 * rank)
    f = sampling_factor * inverse_frequency
    return np.minimum(1.0, f / np.sqrt(f))


def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0, shuffle=True,
              categorical=False, sampling_table=None, seed=None):
    """``(couples, labels)``: every ``[word, context]`` pair of `sequence` within
    `window_size` (label 1; index 0 is padding and never paired), plus
    ``negative_samples`` times as many ``[word, random word]`` pairs (label 0). The draws use
    Python's ``random`` in Keras's order, so a `seed` gives Keras's pairs."""
    couples, labels = [], []
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    for i, word in enumerate(sequence):
        if not word:
            continue
        if sampling_table is not None and sampling_table[word] < random.random():
            continue
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j != i and sequence[j]:
                couples.append([word, sequence[j]])
                labels.append(positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        words = [couple[0] for couple in couples]
        random.shuffle(words)
        couples += [[words[i % len(words)], random.randint(1, vocabulary_size - 1)]
                    for i in range(count)]
        labels += [negative] * count
    if shuffle:
        if seed is None:
            seed = random.randint(0, 10_000_000)  # Keras draws it from [0, 1e7]
        # The same seed for both shuffles keeps each label with its couple.
        random.seed(seed)
        random.shuffle(couples)
        random.seed(seed)
        random.shuffle(labels)
    return couples, labels


class TimeseriesGenerator(Sequence):
    """Batches of windows over `data`: the sample ending before step ``t`` is
    ``data[t - length:t:sampling_rate]`` and its target ``targets[t]``, for ``t`` from
    ``start_index + length`` to `end_index` every `stride` steps (random steps when
    `shuffle`)."""

    def __init__(self, data, targets, length, sampling_rate=1, stride=1, start_index=0,
                 end_index=None, shuffle=False, reverse=False, batch_size=128):
        if len(data) != len(targets):
            raise ValueError("Data and targets have to be of same length. Data length is "
                             f"{len(data)} while target length is {len(targets)}")
        self.data, self.targets = data, targets
        self.length, self.sampling_rate, self.stride = length, sampling_rate, stride
        self.start_index = start_index + length
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle, self.reverse, self.batch_size = shuffle, reverse, batch_size
        if self.start_index > self.end_index:
            raise ValueError(f"`start_index+length={self.start_index} > end_index="
                             f"{self.end_index}` is disallowed, as no part of the sequence "
                             "would be left to be used as current step.")

    def __len__(self):
        step = self.batch_size * self.stride
        return (self.end_index - self.start_index + step) // step

    def __getitem__(self, index):
        if self.shuffle:
            rows = np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            rows = np.arange(first, min(first + self.batch_size * self.stride,
                                        self.end_index + 1), self.stride)
        samples = np.array([self.data[row - self.length:row:self.sampling_rate] for row in rows])
        targets = np.array([self.targets[row] for row in rows])
        if self.reverse:
            return samples[:, ::-1, ...], targets
        return samples, targets

    def get_config(self):
        def as_json(values, what):
            values = values.tolist() if isinstance(values, np.ndarray) else values
            try:
                return json.dumps(values)
            except TypeError as exc:
                raise TypeError(f"{what} not JSON Serializable: {values}") from exc

        return {"data": as_json(self.data, "Data"),
                "targets": as_json(self.targets, "Targets"), "length": self.length,
                "sampling_rate": self.sampling_rate, "stride": self.stride,
                "start_index": self.start_index, "end_index": self.end_index,
                "shuffle": self.shuffle, "reverse": self.reverse,
                "batch_size": self.batch_size}

    def to_json(self, **kwargs):
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()},
                          **kwargs)


__all__ = ["TimeseriesGenerator", "make_sampling_table", "pad_sequences", "skipgrams"]
