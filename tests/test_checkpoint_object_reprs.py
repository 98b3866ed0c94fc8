"""tf.train.Checkpoint and the reader of tf.train.load_checkpoint print as TF's objects do:
Python's default repr (TF defines none), not a summary of their contents."""
import re

import eagerbook as tf


def _default_repr(obj):
    return re.fullmatch(rf"<{re.escape(type(obj).__module__)}\.{type(obj).__name__} "
                        r"object at 0x[0-9a-f]+>", repr(obj))


def test_checkpoint_repr_is_the_default_object_repr(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    assert _default_repr(ckpt)
    assert type(ckpt).__name__ == "Checkpoint"


def test_checkpoint_reader_repr_is_the_default_object_repr(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    path = ckpt.save(str(tmp_path / "ck"))
    reader = tf.train.load_checkpoint(path)
    assert _default_repr(reader)
    assert type(reader).__name__ == "CheckpointReader"
