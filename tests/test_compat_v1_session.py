"""tf.compat.v1: a Session entered with `with` is the default graph and session."""

import pytest

import eagerbook as tf


def test_eval_and_run_need_a_default_session():
    g = tf.compat.v1.Graph()
    with g.as_default():
        t = tf.constant(1.0) + 1.0
        v = tf.compat.v1.Variable(3.0)
    with pytest.raises(ValueError, match="No default session is registered"):
        t.eval()
    with pytest.raises(ValueError, match="No default session is registered"):
        t.op.run()
    sess = tf.compat.v1.Session(graph=g)
    assert t.eval(session=sess) == 2.0
    with sess.as_default():
        assert t.eval() == 2.0 and v.eval() == 3.0
        assert v.initializer.run() is None
    assert tf.compat.v1.get_default_session() is None


def test_session_context_builds_a_graph_and_leaves_eager_mode_after():
    with tf.compat.v1.Session() as sess:
        assert not tf.executing_eagerly()
        y = tf.constant([1, 2]) * 2
        assert sess.run(y).tolist() == [2, 4]
    assert tf.executing_eagerly()
    assert tf.constant(1).numpy() == 1


def test_get_variable_names_are_taken_once_per_graph():
    g1, g2 = tf.compat.v1.Graph(), tf.compat.v1.Graph()
    with g1.as_default():
        tf.compat.v1.get_variable("w", shape=[2])
        with pytest.raises(ValueError, match="Variable w already exists"):
            tf.compat.v1.get_variable("w", shape=[2])
    with g2.as_default():
        w = tf.compat.v1.get_variable("w", shape=[2], initializer=tf.compat.v1.ones_initializer())
    assert w.numpy().tolist() == [1.0, 1.0]
    # Eagerly (TF 2), every call makes a new Variable.
    a = tf.compat.v1.get_variable("e", shape=[1])
    b = tf.compat.v1.get_variable("e", shape=[1])
    assert a is not b


def test_string_split_bad_result_type_is_a_value_error():
    with pytest.raises(ValueError, match="result_type"):
        tf.compat.v1.string_split(["a b"], result_type="Tensor")
