"""``tf.io.gfile``: TF's file API, here on the local file system only.

TF routes every path through a file system chosen by its scheme (``gs://``, ``ram://``, ...);
eagerbook knows the local one, written as a plain path or ``file://path``. What TF adds over
Python's ``open`` and ``os`` is kept: failures are ``tf.errors`` (``NotFoundError``,
``AlreadyExistsError``, ...), a ``GFile`` opens its file on first use, ``mkdir`` of an
existing directory is fine, and ``copy``/``rename`` refuse to replace a file unless asked.
"""

import glob as _glob
import os
import shutil

from ..core.errors import (
    AlreadyExistsError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    UnimplementedError,
)

__all__ = ["GFile", "copy", "exists", "get_registered_schemes", "glob", "isdir", "join",
           "listdir", "makedirs", "mkdir", "remove", "rename", "rmtree", "stat", "walk"]

_FILE_SCHEME = "file://"


def _local(path):
    """The local path a TF path names (``file:///tmp/x`` is ``/tmp/x``)."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = path.decode()
    if path.startswith(_FILE_SCHEME):
        return path[len(_FILE_SCHEME):]
    if "://" in path:
        scheme = path.split("://", 1)[0]
        raise UnimplementedError(
            None, None, f"File system scheme '{scheme}' not implemented (file: '{path}')")
    return path


def _missing(path):
    return NotFoundError(None, None, f"{path}; No such file or directory")


def exists(path):
    """Whether a file or directory is there."""
    return os.path.exists(_local(path))


def isdir(path):
    return os.path.isdir(_local(path))


def join(path, *paths):
    """Joins path parts as ``os.path.join`` does (a scheme prefix stays in front)."""
    return os.path.join(path, *paths)


def listdir(path):
    """The names in a directory (``NotFoundError`` if it is not a directory)."""
    local = _local(path)
    if not os.path.isdir(local):
        raise NotFoundError(None, None, f"Could not find directory {path}")
    return os.listdir(local)


def mkdir(path):
    """Makes one directory; its parent must exist. An existing directory is fine."""
    local = _local(path)
    if os.path.isdir(local):
        return
    parent = os.path.dirname(os.path.abspath(local))
    if not os.path.isdir(parent):
        raise _missing(path)
    os.mkdir(local)


def makedirs(path):
    """Makes a directory and any missing parents."""
    os.makedirs(_local(path), exist_ok=True)


def remove(path):
    """Deletes a file (a directory is a ``FailedPreconditionError``, as in TF)."""
    local = _local(path)
    if os.path.isdir(local):
        raise FailedPreconditionError(None, None, f"{path}; Is a directory")
    if not os.path.lexists(local):
        raise _missing(path)
    os.remove(local)


def rmtree(path):
    """Deletes a directory and everything in it."""
    local = _local(path)
    if not os.path.exists(local):
        raise NotFoundError(None, None, f"{path} not found")
    shutil.rmtree(local)


def _check_target(src, dst, overwrite):
    if not os.path.exists(_local(src)):
        raise _missing(src)
    if not overwrite and os.path.exists(_local(dst)):
        raise AlreadyExistsError(None, None, "file already exists")


def copy(src, dst, overwrite=False):
    """Copies a file; an existing ``dst`` is replaced only with ``overwrite=True``."""
    _check_target(src, dst, overwrite)
    shutil.copyfile(_local(src), _local(dst))


def rename(src, dst, overwrite=False):
    """Moves a file or directory; an existing ``dst`` is replaced only with ``overwrite``."""
    _check_target(src, dst, overwrite)
    os.replace(_local(src), _local(dst))


class FileStatistics:
    """What ``stat`` reports: ``length`` in bytes, ``mtime_nsec``, ``is_directory``."""

    def __init__(self, length, mtime_nsec, is_directory):
        self.length = length
        self.mtime_nsec = mtime_nsec
        self.is_directory = is_directory


def stat(path):
    local = _local(path)
    if not os.path.exists(local):
        raise _missing(path)
    info = os.stat(local)
    return FileStatistics(info.st_size, info.st_mtime_ns, os.path.isdir(local))


def walk(top, topdown=True, onerror=None):
    """Yields ``(dirname, subdirs, files)`` for ``top`` and every directory below it (a
    missing ``top`` yields nothing)."""
    local = _local(top)
    if not os.path.isdir(local):
        return
    names = os.listdir(local)
    subdirs = [n for n in names if os.path.isdir(os.path.join(local, n))]
    files = [n for n in names if n not in subdirs]
    if topdown:
        yield top, subdirs, files
    for name in subdirs:
        yield from walk(join(top, name), topdown, onerror)
    if not topdown:
        yield top, subdirs, files


def glob(pattern):
    """The paths matching a pattern (or any of a list of patterns). A pattern without a
    directory part matches in ``./``, and the results say so (``./a.txt``), as in TF."""
    patterns = [pattern] if isinstance(pattern, (str, bytes)) else list(pattern)
    found = []
    for one in patterns:
        local = _local(one)
        if not os.path.dirname(local):
            local = os.path.join(".", local)
        found.extend(sorted(_glob.glob(local)))
    return found


def get_registered_schemes():
    """The path schemes understood here: the local file system's (``''`` and ``file``)."""
    return ["file", ""]


class GFile:
    """A file with TF's interface: opened on first use, ``read`` gives ``str`` in text modes
    and ``bytes`` in ``'rb'``, ``size()`` is the file's length, and using a file against its
    mode is a ``PermissionDeniedError``."""

    _MODES = ("r", "w", "a", "r+", "w+", "a+")

    def __init__(self, name, mode="r"):
        if mode.replace("b", "") not in self._MODES:
            raise InvalidArgumentError(
                None, None, "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'")
        self.name = name
        self._mode = mode
        self._file = None

    @property
    def mode(self):
        return self._mode

    def _opened(self):
        if self._file is None:
            local = _local(self.name)
            if self._mode.startswith("r") and not os.path.exists(local):
                raise _missing(self.name)
            self._file = open(local, self._mode.replace("b", "") + "b")
        return self._file

    def _decoded(self, data):
        return data if "b" in self._mode else data.decode()

    def _readable(self):
        if not (self._mode.startswith("r") or "+" in self._mode):
            raise PermissionDeniedError(None, None, "File isn't open for reading")
        return self._opened()

    def read(self, n=-1):
        return self._decoded(self._readable().read(n))

    def readline(self):
        return self._decoded(self._readable().readline())

    def readlines(self):
        return [self._decoded(line) for line in self._readable().readlines()]

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, file_content):
        if self._mode.startswith("r") and "+" not in self._mode:
            raise PermissionDeniedError(None, None, "File isn't open for writing")
        if isinstance(file_content, str):
            file_content = file_content.encode()
        self._opened().write(file_content)

    def seek(self, offset=None, whence=0, position=None):
        if position is not None:
            offset = position
        self._opened().seek(offset, whence)

    def tell(self):
        return self._opened().tell()

    def size(self):
        return stat(self.name).length

    def flush(self):
        if self._file is not None:
            self._file.flush()

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
