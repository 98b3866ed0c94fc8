"""Gradients through complex values: the rules of the complex ops and Fourier transforms.

TF reports the gradient of a real loss L with respect to z = x + iy as dL/dx + i dL/dy. Inside
the backward sweep eagerbook carries its conjugate, g = dL/dx - i dL/dy (twice the Wirtinger
derivative dL/dz): with it the chain rule through an analytic op is the real rule unchanged
(Mul's dy * y, MatMul's dy @ y^T, Exp's dy * exp(x)), so no real rule needs to know about complex
numbers. Only ops that mix real and complex values, or are not analytic, have rules here; the
tape converts at both ends (its seeds and its results, ``conj_for_tape``).
"""

import numpy as np

from ..core.tensor import Tensor
from . import array_ops, complex_ops, fft_ops, manip_ops, math_ops
from .backprop import GRADIENT_DTYPES
from .indexed_slices import IndexedSlices
from .registry import REGISTRY

_COMPLEX = fft_ops.COMPLEX


def conj_for_tape(gradient):
    """A gradient in TF's convention from eagerbook's (and back): complex ones conjugated."""
    if type(gradient) is IndexedSlices and gradient.dtype in _COMPLEX:  # (a gather's rows)
        return gradient._with_values(conj_for_tape(gradient.values))
    if isinstance(gradient, Tensor) and gradient._dtype in _COMPLEX:
        # 0 - Im rather than -Im: a zero imaginary part stays +0, which prints as TF's "+0.j"
        imag = complex_ops.imag(gradient)
        return complex_ops.complex(complex_ops.real(gradient),
                                   math_ops.subtract(math_ops.zeros_like(imag), imag))
    return gradient


for _dtype in _COMPLEX:  # complex tensors carry gradients through the backward sweep
    GRADIENT_DTYPES[_dtype] = (math_ops.zeros_like, math_ops.add)


def _complex_of(real):
    return complex_ops.complex(real, math_ops.zeros_like(real))


# --- complex numbers ---------------------------------------------------------------------------
@complex_ops._complex.gradient
def _complex_grad(op, dy):
    # z = x + iy carries g = dL/dx - i dL/dy: dL/dx = Re(g), dL/dy = -Im(g)
    return [complex_ops.real(dy), math_ops.negative(complex_ops.imag(dy))]


@complex_ops._real.gradient
def _real_grad(op, dy):
    return [_complex_of(dy)]


@complex_ops._imag.gradient
def _imag_grad(op, dy):
    return [complex_ops.complex(math_ops.zeros_like(dy), math_ops.negative(dy))]


@complex_ops._conj.gradient
def _conj_grad(op, dy):
    return [complex_ops.conj(dy)]


@complex_ops._complex_abs.gradient
def _complex_abs_grad(op, dy):
    # |z| = sqrt(x^2 + y^2): g = dy (x - iy) / |z|, and 0 where z = 0
    z, modulus = op.inputs[0], op.outputs[0]
    return [_complex_of(manip_ops.divide_no_nan(dy, modulus)) * complex_ops.conj(z)]


# --- Fourier transforms ------------------------------------------------------------------------
def _fft_rule(rank, inverse):
    """FFT is z -> F z with F symmetric, so g_z = F g_w = FFT(g_w); IFFT is (1/N) conj(F)."""
    forward, backward = fft_ops._FFT_FUNCTIONS[rank]

    def rule(op, dy):
        return [backward(dy) if inverse else forward(dy)]
    return rule


def _rfft_rule(rank):
    # w = the first n//2 + 1 frequencies of FFT(x) for a real x (cut or padded to fft_length):
    # dL/dx = Re(F^T g) over those frequencies = Re(FFT(g padded with zeros to n)), then the
    # gradient is cut or padded back to x's own shape.
    forward = fft_ops._FFT_FUNCTIONS[rank][0]

    def rule(op, dy):
        lengths = list(op.attrs["fft_length"])
        full = _fit_inner(dy, lengths, rank)
        grad = complex_ops.real(forward(full))
        return [_fit_inner(grad, op.inputs[0].shape.as_list()[-rank:], rank)]
    return rule


def _irfft_rule(rank):
    # x = IRFFT(z): each frequency strictly between 0 and n/2 stands for itself and its mirror
    # image, the two edges for themselves only: g_z = weight * IFFT(dL/dx) over the kept half.
    backward = fft_ops._FFT_FUNCTIONS[rank][1]

    def rule(op, dy):
        lengths = list(op.attrs["fft_length"])
        half = lengths[-1] // 2 + 1
        spectrum = backward(_complex_of(dy))
        kept = _fit_inner(spectrum, lengths[:-1] + [half], rank)
        weights = np.full(half, 2.0)
        weights[0] = 1.0
        if lengths[-1] % 2 == 0:
            weights[-1] = 1.0
        weighted = kept * _complex_of(math_ops.cast(weights, dy.dtype))
        return [_fit_inner(weighted, op.inputs[0].shape.as_list()[-rank:], rank)]
    return rule


def _fit_inner(x, sizes, rank):
    """`x` cut or zero-padded so that its innermost `rank` axes have `sizes`."""
    have = x.shape.as_list()[-rank:]
    lead = x.shape.rank - rank
    if have == list(sizes):
        return x
    x = x[(Ellipsis,) + tuple(slice(0, s) for s in sizes)]
    pads = [[0, 0]] * lead + [[0, max(0, s - h)] for s, h in zip(sizes, have)]
    if any(p for _, p in pads):
        x = array_ops.pad(x, pads)
    return x


for _rank in (1, 2, 3):
    _suffix = "" if _rank == 1 else f"{_rank}D"
    REGISTRY["FFT" + _suffix].gradient(_fft_rule(_rank, inverse=False))
    REGISTRY["IFFT" + _suffix].gradient(_fft_rule(_rank, inverse=True))
    REGISTRY["RFFT" + _suffix].gradient(_rfft_rule(_rank))
    REGISTRY["IRFFT" + _suffix].gradient(_irfft_rule(_rank))
