"""TensorBoard event files, written by hand: what ``tf.summary`` and
``tf.keras.callbacks.TensorBoard`` log.

An event file is a sequence of records, each ``length (uint64, little-endian)``,
``masked CRC-32C of the length``, ``data``, ``masked CRC-32C of the data``; each record's data
is an ``Event`` protocol buffer. Only the fields TensorBoard reads are encoded here (field
numbers from TensorFlow's ``event.proto`` and ``summary.proto``):

* ``Event``: ``wall_time`` (1, double), ``step`` (2, int64), ``file_version`` (3, string),
  ``graph_def`` (4, bytes: a serialized GraphDef), ``summary`` (5, message);
* ``Summary``: repeated ``value`` (1, message); ``Summary.Value``: ``tag`` (1, string), then
  either ``simple_value`` (2, float: the Keras callback's curves) or ``tensor`` (8, a
  TensorProto: what TF 2's ``tf.summary`` writes) with its ``metadata`` (9);
* ``SummaryMetadata``: ``plugin_data`` (1: ``plugin_name`` (1), ``content`` (2)), which
  tells TensorBoard which dashboard shows the value, and ``summary_description`` (3).
"""

import os
import socket
import struct
import time

import numpy as np

from ..core import dtypes
from .example_ops import DATA_TYPE_ENUM, _varint, tensor_proto_bytes
from .tfrecord import crc32c, frame
from .tfrecord import masked_crc as _masked_crc


# --- the protocol-buffer wire format, for the fields above ---------------------------------
def _field(number, wire_type, payload):
    return _varint((number << 3) | wire_type) + payload


def _bytes_field(number, data):
    return _field(number, 2, _varint(len(data)) + data)


def _scalar_value(tag, value):
    return _bytes_field(1, tag.encode("utf-8")) + _field(2, 5, struct.pack("<f", float(value)))


def tensor_value(tag, tensor_proto, plugin_name, description=None):
    """One ``Summary.Value`` holding a serialized TensorProto, for the dashboard `plugin_name`
    (``scalars``, ``histograms``, ``images``, ``text``, ...)."""
    metadata = _bytes_field(1, _bytes_field(1, plugin_name.encode("utf-8")))
    if description:
        metadata += _bytes_field(3, description.encode("utf-8"))
    return (_bytes_field(1, tag.encode("utf-8")) + _bytes_field(9, metadata)
            + _bytes_field(8, tensor_proto))


# --- GraphDef (graph.proto, node_def.proto, attr_value.proto), for the Graphs dashboard ------
def encode_graph_def(graph_def):
    """A GraphDef (``graph.as_graph_def()``) serialized: repeated ``node`` (1), each a NodeDef:
    ``name`` (1), ``op`` (2), repeated ``input`` (3), ``device`` (4), the ``attr`` map (5)."""
    nodes = []
    for node in graph_def.node:
        data = _bytes_field(1, node.name.encode()) + _bytes_field(2, node.op.encode())
        data += b"".join(_bytes_field(3, name.encode()) for name in node.input)
        if node.device:
            data += _bytes_field(4, node.device.encode())
        for key, value in node.attr.items():  # a map entry: key (1), AttrValue (2)
            data += _bytes_field(5, _bytes_field(1, key.encode())
                                 + _bytes_field(2, _attr_value(value.WhichOneof(), value._value)))
        nodes.append(_bytes_field(1, data))
    return b"".join(nodes)


def _attr_value(kind, value):
    """One AttrValue: ``list`` (1), ``s`` (2), ``i`` (3), ``f`` (4), ``b`` (5), ``type`` (6),
    ``shape`` (7), ``tensor`` (8), ``func`` (10, a NameAttrList: ``name`` (1))."""
    if kind == "s":
        return _bytes_field(2, value.encode("latin-1") if isinstance(value, str) else value)
    if kind in ("i", "b"):
        return _field(3 if kind == "i" else 5, 0, _varint(int(value)))
    if kind == "f":
        return _field(4, 5, struct.pack("<f", value))
    if kind == "type":
        return _field(6, 0, _varint(_data_type(value)))
    if kind == "shape":
        return _bytes_field(7, _shape(value))
    if kind == "tensor":
        array = np.asarray(value)
        dtype = dtypes.string if array.dtype == object else dtypes.from_numpy(array.dtype)
        return _bytes_field(8, tensor_proto_bytes(array, dtype))
    if kind == "func":
        return _bytes_field(10, _bytes_field(1, value.encode()))
    # list: (kind, items) pairs; numbers packed, each field number as in AttrValue.ListValue
    items = b""
    for item_kind, values in value:
        if item_kind == "i":
            items += _bytes_field(3, b"".join(_varint(v) for v in values))
        elif item_kind == "f":
            items += _bytes_field(4, struct.pack(f"<{len(values)}f", *values))
    return _bytes_field(1, items)


def _shape(shape):
    """A TensorShapeProto: ``dim`` (2) entries of ``size`` (1; -1 unknown), or
    ``unknown_rank`` (3)."""
    if shape.rank is None:
        return _field(3, 0, _varint(1))
    return b"".join(_bytes_field(2, _field(1, 0, _varint(-1 if d is None else d)))
                    for d in shape.as_list())


_RESOURCE_TYPES = {"resource": 20, "variant": 21}


def _data_type(dtype):
    return _RESOURCE_TYPES.get(dtype.name) or DATA_TYPE_ENUM[dtype.name]


def raw_value(tag, tensor_proto, metadata=None):
    """One ``Summary.Value`` of ``tf.summary.write``: `metadata` is a serialized
    SummaryMetadata (or None: no dashboard named)."""
    value = _bytes_field(1, tag.encode("utf-8"))
    if metadata:
        value += _bytes_field(9, metadata)
    return value + _bytes_field(8, tensor_proto)


def encode_event(wall_time, step=0, file_version=None, scalars=None, values=(),
                 graph_def=None):
    """One ``Event`` message: a file-version header, a summary (of scalar values, or of
    encoded ``Summary.Value``s), or a graph."""
    data = _field(1, 1, struct.pack("<d", wall_time))
    if step:
        data += _field(2, 0, _varint(step))
    if file_version is not None:
        data += _bytes_field(3, file_version.encode("utf-8"))
    if graph_def is not None:
        data += _bytes_field(4, graph_def)
    if scalars:
        values = [_scalar_value(tag, value) for tag, value in scalars.items()]
    if values:
        data += _bytes_field(5, b"".join(_bytes_field(1, value) for value in values))
    return data


class EventFileWriter:
    """Appends events to ``<log_dir>/events.out.tfevents.<time>.<host>.<pid>.<n>.v2``."""

    _count = 0

    def __init__(self, log_dir, suffix=".v2"):
        os.makedirs(log_dir, exist_ok=True)
        EventFileWriter._count += 1
        name = (f"events.out.tfevents.{int(time.time())}.{socket.gethostname()}."
                f"{os.getpid()}.{EventFileWriter._count}{suffix}")
        self.path = os.path.join(log_dir, name)
        self._file = open(self.path, "ab")  # noqa: SIM115 (closed by close())
        self._write(encode_event(time.time(), file_version="brain.Event:2"))

    def _write(self, data):
        self._file.write(frame(data))
        self._file.flush()

    def add_scalars(self, scalars, step):
        self._write(encode_event(time.time(), step=int(step), scalars=scalars))

    def add_values(self, values, step):
        """Writes encoded ``Summary.Value``s (`tensor_value`) as one event at `step`."""
        self._write(encode_event(time.time(), step=int(step), values=values))

    def add_graph(self, graph_def, step=0):
        """Writes a serialized GraphDef (what TensorBoard's graph dashboard draws)."""
        self._write(encode_event(time.time(), step=int(step), graph_def=graph_def))

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


def read_events(path):
    """The records of an event file, checksums verified (a small reader for tests)."""
    out = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        (length,) = struct.unpack_from("<Q", data, pos)
        (length_crc,) = struct.unpack_from("<I", data, pos + 8)
        if length_crc != _masked_crc(data[pos:pos + 8]):
            raise ValueError(f"{path}: corrupted record length at byte {pos}")
        body = data[pos + 12:pos + 12 + length]
        (body_crc,) = struct.unpack_from("<I", data, pos + 12 + length)
        if body_crc != _masked_crc(body):
            raise ValueError(f"{path}: corrupted record at byte {pos}")
        out.append(body)
        pos += 16 + length
    return out


__all__ = ["EventFileWriter", "crc32c", "encode_event", "encode_graph_def", "frame", "raw_value",
           "read_events", "tensor_value"]
