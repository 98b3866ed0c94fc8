"""tf.io.gfile on the local file system: results and TF's error kinds."""

import os

import pytest

import eagerbook as tf

gfile = tf.io.gfile


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("hello\nworld\n")
    return tmp_path


def test_exists_copy_remove_with_file_scheme(workdir):
    assert gfile.exists("a.txt") and gfile.exists(f"file://{workdir}/a.txt")
    gfile.copy("a.txt", f"file://{workdir}/b.txt")
    assert (workdir / "b.txt").read_text() == "hello\nworld\n"
    with pytest.raises(tf.errors.AlreadyExistsError):
        gfile.copy("a.txt", "b.txt")
    (workdir / "a.txt").write_text("new")
    gfile.copy("a.txt", "b.txt", overwrite=True)
    assert (workdir / "b.txt").read_text() == "new"
    gfile.remove("b.txt")
    assert not gfile.exists("b.txt")
    with pytest.raises(tf.errors.NotFoundError, match="nope; No such file or directory"):
        gfile.remove("nope")
    with pytest.raises(tf.errors.NotFoundError):
        gfile.copy("nope", "c.txt")


def test_directories(workdir):
    gfile.mkdir("d")
    gfile.mkdir("d")  # an existing directory is fine, as in TF
    with pytest.raises(tf.errors.NotFoundError):
        gfile.mkdir("x/y")
    gfile.makedirs("d/e/f")
    assert gfile.isdir("d/e") and not gfile.isdir("nope")
    assert sorted(gfile.listdir(".")) == ["a.txt", "d"]
    with pytest.raises(tf.errors.NotFoundError, match="Could not find directory"):
        gfile.listdir("a.txt")
    with pytest.raises(tf.errors.FailedPreconditionError):
        gfile.remove("d")
    walked = list(gfile.walk("."))
    assert walked[0] == (".", ["d"], ["a.txt"])
    assert [w[0] for w in walked] == [".", os.path.join(".", "d"), os.path.join(".", "d", "e"),
                                      os.path.join(".", "d", "e", "f")]
    assert list(gfile.walk("nope")) == []
    assert gfile.stat("d").is_directory and gfile.stat("a.txt").length == 12
    gfile.rmtree("d")
    assert not gfile.exists("d")
    with pytest.raises(tf.errors.NotFoundError):
        gfile.rmtree("d")


def test_rename_and_glob(workdir):
    (workdir / "z.txt").write_text("z")
    with pytest.raises(tf.errors.AlreadyExistsError):
        gfile.rename("a.txt", "z.txt")
    gfile.rename("a.txt", "z.txt", overwrite=True)
    assert (workdir / "z.txt").read_text() == "hello\nworld\n"
    assert gfile.glob("*.txt") == ["./z.txt"]
    assert gfile.glob(["*.txt", "nope/*"]) == ["./z.txt"]
    assert gfile.join("gcs://folder", "file.py") == "gcs://folder/file.py"


def test_gfile_reads_and_writes(workdir):
    f = gfile.GFile("a.txt")
    assert f.read(3) == "hel" and f.readline() == "lo\n" and f.tell() == 6
    assert f.size() == 12 and f.mode == "r" and f.name == "a.txt"
    f.seek(0)
    assert f.readlines() == ["hello\n", "world\n"]
    with pytest.raises(tf.errors.PermissionDeniedError):
        f.write("x")
    assert gfile.GFile("a.txt", "rb").read() == b"hello\nworld\n"
    with gfile.GFile("a.txt", "w") as out:
        with pytest.raises(tf.errors.PermissionDeniedError):
            out.read()
        out.write(b"bytes")
        out.write("str")
    with gfile.GFile("a.txt", "a") as out:
        out.write("\nmore\n")
    assert list(gfile.GFile("a.txt")) == ["bytesstr\n", "more\n"]


def test_gfile_errors(workdir):
    missing = gfile.GFile("nope")  # opened on first use, as in TF
    with pytest.raises(tf.errors.NotFoundError):
        missing.read()
    with pytest.raises(tf.errors.InvalidArgumentError):
        gfile.GFile("a.txt", "x")
    with pytest.raises(tf.errors.UnimplementedError):
        gfile.exists("gs://bucket/x")
