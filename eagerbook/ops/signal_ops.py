"""``tf.signal``: cutting a signal into frames and adding frames back, windows, the
short-time Fourier transform (built of frames, a window and ``fft_ops``' RFFT), discrete cosine
transforms, mel filter banks and MFCCs."""

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import _from_numpy
from . import array_ops, eigen_float, fft_ops, linalg_ops, math_ops
from .registry import invalid_argument
from .shape_rules import known_value
from .support import as_tensor


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """``tf.signal.frame``: windows of `frame_length` samples every `frame_step` samples along
    `axis` (which becomes two axes: frames, samples). With `pad_end`, the end is padded with
    `pad_value` so the last frames start before the end; without, they must fit."""
    signal = as_tensor(signal)
    length, step = int(frame_length), int(frame_step)
    if step == 0:  # (TF's frame divides by the step, and its range runs up to the length)
        raise invalid_argument("FloorDiv", "Integer division by zero")
    if length < 0:
        raise invalid_argument("Range", f"Requires start <= limit when delta > 0: 0/{length}")
    axis %= signal.ndim
    n = signal.shape[axis]
    if n is None:  # a traced signal of unknown length: count the frames with ops, as TF does
        return _frame_unknown_length(signal, length, step, pad_end, pad_value, axis)
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


def _frame_unknown_length(signal, length, step, pad_end, pad_value, axis):
    """``frame`` of a traced signal whose length along `axis` is known only when it runs:
    the count of frames, the padding and the sample indices are computed by ops."""
    n = array_ops.shape(signal)[axis]
    if pad_end:
        count = math_ops.floordiv(n + (step - 1), step)
        extra = math_ops.maximum(0, (count - 1) * step + length - n)
        widths = array_ops.stack([array_ops.zeros([2], dtypes.int32)] * axis
                                 + [array_ops.stack([0, extra])]
                                 + [array_ops.zeros([2], dtypes.int32)] * (signal.ndim - axis - 1))
        signal = array_ops.pad(signal, widths,
                               constant_values=math_ops.cast(pad_value, signal.dtype))
    else:
        count = math_ops.maximum(0, 1 + math_ops.floordiv(n - length, step))
    starts = array_ops.expand_dims(array_ops.range(count) * step, 1)
    index = starts + _from_numpy(np.arange(length, dtype=np.int32)[None, :])
    return array_ops.gather(signal, index, axis=axis)


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
        raise ValueError(f"dtype must be a floating point type. Found {dtype}")
    length = int(known_value(as_tensor(length)))
    if length == 1:
        return _from_numpy(np.ones([1], dtype.as_numpy_dtype))
    _check_range(0, length)
    np_type = dtype.as_numpy_dtype
    even = 1 - length % 2
    n = np_type(length + int(bool(periodic)) * even - 1)
    count = np.arange(length).astype(np_type)
    angle = np_type(2 * np.pi) * count / n
    cos = eigen_float.cos(angle) if np_type == np.float32 else np.cos(angle)  # (TF's Cos kernel)
    return _from_numpy((np_type(a) - np_type(b) * cos).astype(np_type))


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


# --- discrete cosine transforms ------------------------------------------------------------------
# Each DCT is linear, so it is written as a product with its cosine matrix (built in float64,
# rounded to the signal's dtype): gradients and tracing come from the product itself. TF's inverse
# of a type is the DCT of the matching type (II <-> III, I and IV their own), scaled as TF does.
_INVERSE_DCT_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _dct_matrix(dct_type, length, norm):
    """C with dct(x)[k] = sum_n C[k, n] x[n] (TF's unnormalized definitions, each term doubled
    as in its FFT-based kernels)."""
    k = np.arange(length)[:, None].astype(np.float64)
    n = np.arange(length)[None, :].astype(np.float64)
    if dct_type == 1:
        matrix = 2 * np.cos(np.pi * k * n / (length - 1))
        matrix[:, 0] = 1
        matrix[:, -1] = (-1.0) ** np.arange(length)
    elif dct_type == 2:
        matrix = 2 * np.cos(np.pi * k * (2 * n + 1) / (2 * length))
        if norm == "ortho":
            matrix[0] *= np.sqrt(1 / (4 * length))
            matrix[1:] *= np.sqrt(1 / (2 * length))
    elif dct_type == 3:
        if norm == "ortho":  # the transpose of the orthonormal type II
            return _dct_matrix(2, length, "ortho").T
        matrix = 2 * np.cos(np.pi * n * (2 * k + 1) / (2 * length))
        matrix[:, 0] = 1
    else:
        matrix = 2 * np.cos(np.pi * (2 * n + 1) * (2 * k + 1) / (4 * length))
        if norm == "ortho":
            matrix *= np.sqrt(1 / (2 * length))
    return matrix


def _check_dct_arguments(signal, dct_type, n, axis, norm):
    if dct_type not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if dct_type == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        length = signal.shape[-1] if n is None else n
        if length is not None and length < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if n is not None and n < 1:
        raise ValueError("n should be a positive integer or None")
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    if not signal.dtype.is_floating:
        raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {signal.dtype.name}")


def _fit_last_axis(signal, n):
    """The signal cut or zero-padded along its last axis to length n."""
    length = signal.shape[-1]
    if n is None or n == length:
        return signal
    if n < length:
        return signal[..., :n]
    paddings = [[0, 0]] * (signal.shape.rank - 1) + [[0, n - length]]
    return array_ops.pad(signal, paddings)


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 (TF's names)
    """``tf.signal.dct``: the type I-IV discrete cosine transform over the last axis, optionally
    cut or zero-padded to ``n`` first; ``norm="ortho"`` makes types II-IV orthonormal."""
    signal = as_tensor(input)
    _check_dct_arguments(signal, type, n, axis, norm)
    signal = _fit_last_axis(signal, n)
    length = signal.shape[-1]
    if length is None:
        raise ValueError("dct needs the length of the signal's last axis to be known")
    matrix = _dct_matrix(type, length, norm).T.astype(signal.dtype.as_numpy_dtype)
    return linalg_ops.tensordot(signal, _from_numpy(matrix), axes=1)


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 (TF's names)
    """``tf.signal.idct``: the DCT of the inverse type (II <-> III; I and IV are their own), so
    ``idct(dct(x, norm="ortho"), norm="ortho")`` is x; unnormalized, type II round trips give
    ``2 * length * x``."""
    if type not in _INVERSE_DCT_TYPE:
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    return dct(input, type=_INVERSE_DCT_TYPE[type], n=n, axis=axis, norm=norm)


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """``tf.signal.mfccs_from_log_mel_spectrograms``: the unnormalized type II DCT of each
    log-mel spectrum scaled by 1/sqrt(2 * num_mel_bins), as TF computes MFCCs."""
    spectra = as_tensor(log_mel_spectrograms)
    num_mel_bins = spectra.shape[-1]
    if num_mel_bins is None:
        raise ValueError("The number of mel bins (the last axis) must be known.")
    return dct(spectra, type=2) * (1 / np.sqrt(np.float64(2 * num_mel_bins)))


# --- mel filter banks ----------------------------------------------------------------------------
_MEL_BREAK_HERTZ = 700.0
_MEL_HIGH_FREQUENCY_Q = 1127.0


def _hertz_to_mel(frequencies):
    return _MEL_HIGH_FREQUENCY_Q * np.log(1.0 + frequencies / _MEL_BREAK_HERTZ)


def _check_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype):
    if num_mel_bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {num_mel_bins}")
    if lower_edge_hertz < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower_edge_hertz}")
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError(f"lower_edge_hertz {lower_edge_hertz} >= upper_edge_hertz "
                         f"{upper_edge_hertz}")
    if sample_rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {sample_rate}")
    if upper_edge_hertz > sample_rate / 2:
        raise ValueError("upper_edge_hertz must not be larger than the Nyquist frequency "
                         f"(sample_rate / 2). Got {upper_edge_hertz} for sample_rate: "
                         f"{sample_rate}")
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {dtype}")


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000,
                                lower_edge_hertz=125.0, upper_edge_hertz=3800.0,
                                dtype=dtypes.float32, name=None):
    """``tf.signal.linear_to_mel_weight_matrix``: ``[num_spectrogram_bins, num_mel_bins]``
    triangular filters, equally spaced on the mel scale (mel = 1127 ln(1 + f / 700)) between the
    two edges, each rising from 0 at its lower neighbour's center to 1 at its own center and
    back to 0 at its upper neighbour's. The first spectrogram bin (DC) gets no weight."""
    dtype = dtypes.as_dtype(dtype)
    _check_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype)
    np_type = dtype.as_numpy_dtype
    nyquist = np_type(sample_rate) / np_type(2)
    linear_frequencies = np.linspace(0, nyquist, num_spectrogram_bins, dtype=np_type)[1:]
    spectrogram_mel = _hertz_to_mel(linear_frequencies).astype(np_type)[:, None]
    edges = np.linspace(_hertz_to_mel(np_type(lower_edge_hertz)),
                        _hertz_to_mel(np_type(upper_edge_hertz)), num_mel_bins + 2,
                        dtype=np_type)
    lower, center, upper = edges[:-2], edges[1:-1], edges[2:]
    rising = (spectrogram_mel - lower) / (center - lower)
    falling = (upper - spectrogram_mel) / (upper - center)
    weights = np.maximum(np_type(0), np.minimum(rising, falling)).astype(np_type)
    return _from_numpy(np.concatenate([np.zeros([1, num_mel_bins], np_type), weights]))


# --- more windows --------------------------------------------------------------------------------
def _check_range(start, limit):
    """The error of the tf.range a TF window builds its positions with, for a negative length
    (numbers as TF writes them: 1, -0.9)."""
    if start > limit:
        start, limit = (np.format_float_positional(v, trim="-") for v in (start, limit))
        raise errors.op_error(errors.InvalidArgumentError, "Range",
                              f"Requires start <= limit when delta > 0: {start}/{limit}")


def _window_dtype(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dtype}")
    return dtype.as_numpy_dtype


def kaiser_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """``tf.signal.kaiser_window``: I0(beta sqrt(1 - r^2)) / I0(beta), with r running evenly
    from -1 to 1 over the window."""
    np_type = _window_dtype(dtype)
    length = int(known_value(as_tensor(window_length)))
    if length == 1:
        return _from_numpy(np.ones([1], np_type))
    half = (np_type(length) - np_type(1)) / np_type(2)  # TF's range(-half, half + 0.1)
    _check_range(-half, half + np_type(0.1))
    r = np.linspace(-1.0, 1.0, length)
    window = np.i0(beta * np.sqrt(np.maximum(0.0, 1 - r * r))) / np.i0(beta)
    return _from_numpy(window.astype(np_type))


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """``tf.signal.kaiser_bessel_derived_window``: the square root of the running sum of a
    Kaiser window of ``window_length // 2 + 1`` points over its total, mirrored (an odd length
    loses its middle point, as in TF)."""
    np_type = _window_dtype(dtype)
    half = int(known_value(as_tensor(window_length))) // 2
    kaiser = kaiser_window(half + 1, beta, dtypes.float64).numpy()
    rising = np.sqrt(np.cumsum(kaiser)[:-1] / np.sum(kaiser))
    return _from_numpy(np.concatenate([rising, rising[::-1]]).astype(np_type))


def vorbis_window(window_length, dtype=dtypes.float32, name=None):
    """``tf.signal.vorbis_window``: sin(pi/2 sin^2(pi (n + 1/2) / length))."""
    np_type = _window_dtype(dtype)
    length = int(known_value(as_tensor(window_length)))
    _check_range(0, length)
    n = np.arange(length, dtype=np.float64)
    window = np.sin(np.pi / 2 * np.sin(np.pi * (n + 0.5) / length) ** 2)
    return _from_numpy(window.astype(np_type))


# --- modified discrete cosine transform ----------------------------------------------------------
def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    """``tf.signal.mdct``: frames of `frame_length` (a multiple of 4) overlapping by half,
    windowed (1/sqrt(2) without a window), folded to half length, then a type IV DCT."""
    signals = as_tensor(signals)
    if frame_length % 4 != 0:
        raise ValueError("The frame length must be a multiple of 4.")
    frames = frame(signals, frame_length, frame_length // 2, pad_end=pad_end)
    if window_fn is not None:
        frames = math_ops.multiply(frames, window_fn(frame_length, dtype=frames.dtype))
    else:
        frames = math_ops.multiply(frames, math_ops.cast(1.0 / np.sqrt(2), frames.dtype))
    a, b, c, d = array_ops.split(frames, 4, axis=-1)
    first = math_ops.subtract(math_ops.negative(array_ops.reverse(c, [-1])), d)
    second = math_ops.subtract(a, array_ops.reverse(b, [-1]))
    return dct(array_ops.concat([first, second], axis=-1), type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    """``tf.signal.inverse_mdct``: the type IV DCT back to frames of twice the length,
    unfolded, windowed, and overlap-added: with the vorbis window (a Princen-Bradley one) it
    inverts ``mdct`` away from the signal's two ends."""
    mdcts = as_tensor(mdcts)
    half = mdcts.shape[-1]
    if norm is None:
        scale = math_ops.cast(0.5 / half, mdcts.dtype)
        unfolded = math_ops.multiply(scale, dct(mdcts, type=4))
    elif norm == "ortho":
        unfolded = dct(mdcts, type=4, norm="ortho")
    else:
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    low, high = array_ops.split(unfolded, 2, axis=-1)
    frames = array_ops.concat([high, math_ops.negative(array_ops.reverse(high, [-1])),
                               math_ops.negative(array_ops.reverse(low, [-1])),
                               math_ops.negative(low)], axis=-1)
    if window_fn is not None:
        frames = math_ops.multiply(frames, window_fn(2 * half, dtype=mdcts.dtype))
    else:
        frames = math_ops.multiply(frames, math_ops.cast(1.0 / np.sqrt(2), mdcts.dtype))
    return overlap_and_add(frames, half)
