"""``tf.signal``."""

from ..ops.fft_ops import (
    fft,
    fft2d,
    fft3d,
    fftshift,
    ifft,
    ifft2d,
    ifft3d,
    ifftshift,
    irfft,
    irfft2d,
    irfft3d,
    rfft,
    rfft2d,
    rfft3d,
)
from ..ops.signal_ops import (
    frame,
    hamming_window,
    hann_window,
    inverse_stft,
    inverse_stft_window_fn,
    overlap_and_add,
    stft,
)

__all__ = ["fft", "fft2d", "fft3d", "fftshift", "frame", "hamming_window", "hann_window", "ifft",
           "ifft2d", "ifft3d", "ifftshift", "inverse_stft", "inverse_stft_window_fn", "irfft",
           "irfft2d", "irfft3d", "overlap_and_add", "rfft", "rfft2d", "rfft3d", "stft"]
