"""Complex numbers: ``tf.complex``, ``tf.math.real``/``imag``/``conj``/``angle``.

``complex64`` and ``complex128`` tensors work with the ordinary arithmetic ops (``+``, ``*``,
``tf.matmul``, ``tf.abs`` gives the modulus as a float). Gradients flow through complex values
as in TF (see the note above the gradient rules below).
"""

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from .registry import execute, invalid_argument, register

_COMPLEX_OF = {dtypes.float32: dtypes.complex64, dtypes.float64: dtypes.complex128}


@register("Complex", elementwise=True)
def _complex(real, imag, Tout):
    # Parts set one by one: real + 1j * imag would turn an imaginary -0.0 into +0.0
    real, imag = np.broadcast_arrays(real, imag)
    out = np.empty(real.shape, Tout._np)
    out.real, out.imag = real, imag
    return out


def complex(real, imag, name=None):  # noqa: A001 - TF's public name
    """``real + imag * 1j`` elementwise: float32 -> complex64, float64 -> complex128."""
    real = convert_to_tensor(real)
    imag = convert_to_tensor(imag)  # on its own, as TF: a Python float is float32
    if real.dtype is not imag.dtype or real.dtype not in _COMPLEX_OF:
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{real.dtype.name} {imag.dtype.name}. They must be consistent, and one "
                        f"of [tf.float32, tf.float64]")
    return execute(_complex, (real, imag), {"Tout": _COMPLEX_OF[real.dtype]})


@register("ComplexAbs", elementwise=True)
def _complex_abs(x):
    return np.abs(x)


def complex_abs(x, name=None):
    """The modulus of complex numbers, as a float tensor (what ``tf.abs`` runs for them)."""
    return execute(_complex_abs, (convert_to_tensor(x),))


def _part_kernel(np_fn):
    def kernel(x):
        return np.asarray(np_fn(x))
    return kernel


_real = register("Real", elementwise=True)(_part_kernel(np.real))
_imag = register("Imag", elementwise=True)(_part_kernel(np.imag))
_angle = register("Angle", differentiable=False, elementwise=True)(_part_kernel(np.angle))
_conj = register("Conj", elementwise=True)(_part_kernel(np.conj))


def _real_result(op, x, real_default):
    x = convert_to_tensor(x)
    if not x.dtype.is_complex:
        if not (x.dtype.is_floating or x.dtype.is_integer):
            raise invalid_argument(op.name, f"{op.name} does not support {x.dtype.name}")
        return real_default(x)
    return execute(op, (x,))


def real(input, name=None):
    """The real parts (a real tensor is returned as it is, as in TF)."""
    x = convert_to_tensor(input)
    if x.dtype.is_complex:
        return execute(_real, (x,))
    if x.dtype.is_floating or x.dtype.is_integer:
        return x
    raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x.dtype}")


def imag(input, name=None):
    """The imaginary parts (zeros of the input's dtype for any other tensor, as in TF)."""
    x = convert_to_tensor(input)
    if x.dtype.is_complex:
        return execute(_imag, (x,))
    return convert_to_tensor(np.zeros_like(x.numpy()))


def conj(x, name=None):
    """Complex conjugates (a real tensor is returned as it is)."""
    x = convert_to_tensor(x)
    if x.dtype.is_complex:
        return execute(_conj, (x,))
    if x.dtype.is_floating or x.dtype.is_integer:
        return x
    raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")


__all__ = ["complex", "complex_abs", "conj", "imag", "real"]
