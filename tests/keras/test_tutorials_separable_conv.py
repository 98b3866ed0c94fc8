"""DepthwiseConv2D and SeparableConv2D (values worked out by hand on small images)."""

import numpy as np
import pytest

import eagerbook as tf


def _image():
    # Channel 0 counts 0..8, channel 1 is all 10s.
    return np.stack([np.arange(9.0).reshape(3, 3), np.full((3, 3), 10.0)],
                    axis=-1)[None].astype("float32")


def test_depthwise_filters_each_channel_on_its_own():
    layer = tf.keras.layers.DepthwiseConv2D(2, depth_multiplier=2,
                                            depthwise_initializer="ones", use_bias=False)
    out = layer(_image())
    assert out.shape == (1, 2, 2, 4)  # channel c * 2 + m
    # Window sums of channel 0: 0+1+3+4=8, 12, 20, 24; of channel 1: 40 everywhere.
    np.testing.assert_allclose(out.numpy()[0, :, :, 0], [[8, 12], [20, 24]])
    np.testing.assert_allclose(out.numpy()[0, :, :, 1], [[8, 12], [20, 24]])
    np.testing.assert_allclose(out.numpy()[0, :, :, 2:], np.full((2, 2, 2), 40.0))
    assert [(w.name, tuple(w.shape)) for w in layer.weights] == [
        ("depthwise_conv2d/depthwise_kernel:0", (2, 2, 2, 2))]


def test_separable_mixes_the_filtered_channels():
    layer = tf.keras.layers.SeparableConv2D(3, 2, depthwise_initializer="ones",
                                            pointwise_initializer="ones",
                                            bias_initializer="ones", padding="same")
    out = layer(_image())
    assert out.shape == (1, 3, 3, 3)
    # Top-left window: channel sums 8 and 40, mixed by ones, plus the bias 1.
    np.testing.assert_allclose(out.numpy()[0, 0, 0], [49.0, 49.0, 49.0])
    assert [tuple(w.shape) for w in layer.weights] == [(2, 2, 2, 1), (1, 1, 2, 3), (3,)]
    assert layer.count_params() == 8 + 6 + 3


def test_output_shapes_in_a_model_and_gradients():
    model = tf.keras.Sequential([tf.keras.Input((8, 8, 3)),
                                 tf.keras.layers.SeparableConv2D(8, 3, strides=2),
                                 tf.keras.layers.DepthwiseConv2D(2, depth_multiplier=3)])
    assert model.output_shape == (None, 2, 2, 24)
    assert model.count_params() == (27 + 24 + 8) + (8 * 3 * 4 + 24)
    x = np.ones((1, 8, 8, 3), "float32")
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    assert all(g is not None for g in grads)


def test_configs_and_bad_filters():
    config = tf.keras.layers.DepthwiseConv2D(3, depth_multiplier=2).get_config()
    assert config["depth_multiplier"] == 2 and "filters" not in config
    clone = tf.keras.layers.SeparableConv2D.from_config(
        tf.keras.layers.SeparableConv2D(4, 3).get_config())
    assert clone.filters == 4 and clone.kernel_size == (3, 3)
    with pytest.raises(ValueError):
        tf.keras.layers.SeparableConv2D(0, 3)
