"""Downloading a data file once, checking it, and keeping it in Keras's cache.

``get_file(fname, origin, file_hash)`` works like ``tf.keras.utils.get_file``: the file lives in
``~/.keras/datasets/`` (or ``$KERAS_HOME/datasets/``), so a file Keras itself downloaded earlier is
reused. A download goes to a temporary file in the same directory and is renamed into place only
after its SHA-256 matched, so an interrupted or corrupted download never leaves a cache file.
"""

import hashlib
import os
import tempfile
import urllib.error
import urllib.request

OFFLINE_ENV = "EAGERBOOK_OFFLINE"


class OfflineError(OSError):
    """The file is not cached and the network may not (or could not) be used."""


def offline_requested():
    return os.environ.get(OFFLINE_ENV, "").strip().lower() not in ("", "0", "false", "no")


def keras_home():
    """``$KERAS_HOME`` or ``~/.keras`` (``/tmp/.keras`` when the home one is not writable)."""
    home = os.environ.get("KERAS_HOME")
    if home:
        return home
    home = os.path.join(os.path.expanduser("~"), ".keras")
    probe = home if os.path.isdir(home) else os.path.dirname(home)
    if not os.access(probe, os.W_OK):
        home = os.path.join(tempfile.gettempdir(), ".keras")
    return home


def sha256_of(path, chunk_size=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            digest.update(chunk)
    return digest.hexdigest()


def get_file(fname, origin, file_hash=None, cache_subdir="datasets", cache_dir=None,
             timeout=60, quiet=False):
    """The local path of `fname`, downloading it from `origin` first if it is not cached.

    Raises ``OfflineError`` when the file is missing and the network cannot be used
    (``EAGERBOOK_OFFLINE=1``, or the download failed), and ``ValueError`` when the downloaded
    bytes do not have the expected SHA-256 (nothing is left in the cache then).
    """
    directory = os.path.join(cache_dir or keras_home(), cache_subdir)
    path = os.path.join(directory, fname)
    if os.path.exists(path):
        if file_hash is None or sha256_of(path) == file_hash:
            return path
        if not quiet:
            print(f"A local file was found at {path}, but its SHA-256 does not match the "
                  "expected value (incomplete or outdated); downloading it again.")
    if offline_requested():
        raise OfflineError(f"{fname} is not cached in {directory} and {OFFLINE_ENV} is set, so "
                           "it was not downloaded.")
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as exc:
        raise OfflineError(f"Cannot create the cache directory {directory}: {exc}") from exc
    if not quiet:
        print(f"Downloading data from {origin}")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{fname}.", suffix=".part")
    try:
        digest = hashlib.sha256()
        try:
            with os.fdopen(fd, "wb") as out, urllib.request.urlopen(origin,
                                                                   timeout=timeout) as resp:
                for chunk in iter(lambda: resp.read(1 << 16), b""):
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise OfflineError(f"Could not download {origin}: {exc}") from exc
        actual = digest.hexdigest()
        if file_hash is not None and actual != file_hash:
            raise ValueError(f"The file downloaded from {origin} is corrupted or was changed: "
                             f"its SHA-256 is {actual}, expected {file_hash}. Nothing was "
                             "cached; try again later.")
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)
    return path
