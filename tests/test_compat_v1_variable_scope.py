"""tf.compat.v1 variable scopes, collections, functional layers and track_tf1_style_variables:
TF 1.x code as TF 2.21 runs it (each expected value checked there by hand)."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def test_scopes_name_variables_and_default_names_are_made_unique():
    with v1.variable_scope("outer"):
        with v1.variable_scope("inner"):
            v = v1.get_variable("x", shape=[], initializer=v1.zeros_initializer())
    assert v.name == "outer/inner/x:0" and v.numpy() == 0.0
    with v1.variable_scope("s"):
        with v1.variable_scope(None, default_name="blk") as first:
            pass
        with v1.variable_scope(None, default_name="blk") as second:
            pass
    assert (first.name, second.name) == ("s/blk", "s/blk_1")
    with pytest.raises(TypeError, match="If default_name is None then name_or_scope is required"):
        with v1.variable_scope(None):
            pass


def test_eagerly_every_call_makes_a_new_variable_and_scopes_read_auto_reuse():
    with v1.variable_scope("foo") as scope:
        a = v1.get_variable("v", [1])
        b = v1.get_variable("v", [1])
    assert a is not b and a.name == b.name == "foo/v:0"
    assert scope.reuse is v1.AUTO_REUSE and v1.get_variable_scope().reuse is v1.AUTO_REUSE
    assert v1.global_variables() == [] and v1.trainable_variables() == []


def test_scope_defaults_reach_get_variable():
    with v1.variable_scope("s", initializer=v1.constant_initializer(3.0), dtype=tf.float64):
        v = v1.get_variable("q", [2])
    assert v.dtype == tf.float64 and v.numpy().tolist() == [3.0, 3.0]


def test_in_a_graph_the_reuse_flag_decides_and_errors_read_as_tf():
    g = tf.Graph()
    with g.as_default():
        with v1.variable_scope("foo"):
            v = v1.get_variable("v", [1])
            c = tf.constant(1.0, name="c")
        with v1.variable_scope("foo", reuse=True):
            again = v1.get_variable("v", [1])
            c1 = tf.constant(1.0, name="c")
        assert again is v and (c.name, c1.name) == ("foo/c:0", "foo_1/c:0")
        with v1.variable_scope("foo"):
            with pytest.raises(ValueError, match=r"^Variable foo/v already exists, disallowed\. "
                                                 r"Did you mean to set reuse=True or "
                                                 r"reuse=tf.AUTO_REUSE in VarScope\?$"):
                v1.get_variable("v", [1])
        with v1.variable_scope("foo", reuse=True):
            with pytest.raises(ValueError, match=r"^Variable foo/nope does not exist, or was not "
                                                 r"created with tf.get_variable\(\)"):
                v1.get_variable("nope", [1])
            with pytest.raises(ValueError, match=r"^Trying to share variable foo/v, but "
                                                 r"specified shape \(3,\) and found shape "
                                                 r"\(1,\)\.$"):
                v1.get_variable("v", [3])
            with v1.variable_scope("inner"):  # reuse=True holds for inner scopes too
                assert v1.get_variable_scope().reuse is True
        with v1.variable_scope("foo", reuse=v1.AUTO_REUSE):
            assert v1.get_variable("v", [1]) is v
            w = v1.get_variable("w", [1])
        with v1.variable_scope("bar"):
            v1.get_variable_scope().reuse_variables()
            with pytest.raises(ValueError, match="Variable bar/v does not exist"):
                v1.get_variable("v", [1])
        plain = tf.Variable(1.0, name="plain", trainable=False)
        assert v1.global_variables() == [v, w, plain]
        assert v1.trainable_variables() == [v, w]
        assert v1.get_collection(v1.GraphKeys.GLOBAL_VARIABLES, scope="foo") == [v, w]
        v1.add_to_collection("mine", v)
        assert v1.get_collection("mine") == [v] and v1.get_collection("none") == []
        assert v1.get_variable_scope().reuse is False


def test_a_tf1_style_model_shares_its_layer_and_runs_in_a_session():
    g = tf.Graph()
    with g.as_default():
        def my_layer(x, units):
            w = v1.get_variable("w", [x.shape[-1], units], initializer=v1.ones_initializer())
            b = v1.get_variable("b", [units], initializer=v1.zeros_initializer())
            return tf.matmul(x, w) + b

        x = v1.placeholder(tf.float32, [None, 3])
        with v1.variable_scope("layer1"):
            h = my_layer(x, 4)
        with v1.variable_scope("layer2"):
            y = my_layer(h, 2)
        with v1.variable_scope("layer1", reuse=True):
            h2 = my_layer(x, 4)
        assert [v.name for v in v1.trainable_variables()] == [
            "layer1/w:0", "layer1/b:0", "layer2/w:0", "layer2/b:0"]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            np.testing.assert_array_equal(sess.run(y, feed_dict={x: [[1., 2., 3.]]}),
                                          [[24., 24.]])
            np.testing.assert_array_equal(sess.run(h2, feed_dict={x: [[1., 1., 1.]]}),
                                          [[3., 3., 3., 3.]])


def test_functional_layers_take_their_weights_from_variable_scopes():
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 6, 6, 2])
        h = v1.layers.conv2d(x, 3, 3, activation=tf.nn.relu,
                             kernel_initializer=v1.ones_initializer())
        p = v1.layers.max_pooling2d(h, 2, 2)
        f = v1.layers.flatten(p)
        y = v1.layers.dense(f, 2, kernel_initializer=v1.constant_initializer(0.5))
        v1.layers.dense(f, 2, name="head")
        assert (h.shape, p.shape, f.shape, y.shape) == (
            (None, 4, 4, 3), (None, 2, 2, 3), (None, 12), (None, 2))
        assert [v.name for v in v1.global_variables()] == [
            "conv2d/kernel:0", "conv2d/bias:0", "dense/kernel:0", "dense/bias:0",
            "head/kernel:0", "head/bias:0"]
        with v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            out = sess.run(y, {x: np.ones((1, 6, 6, 2), np.float32)})
    np.testing.assert_array_equal(out, [[108.0, 108.0]])
    assert issubclass(v1.layers.Dense, tf.keras.layers.Dense)  # TF 1.x's: Keras subclasses


class _TF1Dense(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    @v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with v1.variable_scope("dense"):
            kernel = v1.get_variable("kernel", shape=[inputs.shape[-1], self.units],
                                     regularizer=tf.keras.regularizers.L2(),
                                     initializer=v1.ones_initializer())
            bias = v1.get_variable("bias", shape=[self.units], trainable=False,
                                   initializer=v1.zeros_initializer())
            return tf.matmul(inputs, kernel) + bias


def test_track_tf1_style_variables_keeps_the_layers_variables_across_calls():
    layer = _TF1Dense(3)
    x = tf.ones((2, 4))
    layer(x)
    first = list(layer.weights)
    layer(x)
    assert layer.weights == first  # the second call reused them
    assert [v.name for v in layer.trainable_weights] == ["dense/kernel:0"]
    assert [v.name for v in layer.weights] == ["dense/kernel:0", "dense/bias:0"]
    assert len(layer.losses) == 1 and float(layer.losses[0]) == pytest.approx(0.01 * 12)
    assert tf.keras.utils is not None and v1.keras.layers.Dense is tf.keras.layers.Dense


def test_a_tracked_layer_trains_in_a_functional_model():
    inputs = tf.keras.Input(shape=(4,))
    model = tf.keras.Model(inputs, _TF1Dense(2)(inputs))
    model.compile(loss="mse", optimizer="sgd")
    history = model.fit(np.ones((4, 4), "float32"), np.zeros((4, 2), "float32"), epochs=2,
                        verbose=0)
    assert [v.name for v in model.trainable_variables] == ["dense/kernel:0"]
    assert history.history["loss"][1] < history.history["loss"][0]


def test_dimension_names_of_tf1():
    assert str(v1.Dimension(3)) == "3" and str(v1.Dimension(None)) == "?"
    assert v1.dimension_value(tf.TensorShape([5, None])[1]) is None
