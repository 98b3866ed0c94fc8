"""Gradient cases for the complex ops and Fourier transforms (ops/complex_gradients.py).

The numeric checker perturbs real inputs only, so these are checked in
tests/test_tfcore_complex_gradients.py instead: each gradient against central differences
along the real and the imaginary part of every input, in TF's convention (dL/dx + i dL/dy).
"""

_COMPLEX_CHECKED = ("its input or output is complex; checked against finite differences in "
                    "tests/test_tfcore_complex_gradients.py")
NO_CASE = {name: _COMPLEX_CHECKED for name in (
    "Complex", "ComplexAbs", "Real", "Imag", "Conj",
    "FFT", "IFFT", "FFT2D", "IFFT2D", "FFT3D", "IFFT3D",
    "RFFT", "IRFFT", "RFFT2D", "IRFFT2D", "RFFT3D", "IRFFT3D")}
