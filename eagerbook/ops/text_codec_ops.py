"""Text records to values and back: ``tf.io.decode_csv``, ``tf.io.encode_base64`` /
``decode_base64`` (the web-safe alphabet, as TF's) and ``tf.io.decode_compressed`` (ZLIB, GZIP).

Each is a registered op with a NumPy kernel, so it also runs inside ``tf.function`` and
``Dataset.map`` (where CSV lines are usually parsed).
"""

import base64
import binascii
import gzip
import zlib

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import Tensor, convert_to_tensor
from .registry import execute, register
from .support import attr_error

_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)
_TYPE_WORDS = {dtypes.float32: "float", dtypes.float64: "double", dtypes.int32: "int32",
               dtypes.int64: "int64"}


def _invalid(op_name, message):
    return errors.op_error(errors.InvalidArgumentError, op_name, message)


# --- CSV -------------------------------------------------------------------------------------
def _split_record(record, delim, quoted, index):
    """The fields of one record, with TF's quoting rules ("" inside quotes is one quote)."""
    fields, at, n = [], 0, len(record)
    while True:
        if quoted and at < n and record[at:at + 1] == b'"':
            value, at = bytearray(), at + 1
            while True:
                end = record.find(b'"', at)
                if end < 0:
                    raise _invalid("DecodeCSV", f"Quoted field has to end with quote followed "
                                                f"by delim or end in record {index}")
                value += record[at:end]
                if record[end + 1:end + 2] == b'"':  # an escaped quote
                    value += b'"'
                    at = end + 2
                    continue
                at = end + 1
                break
            if at < n and record[at:at + 1] != delim:
                raise _invalid("DecodeCSV", f"Quoted field has to end with quote followed by "
                                            f"delim or end in record {index}")
            fields.append(bytes(value))
        else:
            end = record.find(delim, at)
            end = n if end < 0 else end
            value = record[at:end]
            if quoted and b'"' in value:
                raise _invalid("DecodeCSV", f"Unquoted fields cannot have quotes inside in "
                                            f"record {index}")
            fields.append(value)
            at = end
        if at >= n:
            return fields
        at += 1  # past the delimiter
        if at == n:
            fields.append(b"")
            return fields


def _parse_field(text, dtype, column, index):
    if dtype is dtypes.string:
        return text
    try:
        stripped = text.strip()
        if dtype.is_integer:
            value = int(stripped)
            info = np.iinfo(dtype.as_numpy_dtype)
            if not info.min <= value <= info.max:
                raise ValueError
            return value
        return float(stripped)
    except ValueError:
        raise _invalid("DecodeCSV", f"Field {column} in record {index} is not a valid "
                                    f"{_TYPE_WORDS[dtype]}: {text.decode('utf-8', 'replace')}"
                       ) from None


def _decode_csv_kernel(records, *defaults, **attrs):
    try:
        return _decode_csv_columns(records, *defaults, **attrs)
    except errors.InvalidArgumentError as error:  # (TF's frame counts the op's outputs)
        error.message = error.message.replace(
            "__wrapped__DecodeCSV_device_", f"__wrapped__DecodeCSV_OUT_TYPE_{len(defaults)}_"
                                            f"device_", 1)
        raise


def _decode_csv_columns(records, *defaults, field_delim, use_quote_delim, na_value,
                        select_cols):
    types = [dtypes.as_dtype(d.dtype) if d.dtype != object else dtypes.string
             for d in defaults]
    columns = [np.empty(records.shape, object if t is dtypes.string else t.as_numpy_dtype)
               for t in types]
    delim, missing = field_delim.encode("utf-8"), na_value.encode("utf-8")
    wanted = list(select_cols) if select_cols else list(range(len(defaults)))
    for index, record in enumerate(records.reshape(-1)):
        record = record if isinstance(record, bytes) else str(record).encode("utf-8")
        fields = _split_record(record, delim, use_quote_delim, index)
        if not select_cols and len(fields) != len(defaults):
            raise _invalid("DecodeCSV", f"Expect {len(defaults)} fields but have "
                                        f"{len(fields)} in record {index}")
        if select_cols and len(fields) <= max(wanted):
            raise _invalid("DecodeCSV", f"Expect {max(wanted) + 1} fields but have "
                                        f"{len(fields)} in record {index}")
        for k, column in enumerate(wanted):
            text = fields[column]
            if text == b"" or (missing and text == missing):
                if defaults[k].size == 0:
                    raise _invalid("DecodeCSV", f"Field {k} is required but missing in record "
                                                f"{index}!")
                value = defaults[k].reshape(-1)[0]
            else:
                value = _parse_field(text, types[k], k, index)
            columns[k].reshape(-1)[index] = value
    return tuple(columns)


def _infer_decode_csv(inputs, attrs):
    dims = inputs[0]._shape._dims
    return [(t._dtype, dims) for t in inputs[1:]]


_decode_csv = register("DecodeCSV", differentiable=False, num_outputs=None,
                       infer_shape=_infer_decode_csv)(_decode_csv_kernel)


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None,
               na_value="", select_cols=None):
    """Parses each CSV record (a string tensor of any shape) into one tensor per column, of
    the dtype (and, for empty fields, the value) of that column's `record_defaults` entry; an
    empty default makes the column required."""
    records = convert_to_tensor(records, dtype=dtypes.string)
    defaults = []
    for default in record_defaults:
        tensor = default if isinstance(default, Tensor) else convert_to_tensor(default)
        if tensor.dtype not in _CSV_TYPES:
            raise attr_error("DecodeCSV", f"Value for attr 'OUT_TYPE' of {tensor.dtype.name} "
                                          f"is not in the list of allowed values: float, double, "
                                          f"int32, int64, string")
        if tensor.shape.num_elements() not in (0, 1, None):
            raise ValueError(f"Shape must be at most rank 1 but is rank "
                             f"{tensor.shape.rank} for record_defaults")
        defaults.append(tensor)
    if select_cols is not None:
        select_cols = [int(c) for c in select_cols]
        if sorted(select_cols) != select_cols or len(set(select_cols)) != len(select_cols):
            raise ValueError("select_cols is not strictly increasing.")
        if select_cols and select_cols[0] < 0:
            raise ValueError("select_cols contains negative values.")
        if len(select_cols) != len(defaults):
            raise ValueError("Length of select_cols and record_defaults do not match.")
    if len(field_delim) != 1:
        raise _invalid("DecodeCSV", "field_delim should be only 1 char")
    outputs = execute(_decode_csv, (records, *defaults), {
        "field_delim": field_delim, "use_quote_delim": bool(use_quote_delim),
        "na_value": na_value, "select_cols": tuple(select_cols or ())})
    return list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]


# --- base64 (web-safe) and compression -------------------------------------------------------
def _each_string(x, fn):
    flat = [fn(v if isinstance(v, bytes) else str(v).encode("utf-8")) for v in x.reshape(-1)]
    return np.array(flat + [None], dtype=object)[:-1].reshape(x.shape)


def _string_like(inputs, attrs):
    return [(dtypes.string, inputs[0]._shape._dims)]


@register("EncodeBase64", differentiable=False, infer_shape=_string_like)
def _encode_base64(x, pad):
    def encode(value):
        text = base64.urlsafe_b64encode(value)
        return text if pad else text.rstrip(b"=")
    return _each_string(x, encode)


_WEB_SAFE_BASE64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@register("DecodeBase64", differentiable=False, infer_shape=_string_like)
def _decode_base64(x):
    def decode(value):
        value = value.rstrip(b"=")
        if value.translate(None, _WEB_SAFE_BASE64):  # any other byte (Python would skip it)
            raise _invalid("DecodeBase64", "Invalid character found in base64.")
        if len(value) % 4 == 1:
            raise _invalid("DecodeBase64", "Base64 string length cannot be 1 modulo 4.")
        try:
            return base64.urlsafe_b64decode(value + b"=" * (-len(value) % 4))
        except (binascii.Error, ValueError):
            raise _invalid("DecodeBase64", "Invalid character found in base64.") from None
    return _each_string(x, decode)


@register("DecodeCompressed", differentiable=False, infer_shape=_string_like)
def _decode_compressed(x, compression_type):
    def decompress(value):
        try:
            if compression_type == "GZIP":
                return gzip.decompress(value)
            return zlib.decompress(value)
        except (OSError, zlib.error, EOFError) as exc:
            raise errors.op_error(errors.DataLossError, "DecodeCompressed",
                                  f"inflate() failed: {exc}") from None
    if compression_type == "":
        return x.copy()
    return _each_string(x, decompress)


def encode_base64(input, pad=False, name=None):  # noqa: A002 - TF's argument name
    """Each string in web-safe base64 ('-' and '_' for '+' and '/'), unpadded by default."""
    return execute(_encode_base64, (convert_to_tensor(input, dtype=dtypes.string),),
                   {"pad": bool(pad)})


def decode_base64(input, name=None):  # noqa: A002 - TF's argument name
    """The bytes of each web-safe base64 string (padded or not)."""
    return execute(_decode_base64, (convert_to_tensor(input, dtype=dtypes.string),))


def decode_compressed(bytes, compression_type="", name=None):  # noqa: A002 - TF's name
    """Each string decompressed: compression_type '' (as is), 'ZLIB' or 'GZIP'."""
    compression_type = (compression_type or "").upper()
    if compression_type not in ("", "ZLIB", "GZIP"):
        raise _invalid("DecodeCompressed", f"Only ZLIB, GZIP or NONE are supported "
                                           f"compressions, got {compression_type}")
    return execute(_decode_compressed, (convert_to_tensor(bytes, dtype=dtypes.string),),
                   {"compression_type": compression_type})
