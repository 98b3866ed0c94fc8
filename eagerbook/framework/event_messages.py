"""Event files read back: ``tf.compat.v1.train.summary_iterator(path)``.

Each record of an event file (``ops/event_files.py`` writes them) is an ``Event`` protocol
buffer. Here they are decoded into small objects with the field names of TF's messages, so
that TF 1.x code reading its logs runs as it is:

    for event in tf.compat.v1.train.summary_iterator(path):
        for value in event.summary.value:
            print(event.step, value.tag, tf.make_ndarray(value.tensor))

Decoded: ``Event`` (``wall_time``, ``step``, ``file_version``, ``graph_def`` as bytes,
``summary``), ``Summary.Value`` (``tag``, ``simple_value``, ``tensor`` as a TensorProto that
``tf.make_ndarray`` reads, ``metadata``) and ``SummaryMetadata`` (``plugin_data.plugin_name``
and ``.content``, ``display_name``, ``summary_description``). Other fields are skipped.
"""

import struct

from ..core import dtypes
from ..ops.example_ops import _DTYPE_OF, _decode_string_list, _fields, _typed_values
from ..ops.tfrecord import read_records
from .tensor_proto import TensorProto


class _Message:
    """Fields as attributes; ``HasField`` says whether a message field was present."""

    _messages = ()

    def HasField(self, name):  # noqa: N802 - the protocol buffer method's name
        if name not in self._messages:
            raise ValueError(f'Protocol message has no singular "{name}" field.')
        return name in self._present

    def __repr__(self):
        shown = ", ".join(f"{k}={v!r}" for k, v in vars(self).items() if k != "_present")
        return f"{type(self).__name__}({shown})"


class PluginData(_Message):
    def __init__(self, data=b""):
        self.plugin_name, self.content = "", b""
        for number, _, raw in _fields(data):
            if number == 1:
                self.plugin_name = bytes(raw).decode("utf-8")
            elif number == 2:
                self.content = bytes(raw)


class SummaryMetadata(_Message):
    _messages = ("plugin_data",)

    def __init__(self, data=b""):
        self.plugin_data, self.display_name, self.summary_description = PluginData(), "", ""
        self._present = set()
        for number, _, raw in _fields(data):
            if number == 1:
                self.plugin_data = PluginData(raw)
                self._present.add("plugin_data")
            elif number == 2:
                self.display_name = bytes(raw).decode("utf-8")
            elif number == 3:
                self.summary_description = bytes(raw).decode("utf-8")


class Value(_Message):
    """One ``Summary.Value``: a tag and its value (a float, or a tensor with metadata)."""

    _messages = ("metadata", "tensor")

    def __init__(self, data=b""):
        self.tag, self.simple_value = "", 0.0
        self.metadata, self.tensor = SummaryMetadata(), None
        self._present = set()
        for number, _, raw in _fields(data):
            if number == 1:
                self.tag = bytes(raw).decode("utf-8")
            elif number == 2:
                self.simple_value = struct.unpack("<f", struct.pack("<I", raw))[0]
                self._present.add("simple_value")
            elif number == 8:
                self.tensor = _tensor_proto(bytes(raw))
                self._present.add("tensor")
            elif number == 9:
                self.metadata = SummaryMetadata(raw)
                self._present.add("metadata")
        if self.tensor is None:
            self.tensor = TensorProto(dtypes.float32, ())

    def WhichOneof(self, name):  # noqa: N802 - the protocol buffer method's name
        for kind in ("simple_value", "tensor"):
            if kind in self._present:
                return kind
        return None


class Summary(_Message):
    def __init__(self, data=b""):
        self.value = [Value(raw) for number, _, raw in _fields(data) if number == 1]


class Event(_Message):
    _messages = ("summary", "file_version", "graph_def")

    def __init__(self, data):
        self.wall_time, self.step, self.file_version = 0.0, 0, ""
        self.graph_def, self.summary = b"", Summary()
        self._present = set()
        for number, _, raw in _fields(data):
            if number == 1:
                self.wall_time = struct.unpack("<d", struct.pack("<Q", raw))[0]
            elif number == 2:
                self.step = raw - (1 << 64) if raw >= 1 << 63 else raw
            elif number == 3:
                self.file_version = bytes(raw).decode("utf-8")
                self._present.add("file_version")
            elif number == 4:
                self.graph_def = bytes(raw)
                self._present.add("graph_def")
            elif number == 5:
                self.summary = Summary(raw)
                self._present.add("summary")


def _tensor_proto(data):
    """A serialized TensorProto as eagerbook's TensorProto (what ``tf.make_ndarray`` takes)."""
    dtype_name, shape, content, strings, values = "float32", [], b"", [], []
    for number, wire_type, raw in _fields(data):
        if number == 1:
            dtype_name = _DTYPE_OF.get(raw, dtype_name)
        elif number == 2:
            shape = [dict((n, v) for n, _, v in _fields(dim)).get(1, 0)
                     for n, _, dim in _fields(raw) if n == 2]
        elif number == 4:
            content = bytes(raw)
        elif number == 8:
            strings.append(bytes(raw))
        else:
            values.append((number, wire_type, raw))
    dtype = dtypes.as_dtype(dtype_name)
    if dtype is dtypes.string:
        if content:
            strings = _decode_string_list(content, _size(shape))
        return TensorProto(dtype, shape, values=strings)
    return TensorProto(dtype, shape, tensor_content=content, values=_typed_values(values))


def _size(shape):
    size = 1
    for d in shape:
        size *= d
    return size


def summary_iterator(path):
    """The events of the event file at `path`, oldest first, as ``Event`` objects. A damaged
    record is TF's DataLossError, raised when the reading reaches it (the events before it
    are yielded first, as in TF)."""
    with open(path, "rb") as f:
        data = f.read()
    for record in read_records(data, path):
        yield Event(record)
