"""tf.keras.utils.get_file on local file:// origins: TF's printed lines, cache reuse, hashes,
untar/extract, and its errors (checked against TF 2.21 on the same archives)."""
import hashlib
import io
import os
import re
import tarfile
import zipfile

import pytest

import eagerbook as tf


def _tar_gz(path):
    with tarfile.open(path, "w:gz") as archive:
        data = b"hi\n"
        info = tarfile.TarInfo("flower_photos/daisy/a.txt")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    return "file://" + str(path)


def _zip(path):
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("flower_photos/daisy/a.txt", "hi\n")
    return "file://" + str(path)


@pytest.fixture
def cache(tmp_path):
    directory = tmp_path / "cache"
    directory.mkdir()  # (TF falls back to /tmp/.keras when the cache_dir is not writable)
    return str(directory)


def test_untar_downloads_once_with_tfs_lines_and_returns_the_directory(tmp_path, cache, capsys):
    origin = _tar_gz(tmp_path / "flower_photos.tgz")
    path = tf.keras.utils.get_file("flower_photos", origin=origin, untar=True, cache_dir=cache)
    assert path == os.path.join(cache, "datasets", "flower_photos")
    assert sorted(os.listdir(path)) == ["daisy"]
    out = capsys.readouterr().out
    assert re.fullmatch(rf"Downloading data from {re.escape(origin)}\n"
                        r"\r\d+/\d+ \[=+\] - \d+s \d+[mu]?s/step\n", out)
    assert tf.keras.utils.get_file("flower_photos", origin=origin, untar=True,
                                   cache_dir=cache) == path
    assert capsys.readouterr().out == ""  # cached: nothing downloaded or printed


def test_extract_keeps_the_archive_path_and_names_it_after_the_origin(tmp_path, cache):
    origin = _zip(tmp_path / "data.zip")
    path = tf.keras.utils.get_file(origin=origin, extract=True, cache_dir=cache,
                                   cache_subdir="zips")
    assert path == os.path.join(cache, "zips", "data.zip")
    assert sorted(os.listdir(os.path.dirname(path))) == ["data.zip", "flower_photos"]


def test_a_hash_that_does_not_match_downloads_again_then_fails(tmp_path, cache, capsys):
    origin = _zip(tmp_path / "data.zip")
    good = hashlib.sha256((tmp_path / "data.zip").read_bytes()).hexdigest()
    path = tf.keras.utils.get_file("data.zip", origin, file_hash=good, cache_dir=cache)
    assert tf.keras.utils.get_file("data.zip", origin, file_hash=good, cache_dir=cache) == path
    capsys.readouterr()
    with pytest.raises(ValueError, match=r"^Incomplete or corrupted file detected. The auto "
                                         r"file hash does not match the provided value of 0+\.$"):
        tf.keras.utils.get_file("data.zip", origin, file_hash="0" * 64, cache_dir=cache)
    assert capsys.readouterr().out.startswith(
        "A local file was found, but it seems to be incomplete or outdated because the auto "
        "file hash does not match the original value of 0000")
    md5 = hashlib.md5((tmp_path / "data.zip").read_bytes()).hexdigest()
    assert tf.keras.utils.get_file("data.zip", origin, md5_hash=md5, cache_dir=cache) == path


def test_errors_as_tf_words_them(tmp_path, cache):
    with pytest.raises(ValueError, match=r'^Please specify the "origin" argument \(URL of the '
                                         r'file to download\).$'):
        tf.keras.utils.get_file()
    missing = "file://" + str(tmp_path / "missing.bin")
    with pytest.raises(Exception, match=rf"^URL fetch failure on {re.escape(missing)}: "):
        tf.keras.utils.get_file("missing.bin", missing, cache_dir=cache)
    assert not os.path.exists(os.path.join(cache, "datasets", "missing.bin"))
