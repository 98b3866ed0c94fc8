"""Single-file saves for the paths TF writes as one file: ``model.save('m.h5')``,
``model.save('m.keras')``, ``model.save_weights('w.h5')``.

TF writes HDF5 there. eagerbook writes its own formats (the model directory, or the weights
checkpoint's ``.index`` and ``.data`` files) packed into one uncompressed ZIP archive at that
path, so code that saves to a ``.h5`` path and loads it back runs unchanged. The archive is
written beside its destination and renamed into place (a killed save leaves the old file), and
it is read defensively: only stored (uncompressed) members with plain relative names, whose
sizes add up to no more than the archive's own size, are unpacked -- into a temporary
directory that is removed afterwards. Real HDF5 files are recognized and refused; every
refusal is an OSError, as in TF.
"""

import contextlib
import os
import shutil
import tempfile
import zipfile

from . import files

SUFFIXES = (".h5", ".hdf5", ".keras")
_HDF5_MAGIC = b"\x89HDF\r\n\x1a\n"


def is_single_file_path(path, save_format=None):
    return save_format in ("h5", "keras") or os.fspath(path).endswith(SUFFIXES)


def pack(source_dir, path):
    """Writes every file under `source_dir` into the archive `path` (atomically)."""
    path = os.fspath(path)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    files.remove_stale_temp_files(path)

    def write(raw):
        with zipfile.ZipFile(raw, "w", zipfile.ZIP_STORED) as zf:
            for root, _, names in os.walk(source_dir):
                for name in sorted(names):
                    full = os.path.join(root, name)
                    zf.write(full, os.path.relpath(full, source_dir).replace(os.sep, "/"))

    tmp = files.write_temp(path, write)  # named so that a killed save's file gets swept
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


def _refuse(path, why):
    # A damaged or foreign single file is an OSError in TF (h5py cannot open it), whatever
    # the reason; the damage a checkpoint inside it may have is checked later (files.py).
    raise OSError(f"Unable to open file {path}: {why}")


@contextlib.contextmanager
def unpacked(path):
    """The archive `path` unpacked into a temporary directory (yielded), checked first."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise OSError(f"No file or directory found at {path}")
    with open(path, "rb") as f:
        head = f.read(8)
    if head == _HDF5_MAGIC:
        raise OSError(f"Unable to open file {path}: it is an HDF5 file (written by TensorFlow "
                      "or h5py); eagerbook reads the single files it writes itself.")
    if not zipfile.is_zipfile(path):
        _refuse(path, "not a file saved by eagerbook (truncated or another format).")
    limit = os.path.getsize(path)
    tmp = tempfile.mkdtemp(prefix="eagerbook-unpack-")
    try:
        try:
            with zipfile.ZipFile(path) as zf:
                members = zf.infolist()
                total = 0
                for info in members:
                    name = info.filename
                    parts = name.split("/")
                    if name.startswith("/") or ".." in parts or "\\" in name or not name:
                        _refuse(path, f"member name {name!r} is not a plain relative path.")
                    if info.compress_type != zipfile.ZIP_STORED:
                        _refuse(path, f"member {name!r} is compressed.")
                    total += info.file_size
                    if total > limit:
                        _refuse(path, "its members declare more bytes than the file holds.")
                for info in members:
                    if info.is_dir():
                        continue
                    target = os.path.join(tmp, *info.filename.split("/"))
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with zf.open(info) as src, open(target, "wb") as dst:
                        shutil.copyfileobj(src, dst)
        except (zipfile.BadZipFile, EOFError, ValueError) as exc:
            _refuse(path, f"the archive is damaged ({exc}).")
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


__all__ = ["SUFFIXES", "is_single_file_path", "pack", "unpacked"]
