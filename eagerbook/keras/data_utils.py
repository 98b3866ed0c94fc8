"""``tf.keras.utils.Sequence`` (data given batch by batch, by index) and ``get_file``.

A subclass says how many batches there are (``__len__``) and what batch ``i`` is
(``__getitem__``); ``fit`` asks for them in order, or shuffled each epoch when ``shuffle=True``
(its default), and calls ``on_epoch_end`` after each pass.
"""

import hashlib
import os
import random
import tarfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile


class Sequence:
    """Base class of batch-by-index data for ``fit``/``evaluate``/``predict``."""

    def __getitem__(self, index):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError

    def on_epoch_end(self):
        """Called after each epoch (a subclass may reshuffle its samples here)."""

    def __iter__(self):
        for index in range(len(self)):
            yield self[index]


class SequenceEpochs:
    """One pass over a Sequence per ``iter()``: its batches in order or, as TF's Keras
    shuffles them, in an order from Python's ``random`` (seeded by
    ``tf.keras.utils.set_random_seed``); ``on_epoch_end`` follows a complete pass."""

    def __init__(self, sequence, shuffle):
        self.sequence = sequence
        self.shuffle = shuffle

    def __len__(self):
        return len(self.sequence)

    def __iter__(self):
        order = list(range(len(self.sequence)))
        if self.shuffle:
            random.shuffle(order)
        for index in order:
            yield self.sequence[index]
        self.sequence.on_epoch_end()


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None,
             cache_subdir="datasets", hash_algorithm="auto", extract=False,
             archive_format="auto", cache_dir=None):
    """``tf.keras.utils.get_file``: the local path of a file downloaded from `origin` once and
    kept in ``~/.keras/<cache_subdir>`` (``/tmp/.keras`` when home is not writable).

    The download prints TF's lines (``Downloading data from ...`` and a progress bar in bytes);
    a cached file is reused unless `file_hash` (SHA-256 or MD5) says it changed. `untar`
    (a .tar.gz, returning the extracted directory's path) and `extract` (tar or zip, returning
    the archive's path) unpack it next to the file.
    """
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    base = os.path.expanduser(cache_dir or os.path.join(os.path.expanduser("~"), ".keras"))
    if not os.access(base, os.W_OK):
        base = os.path.join("/tmp", ".keras")
    datadir = os.path.join(base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)
    fname = os.fspath(fname) if fname is not None else ""
    if not fname:
        fname = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not fname:
            raise ValueError(f"Can't parse the file name from the origin provided: '{origin}'."
                             "Please specify the `fname` as the input param.")
    if untar:
        if fname.endswith(".tar.gz"):
            fname = fname[:-len(".tar.gz")]
        untar_path = os.path.join(datadir, fname)
        path = untar_path + ".tar.gz"
    else:
        path = os.path.join(datadir, fname)
    if _needs_download(path, file_hash, hash_algorithm):
        _download(origin, path)
        if file_hash is not None and not validate_file(path, file_hash, hash_algorithm):
            raise ValueError(f"Incomplete or corrupted file detected. The {hash_algorithm} file "
                             f"hash does not match the provided value of {file_hash}.")
    if untar:
        if not os.path.exists(untar_path):
            _extract_archive(path, datadir, "tar")
        return untar_path
    if extract:
        _extract_archive(path, datadir, archive_format)
    return path


def _needs_download(path, file_hash, hash_algorithm):
    if not os.path.exists(path):
        return True
    if file_hash is None or validate_file(path, file_hash, hash_algorithm):
        return False
    print(f"A local file was found, but it seems to be incomplete or outdated because the "
          f"{hash_algorithm} file hash does not match the original value of {file_hash} so we "
          "will re-download the data.")
    return True


def _download(origin, path):
    """Fetches `origin` into `path` with TF's progress bar (bytes as steps); a failed or
    interrupted download leaves no file behind."""
    print(f"Downloading data from {origin}")
    progress = _DownloadProgress()
    try:
        try:
            _retrieve(origin, path, progress)
        except urllib.error.HTTPError as e:
            raise Exception(f"URL fetch failure on {origin}: {e.code} -- {e.msg}") from None
        except urllib.error.URLError as e:
            raise Exception(f"URL fetch failure on {origin}: {e.errno} -- {e.reason}") from None
    except (Exception, KeyboardInterrupt):
        if os.path.exists(path):
            os.remove(path)
        raise


def _retrieve(origin, path, report, chunk_size=8192):
    """Copies `origin` to `path` a chunk at a time, reporting (chunks read, chunk size, total
    size or -1) after each read, the last (empty) one included, as TF's Keras reads."""
    with urllib.request.urlopen(origin) as response, open(path, "wb") as out:
        length = response.info().get("Content-Length")
        total = int(length.strip()) if length is not None else -1
        count = 0
        while True:
            chunk = response.read(chunk_size)
            count += 1
            report(count, chunk_size, total)
            if not chunk:
                break
            out.write(chunk)


class _DownloadProgress:
    """The download's report hook: a Progbar over the bytes received (target unknown when the
    server gives no size), finished once when the last block arrives."""

    def __init__(self):
        self.bar = None
        self.finished = False

    def __call__(self, block_number, block_size, total_size):
        from .callbacks import Progbar  # (callbacks import the models: import late)

        if self.bar is None:
            self.bar = Progbar(None if total_size == -1 else total_size)
        received = block_number * block_size
        if self.bar.target is None or received < self.bar.target:
            self.bar.update(received)
        elif not self.finished:
            self.bar.update(self.bar.target)
            self.finished = True


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535):
    """Whether the file's SHA-256 (or MD5: `algorithm`, or "auto" by the hash's length) is
    `file_hash`."""
    use_sha256 = algorithm == "sha256" or (algorithm == "auto" and len(file_hash) == 64)
    digest = hashlib.sha256() if use_sha256 else hashlib.md5()
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            digest.update(chunk)
    return digest.hexdigest() == str(file_hash)


def _extract_archive(file_path, path=".", archive_format="auto"):
    """Unpacks a tar or zip archive into `path` (a tar's members that would land outside it
    are skipped); False when the file is neither."""
    if archive_format is None:
        return False
    formats = ["tar", "zip"] if archive_format == "auto" else (
        [archive_format] if isinstance(archive_format, str) else list(archive_format))
    for kind in formats:
        if kind == "tar" and tarfile.is_tarfile(file_path):
            with tarfile.open(file_path) as archive:
                archive.extractall(path, members=_members_inside(archive, path))
            return True
        if kind == "zip" and zipfile.is_zipfile(file_path):
            with zipfile.ZipFile(file_path) as archive:
                archive.extractall(path)
            return True
    return False


def _members_inside(archive, path):
    root = os.path.realpath(path)
    for member in archive.getmembers():
        target = os.path.realpath(os.path.join(path, member.name))
        if os.path.commonpath([root, target]) == root and not member.issym() and \
                not member.islnk():
            yield member
