"""get_build_config as TF 2.21's Keras keeps it: a built-in layer's build records its input
shape however it is called, a user's layer only through super().build or when Keras builds
it for a call (its own build called directly, without super().build, records nothing: the
serialization guide's layer with a custom build reads None there). The crossentropy metrics'
configs as TF writes them (label_smoothing 0, CategoricalCrossentropy's axis). Expected
values are TF 2.21's (tf_keras) for the same code."""

import numpy as np

import eagerbook as tf


class _OwnBuild(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2))


class _SuperBuild(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2))
        super().build(input_shape)


def test_who_records_the_build_input_shape():
    dense = tf.keras.layers.Dense(2)
    dense.build((None, 8))
    assert dense.get_build_config() == {"input_shape": (None, 8)}
    own = _OwnBuild()
    own.build((None, 3))
    assert own.get_build_config() is None and own.w.shape == (3, 2)
    through_super = _SuperBuild()
    through_super.build((None, 3))
    assert through_super.get_build_config() == {"input_shape": (None, 3)}
    called = _OwnBuild()
    called(np.ones((1, 3), "float32"))
    assert called.get_build_config() == {"input_shape": (1, 3)}
    lstm = tf.keras.layers.LSTM(2)
    lstm.build((None, 4, 3))
    assert lstm.get_build_config() == {"input_shape": (None, 4, 3)}


def test_crossentropy_metric_configs():
    assert tf.keras.metrics.BinaryCrossentropy(name="cross entropy").get_config() == {
        "name": "cross entropy", "dtype": "float32", "from_logits": False,
        "label_smoothing": 0}
    config = tf.keras.metrics.CategoricalCrossentropy().get_config()
    assert list(config.items()) == [("name", "categorical_crossentropy"), ("dtype", "float32"),
                                    ("from_logits", False), ("label_smoothing", 0),
                                    ("axis", -1)]
    assert type(config["label_smoothing"]) is int
    metric = tf.keras.metrics.CategoricalCrossentropy.from_config(config)
    metric.update_state([[0.0, 1.0]], [[0.3, 0.7]])
    assert metric.result().numpy() == np.float32(0.35667497)
