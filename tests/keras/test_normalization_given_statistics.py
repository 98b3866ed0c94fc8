"""Normalization given its mean and variance, as the transfer-learning guide makes it: the
statistics are constants (no weights, 0 parameters), any shape that broadcasts over the kept
axes works (a (1, 2) mean for (None, 2) inputs), and the config holds them as lists."""

import json

import numpy as np
import pytest

import eagerbook as tf

layers = tf.keras.layers


def test_given_statistics_are_constants_not_weights():
    norm = layers.Normalization(mean=np.array([1.0, 2.0]), variance=np.array([4.0, 9.0]))
    model = tf.keras.Sequential([tf.keras.Input((2,)), norm])
    assert norm.weights == [] and model.count_params() == 0
    np.testing.assert_allclose(norm.mean.numpy(), [[1.0, 2.0]])
    np.testing.assert_allclose(model(np.ones((1, 2), "float32")).numpy(), [[0.0, -1 / 3]],
                               rtol=1e-6)


@pytest.mark.parametrize("mean, variance, expected", [
    (tf.constant([[1.0, 2.0]]), tf.constant([[4.0, 9.0]]), [[0.0, -1 / 3]]),
    (np.array([[1.0, 2.0]]), np.array([[4.0, 9.0]]), [[0.0, -1 / 3]]),
    (3.0, 4.0, [[-1.0, -1.0]]),
])
def test_statistics_of_any_broadcasting_shape(mean, variance, expected):
    norm = layers.Normalization(mean=mean, variance=variance)
    np.testing.assert_allclose(norm(np.ones((1, 2), "float32")).numpy(), expected, rtol=1e-6)


def test_config_holds_lists_and_round_trips():
    norm = layers.Normalization(mean=np.array([127.5] * 3), variance=np.array([16256.25] * 3))
    config = norm.get_config()
    assert config["mean"] == [127.5] * 3 and config["variance"] == [16256.25] * 3
    assert layers.Normalization(mean=tf.constant([1.0]), variance=tf.constant([2.0])) \
        .get_config()["mean"] == [1.0]
    json.dumps(config)  # (an array would not serialize)
    again = layers.Normalization.from_config(config)
    np.testing.assert_allclose(again(np.full((1, 3), 255.0, "float32")).numpy(), [[1.0] * 3])
