"""``tf.io.decode_proto``: chosen fields of serialized protocol-buffer messages, as tensors.

Each record is read field by field with the wire-format reader of ``ops/example_ops.py``; the
message type's descriptor (TF's own messages from ``ops/example_reflection.py``, or any
compiled into protobuf's default pool) says each field's number and type. A field comes out
as ``batch_shape + [n]`` values, n the most values any record holds (at least 1), padded
with the type's zero; ``sizes`` counts each record's values per field.
"""

import collections
import struct

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import convert_to_tensor
from . import example_reflection
from .example_ops import _fields, _read_varint, _signed64
from .registry import execute, register

DecodeProtoV2 = collections.namedtuple("DecodeProtoV2", ["sizes", "values"])

# The wire type a field's values come in, and the dtypes TF lets each field type become.
_VARINT, _FIXED64, _BYTES, _FIXED32 = 0, 1, 2, 5
_KINDS = {  # protobuf type name: (wire type, how to read one value, allowed output dtypes)
    "double": (_FIXED64, lambda b: struct.unpack("<d", struct.pack("<Q", b))[0], ("float64",)),
    "float": (_FIXED32, lambda b: struct.unpack("<f", struct.pack("<I", b))[0],
              ("float32", "float64")),
    "int64": (_VARINT, _signed64, ("int64",)),
    "uint64": (_VARINT, int, ("uint64", "int64")),
    "int32": (_VARINT, _signed64, ("int32", "int64")),
    "fixed64": (_FIXED64, int, ("uint64", "int64")),
    "fixed32": (_FIXED32, int, ("uint32", "int64")),
    "bool": (_VARINT, bool, ("bool",)),
    "string": (_BYTES, bytes, ("string",)),
    "message": (_BYTES, bytes, ("string",)),
    "bytes": (_BYTES, bytes, ("string",)),
    "uint32": (_VARINT, int, ("uint32", "int64")),
    "enum": (_VARINT, _signed64, ("int32", "int64")),
    "sfixed32": (_FIXED32, lambda b: b - (1 << 32) if b >= 1 << 31 else b, ("int32", "int64")),
    "sfixed64": (_FIXED64, _signed64, ("int64",)),
    "sint32": (_VARINT, lambda v: (v >> 1) ^ -(v & 1), ("int32", "int64")),
    "sint64": (_VARINT, lambda v: (v >> 1) ^ -(v & 1), ("int64",)),
}
_TYPE_NAMES = {1: "double", 2: "float", 3: "int64", 4: "uint64", 5: "int32", 6: "fixed64",
               7: "fixed32", 8: "bool", 9: "string", 10: "group", 11: "message", 12: "bytes",
               13: "uint32", 14: "enum", 15: "sfixed32", 16: "sfixed64", 17: "sint32",
               18: "sint64"}
_TF_DTYPE_NAMES = {"float32": "DT_FLOAT", "float64": "DT_DOUBLE", "int32": "DT_INT32",
                   "int64": "DT_INT64", "uint32": "DT_UINT32", "uint64": "DT_UINT64",
                   "bool": "DT_BOOL", "string": "DT_STRING"}


def _error(message, count):
    return errors.op_error(errors.InvalidArgumentError, "DecodeProtoV2", message,
                           f"DecodeProtoV2_output_types_{count}")


def _packed(kind, raw):
    """The values of a packed repeated field (one length-delimited run)."""
    wire, _, _ = _KINDS[kind]
    if wire == _VARINT:
        values, pos = [], 0
        while pos < len(raw):
            value, pos = _read_varint(raw, pos)
            values.append(value)
        return values
    size, code = (8, "<Q") if wire == _FIXED64 else (4, "<I")
    return [struct.unpack_from(code, raw, i)[0] for i in range(0, len(raw), size)]


def _field_values(record, number, kind, repeated):
    """A field's values in one record (a singular field: the last one written, if any)."""
    wire, read, _ = _KINDS[kind]
    values = []
    for n, wire_type, raw in _fields(record):
        if n != number:
            continue
        if wire_type == _BYTES and wire != _BYTES:
            values += [read(v) for v in _packed(kind, raw)]
        else:
            values.append(read(raw))
    return values if repeated else values[-1:]


@register("DecodeProtoV2", num_outputs=None, differentiable=False)
def _decode_proto(records, message_type, field_names, output_types):
    fields = _fields_of(message_type, field_names, output_types)
    flat = list(records.reshape(-1))
    found = [[_field_values(bytes(r), f.number, kind, f.is_repeated)
              for f, kind in fields] for r in flat]
    sizes = np.array([[len(v) for v in row] for row in found], np.int32)
    outputs = [sizes.reshape(records.shape + (len(fields),))]
    for i, dtype in enumerate(output_types):
        width = max([1] + [len(row[i]) for row in found])
        np_dtype = object if dtype == dtypes.string else dtype.as_numpy_dtype
        array = np.full((len(flat), width), b"" if dtype == dtypes.string else 0, np_dtype)
        for b, row in enumerate(found):
            array[b, :len(row[i])] = row[i]
        outputs.append(array.reshape(records.shape + (width,)))
    return tuple(outputs)


def _fields_of(message_type, field_names, output_types):
    """(field descriptor, protobuf type name) of each requested field, checked as TF does."""
    count = len(output_types)
    if len(field_names) != count:
        raise _error("field_names and output_types attributes must have the same length", count)
    descriptor = example_reflection.find_message_type(message_type)
    if descriptor is None:
        raise _error(f"No descriptor found for message type {message_type}", count)
    fields = []
    for name, dtype in zip(field_names, output_types):
        field = descriptor.fields_by_name.get(name)
        if field is None:
            raise _error(f"Unknown field: {name} in message type {message_type}", count)
        kind = _TYPE_NAMES[field.type]
        if kind == "group" or dtype.name not in _KINDS[kind][2]:
            raise _error(f"Unexpected output type for {field.full_name}: {kind} to "
                         f"{_TF_DTYPE_NAMES.get(dtype.name, dtype.name)}", count)
        fields.append((field, kind))
    return fields


def _infer_decode_proto(inputs, attrs):
    batch = list(inputs[0].shape)
    return [(dtypes.int32, batch + [len(attrs["field_names"])])] + \
        [(dtype, batch + [None]) for dtype in attrs["output_types"]]


_decode_proto.infer_shape = _infer_decode_proto


def decode_proto(bytes, message_type, field_names, output_types,  # noqa: A002 - TF's name
                 descriptor_source="local://", message_format="binary", sanitize=False,
                 name=None):
    """``tf.io.decode_proto``: `field_names` of serialized `message_type` messages, as
    `output_types` tensors: ``DecodeProtoV2(sizes, values)``."""
    if message_format != "binary":
        raise ValueError("eagerbook decodes binary protocol buffers only (message_format="
                         "'binary')")
    if descriptor_source != "local://":
        raise ValueError("eagerbook finds message types in the loaded protobuf modules only "
                         "(descriptor_source='local://')")
    records = convert_to_tensor(bytes, dtype=dtypes.string)
    attrs = {"message_type": str(message_type), "field_names": tuple(field_names),
             "output_types": tuple(dtypes.as_dtype(t) for t in output_types)}
    sizes, *values = execute(_decode_proto, (records,), attrs)
    return DecodeProtoV2(sizes, list(values))
