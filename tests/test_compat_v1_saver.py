"""tf.compat.v1.train.Saver: TF 1.x's name-based checkpoints, and TF 2's Checkpoint reading them.

Expected messages and files are TF 2.21's for the same programs."""

import os

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.checkpoints import files

Saver = tf.compat.v1.train.Saver


def test_eager_save_restore_by_name_and_what_the_directory_holds(tmp_path):
    v = tf.Variable([1.0, 2.0], name="ev")
    w = tf.Variable(3, name="scope/w")
    saver = Saver([v, w], max_to_keep=2)
    prefix = str(tmp_path / "e.ckpt")
    assert saver.save(None, prefix) == prefix
    assert saver.save(None, prefix, global_step=7) == prefix + "-7"
    assert saver.save(None, prefix, global_step=tf.constant(8)) == prefix + "-8"
    last = saver.save(None, prefix, global_step=9)
    # max_to_keep=2: the two oldest are gone; no .meta file is written eagerly (as in TF)
    assert sorted(os.listdir(tmp_path)) == [
        "checkpoint", "e.ckpt-8.data-00000-of-00001", "e.ckpt-8.index",
        "e.ckpt-9.data-00000-of-00001", "e.ckpt-9.index"]
    assert saver.last_checkpoints == [prefix + "-8", prefix + "-9"]
    # TF 1.x's Saver records the paths as given, without timestamps
    assert (tmp_path / "checkpoint").read_text() == (
        f'model_checkpoint_path: "{last}"\n'
        f'all_model_checkpoint_paths: "{prefix}-8"\n'
        f'all_model_checkpoint_paths: "{last}"\n')
    assert tf.train.latest_checkpoint(str(tmp_path)) == last
    # listed by name, with no object graph entry
    assert tf.train.list_variables(last) == [("ev", [2]), ("scope/w", [])]
    assert tf.train.load_variable(last, "scope/w") == 3
    v.assign([5.0, 6.0])
    w.assign(0)
    assert saver.restore(None, last) is None
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
    assert int(w.numpy()) == 3


def test_save_relative_paths_and_padded_step(tmp_path):
    v = tf.Variable(1.0, name="v")
    saver = Saver({"v": v}, save_relative_paths=True, pad_step_number=True)
    path = saver.save(None, str(tmp_path / "m"), global_step=12)
    assert path.endswith("m-00000012")
    assert 'model_checkpoint_path: "m-00000012"' in (tmp_path / "checkpoint").read_text()


def test_graph_mode_saves_the_global_variables_and_restores_in_a_new_session(tmp_path):
    g = tf.Graph()
    with g.as_default():
        a = tf.compat.v1.get_variable("a", initializer=tf.constant([1.0, 2.0]))
        with tf.compat.v1.variable_scope("scoped"):
            b = tf.compat.v1.get_variable("b", initializer=tf.constant(4.0))
        saver = Saver()
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            sess.run(a.assign([7.0, 8.0]))
            path = saver.save(sess, str(tmp_path / "g.ckpt"), global_step=3)
            step = tf.compat.v1.train.get_or_create_global_step()
            sess.run(step.initializer)  # (made after the initializer above ran)
            bumped = tf.compat.v1.assign_add(step, 5)  # a tensor of the graph, run in sess
            assert saver.save(sess, str(tmp_path / "g.ckpt"), global_step=bumped).endswith("-5")
            assert saver.save(sess, str(tmp_path / "g.ckpt"), global_step=step).endswith("-5")
            with pytest.raises(TypeError, match="'sess' must be a Session; None"):
                saver.save(None, str(tmp_path / "g.ckpt"))
            sess.run(a.assign([0.0, 0.0]))
        with tf.compat.v1.Session() as sess:
            saver.restore(sess, path)
            got = sess.run([a, b])
    np.testing.assert_array_equal(got[0], [7.0, 8.0])
    assert got[1] == 4.0
    assert tf.train.list_variables(path) == [("a", [2]), ("scoped/b", [])]


def test_errors_as_tf(tmp_path):
    with pytest.raises(RuntimeError, match="When eager execution is enabled, `var_list` must"):
        Saver()
    with tf.Graph().as_default(), pytest.raises(ValueError, match="^No variables to save$"):
        Saver()
    v = tf.Variable([1.0, 2.0], name="ev")
    saver = Saver([v])
    path = saver.save(None, str(tmp_path / "c"))
    with pytest.raises(ValueError, match="^Can't load save_path when it is None.$"):
        saver.restore(None, None)
    with pytest.raises(ValueError, match="The passed save_path is not a valid checkpoint: "):
        saver.restore(None, str(tmp_path / "nope"))
    with pytest.raises(tf.errors.NotFoundError, match="Key other not found in checkpoint"):
        Saver({"other": v}).restore(None, path)
    longer = tf.Variable([1.0, 2.0, 3.0], name="ev")
    with pytest.raises(ValueError, match=r"Received incompatible tensor with shape \(2,\) when "
                                         r"attempting to restore variable with shape \(3,\) "
                                         "and name ev."):
        Saver([longer]).restore(None, path)
    with pytest.raises(ValueError, match="At least two variables have the same name: ev"):
        Saver([v, longer])
    twice = Saver([v, v]).save(None, str(tmp_path / "twice"))  # the same Variable: saved once
    assert tf.train.list_variables(twice) == [("ev", [2])]
    with pytest.raises(TypeError, match="Variable to save is not a Variable"):
        Saver({"c": tf.constant(1.0)})


def test_a_restore_checks_every_value_before_assigning_any(tmp_path):
    a, b = tf.Variable(1.0, name="a"), tf.Variable([1.0], name="b")
    path = Saver([a, b]).save(None, str(tmp_path / "c"))
    a.assign(5.0)
    wrong_b = tf.Variable([1.0, 2.0], name="b")
    with pytest.raises(ValueError, match="incompatible tensor"):
        Saver([a, wrong_b]).restore(None, path)
    assert float(a.numpy()) == 5.0  # not half restored


def test_a_damaged_checkpoint_is_data_loss_and_assigns_nothing(tmp_path):
    v = tf.Variable([1.0, 2.0], name="v")
    path = Saver([v]).save(None, str(tmp_path / "c"))
    data = path + files.DATA_SUFFIX
    raw = bytearray(open(data, "rb").read())
    raw[len(raw) // 2] ^= 0xFF
    open(data, "wb").write(bytes(raw))
    v.assign([9.0, 9.0])
    with pytest.raises(tf.errors.DataLossError):
        Saver([v]).restore(None, path)
    np.testing.assert_array_equal(v.numpy(), [9.0, 9.0])


def test_string_variables_round_trip(tmp_path):
    s = tf.Variable(["a", "bc"], name="s")
    path = Saver([s]).save(None, str(tmp_path / "c"))
    s.assign(["x", "y"])
    Saver([s]).restore(None, path)
    assert s.numpy().tolist() == [b"a", b"bc"]


def test_tf2_checkpoint_restores_a_name_based_checkpoint_by_variable_names(tmp_path, caplog):
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.get_variable("a", initializer=tf.constant([1.0, 2.0]))
        with tf.compat.v1.variable_scope("scoped"):
            tf.compat.v1.get_variable("b", initializer=tf.constant(4.0))
        with tf.compat.v1.Session() as sess:
            path = Saver().save(sess, str(tmp_path / "tf1"))
    a = tf.Variable([0.0, 0.0], name="a")
    b = tf.Variable(0.0, name="scoped/b")
    status = tf.train.Checkpoint(x=a, y=b).restore(path)
    assert "Restoring a name-based tf.train.Saver checkpoint" in caplog.text
    np.testing.assert_array_equal(a.numpy(), [1.0, 2.0])
    assert float(b.numpy()) == 4.0
    assert type(status).__name__ == "NameBasedSaverStatus"
    assert status.assert_consumed() is status
    c = tf.Variable(0.0, name="c")
    status = tf.train.Checkpoint(z=c).restore(path)
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    assert str(info.value) == ("Some objects had attributes which were not restored: "
                               f"\n    {c}: ['c']")
    assert status.expect_partial() is status


def test_saver_reads_an_object_based_checkpoint_by_its_keys(tmp_path):
    v = tf.Variable([3.0, 4.0])
    path = tf.train.Checkpoint(v=v).save(str(tmp_path / "obj"))
    w = tf.Variable([0.0, 0.0])
    Saver({"v/.ATTRIBUTES/VARIABLE_VALUE": w}).restore(None, path)
    np.testing.assert_array_equal(w.numpy(), [3.0, 4.0])


def test_checkpoint_file_helpers(tmp_path):
    v = tf.Variable(1.0, name="v")
    path = Saver([v]).save(None, str(tmp_path / "c"))
    train = tf.compat.v1.train
    assert train.checkpoint_exists(path) and not train.checkpoint_exists(path + "x")
    assert len(train.get_checkpoint_mtimes([path, path + "x"])) == 1
    train.remove_checkpoint(path)
    assert sorted(os.listdir(tmp_path)) == ["checkpoint"]
