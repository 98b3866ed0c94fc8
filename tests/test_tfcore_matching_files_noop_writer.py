"""tf.io.matching_files, and tf.summary's no-op writer recording nothing (TF 2.21)."""

import os

import eagerbook as tf


def test_matching_files(tmp_path):
    for name in ["b.txt", "a.txt", "c.csv"]:
        (tmp_path / name).write_text("x")
    found = tf.io.matching_files(os.path.join(tmp_path, "*.txt"))
    assert found.dtype == tf.string
    assert [os.path.basename(f) for f in found.numpy().tolist()] == [b"a.txt", b"b.txt"]
    both = tf.io.matching_files([os.path.join(tmp_path, "*.csv"), os.path.join(tmp_path, "a*")])
    assert [os.path.basename(f) for f in both.numpy().tolist()] == [b"a.txt", b"c.csv"]
    assert tf.io.matching_files(os.path.join(tmp_path, "none", "*")).shape == (0,)


def test_noop_writer_records_nothing():
    with tf.summary.create_noop_writer().as_default():
        assert not tf.summary.scalar("s", 1.0, step=1).numpy()
        assert not tf.summary.histogram("h", [1.0, 2.0], step=1).numpy()
