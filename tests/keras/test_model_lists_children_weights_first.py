"""A Keras Model lists its children's weights before its own Variables (a layer lists its own
first); a frozen model's non-trainable list starts with its own trainable ones. The lists are
TF 2.21's (tf_keras) printouts."""

import eagerbook as tf


class _Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.w0 = tf.Variable(0.0, name="w0")
        self.c = tf.Variable(0.0, name="c", trainable=False)
        self.mod = tf.Module()
        self.mod.v = tf.Variable(1.0, name="mv")
        self.bn = tf.keras.layers.BatchNormalization()
        self.w = tf.Variable(2.0, name="w")
        self.d = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.d(self.bn(x)) * self.w * self.mod.v + self.w0 + self.c


def _short(variables):
    return [v.name.split("/")[-1] for v in variables]


def test_children_first_then_the_models_own():
    model = _Model()
    model(tf.ones((1, 2)))
    assert _short(model.trainable_weights) == ["mv:0", "gamma:0", "beta:0", "kernel:0",
                                               "bias:0", "w0:0", "w:0"]
    assert _short(model.non_trainable_weights) == ["moving_mean:0", "moving_variance:0", "c:0"]
    assert _short(model.weights) == ["mv:0", "gamma:0", "beta:0", "moving_mean:0",
                                     "moving_variance:0", "kernel:0", "bias:0", "w0:0", "w:0",
                                     "c:0"]
    model.trainable = False
    assert model.trainable_weights == []
    assert _short(model.non_trainable_weights) == [  # (a plain tf.Module is not frozen)
        "mv:0", "w0:0", "w:0", "gamma:0", "beta:0", "moving_mean:0", "moving_variance:0",
        "kernel:0", "bias:0", "c:0"]


def test_a_layer_still_lists_its_own_first():
    class _Layer(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(2)
            self.w = tf.Variable(2.0, name="w")

        def call(self, x):
            return self.d(x) * self.w

    layer = _Layer()
    layer(tf.ones((1, 2)))
    assert _short(layer.trainable_weights) == ["w:0", "kernel:0", "bias:0"]
