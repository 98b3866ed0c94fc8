"""TF 1.x graphs as the migration guides use them: variable scopes, collections, train ops
from ``minimize(loss_tensor)``, control dependencies, feeds, and the tf.Graph API."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def test_minimize_of_a_loss_tensor_returns_a_train_op():
    g = tf.Graph()
    with g.as_default():
        w = tf.Variable(5.0)
        loss = tf.square(w)
        train = v1.train.GradientDescentOptimizer(0.25).minimize(loss)
        init = v1.global_variables_initializer()
    assert (train.type, train.name) == ("NoOp", "GradientDescent")
    with v1.Session(graph=g) as sess:
        sess.run(init)
        for _ in range(3):
            assert sess.run(train) is None
        assert sess.run(w) == pytest.approx(0.625)  # 5 * 0.5 ** 3


def test_minimize_trains_only_the_trainable_collection_with_a_feed():
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, shape=[None])
        w = v1.get_variable("w", shape=[], initializer=v1.constant_initializer(0.0))
        frozen = tf.Variable(1.0, trainable=False)
        loss = tf.reduce_mean(tf.square(w * x * frozen - 2.0 * x))
        train = v1.train.GradientDescentOptimizer(0.1).minimize(loss)
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        for _ in range(50):
            sess.run(train, feed_dict={x: [1.0, 2.0]})
        assert sess.run(w) == pytest.approx(2.0, abs=1e-3)
        assert sess.run(frozen) == 1.0


def test_fetching_a_variable_runs_no_update():
    g = tf.Graph()
    with g.as_default():
        v = tf.Variable([1.0, 2.0])
        inc = v.assign_add([1.0, 1.0])
        with v1.Session() as sess:
            sess.run(v.initializer)
            sess.run(inc)
            assert sess.run(v).tolist() == [2.0, 3.0]
            assert sess.run(v).tolist() == [2.0, 3.0]


def test_control_dependencies_and_group_run_when_fetched():
    g = tf.Graph()
    with g.as_default():
        a = tf.Variable(0)
        b = tf.Variable(0)
        bump_a = a.assign_add(1)
        with tf.control_dependencies([bump_a]):
            ten = tf.constant(10)
            out = ten + 1
        both = tf.group(a.assign_add(100), b.assign_add(1))
        nothing = tf.no_op()
    # (as in TF, `out` needs no control input of its own: its input `ten` has it)
    assert ten.op.control_inputs == [bump_a.op] and out.op.control_inputs == []
    assert both.type == "NoOp" and nothing.type == "NoOp"
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        assert sess.run([out, nothing]) == [11, None]
        assert int(a.numpy()) == 1
        sess.run(both)
        assert (int(a.numpy()), int(b.numpy())) == (101, 1)


def test_variable_scope_reuse_and_errors():
    g = tf.Graph()
    with g.as_default():
        with v1.variable_scope("layer") as scope:
            w1 = v1.get_variable("w", [1])
            c = tf.constant(1.0, name="c")
        assert (scope.name, scope.original_name_scope, scope.reuse) == ("layer", "layer/", False)
        with v1.variable_scope("layer", reuse=True):
            assert v1.get_variable("w", [1]) is w1
            with pytest.raises(ValueError, match="Variable layer/nope does not exist"):
                v1.get_variable("nope", [1])
        with v1.variable_scope("layer"):
            c2 = tf.constant(1.0, name="c")
            with pytest.raises(ValueError, match="Variable layer/w already exists"):
                v1.get_variable("w", [1])
        with v1.variable_scope("auto", reuse=v1.AUTO_REUSE):
            assert v1.get_variable("x", [2]) is v1.get_variable("x", [2])
        with v1.variable_scope(None, default_name="block"):
            k1 = v1.get_variable("k", [1])
        with v1.variable_scope(None, default_name="block"):
            k2 = v1.get_variable("k", [1])
        with tf.name_scope("ops_only"):
            q = v1.get_variable("q", [1])
    assert w1.name == "layer/w:0" and (c.name, c2.name) == ("layer/c:0", "layer_2/c:0")
    assert (k1.name, k2.name, q.name) == ("block/k:0", "block_1/k:0", "q:0")


def test_variable_scope_eagerly_creates_each_time():
    with v1.variable_scope("s"):
        a = v1.get_variable("w", [1])
    with v1.variable_scope("s", reuse=True):
        b = v1.get_variable("w", [1])
    assert a.name == b.name == "s/w:0" and a is not b
    assert v1.get_variable_scope().reuse is v1.AUTO_REUSE
    assert v1.trainable_variables() == [] and v1.global_variables() == []


def test_collections_and_minimize_default_to_the_graph_variables():
    g = tf.Graph()
    with g.as_default():
        with v1.variable_scope("model"):
            a = v1.get_variable("a", [2])
        b = v1.get_variable("b", [], trainable=False)
        r = tf.Variable(1.0, name="r")
        assert v1.trainable_variables() == [a, r]
        assert v1.global_variables() == [a, b, r]
        loss = tf.reduce_sum(a) * r + b
        train = v1.train.GradientDescentOptimizer(1.0).minimize(loss)
    with v1.Session(graph=g) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        a0, b0 = sess.run([a, b])
        sess.run(train)
        np.testing.assert_allclose(sess.run(a), a0 - 1.0)  # d loss / d a = r = 1
        assert sess.run(r) == pytest.approx(1.0 - a0.sum())
        assert sess.run(b) == b0  # not trainable: not in the default var_list


def test_placeholder_with_default_and_feeding_any_tensor():
    g = tf.Graph()
    with g.as_default():
        p = v1.placeholder_with_default(tf.constant([1.0, 2.0]), shape=[None])
        doubled = p * 2
        out = doubled + 1
    assert p.shape.as_list() == [None] and p.op.type == "PlaceholderWithDefault"
    with v1.Session(graph=g) as sess:
        assert sess.run(doubled).tolist() == [2.0, 4.0]
        assert sess.run(doubled, feed_dict={p: [5.0]}).tolist() == [10.0]
        assert sess.run(out, feed_dict={doubled: [0.5, 0.5]}).tolist() == [1.5, 1.5]
    eager = v1.placeholder_with_default([3, 4], shape=[2])
    assert eager.numpy().tolist() == [3, 4]


def test_graph_finalize_version_and_unique_name():
    g = tf.Graph()
    assert (g.version, g.finalized, g.building_function) == (0, False, False)
    with g.as_default():
        x = tf.constant(1, name="x")
        tf.constant(2, name="x")
    assert g.version == 2
    assert g.unique_name("x") == "x_2"
    assert g.unique_name("x", mark_as_used=False) == "x_3"
    assert g.unique_name("x", mark_as_used=False) == "x_3"
    g.finalize()
    with pytest.raises(RuntimeError, match="Graph is finalized and cannot be modified."):
        with g.as_default():
            tf.constant(3)
    assert x.graph is g


def test_tensor_consumers_and_lookup_errors():
    @tf.function
    def f(x):
        y = x * 2
        return y + y

    g = f.get_concrete_function(tf.TensorSpec([])).graph
    y = g.get_operation_by_name("mul").outputs[0]
    assert [op.name for op in y.consumers()] == ["add", "add"]
    with pytest.raises(KeyError, match="The name 'nope:0' refers to a Tensor which does not "
                                       "exist. The operation, 'nope', does not exist"):
        g.get_tensor_by_name("nope:0")
    with pytest.raises(KeyError, match="exists but only has 1 outputs"):
        g.get_tensor_by_name("mul:3")
    with pytest.raises(ValueError, match="refers to an Operation, not a Tensor"):
        g.get_tensor_by_name("mul")


def test_set_shape_errors_word_tf_shape_inference():
    @tf.function(input_signature=[tf.TensorSpec([None, 2])])
    def f(x):
        with pytest.raises(ValueError, match=r"^Dimension 1 in both shapes must be equal, but "
                                             r"are 2 and 3. Shapes are \[\?,2\] and \[3,3\].$"):
            x.set_shape([3, 3])
        with pytest.raises(ValueError, match="^Shapes must be equal rank, but are 2 and 3$"):
            x.set_shape([None, 2, 1])
        x.set_shape([5, None])
        assert x.shape.as_list() == [5, 2]
        return x

    f.get_concrete_function()

