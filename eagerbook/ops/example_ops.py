"""``tf.train.Example`` records and the ``tf.io`` functions that read and write them.

TF stores training data as ``Example`` protocol buffers (named features, each a list of
int64s, floats or byte strings) in TFRecord files. eagerbook writes and reads both formats
itself, in plain Python:

* the protocol-buffer wire format: a message is a run of fields, each a key
  ``(field number << 3) | wire type`` followed by a varint (type 0), 8 bytes (1), a
  length-prefixed payload (2) or 4 bytes (5);
* the messages ``Example { Features features = 1 }``, ``Features { map<string, Feature>
  feature = 1 }``, ``Feature { oneof kind { BytesList bytes_list = 1; FloatList float_list = 2;
  Int64List int64_list = 3 } }`` and ``TensorProto`` (for ``tf.io.serialize_tensor``);
* TFRecord files (framing, compression): ``ops/tfrecord.py``.

Messages print in the protocol-buffer text format, as TF's do.
"""

import base64
import collections
import functools
import json
import math
import operator
import struct

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from . import example_reflection
from .registry import execute, register


# --- the wire format ----------------------------------------------------------------------------
def _varint(value):
    value &= 0xFFFFFFFFFFFFFFFF  # negative int64s are written as their two's complement
    out = bytearray()
    while True:
        bits, value = value & 0x7F, value >> 7
        out.append(bits | 0x80 if value else bits)
        if not value:
            return bytes(out)


def _key(number, wire_type):
    return _varint((number << 3) | wire_type)


def _length_delimited(number, payload):
    return _key(number, 2) + _varint(len(payload)) + payload


def _read_varint(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, pos


def _fields(data):
    """(field number, wire type, value) for each field of a serialized message; a value is
    an int (types 0, 1, 5: the raw bits) or bytes (type 2)."""
    data = bytes(data)
    pos = 0
    while pos < len(data):
        key, pos = _read_varint(data, pos)
        number, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, pos = _read_varint(data, pos)
        elif wire_type == 1:
            (value,), pos = struct.unpack_from("<Q", data, pos), pos + 8
        elif wire_type == 5:
            (value,), pos = struct.unpack_from("<I", data, pos), pos + 4
        elif wire_type == 2:
            size, pos = _read_varint(data, pos)
            value, pos = data[pos:pos + size], pos + size
        else:
            raise errors.DataLossError(None, None, f"unsupported wire type {wire_type}")
        yield number, wire_type, value


def _signed64(bits):
    return bits - (1 << 64) if bits >= 1 << 63 else bits


# --- the text format ----------------------------------------------------------------------------
_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}


def _quote(data):
    """Bytes as the text format writes them: printable ASCII as is, the rest as octal."""
    return '"' + "".join(_ESCAPES.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:03o}")
                         for b in data) + '"'


def _float_text(value):
    """The shortest of 6 or 9 significant digits that gives the same float32 back."""
    value = float(np.float32(value))
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    short = f"{value:.6g}"
    return short if float(np.float32(short)) == value else f"{value:.9g}"


# --- the Example messages -----------------------------------------------------------------------
class _Message:
    """What the messages share: equality, text printing, (de)serialization by subclasses."""

    def __eq__(self, other):
        return type(self) is type(other) and self.SerializeToString() == \
            other.SerializeToString()

    def __repr__(self):
        return "".join(line + "\n" for line in self._text_lines())

    __str__ = __repr__

    @classmethod
    def FromString(cls, data):  # noqa: N802 - the protocol-buffer API's name
        message = cls()
        message.ParseFromString(data)
        return message

    def ByteSize(self):
        return len(self.SerializeToString())

    # The reflection google.protobuf's text_format and json_format use to fill and read a
    # message (``text_format.Parse(text, tf.train.Example())`` in TF's docs).
    @property
    def DESCRIPTOR(self):  # noqa: N802 - the protocol-buffer API's name
        return example_reflection.descriptor(self._descriptor_name or type(self).__name__)

    _descriptor_name = None  # (map entries are nested types: "Features.FeatureEntry")

    def ListFields(self):  # noqa: N802 - the protocol-buffer API's name
        """(field descriptor, value) of each field that is set, in field-number order."""
        return [(field, getattr(self, field.name)) for field in self.DESCRIPTOR.fields
                if self.HasField(field.name)]

    def HasField(self, name):  # noqa: N802 - the protocol-buffer API's name
        value = getattr(self, name)  # a list, a map, a sub-message or a scalar
        return bool(value.SerializeToString() if isinstance(value, _Message) else value)

    def SetInParent(self):  # noqa: N802 - the protocol-buffer API's name
        """Marks this sub-message as set in its parent (eagerbook's sub-messages always sit
        in their parent; an empty list in a Feature sets the Feature's kind, below)."""

    def Clear(self):  # noqa: N802 - the protocol-buffer API's name
        self.ParseFromString(b"")

    def ClearField(self, name):  # noqa: N802 - the protocol-buffer API's name
        setattr(self, name, getattr(type(self)(), name))

    def CopyFrom(self, other):  # noqa: N802 - the protocol-buffer API's name
        self.ParseFromString(other.SerializeToString())

    def MergeFrom(self, other):  # noqa: N802 - the protocol-buffer API's name
        # Serialized messages merge by concatenation (repeated fields append, maps and
        # singular fields take the later value).
        self.ParseFromString(self.SerializeToString() + other.SerializeToString())


def _block(name, message):
    """A nested message in the text format: ``name {`` its lines indented ``}``."""
    return [name + " {"] + ["  " + line for line in message._text_lines()] + ["}"]


class _Repeated(list):
    """A repeated scalar field: a list that checks what goes in (as the field's type does)
    and tells its owner it changed (an unset Feature becomes that kind on the first change,
    as a protocol-buffer sub-message does)."""

    def __init__(self, check, values=(), on_change=None):
        super().__init__(check(v) for v in values)
        self._check, self._on_change = check, on_change

    def _changed(self):
        if self._on_change is not None:
            self._on_change()

    def append(self, value):
        super().append(self._check(value))
        self._changed()

    def extend(self, values):
        super().extend(self._check(v) for v in values)
        self._changed()

    def insert(self, index, value):
        super().insert(index, self._check(value))
        self._changed()

    def __setitem__(self, index, value):
        super().__setitem__(index, [self._check(v) for v in value]
                            if isinstance(index, slice) else self._check(value))
        self._changed()

    def __iadd__(self, values):
        self.extend(values)
        return self


class _ValueList(_Message):
    """A ``value`` list of one kind: ``Int64List``, ``FloatList`` or ``BytesList``."""

    def __init__(self, value=()):
        self.value = _Repeated(self._check, value)

    def _text_lines(self):
        return [f"value: {self._text(v)}" for v in self.value]

    def SetInParent(self):  # noqa: N802 - the protocol-buffer API's name
        self.value._changed()  # an empty list read from a Feature becomes its kind

    def SerializeToString(self):
        return self._encode(self.value) if self.value else b""

    def ParseFromString(self, data):
        values = []
        for number, wire_type, raw in _fields(data):
            if number == 1:
                values.extend(self._decode(wire_type, raw))
        self.value = _Repeated(self._check, values, self.value._on_change)
        return len(data)


class Int64List(_ValueList):
    @staticmethod
    def _check(v):
        if isinstance(v, bool):  # (protobuf refuses Python's bools in integer fields)
            raise TypeError("Field tensorflow.Int64List.value: Expected an int, got a boolean.")
        v = operator.index(v)  # a TypeError for 1.5, as TF's message type raises
        if not -2 ** 63 <= v < 2 ** 63:
            raise ValueError(f"Value out of range: {v}")
        return v

    _text = staticmethod(str)

    @staticmethod
    def _encode(values):  # packed: one length-delimited run of varints
        return _length_delimited(1, b"".join(_varint(v) for v in values))

    @staticmethod
    def _decode(wire_type, raw):
        if wire_type == 0:
            return [_signed64(raw)]
        values, pos = [], 0
        while pos < len(raw):
            v, pos = _read_varint(raw, pos)
            values.append(_signed64(v))
        return values


class FloatList(_ValueList):
    @staticmethod
    def _check(v):
        if v is None or isinstance(v, (str, bytes)):
            raise TypeError(f"must be real number, not {type(v).__name__}")
        return float(np.float32(v))

    _text = staticmethod(_float_text)

    @staticmethod
    def _encode(values):  # packed float32s
        return _length_delimited(1, np.asarray(values, "<f4").tobytes())

    @staticmethod
    def _decode(wire_type, raw):
        if wire_type == 5:
            return [float(np.frombuffer(struct.pack("<I", raw), "<f4")[0])]
        return [float(v) for v in np.frombuffer(raw, "<f4")]


class BytesList(_ValueList):
    @staticmethod
    def _check(v):
        if not isinstance(v, bytes):
            raise TypeError(f"expected bytes, {type(v).__name__} found")
        return v

    _text = staticmethod(_quote)

    @staticmethod
    def _encode(values):
        return b"".join(_length_delimited(1, v) for v in values)

    @staticmethod
    def _decode(wire_type, raw):
        return [bytes(raw)]


_KINDS = ("bytes_list", "float_list", "int64_list")  # field numbers 1, 2, 3
_KIND_TYPES = {"bytes_list": BytesList, "float_list": FloatList, "int64_list": Int64List}


class Feature(_Message):
    """One of ``bytes_list``, ``float_list`` or ``int64_list`` (a oneof named ``kind``)."""

    def __init__(self, bytes_list=None, float_list=None, int64_list=None):
        given = {k: v for k, v in zip(_KINDS, (bytes_list, float_list, int64_list))
                 if v is not None}
        if len(given) > 1:
            raise ValueError("A Feature holds one of bytes_list, float_list, int64_list.")
        self._kind, self._list = next(iter(given.items()), (None, None))
        self._unset = {}  # empty lists handed out for kinds not set (see __getattr__)

    def __getattr__(self, name):
        if name not in _KIND_TYPES or name.startswith("_"):
            raise AttributeError(name)
        if self._kind == name:
            return self._list
        # Reading an unset kind gives an empty list of it; putting values in it sets the
        # oneof to that kind (``feature.float_list.value.append(1.5)``), as in TF's messages.
        unset = self.__dict__.setdefault("_unset", {})
        if name not in unset:
            values = unset[name] = _KIND_TYPES[name]()
            values.value._on_change = lambda: self._adopt(name, values)
        return unset[name]

    def _adopt(self, kind, values):
        self._kind, self._list = kind, values
        values.value._on_change = None
        self._unset.clear()

    def WhichOneof(self, group):
        if group != "kind":
            raise ValueError(f'Protocol message has no oneof "{group}" field.')
        return self._kind

    def HasField(self, name):  # noqa: N802 - the protocol-buffer API's name
        return self._kind == name

    def ClearField(self, name):  # noqa: N802 - the protocol-buffer API's name
        if self._kind == name:
            self._kind, self._list = None, None

    def _text_lines(self):
        return _block(self._kind, self._list) if self._kind else []

    def SerializeToString(self):
        if self._kind is None:
            return b""
        return _length_delimited(_KINDS.index(self._kind) + 1, self._list.SerializeToString())

    def ParseFromString(self, data):
        self._kind, self._list = None, None
        for number, _, raw in _fields(data):
            if 1 <= number <= 3:
                self._kind = _KINDS[number - 1]
                self._list = _KIND_TYPES[self._kind].FromString(raw)
        return len(data)


class _MapEntry(_Message):
    """One ``key``/``value`` pair of a map field, as the text format spells it (``feature {
    key: "a" value { ... } }``); text_format fills one, then copies it into the map."""

    def __init__(self, key="", value=None):
        self.key = key
        self.value = value if value is not None else self._value_type()


class _FeatureMap(dict):
    """``features.feature``: a map from names to Features; reading a missing name adds an
    empty Feature, as a protocol-buffer map does."""

    def __missing__(self, key):
        self[key] = Feature()
        return self[key]

    @staticmethod
    def GetEntryClass():  # noqa: N802 - the protocol-buffer API's name
        return _FeatureEntry


class _FeatureEntry(_MapEntry):
    _descriptor_name, _value_type = "Features.FeatureEntry", Feature


class Features(_Message):
    def __init__(self, feature=None):
        self.feature = _FeatureMap(feature or {})

    def _text_lines(self):
        return _map_text("feature", self.feature)

    def SerializeToString(self):
        entries = []
        # TF writes map entries in its hash order; key order gives eagerbook stable bytes.
        for key in sorted(self.feature):
            entry = _length_delimited(1, key.encode()) + \
                _length_delimited(2, self.feature[key].SerializeToString())
            entries.append(_length_delimited(1, entry))
        return b"".join(entries)

    def ParseFromString(self, data):
        self.feature = _FeatureMap()
        for number, _, raw in _fields(data):
            if number == 1:
                entry = {n: v for n, _, v in _fields(raw)}
                self.feature[bytes(entry.get(1, b"")).decode()] = \
                    Feature.FromString(entry.get(2, b""))
        return len(data)


class Example(_Message):
    def __init__(self, features=None):
        self.features = features if features is not None else Features()

    def _text_lines(self):
        return _block("features", self.features) if self.features.feature else []

    def SerializeToString(self):
        inner = self.features.SerializeToString()
        return _length_delimited(1, inner) if self.features.feature else b""

    def ParseFromString(self, data):
        self.features = Features()
        for number, _, raw in _fields(data):
            if number == 1:
                self.features = Features.FromString(raw)
        return len(data)


# --- SequenceExample: context features plus lists of features over time ------------------------
class _RepeatedFeatures(list):
    """``feature_list.feature``: a repeated Feature field; ``add()`` appends a new one."""

    def add(self, **kinds):
        feature = Feature(**kinds)
        self.append(feature)
        return feature


class FeatureList(_Message):
    """``FeatureList { repeated Feature feature = 1 }``: one Feature per time step."""

    def __init__(self, feature=()):
        self.feature = _RepeatedFeatures(feature)

    def _text_lines(self):
        return [line for f in self.feature for line in _block("feature", f)]

    def SerializeToString(self):
        return b"".join(_length_delimited(1, f.SerializeToString()) for f in self.feature)

    def ParseFromString(self, data):
        self.feature = _RepeatedFeatures(Feature.FromString(raw)
                                         for number, _, raw in _fields(data) if number == 1)
        return len(data)


class _FeatureListMap(dict):
    """``feature_lists.feature_list``: names to FeatureLists; a missing name reads as a new,
    empty one (added), as a protocol-buffer map does."""

    def __missing__(self, key):
        self[key] = FeatureList()
        return self[key]

    @staticmethod
    def GetEntryClass():  # noqa: N802 - the protocol-buffer API's name
        return _FeatureListEntry


class _FeatureListEntry(_MapEntry):
    _descriptor_name, _value_type = "FeatureLists.FeatureListEntry", FeatureList


def _text_key_order(a, b):
    """How TF's protocol-buffer runtime (upb) orders a string-keyed map when it prints one:
    at the first differing byte the larger key comes first; a key that is a prefix of the
    other comes first (so "b" < "a" < "age" < "ab" < "aa")."""
    common = min(len(a), len(b))
    if a[:common] != b[:common]:
        return -1 if a[:common] > b[:common] else 1
    return len(a) - len(b)


_TEXT_KEY = functools.cmp_to_key(_text_key_order)


def _map_text(field, entries):
    """The text form of a map field: one ``field { key value }`` block per entry, in the
    order TF prints them (not insertion order: printing is stable however the map was built)."""
    lines = []
    order = sorted(entries, key=lambda k: _TEXT_KEY(k.encode()))
    for key in order:
        value = entries[key]
        lines += [f"{field} {{", f"  key: {_quote(key.encode())}"]
        lines += ["  " + line for line in _block("value", value)] + ["}"]
    return lines


def _map_bytes(entries):
    # (in key order: TF writes its hash order, which eagerbook does not reproduce)
    return b"".join(_length_delimited(1, _length_delimited(1, key.encode()) +
                                      _length_delimited(2, entries[key].SerializeToString()))
                    for key in sorted(entries))


def _map_entries(data, message_type):
    for number, _, raw in _fields(data):
        if number == 1:
            entry = {n: v for n, _, v in _fields(raw)}
            yield bytes(entry.get(1, b"")).decode(), message_type.FromString(entry.get(2, b""))


class FeatureLists(_Message):
    """``FeatureLists { map<string, FeatureList> feature_list = 1 }``."""

    def __init__(self, feature_list=None):
        self.feature_list = _FeatureListMap(feature_list or {})

    def _text_lines(self):
        return _map_text("feature_list", self.feature_list)

    def SerializeToString(self):
        return _map_bytes(self.feature_list)

    def ParseFromString(self, data):
        self.feature_list = _FeatureListMap(_map_entries(data, FeatureList))
        return len(data)


class SequenceExample(_Message):
    """``SequenceExample { Features context = 1; FeatureLists feature_lists = 2 }``: features
    of the whole sequence, and lists of features with one entry per step."""

    def __init__(self, context=None, feature_lists=None):
        self.context = context if context is not None else Features()
        self.feature_lists = feature_lists if feature_lists is not None else FeatureLists()

    def _text_lines(self):
        lines = _block("context", self.context) if self.context.feature else []
        if self.feature_lists.feature_list:
            lines += _block("feature_lists", self.feature_lists)
        return lines

    def SerializeToString(self):
        data = b""
        if self.context.feature:
            data += _length_delimited(1, self.context.SerializeToString())
        if self.feature_lists.feature_list:
            data += _length_delimited(2, self.feature_lists.SerializeToString())
        return data

    def ParseFromString(self, data):
        self.context, self.feature_lists = Features(), FeatureLists()
        for number, _, raw in _fields(data):
            if number == 1:
                self.context = Features.FromString(raw)
            elif number == 2:
                self.feature_lists = FeatureLists.FromString(raw)
        return len(data)


# --- tf.io.serialize_tensor / parse_tensor: the TensorProto message ----------------------------
# TF's DataType enum numbers (types.proto), as TensorProto stores them, by dtype name.
DATA_TYPE_ENUM = _ENUM_OF = {
            "float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6,
            "string": 7, "complex64": 8, "int64": 9, "bool": 10, "uint16": 17,
            "complex128": 18, "float16": 19, "uint32": 22, "uint64": 23}
_DTYPE_OF = {number: name for name, number in _ENUM_OF.items()}


def _as_bytes(value):
    return value if isinstance(value, bytes) else str(value).encode()


def serialize_tensor(tensor, name=None):
    """A tensor as a serialized ``TensorProto`` (a scalar string tensor)."""
    t = convert_to_tensor(tensor)
    return _from_numpy(np.array(tensor_proto_bytes(t.numpy(), t.dtype), dtype=object))


def tensor_proto_bytes(array, dtype):
    """The serialized ``TensorProto`` of an array of `dtype`: dtype, shape, then the values
    (numbers as their little-endian bytes, strings one field each)."""
    array = np.asarray(array)
    # Each dim is a message holding its size; a size of 0 is the default, left out.
    shape = b"".join(_length_delimited(2, _key(1, 0) + _varint(d) if d else b"")
                     for d in array.shape)
    data = _key(1, 0) + _varint(_ENUM_OF[dtype.name]) + _length_delimited(2, shape)
    if dtype == dtypes.string:
        data += b"".join(_length_delimited(8, _as_bytes(v)) for v in array.reshape(-1))
    elif array.size:
        data += _length_delimited(4, array.astype(array.dtype.newbyteorder("<")).tobytes())
    return data


# The typed repeated fields a TensorProto may hold instead of tensor_content.
_VALUE_FIELDS = {5: "float32", 6: "float64", 7: "int32", 10: "int64", 11: "bool"}


@register("ParseTensor", differentiable=False)
def _parse_tensor(serialized, out_type):
    """The tensor a serialized ``TensorProto`` holds; its dtype must be `out_type`."""
    data = serialized if isinstance(serialized, bytes) else serialized.item()
    dtype_name, shape, content, strings, values = None, [], None, [], []
    try:
        for number, wire_type, raw in _fields(data):
            if number == 1:
                dtype_name = _DTYPE_OF.get(raw)
            elif number == 2:
                shape = [dict((n, v) for n, _, v in _fields(dim)).get(1, 0)
                         for n, _, dim in _fields(raw) if n == 2]
            elif number == 4:
                content = raw
            elif number == 8:
                strings.append(bytes(raw))
            elif number in _VALUE_FIELDS:
                values.append((number, wire_type, raw))
    except (IndexError, struct.error, errors.DataLossError):  # not a message at all
        dtype_name = None
    if dtype_name is None:
        raise _parse_error(f"Could not parse `serialized` as TensorProto, base64: "
                           f"{base64.b64encode(bytes(data)).decode()}", "ParseTensor")
    if dtype_name != out_type.name:
        raise _parse_error(f"Type mismatch between parsed tensor ({_tf_name(dtype_name)}) and "
                           f"dtype ({_tf_name(out_type.name)})", "ParseTensor")
    np_dtype = out_type.as_numpy_dtype
    if out_type == dtypes.string and content is not None:
        array = np.array(_decode_string_list(content, int(np.prod(shape))) + [None],
                         dtype=object)[:-1]
    elif out_type == dtypes.string:
        array = np.array(strings + [b""] * (int(np.prod(shape)) - len(strings)), dtype=object)
    elif content is not None:
        array = np.frombuffer(content, np.dtype(np_dtype).newbyteorder("<")).astype(np_dtype)
    else:
        array = np.array(_typed_values(values), dtype=np_dtype)
        if array.size == 1 and int(np.prod(shape)) > 1:  # one value stands for all
            array = np.full(int(np.prod(shape)), array[0], np_dtype)
    return array.reshape(shape)


def _infer_parse_tensor(inputs, attrs):
    return [(attrs["out_type"], None)]  # the shape is in the data: unknown while tracing


_parse_tensor.infer_shape = _infer_parse_tensor


def parse_tensor(serialized, out_type, name=None):
    """``tf.io.parse_tensor``: the tensor a serialized ``TensorProto`` holds (an op, so it
    also runs inside tf.function); its dtype must be `out_type`."""
    serialized = convert_to_tensor(serialized, dtype=dtypes.string)
    return execute(_parse_tensor, (serialized,), {"out_type": dtypes.as_dtype(out_type)})


def _typed_values(fields):
    out = []
    for number, wire_type, raw in fields:
        if wire_type == 2:  # packed
            if number in (5, 6):
                out.extend(np.frombuffer(raw, "<f4" if number == 5 else "<f8").tolist())
            else:
                pos = 0
                while pos < len(raw):
                    v, pos = _read_varint(raw, pos)
                    out.append(_signed64(v))
        elif number == 5:
            out.append(float(np.frombuffer(struct.pack("<I", raw), "<f4")[0]))
        elif number == 6:
            out.append(float(np.frombuffer(struct.pack("<Q", raw), "<f8")[0]))
        else:
            out.append(_signed64(raw))
    return out


def _tf_name(dtype_name):
    return {"float32": "float", "float64": "double"}.get(dtype_name, dtype_name)


@register("ReadFile", differentiable=False, stateful=True)
def _read_file(filename):
    path = filename.item() if isinstance(filename, np.ndarray) else filename
    path = path.decode() if isinstance(path, bytes) else str(path)
    try:
        with open(path, "rb") as f:
            return np.array(f.read(), dtype=object)
    except FileNotFoundError:
        raise errors.op_error(errors.NotFoundError, "ReadFile",
                              f"{path}; No such file or directory") from None


def _infer_read_file(inputs, attrs):
    return [(dtypes.string, [])]


_read_file.infer_shape = _infer_read_file


def read_file(filename, name=None):
    """The whole contents of a file, as a scalar string tensor (an op: it also runs inside
    tf.function, reading the file each time the graph runs)."""
    return execute(_read_file, (convert_to_tensor(filename, dtype=dtypes.string),))


def matching_files(pattern, name=None):
    """The names of the files matching a glob pattern (or any of a list of patterns), sorted;
    none is an empty vector."""
    import glob
    patterns = convert_to_tensor(pattern, dtype=dtypes.string).numpy()
    found = []
    for p in np.asarray(patterns, dtype=object).reshape(-1):
        found += glob.glob(p.decode() if isinstance(p, bytes) else p)
    return _from_numpy(np.array([f.encode() for f in sorted(found)], dtype=object).reshape(-1))


def write_file(filename, contents, name=None):
    """Writes a scalar string tensor to a file (replacing it)."""
    path = convert_to_tensor(filename).numpy()
    path = path.decode() if isinstance(path, bytes) else str(path)
    data = convert_to_tensor(contents).numpy()
    with open(path, "wb") as f:
        f.write(_as_bytes(data))


# --- tf.io.decode_json_example: Examples written as JSON, to their binary form -----------------
# The protocol-buffer JSON mapping: fields by their lowerCamelCase names (or the proto names),
# int64s as numbers or decimal strings, floats as numbers or "NaN"/"Infinity"/"-Infinity",
# bytes as base64 strings.
_JSON_KINDS = {"bytesList": "bytes_list", "floatList": "float_list", "int64List": "int64_list"}
_JSON_FLOATS = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


class _JSONError(ValueError):
    """A JSON text that is not an Example (its message follows TF's "Error while parsing
    JSON: ")."""


def _json_fields(obj, known, where):
    """The (proto name, value) pairs of a JSON object for a message with fields `known`."""
    if not isinstance(obj, dict):
        raise _JSONError(f"{where}: expected an object, got {json.dumps(obj)}")
    for name, value in obj.items():
        proto_name = _JSON_KINDS.get(name, name)
        if proto_name not in known:
            raise _JSONError(f"no such field: {name!r}")
        if value is not None:
            yield proto_name, value


def _json_value(kind, value, where):
    if kind == "bytes_list":
        if not isinstance(value, str):
            raise _JSONError(f"{where}: bytes must be a base64 string")
        return base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_"
                                if "-" in value or "_" in value else None)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _JSONError(f"{where}: expected a number, got {json.dumps(value)}")
    try:
        number = _JSON_FLOATS.get(value) if kind == "float_list" else None
        number = float(value) if number is None else number
        if kind == "int64_list":
            number = int(value) if isinstance(value, (int, str)) else number
    except ValueError:
        raise _JSONError(f"{where}: non-number characters in quoted number") from None
    if kind == "float_list":
        if math.isfinite(number) and not math.isfinite(np.float32(number)):
            raise _JSONError(f"{where}: float out of range")
        return number
    if number != int(number):
        raise _JSONError(f"{where}: expected integer, but JSON number had fractional part")
    if not -2 ** 63 <= number < 2 ** 63:
        raise _JSONError(f"{where}: JSON number out of range for int")
    return int(number)


def _example_from_json(text):
    """The Example a JSON text describes, and whether it names its ``features``."""
    try:
        obj = json.loads(text)
    except ValueError as e:
        raise _JSONError(f"invalid JSON: {e}") from None
    example, named = Example(), False
    for _, features in _json_fields(obj, {"features"}, "Example"):
        named = True
        for _, feature_map in _json_fields(features, {"feature"}, "features"):
            if not isinstance(feature_map, dict):
                raise _JSONError("features.feature: expected an object")
            for key, feature in feature_map.items():
                example.features.feature[key]  # noqa: B018 - an empty {} is an entry too
                for kind, values in _json_fields(feature, set(_KINDS), f"feature {key!r}"):
                    where = f"features.feature[{key!r}].{kind}.value"
                    values = dict(_json_fields(values, {"value"}, where)).get("value", [])
                    chosen = getattr(example.features.feature[key], kind)
                    chosen.SetInParent()
                    chosen.value.extend(_json_value(kind, v, where) for v in values)
    return example, named


# TF's JSON converter writes each number of a list as a field of its own (not packed).
_UNPACKED = {"int64_list": lambda v: _key(1, 0) + _varint(v),
             "float_list": lambda v: _key(1, 5) + struct.pack("<f", v),
             "bytes_list": lambda v: _length_delimited(1, v)}


def _json_example_bytes(example, named):
    """The serialized Example as TF's JSON converter writes it: map entries in the JSON's
    order, numbers unpacked, and an empty ``features`` written when the JSON names it."""
    entries = b""
    for key, feature in example.features.feature.items():
        kind = feature.WhichOneof("kind")
        value = b"" if kind is None else _length_delimited(
            _KINDS.index(kind) + 1, b"".join(map(_UNPACKED[kind], feature._list.value)))
        entries += _length_delimited(1, _length_delimited(1, key.encode()) +
                                     _length_delimited(2, value))
    return _length_delimited(1, entries) if named else b""


@register("DecodeJSONExample", differentiable=False)
def _decode_json_example(json_examples):
    out = np.empty(json_examples.shape, dtype=object)
    for index, text in np.ndenumerate(json_examples):
        try:
            example = _example_from_json(text.decode() if isinstance(text, bytes) else text)
            out[index] = _json_example_bytes(*example)
        except _JSONError as e:
            raise _parse_error(f"Error while parsing JSON: {e}", "DecodeJSONExample") from None
    return out


def _infer_decode_json_example(inputs, attrs):
    return [(dtypes.string, inputs[0].shape)]


_decode_json_example.infer_shape = _infer_decode_json_example


def decode_json_example(json_examples, name=None):
    """``tf.io.decode_json_example``: Example protos written in JSON (the protocol-buffer
    JSON mapping, as ``json_format.MessageToJson`` writes them) as serialized Examples, one
    per string, same shape."""
    json_examples = convert_to_tensor(json_examples, dtype=dtypes.string)
    return execute(_decode_json_example, (json_examples,))


# --- tf.io.parse_example: features of serialized Examples as tensors ----------------------------
# The feature specs are named tuples, as TF's (they print and compare as tuples do).
class FixedLenFeature(collections.namedtuple("FixedLenFeature",
                                             ["shape", "dtype", "default_value"])):
    """A feature with the same number of values in every example, given as ``shape``."""

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtypes.as_dtype(dtype), default_value)


class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """Any number of entries of ``shape`` each: the values of a feature of an Example, or one
    entry per step of a SequenceExample's feature list (``[steps] + shape``)."""

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtypes.as_dtype(dtype), allow_missing,
                               default_value)


class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature of any length, parsed into a SparseTensor."""

    def __new__(cls, dtype):
        return super().__new__(cls, dtypes.as_dtype(dtype))


# How a RaggedFeature's values are cut into rows: each partition names the feature holding
# its row splits (lengths, starts, ...), or gives one row length for all rows.
RowSplits = collections.namedtuple("RowSplits", ["key"])
RowLengths = collections.namedtuple("RowLengths", ["key"])
RowStarts = collections.namedtuple("RowStarts", ["key"])
RowLimits = collections.namedtuple("RowLimits", ["key"])
ValueRowIds = collections.namedtuple("ValueRowIds", ["key"])
UniformRowLength = collections.namedtuple("UniformRowLength", ["length"])
_PARTITION_TYPES = (RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength)
_RAGGED_FROM = {RowSplits: "from_row_splits", RowLengths: "from_row_lengths",
                RowStarts: "from_row_starts", RowLimits: "from_row_limits",
                ValueRowIds: "from_value_rowids"}


class RaggedFeature(collections.namedtuple(
        "RaggedFeature", ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])):
    """A feature of any length: a 1-D tensor per example (a RaggedTensor for a batch). Each
    of `partitions` (outermost first) adds a ragged dimension, cutting the values into rows
    with the row splits (lengths, starts, limits, row ids) another feature holds, or into
    rows of one length (``RaggedFeature.UniformRowLength(2)``)."""

    def __new__(cls, dtype, value_key=None, partitions=(), row_splits_dtype=dtypes.int32,
                validate=False):
        for partition in partitions:
            if not isinstance(partition, _PARTITION_TYPES):
                raise TypeError(f"Argument `partitions` cannot be cast to any of the partition "
                                f"types in {_PARTITION_TYPES}; got: {partition} with type "
                                f"{type(partition)}")
        return super().__new__(cls, dtypes.as_dtype(dtype), value_key, tuple(partitions),
                               dtypes.as_dtype(row_splits_dtype), validate)


(RaggedFeature.RowSplits, RaggedFeature.RowLengths, RaggedFeature.RowStarts,
 RaggedFeature.RowLimits, RaggedFeature.ValueRowIds,
 RaggedFeature.UniformRowLength) = _PARTITION_TYPES


class SparseFeature(collections.namedtuple(
        "SparseFeature", ["index_key", "value_key", "dtype", "size", "already_sorted"])):
    """A sparse tensor stored as two features of an Example: the positions (`index_key`, one
    key per dimension) and the values (`value_key`); `size` is the dense shape of one
    example's tensor."""

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        return super().__new__(cls, index_key, value_key, dtypes.as_dtype(dtype), size,
                               already_sorted)


def _sparse_feature(all_features, scalar, spec):
    """The SparseTensor of a SparseFeature: per example, its index features give each value's
    position (sorted unless `already_sorted`); a batch adds the example's number in front."""
    from .sparse_ops import SparseTensor
    index_keys = spec.index_key if isinstance(spec.index_key, (list, tuple)) else [spec.index_key]
    sizes = list(spec.size) if isinstance(spec.size, (list, tuple)) else [spec.size]
    int64 = VarLenFeature(dtypes.int64)
    indices, values = [], []
    for b, features in enumerate(all_features):
        where = None if scalar else b
        found = _feature_values(features, spec.value_key, spec, where)
        found = np.array([], _np_dtype(spec)) if found is None else found
        positions = [_feature_values(features, k, int64, where) for k in index_keys]
        positions = [np.array([], np.int64) if p is None else p for p in positions]
        rows = list(zip(*[p.tolist() for p in positions], strict=True))
        order = range(len(rows)) if spec.already_sorted else \
            sorted(range(len(rows)), key=lambda i: rows[i])
        indices += [([] if scalar else [b]) + list(rows[i]) for i in order]
        values += [found[i] for i in order]
    shape = sizes if scalar else [len(all_features)] + sizes
    return SparseTensor(np.array(indices, np.int64).reshape(-1, len(shape)),
                        _from_numpy(np.array(values, _np_dtype(spec)).reshape(-1)),
                        np.array(shape, np.int64))


def _dims(spec):
    return list(spec.shape) if isinstance(spec.shape, (list, tuple)) else [int(spec.shape)]


def _np_dtype(spec):
    return object if spec.dtype == dtypes.string else spec.dtype.as_numpy_dtype


_KIND_OF_DTYPE = {"int64": "int64_list", "float32": "float_list", "string": "bytes_list"}


def _where(key, index):
    """How TF's parser names a feature in its errors: ``Key: k.`` for a single example,
    ``Name: <unknown>, Key: k, Index: i.`` in a batch (index None: a single example)."""
    return f"Key: {key}." if index is None else f"Name: <unknown>, Key: {key}, Index: {index}."


def _parse_error(message, op_name="ParseExampleV2"):
    return errors.op_error(errors.InvalidArgumentError, op_name, message)


def _values_of(feature, key, spec, index=None, op_name="ParseExampleV2"):
    """The values of one Feature as a 1-D NumPy array of the spec's dtype."""
    if spec.dtype.name not in _KIND_OF_DTYPE:
        raise ValueError(f"Unsupported dtype {spec.dtype.name} for feature {key!r}: "
                         "Examples hold int64, float32 or string.")
    kind = feature.WhichOneof("kind")
    if kind is None:
        return np.array([], dtype=_np_dtype(spec))
    if kind != _KIND_OF_DTYPE[spec.dtype.name]:
        wanted, found = _tf_name(spec.dtype.name), kind.split("_")[0]
        # (TF's dense and sparse parsers word it differently)
        words = f"Data type: {found} but expected type: {wanted}" if isinstance(
            spec, FixedLenFeature) else f"Expected type: {wanted}, Actual type: {found}"
        raise _parse_error(f"{_where(key, index)}  Data types don't match. {words}", op_name)
    return np.array(getattr(feature, kind).value, dtype=_np_dtype(spec)).reshape(-1)


def _feature_values(features, key, spec, index=None):
    """The values of one feature of a Features message (None when it lacks the feature)."""
    if spec.dtype.name not in _KIND_OF_DTYPE:
        raise ValueError(f"Unsupported dtype {spec.dtype.name} for feature {key!r}: "
                         "Examples hold int64, float32 or string.")
    if key not in features.feature:
        return None
    return _values_of(features.feature[key], key, spec, index)


def _fixed(arrays, key, spec, batched):
    shape = _dims(spec)
    size = int(np.prod(shape))
    out = []
    for index, values in enumerate(arrays):
        if values is None:
            if spec.default_value is None:
                name = "Name: <unknown>, " if batched else ""
                raise _parse_error(f"{name}Feature: {key} (data type: "
                                   f"{_tf_name(spec.dtype.name)}) is required but could not "
                                   f"be found.")
            values = np.broadcast_to(np.asarray(spec.default_value, dtype=_np_dtype(spec)),
                                     shape)
        elif values.size != size:
            kind = _KIND_OF_DTYPE[spec.dtype.name]
            if batched:
                raise _parse_error(f"{_where(key, index)}  Number of {kind.split('_')[0]} "
                                   f"values != expected.  Values size: {values.size} but "
                                   f"output shape: [{','.join(map(str, shape))}]")
            raise _parse_error(f"Key: {key}.  Can't parse serialized Example: Some {kind} "
                               f"slice was not parsed.")
        out.append(np.asarray(values).reshape(shape))
    return out


def _padded_rows(arrays, spec, key, op_name, what="Feature"):
    """Entries of ``shape`` from each array, padded to the longest with the default value
    (or 0, or b""): a [batch, longest] + shape array, and each one's number of entries."""
    shape = _dims(spec)
    size = int(np.prod(shape)) or 1
    rows = []
    for values in arrays:
        if values.size % size:
            raise _parse_error(f"{what} list '{key}' has an unexpected number of values.  "
                               f"Total values size: {values.size} is not consistent with "
                               f"output shape: [?,{','.join(map(str, shape))}]", op_name)
        rows.append(values.reshape([-1] + shape))
    longest = max((len(r) for r in rows), default=0)
    fill = spec.default_value if spec.default_value is not None else (
        b"" if spec.dtype == dtypes.string else 0)
    out = np.empty([len(rows), longest] + shape, dtype=_np_dtype(spec))
    out[...] = fill
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
    return out, np.array([len(r) for r in rows], np.int64)


def _sparse_of(arrays, batched):
    """A SparseTensor of 1-D value arrays: [len] (one array, unbatched) or [count, longest],
    with one more leading dimension per level of nesting in `arrays`."""
    from .sparse_ops import SparseTensor
    indices, values, shape = _sparse_parts(arrays, batched)
    return SparseTensor(np.array(indices, np.int64).reshape(-1, len(shape)), _from_numpy(values),
                        np.array(shape, np.int64))


def _sparse_parts(arrays, batched):
    if not batched:
        values = arrays[0]
        return [[i] for i in range(values.size)], values, [values.size]
    indices = [[b, i] for b, a in enumerate(arrays) for i in range(a.size)]
    values = np.concatenate(arrays) if arrays else np.array([])
    return indices, values, [len(arrays), max((a.size for a in arrays), default=0)]


def _examples(serialized, message_type=None):
    message_type = message_type or Example
    data = convert_to_tensor(serialized, dtype=dtypes.string).numpy()
    scalar = not isinstance(data, np.ndarray) or data.ndim == 0
    records = [data if isinstance(data, bytes) else data.item()] if scalar else \
        list(data.reshape(-1))
    examples = []
    for record in records:
        try:
            examples.append(message_type.FromString(record))
        except (IndexError, struct.error, UnicodeDecodeError, errors.DataLossError):
            shown = bytes(record).decode("utf-8", "replace")
            raise _parse_error(f"Could not parse example input, value: '{shown}'") from None
    return scalar, examples


def _parse_features(all_features, scalar, specs):
    """The tensors of `specs` read from Features messages (one, unbatched, when `scalar`)."""
    from .ragged_ops import RaggedTensor
    out = {}
    for key in _in_tf_order(specs):
        spec = specs[key]
        if isinstance(spec, SparseFeature):
            out[key] = _sparse_feature(all_features, scalar, spec)
            continue
        np_dtype = _np_dtype(spec)
        arrays = [_feature_values(f, getattr(spec, "value_key", None) or key, spec,
                                  None if scalar else index)
                  for index, f in enumerate(all_features)]
        if isinstance(spec, FixedLenFeature):
            dense = _fixed(arrays, key, spec, not scalar)
            value = np.array(dense[0] if scalar else np.stack(dense) if dense else
                             np.zeros([0] + _dims(spec)), dtype=np_dtype)
            out[key] = _from_numpy(value)
            continue
        arrays = [a if a is not None else np.array([], dtype=np_dtype) for a in arrays]
        if isinstance(spec, FixedLenSequenceFeature):
            if not spec.allow_missing:
                raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing "
                                 "to be True.")
            padded, _ = _padded_rows(arrays, spec, key, "ParseExampleV2")
            out[key] = _from_numpy(padded[0] if scalar else padded)
        elif isinstance(spec, VarLenFeature):
            out[key] = _sparse_of([a.astype(np_dtype) for a in arrays], not scalar)
        elif spec.partitions:
            rows = [_partitioned(a.astype(np_dtype), f, spec, None if scalar else index)
                    for index, (a, f) in enumerate(zip(arrays, all_features))]
            out[key] = rows[0] if scalar else _batch_of(rows, spec.row_splits_dtype)
        elif scalar:
            out[key] = _from_numpy(arrays[0].astype(np_dtype))
        else:
            values = _from_numpy(np.concatenate(arrays).astype(np_dtype))
            lengths = np.array([a.size for a in arrays], spec.row_splits_dtype.as_numpy_dtype)
            out[key] = RaggedTensor.from_row_lengths(values, lengths)
    return out


def _partitioned(values, features, spec, index):
    """One example's values cut into rows by `spec`'s partitions (the innermost last)."""
    from .ragged_ops import RaggedTensor
    result = _from_numpy(values)
    splits_spec = RaggedFeature(dtypes.int64)
    for partition in reversed(spec.partitions):
        if isinstance(partition, UniformRowLength):
            result = RaggedTensor.from_uniform_row_length(result, partition.length,
                                                          validate=spec.validate)
            continue
        splits = _feature_values(features, partition.key, splits_spec, index)
        splits = np.array([] if splits is None else splits,
                          spec.row_splits_dtype.as_numpy_dtype)
        result = getattr(RaggedTensor, _RAGGED_FROM[type(partition)])(
            result, splits, validate=spec.validate)
    if all(isinstance(p, UniformRowLength) for p in spec.partitions):
        return result.to_tensor()  # rows of one length all the way: a dense tensor, as TF's
    return result


def _batch_of(rows, row_splits_dtype):
    """One example's results per row, as a batch: a RaggedTensor with the examples outermost."""
    from .ragged_ops import RaggedTensor, _concat_rows
    rows = [r if isinstance(r, RaggedTensor) else RaggedTensor.from_tensor(r) for r in rows]
    lengths = np.array([int(r.nrows()) for r in rows], row_splits_dtype.as_numpy_dtype)
    return RaggedTensor.from_row_lengths(_concat_rows(rows), lengths, validate=False)


def _in_tf_order(specs):
    """The keys as TF's parser lists its results: sparse features, dense ones, then ragged
    ones, each group sorted."""
    group = {VarLenFeature: 0, SparseFeature: 0, FixedLenFeature: 1,
             FixedLenSequenceFeature: 1, RaggedFeature: 2}
    return sorted(specs, key=lambda k: (group.get(type(specs[k]), 1), k))


def parse_example(serialized, features, example_names=None, name=None):
    """Parses a batch (a vector) of serialized Examples: FixedLenFeature gives a dense tensor
    ``[batch] + shape``, FixedLenSequenceFeature one padded to the longest, VarLenFeature a
    SparseTensor ``[batch, longest]``, RaggedFeature a RaggedTensor. A single (scalar) record
    parses as ``parse_single_example`` does."""
    if isinstance(serialized, Tensor) and is_symbolic(serialized):
        return _traced_parse(serialized, features)
    try:
        scalar, examples = _examples(serialized)
        return _parse_features([e.features for e in examples], scalar, features)
    except errors.InvalidArgumentError as error:  # (TF's frame counts the features by kind)
        error.message = error.message.replace(
            "__wrapped__ParseExampleV2_device_",
            f"__wrapped__ParseExampleV2_{_feature_counts(features)}_device_", 1)
        raise


# --- parsing inside tf.function (and tf.data's traced map functions) ----------------------------
# A traced parse is one ParseExampleV2 op: its kernel parses the records eagerly when the graph
# runs and hands back the results' parts (a SparseTensor's indices, values and dense shape; a
# RaggedTensor's values and row splits), which the trace puts together again.
def _ragged_levels(spec, batched):
    return len(spec.partitions) + batched


def _parts_of(specs, parsed):
    """The NumPy arrays of the parsed results, in TF's order of the features."""
    from .ragged_ops import RaggedTensor
    parts = []
    for key in _in_tf_order(specs):
        value = parsed[key]
        if isinstance(specs[key], (VarLenFeature, SparseFeature)):
            parts += [value.indices.numpy(), value.values.numpy(), value.dense_shape.numpy()]
        elif isinstance(value, RaggedTensor):
            parts += [value.flat_values.numpy()] + [s.numpy() for s in value.nested_row_splits]
        else:
            parts.append(value.numpy())
    return tuple(parts)


@register("ParseExampleV2", num_outputs=None, differentiable=False)
def _parse_example_op(serialized, features):
    return _parts_of(dict(features), parse_example(_from_numpy(serialized), dict(features)))


def _infer_parse_example(inputs, attrs):
    """(dtype, shape) of each part: what the specs say, with the batch size in front."""
    rank = inputs[0].shape.rank
    batch = [inputs[0].shape[0]] if rank == 1 else []
    signature, specs = [], dict(attrs["features"])
    for spec in (specs[key] for key in _in_tf_order(specs)):
        if isinstance(spec, (VarLenFeature, SparseFeature)):
            sizes = spec.size if isinstance(getattr(spec, "size", None), (list, tuple)) else [0]
            dims = len(batch) + (len(sizes) if isinstance(spec, SparseFeature) else 1)
            signature += [(dtypes.int64, [None, dims]), (spec.dtype, [None]),
                          (dtypes.int64, [dims])]
        elif isinstance(spec, FixedLenFeature):
            signature.append((spec.dtype, batch + _dims(spec)))
        elif isinstance(spec, FixedLenSequenceFeature):
            signature.append((spec.dtype, batch + [None] + _dims(spec)))
        else:  # RaggedFeature: its values, then the row splits of each ragged dimension
            levels = _ragged_levels(spec, bool(batch))
            signature += [(spec.dtype, [None])] + [(dtypes.int64, [None])] * levels
    return signature


_parse_example_op.infer_shape = _infer_parse_example


def _traced_parse(serialized, specs):
    from .ragged_ops import RaggedTensor
    from .sparse_ops import SparseTensor
    rank = serialized.shape.rank
    if rank is None and any(isinstance(s, RaggedFeature) for s in specs.values()):
        raise ValueError("serialized must have statically-known rank to parse ragged features.")
    if any(isinstance(s, RaggedFeature) and any(isinstance(p, UniformRowLength)
                                                 for p in s.partitions)
           for s in specs.values()):
        raise ValueError("eagerbook parses RaggedFeature.UniformRowLength partitions eagerly "
                         "only (not inside tf.function)")
    parts = iter(execute(_parse_example_op, (serialized,),
                         {"features": tuple(sorted(specs.items()))}))
    out = {}
    for key in _in_tf_order(specs):
        spec = specs[key]
        if isinstance(spec, (VarLenFeature, SparseFeature)):
            out[key] = SparseTensor(next(parts), next(parts), next(parts))
        elif isinstance(spec, RaggedFeature):
            values = next(parts)
            splits = [next(parts) for _ in range(_ragged_levels(spec, rank != 0))]
            for row_splits in reversed(splits):
                values = RaggedTensor.from_row_splits(values, row_splits, validate=False)
            out[key] = values
        else:
            out[key] = next(parts)
    return out


def _feature_counts(specs):
    """The attrs that fix ParseExampleV2's arity, as TF writes them in its function's name."""
    kinds = [type(spec) for spec in specs.values()]
    sparse = kinds.count(VarLenFeature) + sum(
        len(spec.index_key) + 1 if isinstance(spec.index_key, (list, tuple)) else 2
        for spec in specs.values() if isinstance(spec, SparseFeature))
    dense = kinds.count(FixedLenFeature) + kinds.count(FixedLenSequenceFeature)
    ragged = kinds.count(RaggedFeature)
    return (f"Tdense_{dense}_num_sparse_{sparse}_ragged_split_types_{ragged}_ragged_value_types_"
            f"{ragged}_sparse_types_{sparse}")


def parse_single_example(serialized, features, example_names=None, name=None):
    """Parses one serialized Example (a scalar string) into a dict of tensors."""
    if convert_to_tensor(serialized, dtype=dtypes.string).shape.rank not in (0, None):
        raise ValueError("Input serialized must be a scalar")
    return parse_example(serialized, features)


# --- tf.io.parse_sequence_example: context features and feature lists --------------------------
def _step_values(sequence, key, spec):
    """One 1-D array of values per step of the feature list `key` (None when it is absent)."""
    lists = sequence.feature_lists.feature_list
    if key not in lists:
        return None
    return [_values_of(f, key, spec, None, "ParseSequenceExampleV2")
            for f in lists[key].feature]


def _parse_feature_lists(sequences, scalar, specs):
    """The sequence features of SequenceExamples: per key a [steps] + shape tensor (a dense
    FixedLenSequenceFeature), a SparseTensor [steps, longest] (VarLenFeature) or a
    RaggedTensor [steps, None] (RaggedFeature), with a leading batch dimension unless
    `scalar`; and the number of steps of each dense one."""
    from .ragged_ops import RaggedTensor
    out, lengths = {}, {}
    for key in _in_tf_order(specs):
        spec = specs[key]
        source = getattr(spec, "value_key", None) or key
        steps = [_step_values(s, source, spec) for s in sequences]
        if isinstance(spec, FixedLenSequenceFeature):
            if any(st is None for st in steps) and not spec.allow_missing:
                raise _parse_error(
                    f"Name: <unknown>, Feature list '{key}' is required but could not be "
                    f"found.  Did you mean to include it in "
                    f"feature_list_dense_missing_assumed_empty or feature_list_dense_defaults?",
                    "ParseSequenceExampleV2")
            flat = [np.concatenate(st) if st else np.array([], _np_dtype(spec))
                    for st in (s or [] for s in steps)]
            padded, counts = _padded_rows(flat, spec, key, "ParseSequenceExampleV2",
                                          what="Feature")
            out[key] = _from_numpy(padded[0] if scalar else padded)
            lengths[key] = _from_numpy(counts)
            continue
        steps = [st or [] for st in steps]
        if isinstance(spec, VarLenFeature):
            out[key] = _sparse_of_steps(steps, scalar, spec)
        else:
            rows = [RaggedTensor.from_row_lengths(
                _from_numpy(np.concatenate(st).astype(_np_dtype(spec)) if st else
                            np.array([], _np_dtype(spec))),
                np.array([a.size for a in st], np.int64)) for st in steps]
            out[key] = rows[0] if scalar else _stack_ragged(rows)
    return out, lengths


def _sparse_of_steps(steps, scalar, spec):
    """VarLenFeature of feature lists: indices [step, i] ([example, step, i] in a batch)."""
    from .sparse_ops import SparseTensor
    indices, values = [], []
    for b, st in enumerate(steps):
        for t, a in enumerate(st):
            indices += [([] if scalar else [b]) + [t, i] for i in range(a.size)]
            values += list(a)
    longest_steps = max((len(st) for st in steps), default=0)
    longest = max((a.size for st in steps for a in st), default=0)
    shape = ([] if scalar else [len(steps)]) + [longest_steps, longest]
    return SparseTensor(np.array(indices, np.int64).reshape(-1, len(shape)),
                        _from_numpy(np.array(values + [None], _np_dtype(spec))[:-1]
                                    if spec.dtype == dtypes.string else
                                    np.array(values, _np_dtype(spec))),
                        np.array(shape, np.int64))


def _stack_ragged(rows):
    from .ragged_ops import RaggedTensor
    lengths = [int(r.nrows()) for r in rows]
    inner = RaggedTensor.from_row_lengths(
        _from_numpy(np.concatenate([r.flat_values.numpy() for r in rows])),
        np.concatenate([r.row_lengths().numpy() for r in rows]).astype(np.int64))
    return RaggedTensor.from_row_lengths(inner, np.array(lengths, np.int64))


def parse_single_sequence_example(serialized, context_features=None, sequence_features=None,
                                  example_name=None, name=None):
    """One serialized SequenceExample -> (its context features, its feature lists): the
    context as parse_single_example reads it, each feature list a tensor with one entry per
    step."""
    scalar, sequences = _examples(serialized, SequenceExample)
    context = _parse_features([s.context for s in sequences], scalar, context_features or {})
    lists, _ = _parse_feature_lists(sequences, scalar, sequence_features or {})
    return context, lists


def parse_sequence_example(serialized, context_features=None, sequence_features=None,
                           example_names=None, name=None):
    """A batch of serialized SequenceExamples -> (context, feature lists, lengths): dense
    feature lists padded to the longest sequence, and each one's number of steps."""
    scalar, sequences = _examples(serialized, SequenceExample)
    context = _parse_features([s.context for s in sequences], scalar, context_features or {})
    lists, lengths = _parse_feature_lists(sequences, scalar, sequence_features or {})
    return context, lists, lengths


# --- SparseTensors as strings: [indices, values, dense_shape], each a TensorProto ---------------
def _content_of(tensor):
    """serialize_tensor with strings in tensor_content (their lengths as varints, then their
    bytes), as TF writes a SparseTensor's parts."""
    t = convert_to_tensor(tensor)
    if t.dtype != dtypes.string:
        return serialize_tensor(t).numpy()
    array = t.numpy()
    shape = b"".join(_length_delimited(2, _key(1, 0) + _varint(d) if d else b"")
                     for d in array.shape)
    items = [_as_bytes(v) for v in array.reshape(-1)]
    data = _key(1, 0) + _varint(_ENUM_OF["string"]) + _length_delimited(2, shape)
    if items:
        content = b"".join(_varint(len(v)) for v in items) + b"".join(items)
        data += _length_delimited(4, content)
    return data


def _decode_string_list(content, count):
    lengths, pos = [], 0
    for _ in range(count):
        length, pos = _read_varint(content, pos)
        lengths.append(length)
    out = []
    for length in lengths:
        out.append(bytes(content[pos:pos + length]))
        pos += length
    return out


def _serialized_parts(indices, values, dense_shape):
    return [_content_of(indices), _content_of(values), _content_of(dense_shape)]


def serialize_sparse(sp_input, out_type=dtypes.string, name=None):
    """``tf.io.serialize_sparse``: a [3] string tensor, the serialized indices, values and
    dense shape of `sp_input`."""
    _string_out_type(out_type)
    parts = _serialized_parts(sp_input.indices, sp_input.values, sp_input.dense_shape)
    return _from_numpy(np.array(parts + [None], dtype=object)[:-1])


def serialize_many_sparse(sp_input, out_type=dtypes.string, name=None):
    """``tf.io.serialize_many_sparse``: one serialize_sparse row per entry of the first
    dimension (that dimension dropped from its indices and shape): shape [N, 3]."""
    _string_out_type(out_type)
    indices, values = sp_input.indices.numpy(), sp_input.values.numpy()
    shape = sp_input.dense_shape.numpy()
    rows = []
    for row in range(int(shape[0])):
        mine = indices[:, 0] == row
        rows.append(_serialized_parts(_from_numpy(indices[mine][:, 1:].astype(np.int64)),
                                      _from_numpy(values[mine]),
                                      _from_numpy(shape[1:].astype(np.int64))))
    return _from_numpy(np.array(rows, dtype=object).reshape(len(rows), 3))


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """``tf.io.deserialize_many_sparse``: the SparseTensor of [N, 3] serialized rows, the row
    number as its first index; each other dimension is the largest the rows give."""
    from .sparse_ops import SparseTensor
    rows = convert_to_tensor(serialized_sparse).numpy()
    if rows.ndim != 2 or rows.shape[1] != 3:
        raise errors.InvalidArgumentError(None, None, f"Serialized sparse should be a matrix "
                                                      f"with 3 columns, got shape "
                                                      f"{list(rows.shape)} "
                                                      f"[Op:DeserializeManySparse]")
    parts = [[parse_tensor(s, t).numpy() for s, t in zip(row, (dtypes.int64, dtype,
                                                                 dtypes.int64))]
             for row in rows]
    inner = np.max([p[2] for p in parts], axis=0) if parts else np.zeros(0, np.int64)
    indices = np.concatenate([np.hstack([np.full((len(p[0]), 1), i, np.int64), p[0]])
                              for i, p in enumerate(parts)] or [np.zeros((0, 1), np.int64)])
    values = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0)
    shape = np.concatenate([[len(parts)], inner]).astype(np.int64)
    return SparseTensor(_from_numpy(indices.astype(np.int64)),
                        _from_numpy(values.astype(dtypes.as_dtype(dtype)._np)),
                        _from_numpy(shape))


def _string_out_type(out_type):
    if dtypes.as_dtype(out_type) is not dtypes.string:
        raise NotImplementedError("eagerbook serializes SparseTensors as strings only "
                                  "(out_type=tf.string)")
