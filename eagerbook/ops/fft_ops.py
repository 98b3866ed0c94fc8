"""``tf.signal``'s Fourier transforms: FFT/IFFT over the innermost 1, 2 or 3 axes, and the real
transforms RFFT/IRFFT that keep only the non-negative frequencies.

Kernels are NumPy's FFTs (which keep complex64 as complex64), so the last digit of a complex64
result can differ from TF's. Their gradients, which pass through complex values, are in
``complex_gradients``.
"""

import numpy as np

from ..core import dtypes
from . import manip_ops
from .registry import execute, invalid_argument, register
from .shape_rules import dims_text, known_value
from .support import as_tensor, check_dtype

COMPLEX = (dtypes.complex64, dtypes.complex128)
_REAL_OF = {dtypes.complex64: dtypes.float32, dtypes.complex128: dtypes.float64}
_COMPLEX_OF = {dtypes.float32: dtypes.complex64, dtypes.float64: dtypes.complex128}


def _axes(rank):
    return tuple(range(-rank, 0))


# --- complex-to-complex ------------------------------------------------------------------------
def _make_fft(rank):
    fft_name = "FFT" if rank == 1 else f"FFT{rank}D"
    ifft_name = "IFFT" if rank == 1 else f"IFFT{rank}D"

    @register(fft_name)  # the wrapper checks the dtype; gradients: complex_gradients.py
    def forward(x):
        return np.fft.fftn(x, axes=_axes(rank)).astype(x.dtype, copy=False)

    @register(ifft_name)
    def inverse(x):
        return np.fft.ifftn(x, axes=_axes(rank)).astype(x.dtype, copy=False)

    def public_forward(input, name=None):  # noqa: A002 - TF's argument name
        return execute(forward, (_complex_input(input, fft_name, rank),))

    def public_inverse(input, name=None):  # noqa: A002 - TF's argument name
        return execute(inverse, (_complex_input(input, ifft_name, rank),))

    public_forward.__name__, public_inverse.__name__ = fft_name.lower(), ifft_name.lower()
    return public_forward, public_inverse


def _complex_input(x, op_name, rank):
    x = as_tensor(x)
    check_dtype(op_name, x, COMPLEX, attr="Tcomplex")
    if x.ndim is not None and x.ndim < rank:
        raise invalid_argument(op_name, f"Input must have rank of at least {rank} but got: "
                                        f"{dims_text(x.shape)}")
    return x


def _check_rank(x, rank):
    """TF's Python check of a real FFT's input rank (after its dtype check)."""
    if x.ndim is not None and x.ndim < rank:
        raise ValueError(f"Shape {x.shape} must have rank at least {rank}")


fft, ifft = _make_fft(1)
fft2d, ifft2d = _make_fft(2)
fft3d, ifft3d = _make_fft(3)
_FFT_FUNCTIONS = {1: (fft, ifft), 2: (fft2d, ifft2d), 3: (fft3d, ifft3d)}


# --- real-to-complex and back ------------------------------------------------------------------
def _fit(x, sizes, rank):
    """`x` cropped or zero-padded so that its innermost `rank` axes have `sizes` (NumPy)."""
    lead = x.ndim - rank
    x = x[(Ellipsis,) + tuple(slice(0, s) for s in sizes)]
    pads = [(0, 0)] * lead + [(0, max(0, s - have)) for s, have in zip(sizes, x.shape[lead:])]
    return np.pad(x, pads) if any(p for _, p in pads) else x


def _lengths(fft_length):
    value = known_value(as_tensor(fft_length))
    if value is None:
        raise NotImplementedError("fft_length known only when the tf.function runs is not "
                                  "supported in eagerbook (the kernel needs it to size its output)")
    return [int(n) for n in np.asarray(value).ravel()]


def _make_real_fft(rank):
    rfft_name = "RFFT" if rank == 1 else f"RFFT{rank}D"
    irfft_name = "IRFFT" if rank == 1 else f"IRFFT{rank}D"

    @register(rfft_name)
    def forward(x, fft_length):
        lengths = [int(n) for n in fft_length]
        x = _fit(x, lengths, rank)  # TF crops or pads the input to fft_length first
        out = np.fft.rfftn(x, s=lengths, axes=_axes(rank))
        return out.astype(np.complex64 if x.dtype == np.float32 else np.complex128, copy=False)

    @register(irfft_name)
    def inverse(z, fft_length):
        lengths = [int(n) for n in fft_length]
        z = _fit(z, lengths[:-1] + [lengths[-1] // 2 + 1], rank)
        out = np.fft.irfftn(z, s=lengths, axes=_axes(rank))
        return out.astype(np.float32 if z.dtype == np.complex64 else np.float64, copy=False)

    def public_forward(input_tensor, fft_length=None, name=None):
        x = as_tensor(input_tensor)
        if x.dtype not in _COMPLEX_OF:
            raise ValueError(f"{rfft_name} requires tf.float32 or tf.float64 inputs, got: {x!s}")
        _check_rank(x, rank)
        lengths = x.shape.as_list()[-rank:] if fft_length is None else _lengths(fft_length)
        return execute(forward, (x,), {"fft_length": lengths})

    def public_inverse(input_tensor, fft_length=None, name=None):
        z = as_tensor(input_tensor)
        if z.dtype not in _REAL_OF:
            raise ValueError(f"{irfft_name} requires tf.complex64 or tf.complex128 inputs, "
                             f"got: {z!s}")
        _check_rank(z, rank)
        if fft_length is None:  # TF's default: the inner axis is n // 2 + 1 of an even n
            inner = z.shape.as_list()[-rank:]
            lengths = inner[:-1] + [2 * (inner[-1] - 1)]
        else:
            lengths = _lengths(fft_length)
        return execute(inverse, (z,), {"fft_length": lengths})

    public_forward.__name__, public_inverse.__name__ = rfft_name.lower(), irfft_name.lower()
    return public_forward, public_inverse


rfft, irfft = _make_real_fft(1)
rfft2d, irfft2d = _make_real_fft(2)
rfft3d, irfft3d = _make_real_fft(3)


# --- shifting the zero frequency to the middle ---------------------------------------------------
def _shift(x, axes, sign):
    x = as_tensor(x)
    if axes is None:
        axes = list(range(x.ndim))
    elif isinstance(axes, int):
        axes = [axes]
    axes = [int(a) for a in axes]
    return manip_ops.roll(x, [sign * (x.shape[a] // 2) for a in axes], axes)


def fftshift(x, axes=None, name=None):
    """``tf.signal.fftshift``: the zero frequency moved to the middle (roll by n // 2)."""
    return _shift(x, axes, 1)


def ifftshift(x, axes=None, name=None):
    """``tf.signal.ifftshift``: undoes fftshift (roll by -(n // 2))."""
    return _shift(x, axes, -1)


__all__ = ["fft", "ifft", "fft2d", "ifft2d", "fft3d", "ifft3d", "rfft", "irfft", "rfft2d",
           "irfft2d", "rfft3d", "irfft3d", "fftshift", "ifftshift"]
