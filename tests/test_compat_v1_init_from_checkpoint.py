"""tf.compat.v1.train.init_from_checkpoint and tf.train.Checkpoint.save in a TF 1.x graph,
as TF 2.21 runs them (the migrating-checkpoints guide); messages are TF's."""

import numpy as np
import pytest

import eagerbook as tf

tf1 = tf.compat.v1


@pytest.fixture
def ckpt(tmp_path):
    path = str(tmp_path / "ck")
    with tf.Graph().as_default():
        with tf1.variable_scope("old"):
            tf1.get_variable("a", initializer=[1.0, 2.0])
            tf1.get_variable("b", initializer=3.0)
            with tf1.variable_scope("inner"):
                tf1.get_variable("c", initializer=4.0)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            tf1.train.Saver().save(sess, path)
    return path


def _new_variables():
    with tf1.variable_scope("new"):
        a = tf1.get_variable("a", shape=[2])
        b = tf1.get_variable("b", shape=[])
        with tf1.variable_scope("inner"):
            c = tf1.get_variable("c", shape=[])
    return a, b, c


def test_a_scope_mapping_makes_the_initializers_load_the_checkpoint(ckpt):
    with tf.Graph().as_default():
        a, b, c = _new_variables()
        tf1.train.init_from_checkpoint(ckpt, {"old/": "new/"})
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            values = sess.run([a, b, c])
    assert [np.asarray(v).tolist() for v in values] == [[1.0, 2.0], 3.0, 4.0]


def test_the_root_maps_to_a_scope(tmp_path):
    path = str(tmp_path / "root")
    with tf.Graph().as_default():
        tf1.get_variable("a", initializer=5.0)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            tf1.train.Saver().save(sess, path)
    with tf.Graph().as_default():
        with tf1.variable_scope("new_scope"):
            a = tf1.get_variable("a", shape=[], initializer=tf1.zeros_initializer())
        with tf1.Session() as sess:
            tf1.train.init_from_checkpoint(path, assignment_map={"/": "new_scope/"})
            sess.run(tf1.global_variables_initializer())
            assert float(sess.run(a)) == 5.0


def test_eager_variables_are_assigned(ckpt):
    v, w = tf.Variable([0.0, 0.0]), tf.Variable(0.0)
    tf1.train.init_from_checkpoint(ckpt, {"old/a": v, "old/inner/c": w})
    assert v.numpy().tolist() == [1.0, 2.0] and float(w.numpy()) == 4.0


def test_mapping_errors_are_tf_words(ckpt):
    with tf.Graph().as_default():
        _new_variables()
        with pytest.raises(ValueError, match=r"^Shape of variable new/b:0 \(\(\)\) doesn't "
                           r"match with shape of tensor old/a \(\[2\]\) from checkpoint "
                           r"reader\.$"):
            tf1.train.init_from_checkpoint(ckpt, {"old/a": "new/b"})
        with pytest.raises(ValueError) as info:
            tf1.train.init_from_checkpoint(ckpt, {"old/zz": "new/b"})
        assert str(info.value) == (f"Tensor old/zz is not found in {ckpt} checkpoint "
                                   "{'old/inner/c': [], 'old/b': [], 'old/a': [2]}")
        with pytest.raises(ValueError, match=r"^Assignment map with scope only name new "
                           "should map to scope only old. Should be 'scope/': "
                           "'other_scope/'.$"):
            tf1.train.init_from_checkpoint(ckpt, {"old": "new/"})
        with pytest.raises(ValueError) as info:
            tf1.train.init_from_checkpoint(ckpt, {"nope/": "new/"})
        assert str(info.value) == f"Tensor nope/a (a in nope/) is not found in {ckpt} checkpoint"


def test_checkpoint_save_in_a_session_counts_there(tmp_path):
    # TF: save() in a TF 1.x graph runs the counter's initializer and increment in the
    # default session (eagerbook wrote "-0" and left the counter at 0); a new session whose
    # global initializer runs starts again from 1.
    prefix = str(tmp_path / "tck")
    with tf.Graph().as_default():
        a = tf1.get_variable("a", shape=[], initializer=tf1.constant_initializer(1))
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            ckpt = tf.train.Checkpoint(v=a)
            assert ckpt.save(prefix) == prefix + "-1"
            assert ckpt.save(prefix) == prefix + "-2"
            assert int(sess.run(ckpt.save_counter)) == 2
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            assert ckpt.save(prefix) == prefix + "-1"
    reader = tf.train.load_checkpoint(prefix + "-1")
    assert int(reader.get_tensor("save_counter/.ATTRIBUTES/VARIABLE_VALUE")) == 1
