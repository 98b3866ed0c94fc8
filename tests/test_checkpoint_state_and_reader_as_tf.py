"""What TF 1.x-to-2 checkpoint migration code prints, as TF 2.21 prints it: the checkpoint
state (a proto: its text format), the reader's maps (in TF's key order), and the warning of a
Saver made while executing eagerly."""

import logging

import eagerbook as tf


def test_checkpoint_state_prints_as_its_proto(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    path = ckpt.save(str(tmp_path / "tf2-ckpt"))
    state = tf.train.get_checkpoint_state(str(tmp_path))
    # Checkpoint.save stamps no time, as TF's
    assert str(state) == (f'model_checkpoint_path: "{path}"\n'
                          f'all_model_checkpoint_paths: "{path}"\n')
    assert repr(state) == str(state)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path / "managed"), max_to_keep=2)
    manager.save()
    manager.save()
    lines = str(tf.train.get_checkpoint_state(str(tmp_path / "managed"))).splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "model_checkpoint_path", "all_model_checkpoint_paths", "all_model_checkpoint_paths",
        "all_model_checkpoint_timestamps", "all_model_checkpoint_timestamps",
        "last_preserved_timestamp"]


def test_the_readers_maps_list_keys_in_tfs_order(tmp_path):
    a, b = tf.Variable(5.0, name="a"), tf.Variable(6.0, name="b")
    with tf.name_scope("scoped"):
        c = tf.Variable(7.0, name="c")
    path = tf.train.Checkpoint(variables=[a, b, c]).save(str(tmp_path / "ckpt"))
    reader = tf.train.load_checkpoint(path)
    expected = ["variables/2/.ATTRIBUTES/VARIABLE_VALUE", "variables/1/.ATTRIBUTES/VARIABLE_VALUE",
                "variables/0/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
                "_CHECKPOINTABLE_OBJECT_GRAPH"]
    assert list(reader.get_variable_to_shape_map()) == expected
    assert list(reader.get_variable_to_dtype_map()) == expected


def test_an_eager_saver_warns_that_it_is_deprecated(tmp_path, caplog):
    v = tf.Variable(1.0, name="v")
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        saver = tf.compat.v1.train.Saver(var_list=[v])
    assert [r.getMessage() for r in caplog.records] == [
        "Saver is deprecated, please switch to tf.train.Checkpoint or "
        "tf.keras.Model.save_weights for training checkpoints. When executing eagerly "
        "variables do not necessarily have unique names, and so the variable.name-based "
        "lookups Saver performs are error-prone."]
    saver.restore(None, saver.save(None, str(tmp_path / "v1")))
