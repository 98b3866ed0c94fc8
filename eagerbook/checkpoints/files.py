"""The two files of a checkpoint: written so that a kill never loses both the old and the new
checkpoint, read so that no damaged file can crash the reader or restore wrong values.

``prefix.data-00000-of-00001`` is a ZIP archive of uncompressed ``.npy`` members (``np.load``
opens it), one per variable, named by the variable's path, plus ``manifest.json``: the object
graph with every array's dtype, shape and SHA-256, and a random ``generation`` token that is new
at every save. ``prefix.index`` holds the same manifest plus the SHA-256 of the whole data file.

Writing: both files go to temporary files first, then the data file is renamed into place, then
the index. A kill between the two renames leaves a new data file beside the old index; the
reader notices (the index's file hash does not match, and the data file's own manifest has a
different generation) and restores the new checkpoint from the data file alone, after checking
each array against the hash its own manifest records. A kill at any other moment leaves the old
or the new pair. Temporary files carry the writer's process id; the next save to the same place
deletes those whose process is gone, so no kill leaves them behind for good.

Reading trusts nothing: JSON field types are checked, array headers are compared with the
manifest before any array data is read, member sizes must agree with the shapes they declare
(so memory never exceeds the file's own size), compressed or pickled members are refused, and
the data file's name comes from the prefix, never from the manifest. Every failure of the data
file is TF's ``DataLossError``; a damaged ``.index`` file is TF's plain ``OpError``.
"""

import hashlib
import io
import json
import math
import os
import re
import struct
import zipfile

import numpy as np

from ..core import dtypes, errors

FORMAT = "eagerbook-checkpoint"
VERSION = 2
DATA_SUFFIX = ".data-00000-of-00001"
INDEX_SUFFIX = ".index"
MANIFEST_MEMBER = "manifest.json"
_CHUNK = 1 << 20


# --- writing -------------------------------------------------------------------------------------
def temp_name(path):
    """A temporary file name beside `path` that says which process writes it."""
    return os.path.join(os.path.dirname(path) or ".",
                        f".{os.path.basename(path)}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _process_is_gone(pid):
    if pid == os.getpid():
        return False  # our own file: removed by the `finally` of the write that made it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError):
        return False
    return False


# What temp_name makes: ".<target>.<pid>.<hex digits>.tmp".
_TEMP_NAME = re.compile(r"^\..+\.(\d+)\.[0-9a-f]+\.tmp$")


def remove_stale_temp_files(path):
    """Deletes the temporary files left in `path`'s directory by writes whose process was
    killed (any target: a save to ckpt-3 killed midway is swept by the save of ckpt-4).

    Only names of our own pattern are touched, and only when their writer's process id no
    longer exists: a live writer's file is never removed. (A dead writer's id reused by an
    unrelated process only delays the sweep.)"""
    directory = os.path.dirname(path) or "."
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        match = _TEMP_NAME.match(name)
        if match and _process_is_gone(int(match.group(1))):
            try:
                os.remove(os.path.join(directory, name))
            except (FileNotFoundError, IsADirectoryError, PermissionError):
                pass  # another process cleaned it first, or it is not ours to remove


def write_temp(path, write):
    """Writes a temporary file beside `path` with ``write(f)``, flushed to disk: its name."""
    tmp = temp_name(path)
    try:
        with open(tmp, "xb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _remove_quietly(tmp)
        raise
    return tmp


def _remove_quietly(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _sync_directory(directory):
    try:
        fd = os.open(directory or ".", os.O_RDONLY)
    except OSError:
        return  # not possible on every platform; the renames are still atomic
    try:
        os.fsync(fd)
    except OSError:  # some filesystems refuse fsync on a directory; the renames stay atomic
        pass
    finally:
        os.close(fd)


def _c_order(array):
    return array if array.flags.c_contiguous else array.copy(order="C")


def _npy_bytes(array):
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, _c_order(array), allow_pickle=False)
    return buffer.getvalue()


def _write_data(f, manifest, arrays):
    with zipfile.ZipFile(f, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as archive:
        for key, array in arrays.items():
            archive.writestr(key + ".npy", _npy_bytes(array))
        archive.writestr(MANIFEST_MEMBER, _dump(manifest))


def _dump(manifest):
    return json.dumps(manifest, indent=1, sort_keys=True).encode()


def write_files(prefix, manifest, arrays):
    """Writes ``prefix.index`` and ``prefix.data-...`` (see the module docstring for the order).

    `manifest` holds the object graph; every ``variable`` entry names its array in `arrays` by
    ``key``. The array hashes, the generation and the data file's hash are added here.
    """
    prefix = os.fspath(prefix)
    data_path, index_path = prefix + DATA_SUFFIX, prefix + INDEX_SUFFIX
    remove_stale_temp_files(data_path)
    remove_stale_temp_files(index_path)
    manifest = dict(manifest, format=FORMAT, version=VERSION, generation=os.urandom(16).hex())
    for node in manifest["nodes"]:
        spec = node.get("variable")
        if spec is not None:
            spec["sha256"] = hashlib.sha256(_c_order(arrays[spec["key"]]).data).hexdigest()
    data_tmp = write_temp(data_path, lambda f: _write_data(f, manifest, arrays))
    index_tmp = None
    try:
        index = dict(manifest, data_sha256=_file_sha256(data_tmp))
        index_tmp = write_temp(index_path, lambda f: f.write(_dump(index)))
        os.replace(data_tmp, data_path)
        data_tmp = None
        os.replace(index_tmp, index_path)
        index_tmp = None
        _sync_directory(os.path.dirname(prefix))
    finally:
        for leftover in (data_tmp, index_tmp):
            if leftover is not None:
                _remove_quietly(leftover)
    return prefix


def _file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


# --- reading -------------------------------------------------------------------------------------
def data_loss(path, why):
    return errors.DataLossError(None, None, f"Unable to read checkpoint {path}: {why}")


def unreadable_index(index_path, cause):
    """A damaged ``.index`` file: TF reports it as a plain OpError (not DataLossError), with
    the data loss code; `cause` says what is wrong with it."""
    error = errors.OpError(None, None, f"Unable to read file ({index_path}). Perhaps the file "
                                       f"is corrupt or was produced by a newer version of "
                                       f"TensorFlow with format changes ({cause.message})")
    error.error_code = errors.DataLossError.error_code
    return error


def _is_int(x):
    return type(x) is int  # not bool, not float


def _is_str(x):
    return type(x) is str


def check_manifest(path, manifest, what="the .index file"):
    """Checks every field of a parsed manifest; raises DataLossError naming the first bad one."""
    if type(manifest) is not dict or manifest.get("format") != FORMAT:
        raise data_loss(path, f"{what} is not an eagerbook checkpoint manifest.")
    if manifest.get("version") != VERSION or not _is_int(manifest.get("version")):
        raise data_loss(path, f"unsupported checkpoint version {manifest.get('version')!r}.")
    if not _is_str(manifest.get("generation")):
        raise data_loss(path, f"{what} has no generation token.")
    nodes = manifest.get("nodes")
    if type(nodes) is not list or not nodes:
        raise data_loss(path, f"{what} has no object graph.")
    n = len(nodes)
    keys = set()
    for i, node in enumerate(nodes):
        if (type(node) is not dict or type(node.get("children")) is not dict
                or not _is_str(node.get("path"))):
            raise data_loss(path, f"node {i} of the object graph is malformed.")
        for name, j in node["children"].items():
            if not _is_int(j) or not 0 <= j < n or j == i:
                raise data_loss(path, f"node {i} has a bad edge {name!r} -> {j!r}.")
        order = node.get("order", sorted(node["children"]))
        if type(order) is not list or sorted(order, key=str) != sorted(node["children"]):
            raise data_loss(path, f"the order of the edges of node {i} is malformed.")
        spec = node.get("variable")
        if spec is not None:
            _check_variable(path, i, spec)
            if spec["key"] in keys:
                raise data_loss(path, f"two variables share the key {spec['key']!r}.")
            keys.add(spec["key"])
    for i, node in enumerate(nodes):
        slots = node.get("slots", [])
        if type(slots) is not list:
            raise data_loss(path, f"the slots of node {i} are malformed.")
        for rec in slots:
            if not (type(rec) is dict and _is_str(rec.get("slot_name"))
                    and all(_is_int(rec.get(k)) and 0 <= rec[k] < n
                            for k in ("variable", "slot"))
                    and "variable" in nodes[rec["slot"]]
                    and "variable" in nodes[rec["variable"]]):
                raise data_loss(path, f"a slot record of node {i} is malformed.")


def _check_variable(path, i, spec):
    shape = spec.get("shape") if type(spec) is dict else None
    if not (type(spec) is dict and _is_str(spec.get("key")) and spec["key"]
            and _is_str(spec.get("name")) and _is_str(spec.get("sha256"))
            and type(shape) is list and len(shape) <= 64
            and all(_is_int(d) and d >= 0 for d in shape)):
        raise data_loss(path, f"variable node {i} is malformed.")
    try:
        dtype = dtypes.as_dtype(spec.get("dtype")) if _is_str(spec.get("dtype")) else None
    except (TypeError, ValueError):
        dtype = None
    if dtype is None or dtype.name != spec["dtype"]:
        raise data_loss(path, f"variable node {i} has an unknown dtype {spec.get('dtype')!r}.")


def _parse_json(path, raw, what):
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        detail = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise data_loss(path, f"{what} is truncated or corrupted ({detail}).") from None


def _open_archive(path, data_path):
    try:
        archive = zipfile.ZipFile(data_path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise data_loss(path, f"the data file {data_path} is truncated or corrupted, or not a "
                              f"checkpoint data file ({exc}).") from None
    return archive


def _member(path, archive, name, size_limit):
    """The ZipInfo of `name`, stored uncompressed and no larger than the data file itself."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise data_loss(path, f"the data file is unreadable (it has no {name!r}).") from None
    if info.compress_type != zipfile.ZIP_STORED:
        raise data_loss(path, f"the data file is unreadable ({name!r} is compressed; "
                              "checkpoints store arrays uncompressed).")
    if info.file_size != info.compress_size or info.file_size > size_limit:
        raise data_loss(path, f"the data file is unreadable ({name!r} declares "
                              f"{info.file_size} bytes in a {size_limit}-byte file).")
    return info


def _embedded_manifest(path, archive, size_limit):
    info = _member(path, archive, MANIFEST_MEMBER, size_limit)
    with archive.open(info) as f:
        raw = f.read(info.file_size)
    manifest = _parse_json(path, raw, "the data file's manifest")
    check_manifest(path, manifest, "the data file's manifest")
    return manifest


def _read_array(path, archive, spec, size_limit, verify_hash):
    """One array, its .npy header checked against `spec` before its data is read."""
    name = spec["key"] + ".npy"
    info = _member(path, archive, name, size_limit)
    dtype = dtypes.as_dtype(spec["dtype"])
    with archive.open(info) as f:
        try:
            version = np.lib.format.read_magic(f)
            if version == (1, 0):
                shape, fortran, stored = np.lib.format.read_array_header_1_0(f)
            elif version == (2, 0):
                shape, fortran, stored = np.lib.format.read_array_header_2_0(f)
            else:
                raise ValueError(f"unsupported .npy version {version}")
        except (ValueError, EOFError, TypeError, SyntaxError) as exc:
            raise data_loss(path, f"the data file is unreadable (the header of {name!r}: "
                                  f"{exc}).") from None
        if stored.hasobject:
            raise data_loss(path, f"the data file is unreadable ({name!r} holds pickled Python "
                                  "objects, which checkpoints never load).")
        if list(shape) != spec["shape"]:
            raise data_loss(path, f"array {spec['key']!r} has shape {shape}, the manifest says "
                                  f"{tuple(spec['shape'])}.")
        if dtype is dtypes.string:
            if stored.kind != "S":
                raise data_loss(path, f"array {spec['key']!r} is not a string array.")
        elif stored != dtype._np:
            raise data_loss(path, f"array {spec['key']!r} has dtype {stored}, the manifest "
                                  f"says {dtype.name}.")
        nbytes = math.prod(shape) * stored.itemsize
        if nbytes != info.file_size - f.tell():
            raise data_loss(path, f"array {spec['key']!r} declares {nbytes} bytes of data but "
                                  f"its member holds {info.file_size - f.tell()}.")
        try:
            raw = f.read(nbytes)  # reaching the member's end makes zipfile check its CRC
        except (zipfile.BadZipFile, OSError, EOFError) as exc:
            raise data_loss(path, f"the data file is truncated or corrupted ({exc}).") from None
    if len(raw) != nbytes:
        raise data_loss(path, f"array {spec['key']!r} is truncated.")
    if verify_hash and hashlib.sha256(raw).hexdigest() != spec["sha256"]:
        raise data_loss(path, f"array {spec['key']!r} is corrupted (its SHA-256 does not "
                              "match the manifest).")
    array = np.frombuffer(raw, dtype=stored).reshape(shape, order="F" if fortran else "C")
    if dtype is dtypes.string:
        return np.array(array.tolist(), dtype=object).reshape(array.shape)
    return array.copy()


def read_files(path):
    """Loads and verifies the checkpoint at prefix `path`: ``(manifest, {node id: ndarray})``.

    Raises NotFoundError if there is no checkpoint there and DataLossError if it is damaged.
    """
    path = os.fspath(path)
    index_path, data_path = path + INDEX_SUFFIX, path + DATA_SUFFIX
    _refuse_directory(index_path)
    if not os.path.isfile(index_path):
        raise errors.NotFoundError(
            None, None, f"Failed to find any matching files for {path} (no {index_path}). "
            "Pass the prefix returned by save(), e.g. tf.train.latest_checkpoint(directory).")
    try:
        with open(index_path, "rb") as f:
            index = _parse_json(path, f.read(), "the .index file")
        check_manifest(path, index)
        if not _is_str(index.get("data_sha256")):
            raise data_loss(path, "the .index file has no data file hash.")
    except errors.DataLossError as exc:
        raise unreadable_index(index_path, exc) from None
    _refuse_directory(data_path)
    if not os.path.isfile(data_path):
        raise errors.NotFoundError(None, None, f"Checkpoint {path}: its data file {data_path} "
                                               "is missing.")
    size = os.path.getsize(data_path)
    try:
        return _read_data(path, index, data_path, size)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError,
            RuntimeError, struct.error) as exc:  # a damaged member's local header, ...
        raise data_loss(path, f"the data file {data_path} is truncated or corrupted "
                              f"({type(exc).__name__}: {exc}).") from None


def _refuse_directory(file_path):
    """A directory where a checkpoint file belongs: TF's plain OpError (code UNKNOWN)."""
    if os.path.isdir(file_path):
        raise errors.OpError(None, None, f"{file_path}; Is a directory")


def _first_difference(index, manifest):
    """Where the index disagrees with the data file's manifest, in words."""
    for key in sorted(set(index) | set(manifest) - {"data_sha256"}):
        if key != "nodes" and key != "data_sha256" and index.get(key) != manifest.get(key):
            return f"its {key} is {index.get(key)!r}, the data file says {manifest.get(key)!r}"
    ours, theirs = index["nodes"], manifest["nodes"]
    if len(ours) != len(theirs):
        return f"it has {len(ours)} objects, the data file {len(theirs)}"
    for i, (a, b) in enumerate(zip(ours, theirs)):
        spec_a, spec_b = a.get("variable") or {}, b.get("variable") or {}
        for field in sorted(set(spec_a) | set(spec_b)):
            if spec_a.get(field) != spec_b.get(field):
                return (f"the {field} of {b.get('path') or '(root)'!r} is "
                        f"{spec_a.get(field)!r}, the data file says {spec_b.get(field)!r}")
        if a != b:
            return f"object {i} ({b.get('path') or '(root)'!r}) differs from the data file's"
    return "it differs from the data file's manifest"


def _read_data(path, index, data_path, size):
    with _open_archive(path, data_path) as archive:
        data_intact = _file_sha256(data_path) == index["data_sha256"]
        manifest = _embedded_manifest(path, archive, size)
        if data_intact:
            # The data file is the one the index was written with, so its own copy of the
            # manifest must be the index's: a damaged index that still parses is caught here.
            if manifest != {k: v for k, v in index.items() if k != "data_sha256"}:
                raise unreadable_index(path + INDEX_SUFFIX, data_loss(
                    path, f"the .index file is corrupted: {_first_difference(index, manifest)}."))
            verify_hash = False
        elif manifest["generation"] == index["generation"]:
            raise data_loss(path, f"{data_path} is truncated or corrupted (its SHA-256 does "
                                  "not match the one recorded in the .index file).")
        else:
            # A save was killed between renaming the data file and the index: the data file is
            # the newer checkpoint. Trust it only if every array matches its recorded hash.
            verify_hash = True
        arrays = {}
        for i, node in enumerate(manifest["nodes"]):
            spec = node.get("variable")
            if spec is not None:
                arrays[i] = _read_array(path, archive, spec, size, verify_hash)
    return manifest, arrays
