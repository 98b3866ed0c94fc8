"""What a checkpoint restore's status reports, in TF's words: the Python objects left without a
value first, then the first checkpointed value (breadth first from the root) nothing took."""

import pytest

import eagerbook as tf


def _saved(tmp_path, **objects):
    return tf.train.Checkpoint(**objects).save(str(tmp_path / "ckpt"))


def test_unresolved_variable_is_named_by_its_object_path(tmp_path):
    net = tf.keras.layers.Dense(5)
    net(tf.ones((1, 1)))
    path = _saved(tmp_path, step=tf.Variable(1), net=net)
    restore = tf.train.Checkpoint(net=tf.train.Checkpoint(bias=tf.Variable(tf.zeros([5]))))
    status = restore.restore(path)
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    assert str(info.value) == (
        'Unresolved object in checkpoint (root).step: attributes {\n'
        '  name: "VARIABLE_VALUE"\n  full_name: "Variable"\n'
        '  checkpoint_key: "step/.ATTRIBUTES/VARIABLE_VALUE"\n}\n'
        'has_checkpoint_values {\n  value: true\n}\n')


def test_unresolved_iterator_comes_first_breadth_first(tmp_path):
    net = tf.keras.layers.Dense(5)
    net(tf.ones((1, 1)))
    path = _saved(tmp_path, step=tf.Variable(1), net=net,
                  iterator=iter(tf.data.Dataset.range(3)))
    status = tf.train.Checkpoint(step=tf.Variable(0)).restore(path)
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    assert str(info.value) == (
        'Unresolved object in checkpoint (root).iterator: attributes {\n'
        '  name: "ITERATOR"\n  checkpoint_key: "iterator/.ATTRIBUTES/ITERATOR"\n}\n'
        'has_checkpoint_values {\n  value: true\n}\n')


def test_unbound_python_objects_are_reported_first_even_for_an_inline_checkpoint(tmp_path):
    path = _saved(tmp_path, step=tf.Variable(1))
    # The Checkpoint made inline is gone by the time the status is checked: its objects
    # are still checked, as in TF.
    status = tf.train.Checkpoint(step=tf.Variable(0), other=tf.Variable(2.0)).restore(path)
    message = ("Found 1 Python objects that were not bound to checkpointed values, likely due "
               "to changes in the Python program. Showing 1 of 1 unmatched objects: "
               "[<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>]")
    for check in (status.assert_existing_objects_matched, status.assert_consumed):
        with pytest.raises(AssertionError) as info:
            check()
        assert str(info.value) == message


def test_a_written_checkpoint_lacks_the_restorers_save_counter(tmp_path):
    v = tf.Variable(1.0)
    path = tf.train.Checkpoint(v=v).write(str(tmp_path / "w"))
    status = tf.train.Checkpoint(v=v).restore(path)
    with pytest.raises(AssertionError, match=r"Showing 1 of 1 unmatched objects: "
                                             r"\[<tf.Variable 'save_counter:0'"):
        status.assert_consumed()
    status.expect_partial()
    assert float(v) == 1.0


def test_tf_class_names_of_a_dict_attribute_and_an_in_memory_cache():
    module = tf.Module()
    module.mapping = {"a": tf.Variable(1.0)}
    assert type(module.mapping).__name__ == "_DictWrapper"
    assert repr(tf.data.Dataset.range(3).cache()).startswith("<CacheDataset element_spec=")
