"""A model's weights in TF's order: layer by layer (a layer lists its trainable weights
first), with the variables of metrics the model holds as attributes."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()  # the weight names below count from 'dense'


def test_batch_normalization_statistics_stay_with_their_layer():
    model = tf.keras.Sequential([tf.keras.layers.BatchNormalization(input_shape=(2,)),
                                 tf.keras.layers.Dense(1)])
    assert [w.name for w in model.weights] == [
        "batch_normalization/gamma:0", "batch_normalization/beta:0",
        "batch_normalization/moving_mean:0", "batch_normalization/moving_variance:0",
        "dense/kernel:0", "dense/bias:0"]
    assert [w.shape for w in model.get_weights()] == [(2,), (2,), (2,), (2,), (2, 1), (1,)]
    model.set_weights(model.get_weights())


def test_a_layer_still_lists_trainable_weights_first():
    class Block(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.bn = tf.keras.layers.BatchNormalization()
            self.d = tf.keras.layers.Dense(1)

        def call(self, x):
            return self.d(self.bn(x))

    block = Block()
    block(tf.ones((1, 2)))
    assert [w.name.split("/")[-1] for w in block.weights] == [
        "gamma:0", "beta:0", "kernel:0", "bias:0", "moving_mean:0", "moving_variance:0"]


def test_metrics_held_by_a_model_are_among_its_weights():
    class WithTrackers(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(1)
            self.tracker = tf.keras.metrics.Mean(name="t")
            self.accuracies = [tf.keras.metrics.BinaryAccuracy()]

        def call(self, x):
            return self.d(x)

    model = WithTrackers()
    model(tf.ones((1, 2)))
    assert [w.name for w in model.weights][2:] == ["total:0", "count:0", "total:0", "count:0"]
    assert len(model.trainable_weights) == 2 and len(model.non_trainable_weights) == 4
    assert model.count_params() == 7 and len(model.get_weights()) == 6
    model.compile("sgd", "mse", metrics=["mae"])  # compiled metrics are not held: not listed
    model.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
    assert len(model.weights) == 6
    inputs = tf.keras.Input((2,))
    functional = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    functional.tracker = tf.keras.metrics.Mean()
    assert [w.name.split("/")[-1] for w in functional.weights] == [
        "kernel:0", "bias:0", "total:0", "count:0"]
