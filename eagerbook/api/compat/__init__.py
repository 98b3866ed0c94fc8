"""``tf.compat``: the v1 namespace, and helpers for code that ran on both TF 1 and TF 2."""

import numbers as _numbers
import sys

import numpy as _np

from ...core.shape import Dimension, dimension_value  # noqa: F401 (tf.compat's names)
from . import v1

integral_types = (_numbers.Integral, _np.integer)
real_types = (_numbers.Real, _np.integer, _np.floating)
complex_types = (_numbers.Complex, _np.number)
bytes_or_text_types = (bytes, str)


def dimension_at_index(shape, index):
    """Dimension `index` of `shape` (unknown for a shape of unknown rank)."""
    from ...core.shape import TensorShape
    shape = TensorShape(shape)
    if shape.rank is None:
        return Dimension(None)
    return Dimension(shape[index])


def as_bytes(bytes_or_text, encoding="utf-8"):
    """bytes as they are, text encoded (UTF-8 by default)."""
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


def as_text(bytes_or_text, encoding="utf-8"):
    """Text as it is, bytes decoded (UTF-8 by default)."""
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


as_str = as_text


def as_str_any(value, encoding="utf-8"):
    """Bytes decoded, anything else through str()."""
    return as_str(value, encoding) if isinstance(value, bytes) else str(value)


def path_to_str(path):
    """A path-like object's path as a string (strings unchanged)."""
    return str(path.__fspath__()) if hasattr(path, "__fspath__") else path


def forward_compatible(year, month, day):
    """Whether the producer of graphs is past this date: TF 2.21's horizon is 2026-01-16."""
    import datetime
    return datetime.date(year, month, day) < datetime.date(2026, 1, 16)


def __getattr__(name):
    if name == "v2":  # tf.compat.v2 is the TF 2 namespace itself
        return sys.modules["eagerbook"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
