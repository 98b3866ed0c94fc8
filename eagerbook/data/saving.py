"""``Dataset.save(path)`` and ``tf.data.Dataset.load(path)``: a dataset's elements on disk.

The directory looks like TF's (its own format inside, readable without TensorFlow):

    path/dataset_spec.json     the element_spec (nesting, shapes, dtypes) and the format's name
    path/snapshot.metadata     JSON: the run id, compression, element count, shard count
    path/<run id>/00000000.shard/00000000.snapshot   the elements of shard 0, and so on

A ``.snapshot`` file is TFRecord-framed (each record has its length and CRC-32C checksums,
``eagerbook/ops/tfrecord.py``), optionally GZIP or ZLIB compressed as one stream; one record
is one element: its components, each as dtype, shape and raw little-endian bytes (strings as
length-prefixed bytes). Nothing is unpickled.

``shard_func(*element)`` picks each element's shard (an int64 scalar, all in one shard by
default); ``load`` reads the shards with ``reader_func`` (by default interleaved, one element
from each shard in turn, as TF does) and the `compression` it is given (TF's rule too). Each
JSON file is replaced whole (the metadata last), never left half-written. Damage gets
TF's error kinds: a missing spec file or shard is ``NotFoundError``, a checksum that does not
match is ``DataLossError``; a file cut short ends its shard where the last whole element ends
(as TF's reader does).
"""

import hashlib
import json
import os
import secrets
import struct

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..ops import tfrecord
from . import structure
from .dataset import (
    UNKNOWN,
    CacheDataset,
    Dataset,
    DatasetSpec,
    _UnaryDataset,
    _VariantDataset,
)

FORMAT = "eagerbook-dataset"
VERSION = 1
SPEC_FILE = "dataset_spec.json"
METADATA_FILE = "snapshot.metadata"


# --- the element_spec as JSON --------------------------------------------------------------------
def _spec_to_json(spec):
    if isinstance(spec, TensorSpec):
        shape = None if spec.shape.rank is None else spec.shape.as_list()
        return {"tensor": {"shape": shape, "dtype": spec.dtype.name}}
    if isinstance(spec, dict):
        return {"dict": {str(k): _spec_to_json(v) for k, v in spec.items()}}
    if isinstance(spec, tuple):
        return {"tuple": [_spec_to_json(v) for v in spec]}
    raise NotImplementedError(f"Dataset.save supports elements of tensors in tuples and dicts; "
                              f"this element_spec holds {spec!r}.")


def _spec_from_json(data):
    if "tensor" in data:
        shape = data["tensor"]["shape"]
        return TensorSpec(TensorShape(shape), dtypes.as_dtype(data["tensor"]["dtype"]))
    if "dict" in data:
        return {k: _spec_from_json(v) for k, v in data["dict"].items()}
    return tuple(_spec_from_json(v) for v in data["tuple"])


# --- one element as bytes ------------------------------------------------------------------------
def _encode_element(components):
    parts = [struct.pack("<I", len(components))]
    for tensor in components:
        array = tensor._value if isinstance(tensor, Tensor) else np.asarray(tensor)
        name = tensor.dtype.name.encode("ascii")
        parts.append(struct.pack("<H", len(name)) + name)
        parts.append(struct.pack("<B", array.ndim) + struct.pack(f"<{array.ndim}q", *array.shape))
        if tensor.dtype is dtypes.string:
            for item in array.reshape(-1):
                text = item if isinstance(item, bytes) else str(item).encode("utf-8")
                parts.append(struct.pack("<Q", len(text)) + text)
        else:
            parts.append(np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"),
                                                            copy=False).tobytes())
    return b"".join(parts)


def _decode_element(data, where):
    try:
        (count,), pos = struct.unpack_from("<I", data, 0), 4
        out = []
        for _ in range(count):
            (size,) = struct.unpack_from("<H", data, pos)
            dtype = dtypes.as_dtype(data[pos + 2:pos + 2 + size].decode("ascii"))
            pos += 2 + size
            (rank,) = struct.unpack_from("<B", data, pos)
            shape = struct.unpack_from(f"<{rank}q", data, pos + 1)
            pos += 1 + 8 * rank
            n = int(np.prod(shape, dtype=np.int64))
            if dtype is dtypes.string:
                items = []
                for _ in range(n):
                    (length,) = struct.unpack_from("<Q", data, pos)
                    items.append(bytes(data[pos + 8:pos + 8 + length]))
                    pos += 8 + length
                array = np.empty(n, dtype=object)
                array[:] = items
            else:
                np_dtype = np.dtype(dtype._np).newbyteorder("<")
                array = np.frombuffer(data, np_dtype, n, pos).astype(dtype._np)
                pos += n * np_dtype.itemsize
            out.append(_from_numpy(array.reshape(shape)))
        if pos != len(data):
            raise ValueError("trailing bytes")
        return out
    except (struct.error, ValueError, TypeError, UnicodeDecodeError) as exc:
        raise errors.DataLossError(None, None, f"corrupted element in {where} ({exc}) "
                                               "[Op:IteratorGetNext]") from None


# --- shard files ---------------------------------------------------------------------------------
def _shard_path(path, run_id, shard):
    return os.path.join(path, run_id, f"{shard:08d}.shard", "00000000.snapshot")


def _read_shard(name, compression):
    """The elements' bytes in one shard file, checksums verified."""
    try:
        with open(name, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{name}; No such file or directory "
                                               "[Op:IteratorGetNext]") from None
    try:
        data = tfrecord.decompress(data, compression)
    except Exception:  # noqa: BLE001 - any decompression failure is damage
        raise errors.DataLossError(None, None, f"corrupted record at 0 (Is this even a "
                                               f"TFRecord file?) in {name}") from None
    pos = 0
    while pos + 12 <= len(data):
        (length,) = struct.unpack_from("<Q", data, pos)
        if struct.unpack_from("<I", data, pos + 8)[0] != tfrecord.masked_crc(data[pos:pos + 8]):
            raise errors.DataLossError(None, None, f"corrupted record at {pos} (Is this even a "
                                                   f"TFRecord file?) in {name}")
        end = pos + 12 + length
        if end + 4 > len(data):
            return  # cut short: the shard ends with its last whole element, as in TF
        body = data[pos + 12:end]
        if struct.unpack_from("<I", data, end)[0] != tfrecord.masked_crc(body):
            raise errors.DataLossError(None, None, f"corrupted record at {pos} in {name}")
        yield body
        pos = end + 4


def _write_json(name, value):
    """Writes `name` whole or not at all (a temporary file renamed over it)."""
    with open(name + ".tmp", "w") as f:
        json.dump(value, f)
    os.replace(name + ".tmp", name)


def _read_json(name, what):
    try:
        with open(name) as f:
            value = json.load(f)
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"tf.data snapshot {what} file not found: "
                                               f"{name}.") from None
    except (OSError, ValueError) as exc:
        raise errors.DataLossError(None, None, f"{name} is not a readable {what} file "
                                               f"({exc}).") from None
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise errors.DataLossError(None, None, f"{name} was not written by Dataset.save.")
    return value


# --- save / load ---------------------------------------------------------------------------------
def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    path = os.fsdecode(path) if isinstance(path, (bytes, os.PathLike)) else str(path)
    kind = compression if compression in ("GZIP", "ZLIB") else None  # TF ignores other names
    spec = dataset.element_spec
    spec_json = _spec_to_json(spec)  # unsupported elements fail before anything is written
    parent = path
    while parent and not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if parent and not os.path.isdir(parent):
        raise errors.FailedPreconditionError(None, None, f"{parent} is not a directory")
    run_id = str(secrets.randbits(63))
    shards = {}  # shard index -> list of framed records
    count = 0
    for element in dataset._iterate():
        flat = structure.flatten(element)
        shard = 0
        if shard_func is not None:
            args = element if isinstance(element, tuple) else (element,)
            shard = int(convert_to_tensor(shard_func(*args)).numpy())
            if shard < 0:
                raise errors.InvalidArgumentError(
                    None, None, f"shard_func returned a negative shard index: {shard}.")
        shards.setdefault(shard, []).append(tfrecord.frame(_encode_element(flat)))
        count += 1
    os.makedirs(path, exist_ok=True)
    for shard, records in shards.items():
        name = _shard_path(path, run_id, shard)
        os.makedirs(os.path.dirname(name), exist_ok=True)
        with open(name, "wb") as f:
            f.write(tfrecord.compress(b"".join(records), kind))
    _write_json(os.path.join(path, SPEC_FILE), {"format": FORMAT, "version": VERSION,
                                                "element_spec": spec_json})
    _write_json(os.path.join(path, METADATA_FILE), {
        "format": FORMAT, "version": VERSION, "run_id": run_id, "compression": kind,
        "num_elements": count, "shards": sorted(shards)})


class LoadedShardDataset(Dataset):
    """The elements of one saved shard file, read lazily."""

    _tf_name = "_LoadDataset"

    def __init__(self, name, compression, spec):
        self._name, self._compression, self._spec = name, compression, spec

    def _iterate(self):
        for record in _read_shard(self._name, self._compression):
            yield structure.pack_as(self._spec, _decode_element(record, self._name))

    def _compute_spec(self):
        return self._spec

    def _cardinality(self):
        return UNKNOWN


class _KnownCount(_UnaryDataset):
    """The default reader's interleave of the shards, with the element count saved."""

    _tf_name = "_LoadDataset"

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _iterate(self):
        return self._input._iterate()

    def _cardinality(self):
        return self._count


def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
    # `wait` (for a save still running elsewhere) changes nothing: saves here finish first.
    path = os.fsdecode(path) if isinstance(path, (bytes, os.PathLike)) else str(path)
    spec_json = _read_json(os.path.join(path, SPEC_FILE), "element_spec")
    metadata = _read_json(os.path.join(path, METADATA_FILE), "metadata")
    try:
        spec = _spec_from_json(spec_json["element_spec"])
        run_id, shards = str(metadata["run_id"]), [int(s) for s in metadata["shards"]]
        count = int(metadata["num_elements"])
    except (KeyError, TypeError, ValueError) as exc:
        raise errors.DataLossError(None, None, f"The dataset saved at {path} has a malformed "
                                               f"spec or metadata file ({exc}).") from None
    if element_spec is not None:
        spec = element_spec
    # As in TF, the shards are read with the `compression` given here (not the saved one): a
    # mismatch is a DataLossError when reading.
    kind = compression if compression in ("GZIP", "ZLIB") else None
    shard_datasets = _VariantDataset(
        [LoadedShardDataset(_shard_path(path, run_id, shard), kind, spec) for shard in shards],
        DatasetSpec(spec))
    if reader_func is not None:
        return reader_func(shard_datasets)
    # TF's default reader: the shards interleaved, one element from each in turn.
    return _KnownCount(shard_datasets.interleave(lambda shard: shard,
                                                 cycle_length=os.cpu_count() or 1), count)


# --- Dataset.cache(filename): the first complete pass kept in two files ------------------------
class FileCacheDataset(_UnaryDataset):
    """``dataset.cache(filename)``: the first complete pass is written to
    ``filename.data-00000-of-00001`` (the elements, TFRecord-framed) and ``filename.index``
    (the element_spec and count); while ``filename.index`` exists, every pass reads the
    files instead of the input, as TF does (even for another pipeline naming the same file).

    A pass that stops early writes nothing; the data file and then the index are each written
    under a temporary name and renamed, so a crash never leaves a cache that looks complete.
    """

    _tf_name = "CacheDataset"

    def __init__(self, input_dataset, filename):
        super().__init__(input_dataset)
        self._filename = os.fsdecode(filename.numpy() if isinstance(filename, Tensor)
                                     else filename)

    def _paths(self):
        return f"{self._filename}.data-00000-of-00001", f"{self._filename}.index"

    def _iterate(self):
        data_path, index_path = self._paths()
        if os.path.exists(index_path):
            yield from self._read(data_path, index_path)
            return
        folder = os.path.dirname(self._filename) or "."
        if not os.path.isdir(folder):
            raise errors.NotFoundError(None, None, f"{self._filename}_0.lockfile; No such file "
                                                   f"or directory [Op:IteratorGetNext]")
        records = []
        for element in self._input._iterate():
            records.append(tfrecord.frame(_encode_element(structure.flatten(element))))
            yield element
        tmp = f"{data_path}.tempstate{secrets.randbits(63)}"
        with open(tmp, "wb") as f:
            f.write(b"".join(records))
        os.replace(tmp, data_path)
        _write_json(index_path, {"format": FORMAT, "version": VERSION, "count": len(records),
                                 "element_spec": _spec_to_json(self.element_spec)})

    def _read(self, data_path, index_path):
        _read_json(index_path, "cache index")
        flat_spec = structure.flatten(self.element_spec)
        for record in _read_shard(data_path, None):
            components = _decode_element(record, data_path)
            for i, (tensor, spec) in enumerate(zip(components, flat_spec, strict=False)):
                if tensor.dtype != spec.dtype:
                    raise errors.InvalidArgumentError(
                        None, None, f"Data type mismatch at component {i}: expected "
                                    f"{spec.dtype.name} but got {tensor.dtype.name}. "
                                    f"[Op:IteratorGetNext]")
            if len(components) != len(flat_spec):
                raise errors.InvalidArgumentError(
                    None, None, f"The cache holds elements of {len(components)} components; "
                                f"this dataset's have {len(flat_spec)}. [Op:IteratorGetNext]")
            yield structure.pack_as(self.element_spec, components)


def _cache_method(self, filename="", name=None):
    """Keeps the elements of the first complete pass (in memory, or in files when a
    `filename` is given) and replays them on every later pass."""
    if isinstance(filename, Tensor) or filename:
        return FileCacheDataset(self, filename)
    return CacheDataset(self)


# --- Dataset.snapshot(path): the pipeline's output kept on disk, keyed by the pipeline ------------
def _fingerprint_parts(value, out, seen):
    """Appends to `out` what identifies `value` in a pipeline: classes, numbers, strings, the
    bytes of arrays and tensors, and the code and constants of functions."""
    if isinstance(value, (bool, int, float, str, bytes, type(None))):
        out.append(repr(value))
    elif isinstance(value, Tensor):
        out.append(repr((value.dtype.name, value.shape.as_list(),
                         value.numpy().tobytes() if value.dtype is not dtypes.string
                         else value.numpy().tolist())))
    elif isinstance(value, np.ndarray):
        out.append(repr((value.dtype.str, value.shape, value.tobytes())))
    elif isinstance(value, (list, tuple)):
        for item in value:
            _fingerprint_parts(item, out, seen)
    elif isinstance(value, dict):
        for key in sorted(value, key=repr):
            out.append(repr(key))
            _fingerprint_parts(value[key], out, seen)
    elif hasattr(value, "__code__"):
        code = value.__code__
        out.append(repr((code.co_code, code.co_consts, code.co_names)))
    elif isinstance(value, (range, slice, dtypes.DType, TensorShape, TensorSpec)):
        out.append(repr(value))
    elif isinstance(value, Dataset):
        if id(value) in seen:
            return
        seen.add(id(value))
        out.append(type(value).__name__)
        for key, item in sorted(vars(value).items()):
            if not key.endswith("_cache") and key != "_cached":
                out.append(key)
                _fingerprint_parts(item, out, seen)


def fingerprint(dataset):
    """A decimal fingerprint of the pipeline that makes `dataset` (same pipeline, same
    fingerprint), naming its snapshot's folder as TF's graph fingerprint does."""
    parts = []
    _fingerprint_parts(dataset, parts, set())
    digest = hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).digest()
    return str(int.from_bytes(digest[:8], "little"))


class SnapshotDataset(_UnaryDataset):
    """``dataset.snapshot(path)``: the first complete pass is saved under
    ``path/<fingerprint>`` (``Dataset.save``'s format); later passes, in this program or
    another, read it while the pipeline is the same. A pass that stops early saves nothing."""

    _tf_name = "_SnapshotDataset"

    def __init__(self, input_dataset, path, compression="AUTO", reader_func=None,
                 shard_func=None):
        super().__init__(input_dataset)
        self._path = os.fsdecode(path.numpy() if isinstance(path, Tensor) else path)
        self._compression = compression if compression in ("GZIP", "ZLIB") else None
        self._reader_func = reader_func
        self._shard_func = shard_func

    def _iterate(self):
        folder = os.path.join(self._path, fingerprint(self._input))
        if os.path.exists(os.path.join(folder, METADATA_FILE)):
            yield from load(folder, compression=self._compression,
                            reader_func=self._reader_func)._iterate()
            return
        elements = []
        for element in self._input._iterate():
            elements.append(element)
            yield element
        save(_VariantDataset(elements, self.element_spec), folder, self._compression,
             self._shard_func)


def _snapshot_method(self, path, compression="AUTO", reader_func=None, shard_func=None,
                     name=None):
    """Saves the first complete pass under `path` and reads it back on later passes."""
    return SnapshotDataset(self, path, compression, reader_func, shard_func)


# The Dataset methods (this module sits above dataset.py, so it adds them there).
def _save_method(self, path, compression=None, shard_func=None, checkpoint_args=None):
    """Writes the elements under the directory `path` (``Dataset.load`` reads them back)."""
    save(self, path, compression, shard_func, checkpoint_args)


Dataset.save = _save_method
Dataset.load = staticmethod(load)
Dataset.cache = _cache_method
Dataset.snapshot = _snapshot_method
