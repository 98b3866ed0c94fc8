"""``tf.keras.preprocessing.sequence``: making lists of sequences rectangular."""

import numpy as np


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


__all__ = ["pad_sequences"]
