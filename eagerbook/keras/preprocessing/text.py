"""``tf.keras.preprocessing.text``: splitting text into words and numbering them."""

import collections
import json

import numpy as np

_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text, filters=_FILTERS, lower=True, split=" "):
    """The words of `input_text`: lower-cased, `filters` characters turned into `split`."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [word for word in input_text.split(split) if word]


class Tokenizer:
    """Numbers the words of a corpus by frequency (1 = most frequent; 0 is never used, it is
    left for padding) and turns texts into lists of those numbers."""

    def __init__(self, num_words=None, filters=_FILTERS, lower=True, split=" ",
                 char_level=False, oov_token=None, **kwargs):
        self.num_words = num_words
        self.filters = filters
        self.lower = lower
        self.split = split
        self.char_level = char_level
        self.oov_token = oov_token
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.document_count = 0
        self.word_index = {}
        self.index_word = {}

    def _words(self, text):
        if self.char_level:
            return list(text.lower() if self.lower else text)
        return text_to_word_sequence(text, self.filters, self.lower, self.split)

    def fit_on_texts(self, texts):
        for text in texts:
            self.document_count += 1
            words = self._words(text) if isinstance(text, str) else list(text)
            for w in words:
                self.word_counts[w] = self.word_counts.get(w, 0) + 1
            for w in set(words):
                self.word_docs[w] += 1
        # Most frequent first; ties keep first-seen order (a stable sort), as Keras does.
        ordered = sorted(self.word_counts.items(), key=lambda kv: kv[1], reverse=True)
        vocabulary = ([self.oov_token] if self.oov_token is not None else []) + \
            [w for w, _ in ordered]
        self.word_index = {w: i for i, w in enumerate(vocabulary, start=1)}
        self.index_word = {i: w for w, i in self.word_index.items()}

    def texts_to_sequences(self, texts):
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts):
        oov = self.word_index.get(self.oov_token) if self.oov_token is not None else None
        for text in texts:
            words = self._words(text) if isinstance(text, str) else list(text)
            seq = []
            for w in words:
                i = self.word_index.get(w)
                if i is not None and (not self.num_words or i < self.num_words):
                    seq.append(i)
                elif oov is not None:
                    seq.append(oov)
            yield seq

    def sequences_to_texts(self, sequences):
        oov = self.word_index.get(self.oov_token) if self.oov_token is not None else None
        texts = []
        for seq in sequences:
            words = []
            for i in seq:
                word = self.index_word.get(i)
                if word is not None and (not self.num_words or i < self.num_words):
                    words.append(word)
                elif oov is not None:
                    words.append(self.index_word[oov])
            texts.append(" ".join(words))
        return texts

    def texts_to_matrix(self, texts, mode="binary"):
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences, mode="binary"):
        if mode not in ("binary", "count", "freq", "tfidf"):
            raise ValueError(f"Unknown vectorization mode: {mode}")
        width = self.num_words or len(self.word_index) + 1
        out = np.zeros((len(sequences), width))
        for row, seq in enumerate(sequences):
            counts = collections.Counter(i for i in seq if i < width)
            for i, c in counts.items():
                if mode == "binary":
                    out[row, i] = 1
                elif mode == "count":
                    out[row, i] = c
                elif mode == "freq":
                    out[row, i] = c / len(seq)
                else:
                    idf = np.log(1 + self.document_count /
                                 (1 + self.word_docs.get(self.index_word.get(i), 0)))
                    out[row, i] = (1 + np.log(c)) * idf
        return out

    def get_config(self):
        return {"num_words": self.num_words, "filters": self.filters, "lower": self.lower,
                "split": self.split, "char_level": self.char_level,
                "oov_token": self.oov_token, "document_count": self.document_count,
                "word_counts": json.dumps(self.word_counts),
                "word_docs": json.dumps(self.word_docs),
                "index_word": json.dumps(self.index_word),
                "word_index": json.dumps(self.word_index)}

    def to_json(self, **kwargs):
        return json.dumps({"class_name": "Tokenizer", "config": self.get_config()}, **kwargs)


__all__ = ["Tokenizer", "text_to_word_sequence"]
