"""The text TF prints for a DTensor's value: its C++ summary, not NumPy's.

A DTensor lives on DTensor's own device, so TF does not print it through NumPy: it asks the
runtime for a summary of each component. That summary differs from NumPy's in ways a learner
sees: float32 ones print as ``1`` (not ``1.``), float32 values with up to 9 significant digits,
booleans as ``1``/``0``, strings in double quotes, complex numbers as ``?``, and any axis
longer than 6 shows its first and last 3 entries around ``...`` (NumPy waits for 1,000
elements).
"""

import numpy as np

EDGE_ITEMS = 3  # entries shown at each end of a long axis


def _float_text(value, short, full, as_type):
    """TF's float printing: `short` significant digits if they read back to the same value,
    else `full` (6 then 9 for float32; 15 then 17 for float64)."""
    if np.isnan(value):
        return "nan"
    if np.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = f"{value:.{short}g}"
    if as_type(float(text)) == value:
        return text
    return f"{value:.{full}g}"


def _string_text(value):
    """A string element between double quotes, control characters escaped as C does."""
    if isinstance(value, str):
        value = value.encode()
    escapes = {0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x22: '\\"', 0x27: "\\'", 0x5C: "\\\\"}
    out = []
    for byte in value:
        if byte in escapes:
            out.append(escapes[byte])
        elif byte < 0x20 or byte == 0x7F:
            out.append(f"\\{byte:03o}")
        else:
            out.append(chr(byte) if byte < 0x80 else bytes([byte]).decode("latin-1"))
    text = "".join(out)
    try:  # (multi-byte UTF-8 characters stay as they are)
        text = text.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        pass
    return f'"{text}"'


def element_text(value):
    """One element as TF's summary writes it."""
    if isinstance(value, (bytes, str)):
        return _string_text(value)
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if isinstance(value, (np.floating, float)):
        if isinstance(value, np.float64) or type(value) is float:
            return _float_text(float(value), 15, 17, float)
        return _float_text(np.float32(value), 6, 9, np.float32)  # float32, float16, bfloat16
    if isinstance(value, (np.complexfloating, complex)):
        return "?"  # (TF's summary has no text for complex numbers)
    return str(int(value))


def _spacing(axis, rank):
    """What separates two entries of `axis`: a space on the last axis, else newlines (one
    per axis below) and an indent (one space per enclosing bracket)."""
    if axis == rank - 1:
        return " "
    return "\n" * (rank - axis - 1) + " " * (axis + 1)


def _axis_text(array, axis, index, edge, parts):
    """Appends the text of array[index] (all axes from `axis` on) to `parts`."""
    rank = array.ndim
    if axis == rank:
        parts.append(element_text(array[index]))
        return
    count = array.shape[axis]
    shown = list(range(min(edge, count)))
    if count > 2 * edge:
        shown += [None] + list(range(count - edge, count))  # None: the "..." marker
    else:
        shown = list(range(count))
    parts.append("[")
    for position, i in enumerate(shown):
        if position:
            parts.append(_spacing(axis, rank))
        if i is None:
            parts.append("...")
        else:
            _axis_text(array, axis + 1, index + (i,), edge, parts)
    parts.append("]")


def summarize(array):
    """TF's summary of one array (a DTensor component): ``[[1 1 1 ... 1 1 1] ...]``."""
    array = np.asarray(array)
    if array.ndim == 0:
        return element_text(array[()])
    if array.size == 0:
        return "[]"
    parts = []
    _axis_text(array, 0, (), min(EDGE_ITEMS, array.size), parts)
    return "".join(parts)
