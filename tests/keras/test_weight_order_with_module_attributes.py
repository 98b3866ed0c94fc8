"""Keras lists a layer's own Variables first, then each tracked child's in tracking order; a
plain tf.Module attribute is such a child, and so is the store of a
``track_tf1_style_variables`` method (made at the first call, after the sub-layers of
``__init__``). TF 2.21's model-mapping guide (cells 33 and 35) prints these orders."""

import numpy as np

import eagerbook as tf


class _Mixed(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.mod = tf.Module()
        self.mod.v = tf.Variable(1.0, name="mv")
        self.d = tf.keras.layers.Dense(2)
        self.w = tf.Variable(2.0, name="w")

    def call(self, x):
        return self.d(x) * self.w * self.mod.v


def _short(variables):
    return [v.name.split("/")[-1] for v in variables]


def test_a_module_attribute_comes_among_the_sub_layers_after_the_own_variables():
    layer = _Mixed()
    layer(tf.ones((1, 2)))
    assert _short(layer.weights) == ["w:0", "mv:0", "kernel:0", "bias:0"]  # TF's order
    layer.mod.u = tf.Variable(3.0, name="mu")  # a Variable the module gains later is seen
    assert _short(layer.weights) == ["w:0", "mu:0", "mv:0", "kernel:0", "bias:0"]


class _OOStyle(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.conv_1 = tf.compat.v1.layers.Conv2D(3, 3, kernel_regularizer="l2")

    @tf.compat.v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with tf.compat.v1.variable_scope("model"):
            out = self.conv_1(inputs)
            return tf.compat.v1.layers.conv2d(out, 5, 5, kernel_regularizer="l2")


def test_tf1_style_variables_come_after_the_layers_of_init(tmp_path):
    layer = _OOStyle()
    layer(tf.ones((2, 10, 10, 3)))
    assert [v.name for v in layer.weights] == [
        "model/conv2d/kernel:0", "model/conv2d/bias:0",  # conv_1's, in creation order
        "model/conv2d_1/bias:0", "model/conv2d_1/kernel:0"]  # the store's, sorted
    assert len(layer.losses) == 3
    path = tf.train.Checkpoint(layer=layer).save(str(tmp_path / "c"))
    assert [key for key, _ in tf.train.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "layer/_tf1_style_var_store/_vars/model.Sconv2d_1.Sbias/.ATTRIBUTES/VARIABLE_VALUE",
        "layer/_tf1_style_var_store/_vars/model.Sconv2d_1.Skernel/.ATTRIBUTES/VARIABLE_VALUE",
        "layer/conv_1/bias/.ATTRIBUTES/VARIABLE_VALUE",
        "layer/conv_1/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]
    again = _OOStyle()
    again(tf.ones((2, 10, 10, 3)))
    tf.train.Checkpoint(layer=again).restore(path).assert_consumed()
    for a, b in zip(layer.weights, again.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


class _PartiallyNative(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.conv_1 = tf.keras.layers.Conv2D(3, 3)

    @tf.compat.v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with tf.compat.v1.variable_scope("model"):
            out = self.conv_1(inputs)
            return tf.compat.v1.layers.conv2d(out, 5, 5, name="tail")


def test_keras_sub_layers_first_then_the_tf1_store():
    layer = _PartiallyNative()
    layer(tf.ones((2, 10, 10, 3)))
    assert _short(layer.weights) == ["kernel:0", "bias:0", "bias:0", "kernel:0"]
    assert [v.name for v in layer.weights][2:] == ["model/tail/bias:0", "model/tail/kernel:0"]
