"""A layer called on KerasTensors (a functional model's construction) gets its call's own
default for `training` when none is given, as TF 2.21's Keras passes it (None for a call whose
`training` has no default); called on values, the model passes what it is given."""

import eagerbook as tf


def _layer(name, call):
    return type(name, (tf.keras.layers.Layer,), {"call": call})()


def test_construction_passes_the_default_of_training():
    seen = []

    def none_default(self, x, training=None):
        seen.append(("none", training))
        return x

    def false_default(self, x, training=False):
        seen.append(("false", training))
        return x

    def true_default(self, x, training=True):
        seen.append(("true", training))
        return x

    def required(self, x, training):
        seen.append(("required", training))
        return x

    inputs = tf.keras.Input((2,))
    out = inputs
    for name, call in [("A", none_default), ("B", false_default), ("D", true_default),
                       ("C", required)]:
        out = _layer(name, call)(out)
    model = tf.keras.Model(inputs, out)
    assert seen == [("none", None), ("false", False), ("true", True), ("required", None)]
    seen.clear()
    model(tf.ones((1, 2)))
    assert seen == [("none", None), ("false", False), ("true", True), ("required", None)]
    seen.clear()
    model(tf.ones((1, 2)), training=True)
    assert [flag for _, flag in seen] == [True] * 4
