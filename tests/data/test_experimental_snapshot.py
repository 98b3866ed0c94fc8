"""tf.data.experimental.snapshot: Dataset.snapshot's older form, for dataset.apply. As TF's, it
snapshots the numbered elements (spread over shards) and maps the numbers away."""

import logging
import os

import eagerbook as tf


def _values(ds):
    return [int(x) for x in ds.as_numpy_iterator()]


def test_snapshot_transformation_writes_once_and_reads_back(tmp_path, caplog):
    path = str(tmp_path / "snap")
    calls = []

    def counted(x):
        return tf.py_function(lambda v: (calls.append(1), v * 2)[1], [x], tf.int64)

    with caplog.at_level(logging.WARNING):
        transformation = tf.data.experimental.snapshot(path)
    assert "snapshot (from tensorflow.python.data.experimental.ops.snapshot) is deprecated" \
        in caplog.text
    assert transformation.__qualname__ == "snapshot.<locals>._apply_fn"
    ds = tf.data.Dataset.range(5).map(counted).apply(transformation)
    assert repr(ds) == ("<_MapDataset element_spec=TensorSpec(shape=<unknown>, "
                        "dtype=tf.int64, name=None)>")
    assert _values(ds) == [0, 2, 4, 6, 8]
    assert len(os.listdir(path)) == 1
    calls.clear()
    assert _values(ds) == [0, 2, 4, 6, 8]
    assert calls == []  # the second pass reads the snapshot


def test_snapshot_transformation_with_a_shard_function_and_compression(tmp_path):
    path = str(tmp_path / "snap")
    ds = tf.data.Dataset.range(4).apply(tf.data.experimental.snapshot(
        path, compression="GZIP", shard_func=lambda x: x % 2))
    assert _values(ds) == [0, 1, 2, 3]
    assert sorted(_values(ds)) == [0, 1, 2, 3]
