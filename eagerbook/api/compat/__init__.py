"""``tf.compat``: the v1 namespace, and helpers for code that ran on both TF 1 and TF 2."""

import numbers as _numbers
import sys

import numpy as _np

from . import v1

integral_types = (_numbers.Integral, _np.integer)
real_types = (_numbers.Real, _np.integer, _np.floating)
complex_types = (_numbers.Complex, _np.number)
bytes_or_text_types = (bytes, str)


class Dimension:
    """One dimension of a shape as TF 1 represented it: a size, or None when unknown
    (``tf.compat.dimension_at_index`` still returns one; TF 2 shapes hold plain ints)."""

    def __init__(self, value):
        self._value = None if value is None else int(value)

    @property
    def value(self):
        return self._value

    def __repr__(self):
        return f"Dimension({self._value!r})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    __index__ = __int__

    def __eq__(self, other):
        other = dimension_value(other)
        return None if self._value is None or other is None else self._value == other

    def __hash__(self):
        return hash(self._value)


def dimension_value(dimension):
    """A dimension as an int, or None when unknown (TF 1's Dimension or TF 2's int alike)."""
    return dimension.value if isinstance(dimension, Dimension) else dimension


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
