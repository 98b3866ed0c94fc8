"""String ops (``tf.strings``): kernels over tensors of bytes.

A ``tf.string`` tensor holds Python ``bytes`` in a NumPy object array (Python ``str`` values are
encoded as UTF-8 on conversion, as TF does). Every op here is registered like any other, with
``differentiable=False``: strings are not numbers, so no gradient flows through them (TF
declares the same ops non-differentiable). Ops whose output length depends on the data
(``split``, ``bytes_split``, ``unicode_split``) return a ``RaggedTensor`` for a vector input and
a dense vector for a scalar, as TF 2 does.

``+`` / ``tf.add`` on strings concatenate and ``tf.equal`` compares, through the ordinary math
ops; this module adds the rest.
"""

import re

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import logging_ops, string_hashes, unicode_scripts
from .array_ops import reshape
from .ragged_ops import RaggedTensor
from .registry import execute, invalid_argument, register
from .shape_rules import broadcast_dims, dims_of
from .support import attr_error, tf_type_name

_STRING = dtypes.string


def _on_flat_values(fn):
    """Lets an elementwise string op take a RaggedTensor (it runs on the flat values)."""
    def wrapper(input, *args, **kwargs):
        if isinstance(input, RaggedTensor):
            return input.with_flat_values(fn(input.flat_values, *args, **kwargs))
        return fn(input, *args, **kwargs)
    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    wrapper.__module__, wrapper.__qualname__ = fn.__module__, fn.__qualname__
    wrapper.__wrapped__ = fn  # (an error's " name: ..." reads fn's arguments: core/errors.py)
    return wrapper


def _strings(x, op_name, what="input", index=0):
    """`x` (the op's input number `index`) as a string tensor, or TF's error for another
    dtype: while tracing, the graph's signature check (TypeError); eagerly, the kernel's."""
    tensor = x if isinstance(x, Tensor) else convert_to_tensor(x, dtype_hint=_STRING)
    if tensor.dtype is not _STRING and isinstance(x, (int, float, list, tuple)):
        # (TF converts Python values to a string tensor, and fails on numbers)
        raise TypeError(f"Cannot convert {x!r} to EagerTensor of dtype string")
    if tensor.dtype is not _STRING:
        if is_symbolic(tensor):
            raise TypeError(f"Input '{what}' of '{op_name}' Op has type {tensor.dtype.name} "
                            f"that does not match expected type of string.")
        raise invalid_argument(op_name, f"cannot compute {op_name} as input #{index}"
                                        f"(zero-based) was expected to be a string tensor but "
                                        f"is a {tf_type_name(tensor.dtype)} tensor")
    return tensor


def _map(fn, array, out=object):
    """Applies the Python function `fn` to every element of an object array."""
    result = np.empty(array.shape, dtype=out)
    flat_in, flat_out = array.reshape(-1), result.reshape(-1)
    for i in range(flat_in.size):
        flat_out[i] = fn(flat_in[i])
    return result


def _run(op, inputs, attrs):
    """Executes a kernel whose data errors (a string that is no number, a position past the
    end) carry TF's own message: the generic "cannot run on inputs" preamble is dropped."""
    try:
        return execute(op, inputs, attrs)
    except errors.InvalidArgumentError as exc:
        message = errors.kernel_message(exc.message)
        if not message.startswith(f"{op.name} cannot run on inputs ("):
            raise
        detail = message.split("): ", 1)[1]
        raise invalid_argument(op.name, detail) from None


# Output shapes for tf.function tracing: a stand-in b"" would make some kernels fail.
def _like_input(out_dtype):
    def infer(inputs, attrs):
        dtype = attrs.get("out_type", out_dtype)
        return [(dtype, inputs[0].shape)]
    return infer


# --- elementwise ----------------------------------------------------------------------------------
@register("StringLength", differentiable=False, infer_shape=_like_input(dtypes.int32))
def _string_length(x, unit):
    if unit == "UTF8_CHAR":
        return _map(lambda s: len(s.decode("utf-8", "replace")), x, np.int32)
    return _map(len, x, np.int32)


def _unit_error(unit, op_name):
    return attr_error(op_name, f"Value for attr 'unit' of \"{unit}\" is not in the list of "
                               f"allowed values: \"BYTE\", \"UTF8_CHAR\"")


def _output_encoding_error(encoding, op_name):
    return attr_error(op_name, f"Value for attr 'output_encoding' of \"{encoding}\" is not in "
                               f"the list of allowed values: \"UTF-8\", \"UTF-16-BE\", "
                               f"\"UTF-32-BE\"")


_OUTPUT_ENCODINGS = ("UTF-8", "UTF-16-BE", "UTF-32-BE")


@_on_flat_values
def length(input, unit="BYTE", name=None):  # noqa: A002 - TF's argument name
    """Length of every string, in bytes (``unit="BYTE"``) or characters (``"UTF8_CHAR"``)."""
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise _unit_error(unit, "StringLength")
    return execute(_string_length, (_strings(input, "StringLength"),), {"unit": unit})


def _case_kernel(ascii_fn, text_fn):
    def kernel(x, encoding):
        if encoding:  # "utf-8": every Unicode letter
            return _map(lambda s: text_fn(s.decode("utf-8")).encode("utf-8"), x)
        return _map(ascii_fn, x)  # TF's default changes ASCII letters only
    return kernel


_string_lower = register("StringLower", differentiable=False, infer_shape=_like_input(_STRING))(
    _case_kernel(bytes.lower, str.lower))
_string_upper = register("StringUpper", differentiable=False, infer_shape=_like_input(_STRING))(
    _case_kernel(bytes.upper, str.upper))


@_on_flat_values
def lower(input, encoding="", name=None):
    return execute(_string_lower, (_strings(input, "StringLower"),),
                   {"encoding": _encoding(encoding)})


@_on_flat_values
def upper(input, encoding="", name=None):
    return execute(_string_upper, (_strings(input, "StringUpper"),),
                   {"encoding": _encoding(encoding)})


def _encoding(encoding):
    if encoding not in ("", "utf-8", "UTF-8"):
        raise invalid_argument("StringLower", f"Invalid encoding: {encoding}")
    return encoding.lower()


@register("StringStrip", differentiable=False, infer_shape=_like_input(_STRING))
def _string_strip(x):
    return _map(bytes.strip, x)


@_on_flat_values
def strip(input, name=None):
    """Removes leading and trailing whitespace."""
    return execute(_string_strip, (_strings(input, "StringStrip"),))


_NUMBER_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64)


@register("StringToNumber", differentiable=False, infer_shape=_like_input(dtypes.float32))
def _string_to_number(x, out_type):
    parse = float if out_type.is_floating else int

    def convert(s):
        text = s.decode("utf-8", "replace").strip()
        try:
            value = parse(text)
        except ValueError:
            raise ValueError(f"StringToNumberOp could not correctly convert string: "
                             f"{s.decode('utf-8', 'replace')}") from None
        if out_type.is_integer and not out_type.min <= value <= out_type.max:
            raise ValueError(f"StringToNumberOp could not correctly convert string: {text}")
        return value
    return _map(convert, x, out_type._np)


@_on_flat_values
def to_number(string_tensor, out_type=dtypes.float32, name=None):
    """Parses every string as a number of `out_type` (float32 by default)."""
    out_type = dtypes.as_dtype(out_type)
    if out_type not in _NUMBER_TYPES:
        raise TypeError(f"Value passed to parameter 'out_type' has DataType {out_type.name} "
                        f"not in list of allowed values: float32, float64, int32, int64")
    tensor = _strings(string_tensor, "StringToNumber", "string_tensor")
    return _run(_string_to_number, (tensor,), {"out_type": out_type})


@register("AsString", differentiable=False, infer_shape=_like_input(_STRING))
def _as_string(x, precision, scientific, shortest, width, fill):
    kind = x.dtype.kind
    if kind == "b":
        def text(v):
            return "true" if v else "false"
    elif kind in "iu":
        def text(v):
            return f"{int(v)}"
    elif kind == "O":
        def text(v):
            return v.decode("utf-8", "replace")
    else:
        spec = "e" if scientific else ("g" if shortest else "f")
        digits = f".{precision}" if precision >= 0 else ""

        def real(v):
            return ("%" + digits + spec) % v  # noqa: UP031 - C's printf formats, as TF

        if kind == "c":
            def text(v):
                return f"({real(v.real)},{real(v.imag)})"
        else:
            text = real
    pad = fill or " "

    def convert(v):
        s = text(v)
        if width > len(s):
            s = (s.rjust if pad != "-" else s.ljust)(width, pad if pad != "-" else " ")
        return s.encode("utf-8")
    return _map(convert, x)


@_on_flat_values
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1,
              fill="", name=None):
    """Every element as text: ``%f`` for floats (``precision`` digits), ``%d`` for integers."""
    tensor = convert_to_tensor(input)
    if scientific and shortest:
        raise invalid_argument("AsString", "Cannot select both scientific and shortest "
                                           "notation")
    if len(fill) > 1:
        raise invalid_argument("AsString", "Fill string must be one or fewer characters")
    return execute(_as_string, (tensor,), {"precision": int(precision),
                                           "scientific": bool(scientific),
                                           "shortest": bool(shortest), "width": int(width),
                                           "fill": fill})


def _as_text(value):
    """A string element as RE2 reads it: UTF-8 characters (bytes that are not UTF-8 kept)."""
    return value.decode("utf-8", "surrogateescape")


@register("StaticRegexReplace", differentiable=False, infer_shape=_like_input(_STRING))
def _regex_replace(x, pattern, rewrite, replace_global):
    # RE2 matches characters, not bytes ('[^a-z¿]' keeps a whole '¿'), and its \w, \d, \s
    # are ASCII-only: a str pattern with re.ASCII does both.
    regex = re.compile(pattern, re.ASCII)
    # RE2 writes the whole match as \0; Python's re spells it \g<0>.
    template = re.sub(r"\\0", r"\\g<0>", rewrite)
    count = 0 if replace_global else 1
    return _map(lambda s: regex.sub(template, _as_text(s), count=count).encode(
        "utf-8", "surrogateescape"), x)


def _re2_words(pattern, exc):
    """What RE2 (TF's regular expressions) says of a pattern Python's re refuses too: the
    common mistakes in RE2's words, anything else in Python's."""
    message, pos = exc.msg, exc.pos or 0
    if message.startswith("missing ), unterminated subpattern"):
        return f"missing ): {pattern}"
    if message.startswith("unterminated character set"):
        return f"missing ]: {pattern[pos:]}"
    if message.startswith("nothing to repeat"):
        return f"no argument for repetition operator: {pattern[pos:pos + 1]}"
    if message.startswith("multiple repeat"):
        return f"bad repetition operator: {pattern[pos - 1:pos + 1]}"
    if message.startswith("unbalanced parenthesis"):
        return f"unexpected ): {pattern}"
    if message.startswith("bad escape (end of pattern)"):
        return "trailing \\"
    if message.startswith("bad character range "):
        return f"invalid character class range: {message[len('bad character range '):]}"
    return str(exc)


def _check_pattern(pattern, op_name):
    try:
        re.compile(pattern)
    except re.error as exc:
        raise invalid_argument(op_name, f"Invalid pattern: {pattern}, error: "
                                        f"{_re2_words(pattern, exc)}") from None


@_on_flat_values
def regex_replace(input, pattern, rewrite, replace_global=True, name=None):
    """Replaces matches of the regular expression `pattern` with `rewrite` (``\\1`` = group 1)."""
    pattern, rewrite = _python_text(pattern, "pattern"), _python_text(rewrite, "rewrite")
    _check_pattern(pattern, "StaticRegexReplace")
    return execute(_regex_replace, (_strings(input, "StaticRegexReplace"),),
                   {"pattern": pattern, "rewrite": rewrite,
                    "replace_global": bool(replace_global)})


@register("StaticRegexFullMatch", differentiable=False, infer_shape=_like_input(dtypes.bool))
def _regex_full_match(x, pattern):
    regex = re.compile(pattern, re.ASCII)  # characters, ASCII classes: as RE2
    return _map(lambda s: regex.fullmatch(_as_text(s)) is not None, x, np.bool_)


@_on_flat_values
def regex_full_match(input, pattern, name=None):
    """True where the whole string matches `pattern`."""
    pattern = _python_text(pattern, "pattern")
    _check_pattern(pattern, "StaticRegexFullMatch")
    return execute(_regex_full_match, (_strings(input, "StaticRegexFullMatch"),),
                   {"pattern": pattern})


def _python_text(value, what="separator"):
    if isinstance(value, Tensor):
        value = value.numpy()
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument '{what}' not {value!r}.")
    return value


def _infer_broadcast(inputs, attrs):
    dims = dims_of(inputs[0])
    for t in inputs[1:]:  # TF's broadcast rule: a dim unknown while tracing stays unknown
        dims = broadcast_dims(dims, dims_of(t))
    return [(_STRING, dims)]


@register("Substr", differentiable=False, infer_shape=_infer_broadcast)
def _substr(x, pos, length, unit):
    x, pos, length = np.broadcast_arrays(x, pos, length)
    out = np.empty(x.shape, dtype=object)
    for index in np.ndindex(x.shape):
        s = x[index]
        text = s.decode("utf-8") if unit == "UTF8_CHAR" else s
        p, n = int(pos[index]), int(length[index])
        size = len(text)
        if p < 0:
            p += size
        if not 0 <= p <= size:
            raise ValueError(f"pos {int(pos[index])} out of range for string b'"
                             f"{s.decode('utf-8', 'replace')}' at index "
                             f"{int(np.ravel_multi_index(index, x.shape)) if x.ndim else 0}")
        piece = text[p:p + max(n, 0)]
        out[index] = piece.encode("utf-8") if unit == "UTF8_CHAR" else piece
    return out


@_on_flat_values
def substr(input, pos, len, unit="BYTE", name=None):
    """The substring of `len` units starting at `pos` (negative counts from the end)."""
    tensor = _strings(input, "Substr")
    pos = convert_to_tensor(pos, dtype_hint=dtypes.int32)
    length_ = convert_to_tensor(len, dtype_hint=dtypes.int32)
    if pos.dtype not in (dtypes.int32, dtypes.int64) or length_.dtype is not pos.dtype:
        raise TypeError("pos and len must be int32 or int64 tensors of the same dtype")
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise _unit_error(unit, "Substr")
    return _run(_substr, (tensor, pos, length_), {"unit": unit})


# --- joining --------------------------------------------------------------------------------------
@register("StringJoin", differentiable=False)
def _string_join(*inputs, separator):
    parts = np.broadcast_arrays(*inputs)
    out = np.empty(parts[0].shape, dtype=object)
    sep = separator.encode("utf-8")
    for index in np.ndindex(out.shape):
        out[index] = sep.join(p[index] for p in parts)
    return out


def join(inputs, separator="", name=None):
    """Joins the strings of the tensors in `inputs` elementwise (scalars broadcast)."""
    if isinstance(inputs, Tensor) or not isinstance(inputs, (list, tuple)):
        raise TypeError("inputs must be a list of string tensors")
    ragged = [t for t in inputs if isinstance(t, RaggedTensor)]
    if ragged:  # ragged inputs of one row partition (and scalars) join value by value
        from .ragged_ops import elementwise
        flat = [elementwise(lambda a, b: a, t, ragged[0]).flat_values
                if isinstance(t, RaggedTensor) else t for t in inputs]
        return ragged[0].with_flat_values(join(flat, separator))
    tensors = tuple(_strings(t, "StringJoin", "inputs", i) for i, t in enumerate(inputs))
    shapes = {tuple(t.shape) for t in tensors if t.ndim}
    if len(shapes) > 1:
        raise invalid_argument("StringJoin", f"Input shapes do not match: "
                                             f"{' vs. '.join(str(list(s)) for s in shapes)}")
    return execute(_string_join, tensors, {"separator": _python_text(separator)})


@register("ReduceJoin", differentiable=False)
def _reduce_join(x, axis, keep_dims, separator):
    sep = separator.encode("utf-8")
    moved = np.moveaxis(x, axis, tuple(range(x.ndim - len(axis), x.ndim)))
    lead = moved.shape[:x.ndim - len(axis)]
    rows = moved.reshape(lead + (-1,))
    out = np.empty(lead, dtype=object)
    for index in np.ndindex(lead):
        out[index] = sep.join(rows[index])
    if keep_dims:
        out = out.reshape([1 if i in axis else n for i, n in enumerate(x.shape)])
    return out


def _ragged_join_rows(rt, separator):
    """Each row of a 2-D ragged tensor joined into one string: a vector of strings."""
    sep = separator.encode() if isinstance(separator, str) else separator
    return convert_to_tensor(np.array([sep.join(row) for row in rt.to_list()], dtype=object))


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """Joins the strings along `axis` (all axes when None) with `separator` between them."""
    if isinstance(inputs, RaggedTensor) and inputs.shape.rank == 2 and not keepdims and \
            axis in (-1, 1):
        # TF's text generation tutorial: characters of ragged rows back into strings
        return _ragged_join_rows(inputs, separator)
    tensor = _strings(inputs, "ReduceJoin", "inputs")
    ndim = tensor.ndim
    if axis is None:
        axes = tuple(range(ndim))
    else:
        raw = axis.numpy().tolist() if isinstance(axis, Tensor) else axis
        raw = [raw] if isinstance(raw, int) else list(raw)
        for a in raw:
            if not -ndim <= a < max(ndim, 1):
                raise errors.op_error(errors.OutOfRangeError, "ReduceJoin",
                                      f"Invalid reduction dimension {a} for input with "
                                      f"{ndim} dimension(s)")
        axes = tuple(sorted({a % ndim for a in raw})) if ndim else ()
    return execute(_reduce_join, (tensor,), {"axis": axes, "keep_dims": bool(keepdims),
                                             "separator": _python_text(separator)})


@register("StringFormat", differentiable=False)
def _string_format(*inputs, template, placeholder, summarize):
    pieces = template.split(placeholder)
    out = [pieces[0]]
    for value, piece in zip(inputs, pieces[1:], strict=True):
        out.append(logging_ops.format_value(value, summarize))
        out.append(piece)
    return np.array("".join(out).encode("utf-8"), dtype=object)


def format(template, inputs, placeholder="{}", summarize=3, name=None):
    """Fills the placeholders of `template` with tensors printed as ``tf.print`` shows them."""
    if isinstance(inputs, (list, tuple)):
        tensors = tuple(convert_to_tensor(t) for t in inputs)
    else:
        tensors = (convert_to_tensor(inputs),)
    count = template.count(placeholder)
    if count != len(tensors):
        raise ValueError(f"The template expects {count} tensors, but the inputs only has "
                         f"{len(tensors)}. Please ensure the number of placeholders in template "
                         f"matches inputs length.")
    return execute(_string_format, tensors, {"template": template, "placeholder": placeholder,
                                             "summarize": int(summarize)})


# --- splitting: a value per string, so rank-1 input gives a RaggedTensor ------------------------
def _infer_split(inputs, attrs):
    return [(_STRING, (None,)), (dtypes.int64, (None,))]


@register("StringSplitV2", differentiable=False, num_outputs=2, infer_shape=_infer_split)
def _string_split(x, sep, maxsplit):
    """Splits each string of a vector; returns (all pieces, row splits)."""
    pieces, splits = [], [0]
    separator = None if sep == "" else sep.encode("utf-8")
    for s in x.reshape(-1):
        if maxsplit == 0:  # (TF's kernel keeps the whole string, whitespace and all)
            parts = [s]
        else:
            parts = s.split(separator, maxsplit)
            if separator is None and len(parts) == maxsplit:  # TF's whitespace split takes
                parts.append(b"")  # what follows the last allowed piece, even nothing
        pieces.extend(parts)
        splits.append(len(pieces))
    return np.array(pieces + [None], dtype=object)[:-1], np.array(splits, dtype=np.int64)


def split(input, sep=None, maxsplit=-1, name=None):
    """Splits on `sep` (runs of whitespace when None or "", as TF's op takes ""): a vector for
    a scalar input, a RaggedTensor with one row per string for a vector."""
    if isinstance(input, RaggedTensor):  # one more ragged dimension: the pieces
        return input.with_flat_values(split(input.flat_values, sep, maxsplit))
    if isinstance(input, Tensor) and input.dtype is not _STRING:
        try:  # (TF converts `input` to a string tensor by name first: its error says so)
            convert_to_tensor(input, dtype=_STRING)
        except ValueError as exc:
            raise ValueError(f"input: {exc}") from None
    tensor = _strings(input, "StringSplitV2")
    if isinstance(maxsplit, (str, bytes)):  # (TF's attr conversion takes what int() takes)
        raise TypeError(f"Expected int for argument 'maxsplit' not {maxsplit!r}.")
    attrs = {"sep": "" if sep is None else _python_text(sep), "maxsplit": int(maxsplit)}
    return _ragged_result(tensor, lambda t: execute(_string_split, (t,), attrs))


def _ragged_result(tensor, run):
    """Runs a splitting op on a scalar (-> vector) or a tensor (-> RaggedTensor)."""
    if tensor.ndim == 0:
        values, _ = run(reshape(tensor, [1]))
        return values
    values, splits = run(reshape(tensor, [-1]))
    result = RaggedTensor.from_row_splits(values, splits, validate=False)
    for n in reversed(list(tensor.shape)[1:]):  # outer dimensions stay uniform
        rows = result.nrows_int()
        result = RaggedTensor.from_row_splits(
            result, _from_numpy(np.arange(0, rows + 1, n, dtype=np.int64)), validate=False)
    return result


@register("StringBytesSplit", differentiable=False, num_outputs=2, infer_shape=_infer_split)
def _bytes_split(x):
    pieces, splits = [], [0]
    for s in x.reshape(-1):
        pieces.extend(s[i:i + 1] for i in range(len(s)))
        splits.append(len(pieces))
    return np.array(pieces + [None], dtype=object)[:-1], np.array(splits, dtype=np.int64)


def bytes_split(input, name=None):
    """Every string as its single bytes (``b'ab'`` -> ``[b'a', b'b']``)."""
    return _ragged_result(_strings(input, "StringBytesSplit"),
                          lambda t: execute(_bytes_split, (t,)))


def _infer_decode(inputs, attrs):
    return [(dtypes.int32, (None,)), (dtypes.int64, (None,))]


@register("UnicodeDecode", differentiable=False, num_outputs=2, infer_shape=_infer_decode)
def _unicode_decode(x, input_encoding, errors, replacement_char):
    points, splits = [], [0]
    for s in x.reshape(-1):
        if errors == "strict":
            try:
                text = s.decode(input_encoding)
            except UnicodeDecodeError:
                raise invalid_argument("UnicodeDecode",
                                       "Invalid formatting on input string") from None
            points.extend(ord(c) for c in text)
        else:
            text = s.decode(input_encoding, "replace" if errors == "replace" else "ignore")
            points.extend(replacement_char if c == "\ufffd" and errors == "replace" else ord(c)
                          for c in text)
        splits.append(len(points))
    return np.array(points, dtype=np.int32), np.array(splits, dtype=np.int64)


def _unicode_attrs(input_encoding, errors, replacement_char):
    if errors not in ("strict", "replace", "ignore"):
        raise ValueError(f"Attr 'errors' passed string '{errors}' not in: \"strict\", "
                         f"\"replace\", \"ignore\".")
    encoding = input_encoding.lower().replace("_", "-")
    if encoding not in ("utf-8", "utf-16-be", "utf-32-be"):
        raise invalid_argument("UnicodeDecode", f"Could not create converter for input "
                                                f"encoding: {input_encoding}")
    return {"input_encoding": encoding, "errors": errors,
            "replacement_char": int(replacement_char)}


def unicode_decode(input, input_encoding, errors="replace",
                   replacement_char=65533, replace_control_characters=False, name=None):
    """Unicode code points (int32) of every string: a vector, or a RaggedTensor of rows."""
    attrs = _unicode_attrs(input_encoding, errors, replacement_char)
    return _ragged_result(_strings(input, "UnicodeDecode"),
                          lambda t: execute(_unicode_decode, (t,), attrs))


def unicode_split(input, input_encoding, errors="replace",
                  replacement_char=65533, name=None):
    """Every string as its characters, each one UTF-8 encoded string."""
    if input_encoding not in _OUTPUT_ENCODINGS:  # (TF encodes each character back with it)
        raise _output_encoding_error(input_encoding, "UnicodeEncode")
    codes = unicode_decode(input, input_encoding, errors, replacement_char)
    return _map_ragged(codes, lambda t: _unicode_chars(t))


def unicode_split_with_offsets(input, input_encoding, errors="replace",
                               replacement_char=65533, name=None):
    """Every string as its characters (UTF-8 encoded) and the byte offset where each starts."""
    chars = unicode_split(input, input_encoding, errors, replacement_char)
    _, offsets = unicode_decode_with_offsets(input, input_encoding, errors, replacement_char)
    return chars, offsets


def _unicode_chars(code_points):
    if is_symbolic(code_points):  # in a tf.function: one op that encodes them when it runs
        from . import script_ops  # (imported here: script_ops needs the string ops loaded)
        chars = script_ops.py_function(_unicode_chars, [code_points], Tout=dtypes.string)
        chars.set_shape(code_points.shape)
        return chars
    return _from_numpy(_map(lambda c: chr(int(c)).encode("utf-8"), code_points.numpy()))


def _map_ragged(value, fn):
    if isinstance(value, RaggedTensor):
        return value.with_flat_values(fn(value.flat_values))
    return fn(value)


def unicode_encode(input, output_encoding, errors="replace",
                   replacement_char=65533, name=None):
    """Code points (a vector, or a RaggedTensor of rows) back to strings."""
    if output_encoding not in ("UTF-8", "UTF-16-BE", "UTF-32-BE"):
        raise _output_encoding_error(output_encoding, "UnicodeEncode")
    encoding = output_encoding.lower()

    def char(code):
        if 0 <= code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
            return chr(code)
        if errors == "strict":
            raise invalid_argument("UnicodeEncode", "Code point is out of range for Unicode, "
                                                    "or is a surrogate.")
        return "" if errors == "ignore" else chr(replacement_char)

    def encode(row):
        return "".join(char(int(c)) for c in row).encode(encoding)
    if isinstance(input, RaggedTensor):
        if isinstance(input.values, RaggedTensor):  # deeper levels: encode the innermost rows
            return input.with_values(unicode_encode(input.values, output_encoding, errors,
                                                    replacement_char))
        return _from_numpy(_map(encode, np.array(input.to_list() + [None], dtype=object)[:-1]))
    array = convert_to_tensor(input).numpy()
    if array.ndim == 1:
        return _from_numpy(np.array(encode(array), dtype=object))
    # one string per row of the last axis
    rows = array.reshape(int(np.prod(array.shape[:-1])), array.shape[-1])
    encoded = np.array([encode(row) for row in rows] + [None], dtype=object)[:-1]
    return _from_numpy(encoded.reshape(array.shape[:-1]))


def _infer_decode_raw(inputs, attrs):
    return [(attrs["out_type"], TensorShape(None))]


@register("DecodeRaw", differentiable=False, infer_shape=_infer_decode_raw)
def _decode_raw(x, out_type, little_endian):
    np_dtype = np.dtype(out_type._np).newbyteorder("<" if little_endian else ">")
    rows = [np.frombuffer(s, dtype=np_dtype) if len(s) % np_dtype.itemsize == 0 else None
            for s in x.reshape(-1)]
    if any(r is None for r in rows):
        raise ValueError(f"Input to DecodeRaw has length {len(x.reshape(-1)[0])} that is not a "
                         f"multiple of {np_dtype.itemsize}, the size of {out_type.name}")
    if len({len(r) for r in rows}) > 1:
        raise ValueError(f"DecodeRaw requires input strings to all be the same size, but "
                         f"element 0 has size {len(x.reshape(-1)[0])} != "
                         f"{len(x.reshape(-1)[1])}")
    width = len(rows[0]) if rows else 0
    out = np.array(rows, dtype=out_type._np).reshape(x.shape + (width,))
    return out


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """``tf.io.decode_raw``: the bytes of each string read as numbers of `out_type`."""
    out_type = dtypes.as_dtype(out_type)
    if out_type is _STRING or out_type.is_bool:
        raise TypeError(f"Value passed to parameter 'out_type' has DataType {out_type.name} "
                        f"not in list of allowed values")
    if fixed_length is not None:
        return _run(_decode_padded_raw, (_strings(input_bytes, "DecodePaddedRaw", "bytes"),),
                    {"out_type": out_type, "little_endian": bool(little_endian),
                     "fixed_length": int(fixed_length)})
    return _run(_decode_raw, (_strings(input_bytes, "DecodeRaw", "bytes"),),
                {"out_type": out_type, "little_endian": bool(little_endian)})


def _infer_decode_padded_raw(inputs, attrs):
    width = attrs["fixed_length"] // attrs["out_type"].size
    return [(attrs["out_type"], TensorShape(inputs[0].shape.as_list() + [width])
             if inputs[0].shape.rank is not None else TensorShape(None))]


@register("DecodePaddedRaw", differentiable=False, infer_shape=_infer_decode_padded_raw)
def _decode_padded_raw(x, out_type, little_endian, fixed_length):
    """Each string cut or zero-padded to `fixed_length` bytes, then read as `out_type`."""
    np_dtype = np.dtype(out_type._np).newbyteorder("<" if little_endian else ">")
    if fixed_length % np_dtype.itemsize:
        raise ValueError(f"fixed_length ({fixed_length}) must be a multiple of the size of "
                         f"out_type ({np_dtype.itemsize})")
    rows = [np.frombuffer(s[:fixed_length].ljust(fixed_length, b"\0"), dtype=np_dtype)
            for s in x.reshape(-1)]
    width = fixed_length // np_dtype.itemsize
    return np.array(rows, dtype=out_type._np).reshape(x.shape + (width,))


# --- more of tf.strings: transcoding, offsets, n-grams, segment joins -----------------------
def _codec(encoding):
    name = encoding.upper().replace("_", "-")
    return {"UTF8": "utf-8", "UTF16-BE": "utf-16-be", "UTF32-BE": "utf-32-be"}.get(
        name.replace("UTF-", "UTF"), name.lower())


def unicode_transcode(input, input_encoding, output_encoding, errors="replace",
                      replacement_char=65533, replace_control_characters=False, name=None):
    """Every string re-encoded from `input_encoding` to `output_encoding`."""
    if output_encoding not in _OUTPUT_ENCODINGS:
        raise _output_encoding_error(output_encoding, "UnicodeTranscode")
    strings = _strings(input, "UnicodeTranscode")
    source, target = _codec(input_encoding), _codec(output_encoding)
    policy = errors if errors in ("strict", "ignore") else "replace"

    def transcode(b):
        try:
            text = b.decode(source, policy)
        except UnicodeError:
            raise invalid_argument("UnicodeTranscode",
                                   "Invalid formatting on input string") from None
        if policy == "replace" and replacement_char != 0xFFFD:  # TF's chosen replacement
            text = text.replace("\ufffd", chr(replacement_char))
        return text.encode(target)
    return _from_numpy(_map(transcode, strings.numpy() if strings.ndim else
                            np.array(strings.numpy(), dtype=object)))


def unicode_decode_with_offsets(input, input_encoding, errors="replace",
                                replacement_char=65533, replace_control_characters=False,
                                name=None):
    """The code points of each string and the byte offset at which each one starts."""
    strings = _strings(input, "UnicodeDecodeWithOffsets")
    codec = _codec(input_encoding)

    def decode(b):
        codes, offsets, at = [], [], 0
        for ch in b.decode(codec, "replace"):
            codes.append(ord(ch))
            offsets.append(at)
            at += len(ch.encode(codec))
        return codes, offsets

    if strings.ndim == 0:
        codes, offsets = decode(strings.numpy())
        return (convert_to_tensor(np.array(codes, np.int32)),
                convert_to_tensor(np.array(offsets, np.int64)))
    rows = [decode(b) for b in strings.numpy().reshape(-1)]
    lengths = [len(c) for c, _ in rows]
    codes = np.array([c for r, _ in rows for c in r], np.int32)
    offsets = np.array([o for _, r in rows for o in r], np.int64)
    return (RaggedTensor.from_row_lengths(codes, lengths),
            RaggedTensor.from_row_lengths(offsets, lengths))


def _ngram_padding(pad_values, padding_width):
    """(left, right) pad strings and the padding width asked for (None: ``width - 1``)."""
    if pad_values is None:
        if padding_width is not None:
            raise ValueError("pad_values must be provided if padding_width is set.")
        return None, None, 0
    if isinstance(pad_values, (str, bytes)):
        pad_values = (pad_values, pad_values)
    if not (isinstance(pad_values, tuple) and all(isinstance(p, (str, bytes))
                                                  for p in pad_values[:2])):
        raise TypeError("pad_values must be a string, tuple of strings, or None.")
    left, right = (p.encode() if isinstance(p, str) else p for p in pad_values[:2])
    return left, right, padding_width


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None,
           preserve_short_sequences=False, name="ngrams"):
    """The strings of every window of `ngram_width` consecutive items, joined by `separator`
    (per row of a RaggedTensor or of a matrix). With `pad_values` each row is first padded on
    both sides (by ``width - 1`` items, or `padding_width` if smaller), so the edge items start
    and end windows too; `preserve_short_sequences` keeps one window of a row too short for
    any."""
    widths = [ngram_width] if isinstance(ngram_width, int) else list(ngram_width)
    for w in widths:
        if w <= 0:
            raise ValueError(f"All ngram_widths must be greater than 0. Got {w}")
    left, right, padding_width = _ngram_padding(pad_values, padding_width)
    sep = separator.encode() if isinstance(separator, str) else separator

    def padded(items, width):
        if left is None:
            return items
        pad = width - 1 if padding_width is None else min(padding_width, width - 1)
        return [left] * pad + items + [right] * pad

    def grams(items):
        out = []
        for w in widths:
            row = padded(items, w)
            found = [sep.join(row[i:i + w]) for i in range(len(row) - w + 1)]
            if not found and preserve_short_sequences and items:
                found = [sep.join(row)]
            out += found
        return out

    if isinstance(data, RaggedTensor):
        rows = [grams(list(r)) for r in data.to_list()]
        flat = np.empty(sum(len(r) for r in rows), dtype=object)
        flat[:] = [g for r in rows for g in r]
        return RaggedTensor.from_row_lengths(_from_numpy(flat), [len(r) for r in rows])
    values = _strings(data, "StringNGrams").numpy()
    if values.ndim == 1:
        return _from_numpy(np.array(grams(list(values)), dtype=object).reshape(-1))
    rows = [grams(list(r)) for r in values.reshape(-1, values.shape[-1])]
    width = len(rows[0]) if rows else 0
    return _from_numpy(np.array(rows, dtype=object).reshape(values.shape[:-1] + (width,)))


def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None):
    """Joins the strings that share a segment id (in order), `num_segments` strings out."""
    strings = _strings(inputs, "UnsortedSegmentJoin").numpy()
    ids = convert_to_tensor(segment_ids).numpy()
    n = int(convert_to_tensor(num_segments).numpy())
    sep = separator.encode() if isinstance(separator, str) else separator
    # `segment_ids` covers the leading dimensions of `inputs`: each id picks a whole slice.
    inner = strings.shape[ids.ndim:]
    rows = strings.reshape((ids.size,) + inner)
    parts = [[] for _ in range(n)]
    for row, i in zip(rows, ids.reshape(-1)):
        if 0 <= i < n:
            parts[i].append(row)
    out = np.empty((n,) + inner, dtype=object)
    for i, chosen in enumerate(parts):
        flat = out[i].reshape(-1) if inner else None
        if not inner:
            out[i] = sep.join(chosen)
            continue
        for k in range(flat.size):
            flat[k] = sep.join(r.reshape(-1)[k] for r in chosen)
        out[i] = flat.reshape(inner)
    return _from_numpy(out)


# --- hashing ----------------------------------------------------------------------------------
def _check_num_buckets(op_name, num_buckets):
    if int(num_buckets) < 1:  # TF's op attr has min=1
        raise attr_error(op_name, f"Value for attr 'num_buckets' of {int(num_buckets)} must be "
                                  "at least minimum 1")
    return int(num_buckets)


@register("StringToHashBucket", differentiable=False,
          infer_shape=_like_input(dtypes.int64))
def _to_hash_bucket(x, num_buckets):
    return _map(lambda s: string_hashes.hash64(s) % num_buckets, x, np.int64)


@_on_flat_values
def to_hash_bucket(string_tensor, num_buckets, name=None):
    """Each string's bucket: TF's Hash64 (MurmurHash2-64A) of its bytes modulo
    `num_buckets` (``to_hash_bucket_fast`` is the faster, recommended one)."""
    num_buckets = _check_num_buckets("StringToHashBucket", num_buckets)
    return execute(_to_hash_bucket, (convert_to_tensor(string_tensor, dtype=_STRING),),
                   {"num_buckets": num_buckets})


@register("StringToHashBucketFast", differentiable=False,
          infer_shape=_like_input(dtypes.int64))
def _to_hash_bucket_fast(x, num_buckets):
    return _map(lambda s: string_hashes.fingerprint64(s) % num_buckets, x, np.int64)


@_on_flat_values
def to_hash_bucket_fast(input, num_buckets, name=None):  # noqa: A002 - TF's argument name
    """Each string's bucket, FarmHash's Fingerprint64 of its bytes modulo `num_buckets`."""
    num_buckets = _check_num_buckets("StringToHashBucketFast", num_buckets)
    return execute(_to_hash_bucket_fast, (convert_to_tensor(input, dtype=_STRING),),
                   {"num_buckets": num_buckets})


@register("StringToHashBucketStrong", differentiable=False,
          infer_shape=_like_input(dtypes.int64))
def _to_hash_bucket_strong(x, num_buckets, key):
    return _map(lambda s: string_hashes.siphash24(key, s) % num_buckets, x, np.int64)


@_on_flat_values
def to_hash_bucket_strong(input, num_buckets, key, name=None):  # noqa: A002 - TF's argument name
    """Each string's bucket, its SipHash-2-4 under the two 64-bit words `key` modulo
    `num_buckets` (a keyed hash: the buckets cannot be guessed without the key)."""
    num_buckets = _check_num_buckets("StringToHashBucketStrong", num_buckets)
    key = [int(k) for k in key]
    if len(key) != 2:
        raise invalid_argument("StringToHashBucketStrong", "Key must have 2 elements")
    return execute(_to_hash_bucket_strong, (convert_to_tensor(input, dtype=_STRING),),
                   {"num_buckets": num_buckets, "key": tuple(key)})


@register("Fingerprint", differentiable=False)
def _fingerprint(x, method):
    rows = x.reshape(len(x), -1)
    if x.dtype == object:  # strings: one string per row
        if rows.shape[1] != 1:
            raise NotImplementedError("eagerbook fingerprints a 1-D string tensor only")
        data = [row[0] for row in rows]
    else:  # numbers: the bytes of each row, as they lie in memory (little-endian)
        data = [row.tobytes() for row in np.ascontiguousarray(rows)]
    digests = np.array([string_hashes.fingerprint64(d) for d in data], dtype="<u8")
    return digests.reshape(-1, 1).view(np.uint8)


def fingerprint(data, method="farmhash64", name=None):
    """``tf.fingerprint``: 8 bytes per row of `data` (its first dimension), FarmHash's
    Fingerprint64 of the row's bytes, little-endian."""
    data = convert_to_tensor(data)
    if method != "farmhash64":
        raise invalid_argument("Fingerprint", f"Unsupported fingerprint method: {method}")
    if data.ndim == 0:
        raise invalid_argument("Fingerprint",
                               f"`data` should have at least one dimension: {list(data.shape)}")
    return execute(_fingerprint, (data,), {"method": method})


__all__ = ["as_string", "bytes_split", "decode_raw", "format", "join", "length", "lower",
           "reduce_join", "regex_full_match", "regex_replace", "split", "strip", "substr",
           "to_number", "unicode_decode", "unicode_encode", "unicode_split",
           "unicode_split_with_offsets", "upper",
           "ngrams", "unicode_decode_with_offsets", "unicode_transcode",
           "unsorted_segment_join", "to_hash_bucket", "to_hash_bucket_fast",
           "to_hash_bucket_strong", "fingerprint"]


# --- Unicode scripts -----------------------------------------------------------------------------
_script_codes = np.vectorize(unicode_scripts.script_code, otypes=[np.int32])


@register("UnicodeScript", differentiable=False, elementwise=True)
def _unicode_script(x):
    return _script_codes(x) if x.size else x.astype(np.int32)


def unicode_script(input, name=None):  # noqa: A002 - TF's argument name
    """``tf.strings.unicode_script``: ICU's script code of each code point (int32): 0 Common,
    1 Inherited, 8 Cyrillic, 17 Han, 25 Latin, ..., 103 Unknown, -1 for invalid code points
    (see ``unicode_scripts``). A RaggedTensor keeps its rows."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(unicode_script(input.flat_values))
    x = convert_to_tensor(input)
    if x.dtype is not dtypes.int32:
        raise invalid_argument("UnicodeScript", f"cannot compute UnicodeScript as input #0"
                                                f"(zero-based) was expected to be a int32 tensor "
                                                f"but is a {x.dtype.name} tensor")
    return execute(_unicode_script, (x,))
