"""Dataset.save / tf.data.Dataset.load: elements round-trip through the directory format of
eagerbook/data/saving.py, and damage gets TF's error kinds (checked against TF 2.21: a missing
spec or shard file is NotFoundError, a bad record DataLossError, a file cut short ends early)."""

import glob
import json
import os

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import errors


def _dataset():
    return tf.data.Dataset.from_tensor_slices(
        ({"a": np.array([1, 2, 3], np.int32)},
         np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)))


def _values(dataset):
    return [(e[0]["a"].item(), e[1].tolist()) for e in dataset.as_numpy_iterator()]


EXPECTED = [(1, [1.0, 2.0]), (2, [3.0, 4.0]), (3, [5.0, 6.0])]


def test_round_trip_keeps_elements_spec_and_count(tmp_path):
    _dataset().save(str(tmp_path / "saved"))
    loaded = tf.data.Dataset.load(str(tmp_path / "saved"))
    assert loaded.element_spec == _dataset().element_spec
    assert int(loaded.cardinality()) == 3
    assert _values(loaded) == EXPECTED
    assert _values(loaded) == EXPECTED  # a second pass reads the files again
    names = sorted(os.listdir(tmp_path / "saved"))
    assert names[1:] == ["dataset_spec.json", "snapshot.metadata"] and names[0].isdigit()


def test_strings_empty_and_ragged_elements(tmp_path):
    tf.data.Dataset.from_tensor_slices(["x", "", "yy\u00e9"]).save(str(tmp_path / "s"))
    assert list(tf.data.Dataset.load(str(tmp_path / "s")).as_numpy_iterator()) == \
        [b"x", b"", "yy\u00e9".encode()]
    tf.data.Dataset.range(3).map(lambda n: tf.range(n)).save(str(tmp_path / "r"))
    assert [a.tolist() for a in tf.data.Dataset.load(str(tmp_path / "r"))
            .as_numpy_iterator()] == [[], [0], [0, 1]]
    tf.data.Dataset.range(0).save(str(tmp_path / "empty"))
    assert list(tf.data.Dataset.load(str(tmp_path / "empty"))) == []


def test_shards_are_interleaved_on_load_and_reader_func_sees_them(tmp_path):
    path = str(tmp_path / "sharded")
    tf.data.Dataset.range(6).save(path, shard_func=lambda x: x % 2)
    assert len(glob.glob(os.path.join(path, "*", "*.shard"))) == 2
    assert list(tf.data.Dataset.load(path).as_numpy_iterator()) == [0, 1, 2, 3, 4, 5]
    chained = tf.data.Dataset.load(path, reader_func=lambda shards: shards.flat_map(
        lambda shard: shard))
    assert list(chained.as_numpy_iterator()) == [0, 2, 4, 1, 3, 5]


def test_compression_must_match_as_in_tf(tmp_path):
    path = str(tmp_path / "gz")
    _dataset().save(path, compression="GZIP")
    assert _values(tf.data.Dataset.load(path, compression="GZIP")) == EXPECTED
    with pytest.raises(errors.DataLossError, match="corrupted record at 0"):
        list(tf.data.Dataset.load(path))


def test_saving_again_replaces_the_saved_elements(tmp_path):
    path = str(tmp_path / "again")
    _dataset().save(path)
    tf.data.Dataset.range(2).save(path)
    assert list(tf.data.Dataset.load(path).as_numpy_iterator()) == [0, 1]


def _shard(path):
    return glob.glob(os.path.join(path, "*", "*.shard", "*.snapshot"))[0]


def test_damage_gets_tfs_error_kinds(tmp_path):
    path = str(tmp_path / "d")
    with pytest.raises(errors.NotFoundError, match="element_spec file not found"):
        tf.data.Dataset.load(path)
    _dataset().save(path)
    shard = _shard(path)
    data = open(shard, "rb").read()
    open(shard, "wb").write(data[:len(data) // 2])  # cut short: TF reads the whole elements
    assert _values(tf.data.Dataset.load(path)) == EXPECTED[:1]
    flipped = bytearray(data)
    flipped[30] ^= 0xFF  # inside the first element: its checksum no longer matches
    open(shard, "wb").write(bytes(flipped))
    with pytest.raises(errors.DataLossError, match="corrupted record at 0"):
        list(tf.data.Dataset.load(path))
    open(shard, "wb").write(b"\0" * len(data))
    with pytest.raises(errors.DataLossError, match="corrupted record"):
        list(tf.data.Dataset.load(path))
    os.remove(shard)
    with pytest.raises(errors.NotFoundError, match="No such file or directory"):
        list(tf.data.Dataset.load(path))
    with open(os.path.join(path, "snapshot.metadata"), "w") as f:
        f.write("{not json")
    with pytest.raises(errors.DataLossError, match="snapshot.metadata"):
        tf.data.Dataset.load(path)
    with open(os.path.join(path, "dataset_spec.json"), "w") as f:
        json.dump({"format": "something else"}, f)
    with pytest.raises(errors.DataLossError, match="was not written by Dataset.save"):
        tf.data.Dataset.load(path)


def test_save_under_a_file_is_tfs_failed_precondition(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(errors.FailedPreconditionError, match="is not a directory"):
        _dataset().save(str(tmp_path / "file" / "inside"))


def test_experimental_names(tmp_path):
    tf.data.experimental.save(tf.data.Dataset.range(3), str(tmp_path / "e"))
    assert list(tf.data.experimental.load(str(tmp_path / "e")).as_numpy_iterator()) == [0, 1, 2]
