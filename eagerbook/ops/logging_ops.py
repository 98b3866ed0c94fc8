"""Ops that look at values instead of computing new ones: ``CheckNumerics`` and ``PrintV2``
(and the wording of a failed value comparison, which tf.debugging and RaggedTensor share).

Both are real ops (not Python-side helpers) so that a ``tf.function`` trace keeps them: a
check or a print inside a function runs every time the function runs, in program order.
"""

import pprint
import random
import sys

import numpy as np

from ..core import errors, nest
from ..core.tensor import EagerTensor, Tensor, convert_to_tensor
from .registry import execute, register
from .support import FLOATS, check_dtype


# --- the message of a failed comparison (tf.debugging.assert_equal, ragged row partitions) ---
def comparison_error(message, sym, x, y, holds, summarize):
    """TF's eager error of a failed two-tensor check: where the first `summarize` (3) elements
    differ and their values (when x and y have one non-scalar shape), then the first elements
    of each, every part printed as NumPy prints arrays."""
    limit = 3 if summarize is None else (10**9 if summarize < 0 else summarize)
    lines = [] if message is None else [str(message)]
    lines.append(f"Condition x {sym} y did not hold.")
    if limit > 0:
        xv, yv = np.asarray(x._value), np.asarray(y._value)
        if xv.shape == yv.shape and xv.ndim:
            failed = ~np.broadcast_to(holds, xv.shape)
            n = min(limit, int(failed.sum()))
            lines += [f"Indices of first {n} different values:", str(np.argwhere(failed)[:n]),
                      "Corresponding x values:", str(xv[failed][:n]),
                      "Corresponding y values:", str(yv[failed][:n])]
        for name, v in (("x", xv.reshape(-1)), ("y", yv.reshape(-1))):
            k = min(v.size, limit)
            lines += [f"First {k} elements of {name}:", str(v[:k])]
    return errors.InvalidArgumentError(None, None, "\n".join(lines))


# --- CheckNumerics ------------------------------------------------------------------------------
@register("CheckNumerics")
def _check_numerics(x, message):
    if not np.all(np.isfinite(x)):
        has_nan, has_inf = bool(np.isnan(x).any()), bool(np.isinf(x).any())
        what = "Inf and NaN" if has_nan and has_inf else ("NaN" if has_nan else "Inf")
        raise errors.op_error(errors.InvalidArgumentError, "CheckNumerics",
                              f"{message} : Tensor had {what} values")
    return x  # the same array: tensors never change, so sharing it is safe


@_check_numerics.gradient
def _check_numerics_grad(op, dy):
    # TF checks the gradient too, so a NaN born in the backward pass is caught here.
    message = ("Not a number (NaN) or infinity (Inf) values detected in gradient. "
               + op.attrs["message"])
    return [execute(_check_numerics, (dy,), {"message": message})]


def check_numerics(tensor, message, name=None):
    """Returns `tensor` unchanged, or raises InvalidArgumentError naming `message` if it holds
    a NaN or an Inf."""
    if type(tensor) is not EagerTensor:
        tensor = convert_to_tensor(tensor)
    check_dtype("CheckNumerics", tensor, FLOATS, "tensor")
    return execute(_check_numerics, (tensor,), {"message": str(message)})


# --- Assert -------------------------------------------------------------------------------------
@register("Assert", stateful=True, differentiable=False, num_outputs=0)
def _assert(condition, *data, summarize):
    """Raises unless every element of `condition` is true: the op ``tf.Assert`` builds inside a
    ``tf.function`` (stateful, so the trace keeps it and runs it in program order)."""
    if not np.all(condition):
        raise errors.op_error(errors.InvalidArgumentError, "Assert",
                              _assertion_text(data, summarize))
    return ()


def _assertion_text(data, summarize):
    """TF's words for a failed Assert op: each data value in brackets, summarized as TF 1.x's
    Print writes it (``assertion failed: [x (x:0) = ] [1 -2 3...]``)."""
    limit = 3 if summarize is None else int(summarize)
    return "assertion failed: " + " ".join(
        "[" + _summarize_v1(np.asarray(d), limit) + "]" for d in data)


def _graph_assert(condition, data, summarize=None):
    """Adds an Assert op to the function being traced and returns it (TF's ``tf.Operation``)."""
    from ..core import context
    condition = convert_to_tensor(condition)
    tensors = tuple(convert_to_tensor(d) for d in data)
    execute(_assert, (condition,) + tensors, {"summarize": 3 if summarize is None
                                              else int(summarize)})
    return context.state.graph.operations[-1]


def _traced_comparison(holds, message, sym, x, y=None):
    """An Assert op with TF's data for a failed elementwise check: ``[message] [Condition x
    >= 0 did not hold element-wise:] [x (name:0) = ] [values]`` (and y's when given)."""
    from . import math_ops
    data = [message, f"Condition {sym} did not hold element-wise:", f"x ({x.name}) = ", x]
    if y is not None:
        data += [f"y ({y.name}) = ", y]
    return _graph_assert(math_ops.reduce_all(holds), data)


# --- PrintV2 --------------------------------------------------------------------------------------
@register("PrintV2", stateful=True, differentiable=False, num_outputs=0)
def _print(*values, template, summarize, output_stream, end):
    """Writes `template` with its integer slots replaced by the formatted `values`."""
    pieces = []
    for piece in template:
        if isinstance(piece, str):
            pieces.append(piece)
        elif isinstance(piece, int):
            pieces.append(format_value(values[piece], summarize))
        elif piece[0] == "text":  # ("text", value): a lone string scalar, written as it is
            text = np.asarray(values[piece[1]])[()]
            pieces.append(text.decode("utf-8", "replace") if isinstance(text, bytes) else text)
        elif piece[0] == "ragged":  # ("ragged", first value, how many row_splits follow)
            _, first, depth = piece
            splits = [np.asarray(values[first + 1 + k]) for k in range(depth)]
            pieces.append(_format_ragged(np.asarray(values[first]), splits, summarize))
        else:  # ("sparse", first value): its indices, values and dense_shape
            indices, sparse_values, shape = (format_value(values[piece[1] + k], summarize)
                                             for k in range(3))
            pieces.append(f"'SparseTensor(indices={indices}, values={sparse_values}, "
                          f"shape={shape})'")
    text = "".join(pieces) + end
    if output_stream == "stderr":
        sys.stderr.write(text)
    elif output_stream == "stdout":
        sys.stdout.write(text)
    elif isinstance(output_stream, str) and output_stream.startswith("file://"):
        with open(output_stream[len("file://"):], "a", encoding="utf-8") as f:
            f.write(text)
    else:  # a logging function (tf.compat.v1.logging.info) or a file-like object
        write = getattr(output_stream, "write", None)
        if write is not None:
            write(text)
        else:
            output_stream(text.rstrip("\n"))
    return ()


def format_value(array, summarize=3):
    """A tensor value as ``tf.print`` writes it: ``[1 2 ... 9 10]`` with `summarize` elements
    kept at each end of every axis (-1 keeps everything)."""
    array = np.asarray(array)
    if array.ndim == 0:
        item = array[()]
        return _element(item)  # (a scalar string tensor is quoted too, as TF's "x")
    ends = max(array.shape) if summarize is None or summarize < 0 else int(summarize)
    out = []
    _format_axis(array, 0, array.ndim, ends, out)
    return "".join(out)


def _format_axis(array, axis, ndim, ends, out):
    """Appends `array` (the sub-array at depth `axis` of an `ndim`-d value) to `out`."""
    if axis == ndim:  # one element (NumPy scalar, or a Python object from a string tensor)
        out.append(_element(array[()] if isinstance(array, np.ndarray) else array))
        return
    out.append("[")
    count = array.shape[0]
    spacing = " " if axis == ndim - 1 else "\n" * (ndim - axis - 1) + " " * (axis + 1)
    shown = list(range(min(ends, count)))
    tail = list(range(max(ends, count - ends), count))
    for i in shown:
        if i:
            out.append(spacing)
        _format_axis(array[i], axis + 1, ndim, ends, out)
    if count > 2 * ends:
        out.append(spacing + "...")
    for i in tail:
        out.append(spacing)
        _format_axis(array[i], axis + 1, ndim, ends, out)
    out.append("]")


def _format_ragged(flat_values, nested_splits, summarize):
    """A ragged tensor as ``tf.print`` writes it: nested rows separated by commas, each row
    keeping `summarize` items at each end (``[[0, 1, 2, ..., 7, 8, 9], [1]]``)."""
    ends = None if summarize is None or summarize < 0 else int(summarize)

    def rows(level, start, stop):
        if level == len(nested_splits):
            items = [_ragged_element(flat_values[i]) for i in range(start, stop)]
        else:
            splits = nested_splits[level]
            items = [rows(level + 1, splits[i], splits[i + 1]) for i in range(start, stop)]
        if ends is not None and len(items) > 2 * ends:
            items = items[:ends] + ["..."] + items[len(items) - ends:]
        return "[" + ", ".join(items) + "]"
    return rows(0, 0, len(nested_splits[0]) - 1)


def _ragged_element(x):
    """One value of a ragged tensor as TF converts it to text there (``tf.strings.as_string``
    for numbers: floats with six decimals; strings in single quotes)."""
    if isinstance(x, np.ndarray):  # flat values of rank > 1: one row of the inner dims
        return "[" + ", ".join(_ragged_element(v) for v in x) + "]"
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    if isinstance(x, (bytes, str)):
        text = x.decode("utf-8", "replace") if isinstance(x, bytes) else x
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(x, (np.floating, float)):
        return f"{float(x):f}"
    return str(x)


_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}


def _c_escaped(x):
    """A string's bytes as TF writes them: C escapes for quotes, backslashes and control
    characters (octal ``\\001``), UTF-8 text as it is."""
    data = x.encode("utf-8") if isinstance(x, str) else bytes(x)
    out = bytearray()
    for byte in data:
        if byte in _ESCAPES:
            out += _ESCAPES[byte].encode("ascii")
        elif byte < 0x20 or byte == 0x7F:
            out += f"\\{byte:03o}".encode("ascii")
        else:
            out.append(byte)
    return out.decode("utf-8", "replace")


def _element(x):
    """One element, the way TensorFlow's C++ StrCat writes it."""
    if isinstance(x, (bool, np.bool_)):
        return "1" if x else "0"
    if isinstance(x, (bytes, str)):
        return '"' + _c_escaped(x) + '"'
    if isinstance(x, (complex, np.complexfloating)):
        return "?"  # (TF's StrCat has no form for complex numbers)
    if isinstance(x, (np.floating, float)):
        if np.isnan(x):
            return "nan"
        if np.isinf(x):
            return "inf" if x > 0 else "-inf"
        # Shortest of %.6g / %.9g (float) or %.15g / %.17g (double) that reads back exactly.
        short, full = (15, 17) if isinstance(x, np.float64) else (6, 9)
        as_float = np.float64 if isinstance(x, np.float64) else np.float32
        text = f"{float(x):.{short}g}"
        if as_float(text) != as_float(x):
            text = f"{float(x):.{full}g}"
        return text
    return str(x)


def print_v2(*inputs, output_stream="stderr", summarize=3, sep=" ", end="\n", name=None):
    """``tf.print``: formats tensors (and nested structures of them) and writes one line.

    As TF does it: a Python string is written as it is; any other input is laid out by
    ``pprint.pformat`` (sorted dict keys, lines wrapped at 80 columns, other objects by their
    ``repr``) with a placeholder where each tensor stands, and the op fills the placeholders
    with the tensors' values when it runs."""
    tensors = []
    template = []
    placeholder = _placeholder(inputs)
    for i, item in enumerate(inputs):
        if i:
            template.append(sep)
        if isinstance(item, str):
            template.append(item)
        elif _is_tensor_like(item):
            _slot(item, template, tensors)
        else:
            _laid_out(item, placeholder, template, tensors)
    if len(inputs) == 1 and isinstance(inputs[0], Tensor) and inputs[0].shape.rank == 0 \
            and inputs[0].dtype.name == "string":
        template = [("text", 0)]  # TF prints a lone string scalar itself, without quotes
    stream = output_stream
    if stream is sys.stderr:
        stream = "stderr"
    elif stream is sys.stdout:
        stream = "stdout"
    merged = []
    for piece in template:  # join adjacent text so the op's attr stays short
        if merged and isinstance(piece, str) and isinstance(merged[-1], str):
            merged[-1] += piece
        else:
            merged.append(piece)
    execute(_print, tuple(tensors), {"template": tuple(merged), "summarize": int(summarize)
                                     if summarize is not None else 3,
                                     "output_stream": stream, "end": end})


def _is_tensor_like(item):
    """Tensors, variables, ragged and sparse tensors: what the op formats itself."""
    return (isinstance(item, Tensor) or hasattr(type(item), "_as_tensor")
            or (hasattr(item, "nested_row_splits") and hasattr(item, "flat_values"))
            or (type(item).__name__ == "SparseTensor" and hasattr(item, "dense_shape")))


def _placeholder(inputs):
    """TF's placeholder: "{}", lengthened with digits of a fixed random sequence while the
    inputs' own text contains it."""
    free = " ".join(pprint.pformat(nest.map_structure(
        lambda x: "" if _is_tensor_like(x) else x, item)) for item in inputs)
    placeholder, digits = "{}", random.Random(5)
    while placeholder in free:
        placeholder += str(digits.randint(0, 9))
    return placeholder


def _laid_out(item, placeholder, template, tensors):
    """A structure as ``pprint.pformat`` lays it out with the placeholder string in each
    tensor's place (its quotes dropped afterwards: the width counts them, as in TF)."""
    found = []

    def stand_in(x):
        if _is_tensor_like(x):
            found.append(x)
            return placeholder
        return x
    text = pprint.pformat(nest.map_structure(stand_in, item))
    pieces = text.replace(repr(placeholder), placeholder).split(placeholder)
    template.append(pieces[0])
    for tensor, piece in zip(found, pieces[1:]):
        _slot(tensor, template, tensors)
        template.append(piece)


def _slot(item, template, tensors):
    """The template entry for one tensor, and its tensors appended to `tensors`."""
    # Ragged and sparse tensors are known by their parts (ragged_ops and sparse_ops import
    # this module, so it does not import them).
    if hasattr(item, "nested_row_splits") and hasattr(item, "flat_values"):
        splits = list(item.nested_row_splits)
        template.append(("ragged", len(tensors), len(splits)))
        tensors.extend([convert_to_tensor(item.flat_values)] + splits)
    elif type(item).__name__ == "SparseTensor" and hasattr(item, "dense_shape"):
        template.append(("sparse", len(tensors)))
        tensors.extend([item.indices, item.values, item.dense_shape])
    else:
        template.append(len(tensors))
        tensors.append(convert_to_tensor(item))


# --- Print (TF 1.x) -------------------------------------------------------------------------------
def _summarize_v1(array, summarize):
    """A tensor value as TF 1.x's Print writes it: the first `summarize` elements in row-major
    order, nested brackets without spaces between rows, "..." where elements are left out
    (``[[1 2][3...]...]``); strings without quotes, booleans as 1/0."""
    array = np.asarray(array)
    limit = array.size if summarize < 0 else min(summarize, array.size)
    flat = array.reshape(-1)
    elements = [_element_v1(flat[i]) for i in range(limit)]
    if array.ndim == 0:
        text = " ".join(elements)
    else:
        out, position = [], [0]
        _print_dim(array.shape, 0, elements, position, out)
        text = "".join(out)
    return text + ("..." if array.size > limit else "")


def _print_dim(shape, axis, elements, position, out):
    if position[0] >= len(elements):
        return
    if axis == len(shape) - 1:
        for i in range(shape[axis]):
            if position[0] >= len(elements):
                if axis:
                    out.append("...")
                return
            out.append((" " if i else "") + elements[position[0]])
            position[0] += 1
        return
    for _ in range(shape[axis]):
        opened = position[0] < len(elements)
        if opened:
            out.append("[")
        _print_dim(shape, axis + 1, elements, position, out)
        if opened or position[0] < len(elements):
            out.append("]")


def _element_v1(x):
    if isinstance(x, (bytes, str)):
        return _c_escaped(x)  # (without quotes here)
    return _element(x)


def _infer_print_v1(inputs, attrs):
    # (its kernel prints, so tracing must not run it on stand-in values)
    return [(inputs[0]._dtype, inputs[0]._shape)]


@register("Print", stateful=True, infer_shape=_infer_print_v1)
def _print_v1(value, *data, message, first_n, summarize):
    if first_n != 0:
        text = message + "".join("[" + _summarize_v1(d, summarize) + "]" for d in data)
        sys.stderr.write(text + "\n")
    return value.copy()


@_print_v1.gradient
def _print_v1_grad(op, dy):
    return [dy] + [None] * (len(op.inputs) - 1)


def print_v1(input_, data, message=None, first_n=None, summarize=None, name=None):
    """``tf.compat.v1.Print``: returns ``input_`` and writes ``message`` followed by each tensor
    of ``data`` in brackets to stderr (the first ``summarize`` elements, 3 by default), each
    time it runs. (TF also counts runs for ``first_n``; here only ``first_n=0``, never, differs
    from always.)"""
    value = convert_to_tensor(input_)
    tensors = tuple(convert_to_tensor(d) for d in data)
    return execute(_print_v1, (value,) + tensors,
                   {"message": message or "", "first_n": -1 if first_n is None else int(first_n),
                    "summarize": 3 if summarize is None else int(summarize)})
