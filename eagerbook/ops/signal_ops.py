"""``tf.signal``: cutting a signal into frames and adding frames back, windows, and the
short-time Fourier transform (built of frames, a window and ``fft_ops``' RFFT)."""

import numpy as np

from ..core import dtypes
from ..core.tensor import _from_numpy
from . import array_ops, fft_ops, math_ops
from .shape_rules import known_value
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


def overlap_and_add(signal, frame_step, name=None):
    """``tf.signal.overlap_and_add``: frames ``[..., frames, frame_length]`` laid `frame_step`
    apart and summed where they overlap, giving ``(frames - 1) * frame_step + frame_length``
    samples. As TF does, with reshapes and one sum (so it is differentiable): each frame is
    cut into `segments` rows of `frame_step`; rows that land on one output stretch are summed."""
    signal = as_tensor(signal)
    step = int(frame_step)
    outer = signal.shape.as_list()[:-2]
    frames, length = signal.shape.as_list()[-2:]
    out_length = (frames - 1) * step + length
    segments = -(-length // step)
    pads = [[0, 0]] * len(outer) + [[0, segments], [0, segments * step - length]]
    x = array_ops.reshape(array_ops.pad(signal, pads), outer + [frames + segments, segments, step])
    lead = list(range(len(outer)))
    x = math_ops.transpose(x, lead + [len(outer) + 1, len(outer), len(outer) + 2])
    x = array_ops.reshape(x, outer + [(frames + segments) * segments, step])
    x = x[..., :(frames + segments - 1) * segments, :]
    x = array_ops.reshape(x, outer + [segments, frames + segments - 1, step])
    x = math_ops.reduce_sum(x, axis=-3)
    x = array_ops.reshape(x, outer + [(frames + segments - 1) * step])
    return x[..., :out_length]


def _raised_cosine_window(name, length, periodic, dtype, a, b):
    # TF's formula, in the window's dtype: a - b cos(2 pi k / n), where a periodic window of
    # even length has n = length (one more point than it keeps) and otherwise n = length - 1.
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
        raise ValueError(f"dtype must be a floating point type. Found {dtype!r}")
    length = int(known_value(as_tensor(length)))
    if length == 1:
        return _from_numpy(np.ones([1], dtype.as_numpy_dtype))
    np_type = dtype.as_numpy_dtype
    even = 1 - length % 2
    n = np_type(length + int(bool(periodic)) * even - 1)
    count = np.arange(length).astype(np_type)
    angle = np_type(2 * np.pi) * count / n
    return _from_numpy((np_type(a) - np_type(b) * np.cos(angle)).astype(np_type))


def hann_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """``tf.signal.hann_window``: 0.5 - 0.5 cos(2 pi k / n)."""
    return _raised_cosine_window("hann_window", window_length, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """``tf.signal.hamming_window``: 0.54 - 0.46 cos(2 pi k / n)."""
    return _raised_cosine_window("hamming_window", window_length, periodic, dtype, 0.54, 0.46)


def _default_fft_length(frame_length):
    return 1 << int(np.ceil(np.log2(frame_length)))  # the smallest power of 2 that holds it


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window,
         pad_end=False, name=None):
    """``tf.signal.stft``: the RFFT of each windowed frame, ``[..., frames, fft_length//2+1]``."""
    signals = as_tensor(signals)
    frame_length, frame_step = int(frame_length), int(frame_step)
    fft_length = _default_fft_length(frame_length) if fft_length is None else int(fft_length)
    framed = frame(signals, frame_length, frame_step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(frame_length, dtype=framed.dtype)
    return fft_ops.rfft(framed, [fft_length])


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window,
                 name=None):
    """``tf.signal.inverse_stft``: IRFFT of each frame, windowed, then overlap-added. With
    ``inverse_stft_window_fn(frame_step)`` as `window_fn` it undoes ``stft``."""
    stfts = as_tensor(stfts)
    frame_length, frame_step = int(frame_length), int(frame_step)
    fft_length = _default_fft_length(frame_length) if fft_length is None else int(fft_length)
    frames = fft_ops.irfft(stfts, [fft_length])[..., :frame_length]
    if fft_length < frame_length:  # short transforms: the frames are padded to frame_length
        pads = [[0, 0]] * (frames.ndim - 1) + [[0, frame_length - fft_length]]
        frames = array_ops.pad(frames, pads)
    if window_fn is not None:
        frames = frames * window_fn(frame_length, dtype=frames.dtype)
    return overlap_and_add(frames, frame_step)


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """``tf.signal.inverse_stft_window_fn``: the window that makes ``inverse_stft`` invert
    ``stft``: the forward window divided by the sum of the squared windows overlapping there."""
    step = int(frame_step)

    def inverse_window(frame_length, dtype):
        forward = forward_window_fn(frame_length, dtype=dtype)
        overlaps = -(-frame_length // step)
        squares = array_ops.pad(math_ops.square(forward), [[0, overlaps * step - frame_length]])
        summed = math_ops.reduce_sum(array_ops.reshape(squares, [overlaps, step]), 0,
                                     keepdims=True)
        denominator = array_ops.reshape(array_ops.tile(summed, [overlaps, 1]), [overlaps * step])
        return forward / denominator[:frame_length]
    return inverse_window


__all__ = ["frame", "overlap_and_add", "hann_window", "hamming_window", "stft", "inverse_stft",
           "inverse_stft_window_fn"]
