"""TF 1.x code as the migration guides show it: argument names TF 2 renamed, name_scope and
while_loop of TF 1.x, the learning-rate decay functions and make_template.

Expected values are TF 2.21's for the same calls."""

import functools

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def test_renamed_arguments():
    x = tf.constant([[1, 5], [3, 2]])
    f = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert v1.argmax(x, dimension=1).numpy().tolist() == [1, 0]
    assert v1.argmax(x, 0).dtype == tf.int64
    assert v1.argmin(x, dimension=0).numpy().tolist() == [0, 1]
    with pytest.raises(ValueError, match="Cannot specify both 'dimension' and 'axis'."):
        v1.argmax(x, axis=1, dimension=1)
    np.testing.assert_allclose(v1.nn.softmax(f, dim=0).numpy(),
                               [[0.11920291, 0.11920291], [0.880797, 0.880797]], rtol=1e-6)
    np.testing.assert_allclose(v1.nn.log_softmax(f, dim=1).numpy()[0],
                               [-1.3132616, -0.31326166], rtol=1e-6)
    np.testing.assert_allclose(v1.nn.l2_normalize(f, dim=1).numpy()[1], [0.6, 0.8], rtol=1e-6)
    assert v1.norm(f, keep_dims=True).shape == (1, 1)
    assert v1.reverse_v2(x, [1]).numpy().tolist() == [[5, 1], [2, 3]]
    assert v1.space_to_batch(tf.ones([1, 2, 2, 1]), [[0, 0], [0, 0]], 2).shape == (4, 1, 1, 1)


def test_v1_name_scope_takes_a_default_name_and_values():
    x = tf.constant(1.0)
    with v1.name_scope("foo", "Foo", [x]) as scope:
        assert scope == "foo/"
    with v1.name_scope(None, "Foo", [x]) as scope:
        assert scope == "Foo/"
    with v1.name_scope(None) as scope:
        assert scope == ""
    with pytest.raises(ValueError, match=r"At least one of name \(None\) and default_name "
                                         r"\(None\) must be provided."):
        with v1.name_scope(None, None, [x]):
            pass
    g = tf.Graph()
    with g.as_default():
        with v1.name_scope("foo", values=[]):
            c = tf.constant(1.0, name="c")
    assert c.name == "foo/c:0"


def test_v1_while_loop_unpacks_one_bare_loop_variable():
    assert int(v1.while_loop(lambda i: i < 3, lambda i: i + 1, [0])) == 3
    assert [int(t) for t in v1.while_loop(lambda i: i < 3, lambda i: [i + 1], [0])] == [3]
    out = v1.while_loop(lambda i: i < 3, lambda i: (i + 1,), (0,))
    assert isinstance(out, tuple) and int(out[0]) == 3
    out = v1.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2), [0, 1])
    assert [int(t) for t in out] == [3, 8]
    with pytest.raises(TypeError):  # the TF 2 structure rule, as in TF
        v1.while_loop(lambda i: i < 3, lambda i: i + 1, [0], return_same_structure=True)

    @tf.function
    def traced():
        return v1.while_loop(lambda i: i < 3, lambda i: i + 1, [0])
    assert int(traced()) == 3


@pytest.mark.parametrize("make, expected", [
    (lambda: v1.train.exponential_decay(0.1, 5, 10, 0.5), 0.07071068),
    (lambda: v1.train.piecewise_constant(5, [3, 7], [1.0, 0.5, 0.1]), 0.5),
    (lambda: v1.train.polynomial_decay(0.1, 5, 10, 0.01, power=2.0), 0.0325),
    (lambda: v1.train.natural_exp_decay(0.1, 5, 10, 0.5), 0.07788008),
    (lambda: v1.train.inverse_time_decay(0.1, 5, 10, 0.5, staircase=True), 0.1),
    (lambda: v1.train.cosine_decay(0.1, 5, 10, alpha=0.1), 0.054999996),
    (lambda: v1.train.cosine_decay_restarts(0.1, 15, 10), 0.08535534),
    (lambda: v1.train.linear_cosine_decay(0.1, 5, 10), 0.025099998),
])
def test_decay_functions_eagerly_return_a_function_of_the_step(make, expected):
    rate = make()
    assert isinstance(rate, functools.partial)  # (TF: a partial of its schedule)
    value = rate()
    assert value.dtype == tf.float32
    assert float(value) == np.float32(expected)


def test_decay_in_a_graph_follows_the_global_step():
    g = tf.Graph()
    with g.as_default():
        step = v1.train.get_or_create_global_step()
        lr = v1.train.exponential_decay(0.1, step, 10, 0.5, staircase=True)
        bump = v1.assign_add(step, 15)
        with pytest.raises(ValueError, match="global_step is required for exponential_decay."):
            v1.train.exponential_decay(0.1, None, 10, 0.5)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            assert sess.run(lr) == np.float32(0.1)
            sess.run(bump)
            assert sess.run(lr) == np.float32(0.05)


def _scale(x, init=2.0):
    w = v1.get_variable("w", initializer=tf.constant(init))
    return x * w


def test_make_template_shares_the_variables_of_its_first_call():
    g = tf.Graph()
    with g.as_default():
        t = v1.make_template("scale", _scale)
        assert t.variable_scope_name is None
        y1, y2 = t(tf.constant(1.0)), t(tf.constant(3.0))
        t2 = v1.make_template("scale", _scale, init=5.0)
        y3 = t2(tf.constant(1.0))
        assert (t.variable_scope_name, t2.variable_scope_name) == ("scale/", "scale_1/")
        assert [v.name for v in v1.global_variables()] == ["scale/w:0", "scale_1/w:0"]
        assert [v.name for v in t.trainable_variables] == ["scale/w:0"]
        with v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            assert sess.run([y1, y2, y3]) == [2.0, 6.0, 5.0]
        now = v1.make_template("now", _scale, create_scope_now_=True)
        assert now.variable_scope_name == "now/"
        bad = v1.make_template("bad", lambda x: x * tf.Variable(1.0, name="bad"))
        bad(tf.constant(1.0))
        with pytest.raises(ValueError, match="Trainable variable created when calling a "
                                             "template after the first time"):
            bad(tf.constant(1.0))


def test_make_template_eagerly():
    t = v1.make_template("eg", _scale)
    assert float(t(tf.constant(1.0))) == 2.0
    t.variables[0].assign(3.0)
    assert float(t(tf.constant(2.0))) == 6.0  # the same Variable
    assert [v.name for v in t.variables] == ["eg/w:0"]
    assert t.variable_scope_name == "eg/"


def test_functional_layers_name_their_ops_as_tf_does():
    """TF 1.x's layers are Python code calling public ops: inside the layer's scope the ops
    are named after their types (what ``print(logits)`` shows in TF 1.x code)."""
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 3])
        h = v1.layers.dense(x, 4, activation=tf.nn.relu, name="fc1")
        out = v1.layers.dense(h, 1, name="fc2")
        plain = v1.layers.dense(h, 1)
        images = v1.placeholder(tf.float32, [None, 5, 5, 1])
        conv = v1.layers.conv2d(images, 2, 3, name="conv")
    assert [t.name for t in (h, out, plain, conv)] == [
        "fc1/Relu:0", "fc2/BiasAdd:0", "dense/BiasAdd:0", "conv/BiasAdd:0"]
    assert "fc1/MatMul" in [op.name for op in g.get_operations()]


def test_each_graph_counts_its_own_default_layer_names():
    for _ in range(2):  # a new graph starts again at `dense`, as in TF 1.x
        with tf.Graph().as_default():
            x = v1.placeholder(tf.float32, [None, 3])
            first, second = v1.layers.dense(x, 1), v1.layers.dense(x, 1)
            assert (first.name, second.name) == ("dense/BiasAdd:0", "dense_1/BiasAdd:0")
            assert [v.name for v in v1.global_variables()] == [
                "dense/kernel:0", "dense/bias:0", "dense_1/kernel:0", "dense_1/bias:0"]
