"""TensorBoard event files, written by hand: what ``tf.keras.callbacks.TensorBoard`` logs.

An event file is a sequence of records, each ``length (uint64, little-endian)``,
``masked CRC-32C of the length``, ``data``, ``masked CRC-32C of the data``; each record's data
is an ``Event`` protocol buffer. Only the few fields TensorBoard needs for scalar curves are
encoded here (field numbers from TensorFlow's ``event.proto`` and ``summary.proto``):

* ``Event``: ``wall_time`` (1, double), ``step`` (2, int64), ``file_version`` (3, string),
  ``summary`` (5, message);
* ``Summary``: repeated ``value`` (1, message); ``Summary.Value``: ``tag`` (1, string),
  ``simple_value`` (2, float).
"""

import os
import socket
import struct
import time

from ..ops.tfrecord import crc32c, frame
from ..ops.tfrecord import masked_crc as _masked_crc


# --- the protocol-buffer wire format, for the fields above ---------------------------------
def _varint(value):
    out = bytearray()
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _field(number, wire_type, payload):
    return _varint((number << 3) | wire_type) + payload


def _bytes_field(number, data):
    return _field(number, 2, _varint(len(data)) + data)


def _scalar_value(tag, value):
    return _bytes_field(1, tag.encode("utf-8")) + _field(2, 5, struct.pack("<f", float(value)))


def encode_event(wall_time, step=0, file_version=None, scalars=None):
    """One ``Event`` message: a file-version header or a summary of scalar values."""
    data = _field(1, 1, struct.pack("<d", wall_time))
    if step:
        data += _field(2, 0, _varint(step & 0xFFFFFFFFFFFFFFFF))
    if file_version is not None:
        data += _bytes_field(3, file_version.encode("utf-8"))
    if scalars:
        summary = b"".join(_bytes_field(1, _scalar_value(tag, value))
                           for tag, value in scalars.items())
        data += _bytes_field(5, summary)
    return data


class EventFileWriter:
    """Appends events to ``<log_dir>/events.out.tfevents.<time>.<host>.<pid>.<n>.v2``."""

    _count = 0

    def __init__(self, log_dir):
        os.makedirs(log_dir, exist_ok=True)
        EventFileWriter._count += 1
        name = (f"events.out.tfevents.{int(time.time())}.{socket.gethostname()}."
                f"{os.getpid()}.{EventFileWriter._count}.v2")
        self.path = os.path.join(log_dir, name)
        self._file = open(self.path, "ab")  # noqa: SIM115 (closed by close())
        self._write(encode_event(time.time(), file_version="brain.Event:2"))

    def _write(self, data):
        self._file.write(frame(data))
        self._file.flush()

    def add_scalars(self, scalars, step):
        self._write(encode_event(time.time(), step=int(step), scalars=scalars))

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


__all__ = ["EventFileWriter", "crc32c", "encode_event", "frame", "read_events"]
