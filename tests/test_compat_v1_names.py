"""tf.compat.v1 holds TF 2's names and TF 1's top-level names that moved into tf.math and
tf.debugging; tf.Graph is the top-level name of the v1 graph."""

import numpy as np
import pytest

import eagerbook as tf


def test_compat_v1_falls_back_to_tf2_names():
    assert tf.compat.v1.constant is tf.constant
    assert tf.compat.v1.floor is tf.math.floor  # TF 1 top-level, TF 2 tf.math
    assert tf.compat.v1.assert_greater is tf.debugging.assert_greater
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        tf.compat.v1.no_such_name  # noqa: B018 - the lookup itself is the test


def test_a_v1_graph_with_an_assertion_runs_in_a_session():
    g = tf.Graph()
    assert g.__class__ is tf.compat.v1.Graph
    with g.as_default():
        a = tf.compat.v1.placeholder(tf.float32, [2])
        b = tf.compat.v1.placeholder(tf.float32, [2])
        result = tf.compat.v1.assert_greater(a, b, message="a > b does not hold")
        with tf.compat.v1.control_dependencies([result]):
            total = a + b
    with tf.compat.v1.Session(graph=g) as sess:
        np.testing.assert_array_equal(sess.run(total, feed_dict={a: [1, 2], b: [0, 1]}),
                                      [1.0, 3.0])
