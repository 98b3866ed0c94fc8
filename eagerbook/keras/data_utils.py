"""``tf.keras.utils.Sequence``: data given batch by batch, by index.

A subclass says how many batches there are (``__len__``) and what batch ``i`` is
(``__getitem__``); ``fit`` asks for them in order, or shuffled each epoch when ``shuffle=True``
(its default), and calls ``on_epoch_end`` after each pass.
"""

import random


class Sequence:
    """Base class of batch-by-index data for ``fit``/``evaluate``/``predict``."""

    def __getitem__(self, index):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError

    def on_epoch_end(self):
        """Called after each epoch (a subclass may reshuffle its samples here)."""

    def __iter__(self):
        for index in range(len(self)):
            yield self[index]


class SequenceEpochs:
    """One pass over a Sequence per ``iter()``: its batches in order or, as TF's Keras
    shuffles them, in an order from Python's ``random`` (seeded by
    ``tf.keras.utils.set_random_seed``); ``on_epoch_end`` follows a complete pass."""

    def __init__(self, sequence, shuffle):
        self.sequence = sequence
        self.shuffle = shuffle

    def __len__(self):
        return len(self.sequence)

    def __iter__(self):
        order = list(range(len(self.sequence)))
        if self.shuffle:
            random.shuffle(order)
        for index in order:
            yield self.sequence[index]
        self.sequence.on_epoch_end()
