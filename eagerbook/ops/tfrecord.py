"""TFRecord files: ``tf.io.TFRecordWriter`` writes them, ``tf.data.TFRecordDataset`` reads.

A TFRecord file is a sequence of records, each ``length (uint64, little-endian)``, masked
CRC-32C of the length, the data, masked CRC-32C of the data; a GZIP or ZLIB file compresses
that whole sequence as one stream.
"""

import contextlib
import gzip
import struct
import zlib

from ..core import errors
from ..core.tensor import Tensor


# --- TFRecord files ----------------------------------------------------------------------------
def _crc_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc32c(data):
    """CRC-32C (Castagnoli), the checksum of TFRecord framing."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc(data):
    """The stored form of a checksum: rotated and offset, so that a CRC of data holding
    CRCs does not degenerate."""
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(data):
    """One TFRecord: length, its checksum, the data, the data's checksum."""
    length = struct.pack("<Q", len(data))
    return length + struct.pack("<I", masked_crc(length)) + data + \
        struct.pack("<I", masked_crc(data))


def read_records(data, where="record"):
    """The records of TFRecord-framed bytes, checksums verified."""
    pos = 0
    while pos < len(data):
        if pos + 12 > len(data):
            raise errors.DataLossError(None, None, f"truncated record at {pos} in {where}")
        (length,) = struct.unpack_from("<Q", data, pos)
        if struct.unpack_from("<I", data, pos + 8)[0] != masked_crc(data[pos:pos + 8]):
            raise errors.DataLossError(None, None, f"corrupted record at {pos} in {where}")
        body = data[pos + 12:pos + 12 + length]
        if len(body) < length or pos + 16 + length > len(data) or \
                struct.unpack_from("<I", data, pos + 12 + length)[0] != masked_crc(body):
            raise errors.DataLossError(None, None, f"corrupted record at {pos} in {where}")
        yield body
        pos += 16 + length


_COMPRESSION = {None: None, "": None, "NONE": None, "GZIP": "GZIP", "ZLIB": "ZLIB"}


def compression_of(options):
    """"GZIP", "ZLIB" or None from a compression name or TFRecordOptions."""
    name = getattr(options, "compression_type", options)
    try:
        return _COMPRESSION[name.upper() if isinstance(name, str) else name]
    except KeyError:
        raise ValueError(f"Unsupported compression type: {name!r}") from None


def compress(data, kind):
    if kind == "GZIP":
        return gzip.compress(data)
    return zlib.compress(data) if kind == "ZLIB" else data


class _ZlibStream:
    """A writable stream compressing into `file`: ZLIB, or GZIP (`wbits` 31: zlib's gzip
    header, as TF writes it)."""

    def __init__(self, file, wbits=zlib.MAX_WBITS):
        self._file, self._zlib = file, zlib.compressobj(wbits=wbits)

    def write(self, data):
        self._file.write(self._zlib.compress(data))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._file.write(self._zlib.flush())


def compressing_stream(file, kind):
    """A context manager writing into `file` what is written to it, compressed as `kind`
    says (the stream ends when the context does, even on an error)."""
    if kind == "GZIP":
        return _ZlibStream(file, wbits=31)
    if kind == "ZLIB":
        return _ZlibStream(file)
    return contextlib.nullcontext(file)


def decompress(data, kind):
    if kind == "GZIP":
        return gzip.decompress(data)
    return zlib.decompress(data) if kind == "ZLIB" else data


class TFRecordOptions:
    def __init__(self, compression_type=None, **unused):
        self.compression_type = compression_of(compression_type) or ""


class TFRecordWriter:
    """``tf.io.TFRecordWriter(path)``: ``write(record_bytes)`` appends one record."""

    def __init__(self, path, options=None):
        self._path = str(path)
        self._compression = compression_of(options)
        self._records = []
        self._file = open(self._path, "wb")  # noqa: SIM115 - closed by close()

    def write(self, record):
        if self._file is None:
            raise errors.FailedPreconditionError(None, None, "Writer is closed.")
        if isinstance(record, Tensor):
            record = record.numpy()
        data = frame(record if isinstance(record, bytes) else str(record).encode())
        if self._compression is None:
            self._file.write(data)
        else:  # a compressed file is one stream: written whole on flush/close
            self._records.append(data)

    def flush(self):
        if self._file is not None:
            if self._compression is not None:
                self._file.seek(0)
                self._file.write(compress(b"".join(self._records), self._compression))
                self._file.truncate()
            self._file.flush()

    def close(self):
        if self._file is not None:
            self.flush()
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def tf_record_iterator(path, options=None):
    """``tf.compat.v1.io.tf_record_iterator``: TF 1's reader, the records of one file as
    bytes (TF 2 reads them with ``tf.data.TFRecordDataset``)."""
    path = str(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory") from None
    yield from read_records(decompress(data, compression_of(options)), path)
