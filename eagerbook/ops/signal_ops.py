"""``tf.signal``: cutting a signal into frames."""

import numpy as np

from ..core.tensor import _from_numpy
from . import array_ops, math_ops
from .support import as_tensor


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """``tf.signal.frame``: windows of `frame_length` samples every `frame_step` samples along
    `axis` (which becomes two axes: frames, samples). With `pad_end`, the end is padded with
    `pad_value` so the last frames start before the end; without, they must fit."""
    signal = as_tensor(signal)
    length, step = int(frame_length), int(frame_step)
    axis %= signal.ndim
    n = signal.shape[axis]
    if pad_end:
        count = -(-n // step)  # a frame starts at every step before the end
        extra = max(0, (count - 1) * step + length - n)
        if extra:
            widths = [[0, 0]] * signal.ndim
            widths[axis] = [0, extra]
            signal = array_ops.pad(signal, widths,
                                   constant_values=math_ops.cast(pad_value, signal.dtype))
    else:
        count = max(0, 1 + (n - length) // step)
    starts = np.arange(count, dtype=np.int64)[:, None] * step
    index = (starts + np.arange(length, dtype=np.int64)[None, :]).reshape(count, length)
    return array_ops.gather(signal, _from_numpy(index), axis=axis)


__all__ = ["frame"]
