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
    assert repr(y).startswith("<tf.Tensor 'add:0' shape=(None,)")
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


def test_session_runs_only_what_the_fetches_need():
    g = v1.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, shape=[])
        counter = tf.Variable(0.0)
        total = tf.Variable(0.0)
        y = x * 2.0
        bump = counter.assign_add(1.0)          # a tensor: the new value
        add = total.assign_add(x)
        after = add + 100.0                     # depends on the assignment
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        assert sess.run(y, {x: 3.0}) == 6.0
        assert counter.numpy() == 0.0 and total.numpy() == 0.0  # nothing else ran
        assert sess.run(bump) == 1.0
        assert sess.run(bump) == 2.0
        assert total.numpy() == 0.0
        assert sess.run(after, {x: 5.0}) == 105.0
        assert (total.numpy(), counter.numpy()) == (5.0, 2.0)
        assign_op = g.get_operation_by_name(bump.op.control_inputs[0].name)
        assert sess.run([assign_op, y], {x: 1.0})[0] is None  # an Operation fetch
        assert counter.numpy() == 3.0


def test_session_training_with_minimize_still_updates():
    g = v1.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, shape=[])
        w = tf.Variable(1.0)
        train = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
            lambda: (w * x - 2.0) ** 2, var_list=[w])
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        for _ in range(3):
            sess.run(train, {x: 1.0})
    np.testing.assert_allclose(w.numpy(), 2.0 - 0.512, rtol=1e-5)


def test_fetching_a_variable_read_does_not_run_updates():
    g = v1.Graph()
    with g.as_default():
        w = tf.Variable(1.0)
        w.assign_add(1.0)  # never fetched: does not run
        read = tf.identity(w)
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        assert sess.run(read) == 1.0
        assert sess.run(read) == 1.0
