"""Lists and dicts on a tf.train.Checkpoint, and values for attributes assigned after
``restore()`` (TF's deferred restoration), as the training-checkpoints guide uses them."""

import numpy as np

import eagerbook as tf


def test_lists_and_dicts_are_saved_and_restored_into_late_items(tmp_path):
    save = tf.train.Checkpoint()
    save.listed = [tf.Variable(1.0)]
    save.listed.append(tf.Variable(2.0))
    save.mapped = {"one": save.listed[0]}
    save.mapped["two"] = save.listed[1]
    path = save.save(str(tmp_path / "list_example"))
    names = [name for name, _ in tf.train.list_variables(path)]
    assert "listed/0/.ATTRIBUTES/VARIABLE_VALUE" in names
    assert "listed/1/.ATTRIBUTES/VARIABLE_VALUE" in names

    restore = tf.train.Checkpoint()
    v2 = tf.Variable(0.0)
    restore.mapped = {"two": v2}
    restore.restore(path)
    assert v2.numpy() == 2.0
    restore.listed = []
    assert repr(restore.listed) == "ListWrapper([])"
    v1 = tf.Variable(0.0)
    restore.listed.append(v1)  # restored the moment it joins the list
    assert v1.numpy() == 1.0
    assert isinstance(restore.listed, list) and isinstance(restore.mapped, dict)
    assert repr(restore.mapped).startswith("DictWrapper({'two': ")


def test_attribute_assigned_after_restore_gets_its_value(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable(5.0), b=tf.Variable([1.0, 2.0])).save(
        str(tmp_path / "ck"))
    new = tf.train.Checkpoint()
    status = new.restore(path)
    new.a = tf.Variable(0.0)
    assert new.a.numpy() == 5.0
    new.b = tf.Variable([0.0, 0.0])
    np.testing.assert_array_equal(new.b.numpy(), [1.0, 2.0])
    status.assert_consumed()


def test_late_attribute_with_the_wrong_shape_is_refused_and_unchanged(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0])).save(str(tmp_path / "ck"))
    new = tf.train.Checkpoint()
    new.restore(path)
    wrong = tf.Variable([0.0, 0.0, 0.0])
    try:
        new.a = wrong
    except ValueError:
        pass
    np.testing.assert_array_equal(wrong.numpy(), [0.0, 0.0, 0.0])


def test_module_lists_and_dicts_round_trip(tmp_path):
    class Holder(tf.Module):
        def __init__(self):
            super().__init__()
            self.vs = [tf.Variable(1.0), tf.Variable(2.0)]
            self.d = {"a": tf.Variable(3.0)}

    path = tf.train.Checkpoint(model=Holder()).save(str(tmp_path / "m"))
    other = Holder()
    other.vs[0].assign(9.0)
    other.d["a"].assign(9.0)
    tf.train.Checkpoint(model=other).restore(path).assert_consumed()
    assert (other.vs[0].numpy(), other.d["a"].numpy()) == (1.0, 3.0)


def test_temp_files_of_killed_writers_are_swept_by_the_next_save(tmp_path):
    import os
    import subprocess
    import sys

    # A writer process that exits without cleaning up (as a SIGKILL would leave it).
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    pid = int(dead.stdout)
    stale = tmp_path / f".ckpt-3.index.{pid}.0badf00d.tmp"
    stale.write_bytes(b"half-written")
    mine = tmp_path / f".ckpt-3.index.{os.getpid()}.0badf00d.tmp"  # a live writer's file
    mine.write_bytes(b"in progress")
    other = tmp_path / "notes.tmp"  # not our pattern: never touched
    other.write_bytes(b"")
    tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / "ckpt"))
    assert not stale.exists()
    assert mine.exists() and other.exists()
