"""tf.compat.v1 graph mode: build, then Session.run."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import session as v1


def test_placeholder_and_session_run():
    g = v1.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, shape=[None], name="x")
        y = x * 2.0 + 1.0
        z = tf.reduce_sum(y)
    assert "Placeholder" in [op.type for op in g.get_operations()]
    assert repr(y).startswith("<tf.Tensor 'add_v2:0' shape=(None,)")
    with v1.Session(graph=g) as sess:
        assert sess.run(y, feed_dict={x: [1.0, 2.0]}).tolist() == [3.0, 5.0]
        out_y, out_z = sess.run([y, z], feed_dict={x: np.array([0.0, 1.0, 2.0])})
        assert out_y.tolist() == [1.0, 3.0, 5.0] and out_z == 9.0


def test_unfed_placeholder_is_an_error():
    g = v1.Graph()
    with g.as_default():
        a = v1.placeholder(tf.float32, shape=[2], name="a")
        b = v1.placeholder(tf.float32, shape=[2], name="b")
        c = a + b
        d = a * 3.0
    with v1.Session(graph=g) as sess:
        assert sess.run(d, {a: [1.0, 2.0]}).tolist() == [3.0, 6.0]  # b not needed
        with pytest.raises(tf.errors.InvalidArgumentError, match="You must feed a value for "
                                                                 "placeholder tensor 'b'"):
            sess.run(c, {a: [1.0, 2.0]})


def test_placeholder_needs_a_graph():
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        v1.placeholder(tf.float32)
