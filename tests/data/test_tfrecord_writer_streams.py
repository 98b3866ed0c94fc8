"""tf.data.experimental.TFRecordWriter makes its file when write() starts and writes each record
as the dataset yields it, as TF does (file sizes and header bytes printed by TF 2.21)."""

import os

import pytest

import eagerbook as tf


def _records(path, compression=None):
    return [r.numpy() for r in tf.data.TFRecordDataset(path, compression)]


def test_a_failing_generator_leaves_the_records_before_it(tmp_path):
    def gen():
        yield b"a"
        yield b"b"
        raise ValueError("boom")

    path = str(tmp_path / "out.tfrec")
    writer = tf.data.experimental.TFRecordWriter(path)
    assert not os.path.exists(path)  # (made by write(), not by the constructor)
    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.string))
    with pytest.raises(Exception):  # noqa: B017 - the generator's error, whatever its kind
        writer.write(ds)
    assert os.path.getsize(path) == 34  # two framed one-byte records
    assert _records(path) == [b"a", b"b"]


@pytest.mark.parametrize("kind, size, head", [
    ("GZIP", 46, b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03cd"),
    ("ZLIB", 34, b"x\x9ccd\x80\x00\xc6\xd2{\x8e\x89\x15"),
])
def test_compressed_files_have_tfs_bytes(tmp_path, kind, size, head):
    path = str(tmp_path / f"out.{kind}")
    tf.data.experimental.TFRecordWriter(path, kind).write(
        tf.data.Dataset.from_tensor_slices([b"a", b"bc"]))
    with open(path, "rb") as f:
        data = f.read()
    assert (len(data), data[:12]) == (size, head)
    assert _records(path, kind) == [b"a", b"bc"]


def test_a_compressed_stream_is_ended_when_the_pipeline_fails(tmp_path):
    def gen():
        yield b"a"
        raise ValueError("x")

    path = str(tmp_path / "out.gz")
    with pytest.raises(Exception):  # noqa: B017 - the generator's error, whatever its kind
        tf.data.experimental.TFRecordWriter(path, "GZIP").write(
            tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.string)))
    assert os.path.getsize(path) == 32
    assert _records(path, "GZIP") == [b"a"]
