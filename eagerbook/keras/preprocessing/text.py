"""``tf.keras.preprocessing.text``: splitting text into words and numbering them."""

import collections
import hashlib
import json

import numpy as np

_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text, filters=_FILTERS, lower=True, split=" "):
    """The words of `input_text`: lower-cased, `filters` characters turned into `split`."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [word for word in input_text.split(split) if word]


def hashing_trick(text, n, hash_function=None, filters=_FILTERS, lower=True, split=" ",
                  analyzer=None):
    """Each word of `text` as a number in ``[1, n)`` from hashing it (0 stays free for
    padding): Python's ``hash`` by default (it varies between runs unless PYTHONHASHSEED is
    set), ``'md5'`` for a stable one, or any function of a string."""
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        def hash_function(word):
            return int(hashlib.md5(word.encode()).hexdigest(), 16)
    words = text_to_word_sequence(text, filters, lower, split) if analyzer is None \
        else analyzer(text)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text, n, filters=_FILTERS, lower=True, split=" ", analyzer=None):
    """``hashing_trick`` with Python's ``hash``: word indices in ``[1, n)``, not one-hot
    vectors (the name is Keras's)."""
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower,
                         split=split, analyzer=analyzer)


class Tokenizer:
    """Numbers the words of a corpus by frequency (1 = most frequent; 0 is never used, it is
    left for padding) and turns texts into lists of those numbers."""

    def __init__(self, num_words=None, filters=_FILTERS, lower=True, split=" ",
                 char_level=False, oov_token=None, analyzer=None, **kwargs):
        self.analyzer = analyzer  # a function splitting a text into words, instead of ours
        self.num_words = num_words
        self.filters = filters
        self.lower = lower
        self.split = split
        self.char_level = char_level
        self.oov_token = oov_token
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.index_docs = collections.defaultdict(int)  # word index -> documents with it
        self.document_count = 0
        self.word_index = {}
        self.index_word = {}

    def _words(self, text):
        if self.char_level:
            return list(text.lower() if self.lower else text)
        if self.analyzer is not None:
            return self.analyzer(text)
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
        self.index_docs = collections.defaultdict(int, {
            self.word_index[w]: c for w, c in self.word_docs.items()})

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
                "index_docs": json.dumps(self.index_docs),
                "index_word": json.dumps(self.index_word),
                "word_index": json.dumps(self.word_index)}

    def to_json(self, **kwargs):
        return json.dumps({"class_name": "Tokenizer", "config": self.get_config()}, **kwargs)


def tokenizer_from_json(json_string):
    """The `Tokenizer` a ``Tokenizer.to_json()`` string describes, its counts and indices
    restored (JSON keys are strings: the index maps get their integer keys back)."""
    config = dict(json.loads(json_string)["config"])
    word_counts = json.loads(config.pop("word_counts"))
    word_docs = json.loads(config.pop("word_docs"))
    index_docs = json.loads(config.pop("index_docs", "{}"))
    index_word = json.loads(config.pop("index_word"))
    word_index = json.loads(config.pop("word_index"))
    document_count = config.pop("document_count", 0)
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = collections.OrderedDict(word_counts)
    tokenizer.word_docs = collections.defaultdict(int, word_docs)
    tokenizer.index_docs = collections.defaultdict(int, {int(k): v for k, v in
                                                         index_docs.items()})
    tokenizer.index_word = {int(k): v for k, v in index_word.items()}
    tokenizer.word_index = word_index
    tokenizer.document_count = document_count
    return tokenizer


__all__ = ["Tokenizer", "hashing_trick", "one_hot", "text_to_word_sequence",
           "tokenizer_from_json"]
