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


# Key orders TF 2.21's reader gave (its C++ hash table filled with the sorted keys).
_TF_ORDER_32 = [
    "iter/module1/x9", "w", "m/conv2d8", "dense6/layer6", "conv2d", "c/x", "conv2d/v/iter8",
    "bias8", "scoped0/v/bias", "bias5", "kernel3/w/d", "bias4/kernel0", "v5", "w9", "iter5/d",
    "kernel8", "m8/dense6/c2", "a9/scoped/conv2d4", "layer", "layer0/m/layer",
    "layer/optimizer9/iter3", "optimizer/m0", "m/v0", "d/b6/conv2d", "module8/dense",
    "w1/c/optimizer4", "module2", "module4/a8/kernel", "iter0", "d3/w8", "d0/m9/d", "v2"]
_TF_ORDER_21 = [
    "x2/scoped", "x1/c0/v4", "a5/kernel/kernel4", "b", "c/a/x", "scoped8", "c/iter/bias6",
    "layer1/w7", "c/bias2", "scoped/optimizer/v7", "d1/v2", "m2/dense", "w6",
    "optimizer3/m/w3", "d1/c", "layer6/bias3/w", "m/conv2d9/w", "x3/kernel/b",
    "optimizer/w/optimizer5", "scoped", "module3/x4/module7"]


def test_the_hash_table_order_is_tfs_past_a_regrowth():
    from eagerbook.checkpoints.hash_order import unordered_map_order
    for order in (_TF_ORDER_32, _TF_ORDER_21):
        assert unordered_map_order(order) == order
        assert unordered_map_order(sorted(order, reverse=True)) == order  # (input order)


def test_a_checkpoint_of_nested_objects_lists_keys_as_tf(tmp_path):
    # TF's migrating-checkpoints guide: not the reverse of the sorted keys.
    module = tf.Module()
    module.d = tf.Variable(0.0)
    ckpt = tf.train.Checkpoint(v={"a": tf.Variable(0.0), "b": tf.Variable(0.0)},
                               c=tf.Variable(0.0), module=module)
    reader = tf.train.load_checkpoint(ckpt.save(str(tmp_path / "root-tf2-ckpt")))
    assert list(reader.get_variable_to_shape_map()) == [
        "v/b/.ATTRIBUTES/VARIABLE_VALUE", "v/a/.ATTRIBUTES/VARIABLE_VALUE",
        "module/d/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
        "c/.ATTRIBUTES/VARIABLE_VALUE", "_CHECKPOINTABLE_OBJECT_GRAPH"]
