"""Noise, channel-dropout, identity and activity-regularization layers."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


@pytest.mark.parametrize("layer", [L.GaussianNoise(0.5), L.GaussianDropout(0.3),
                                   L.SpatialDropout1D(0.5), L.AlphaDropout(0.2),
                                   L.ActivityRegularization(l1=0.1), L.Identity()])
def test_inference_passes_the_input_through(layer):
    x = np.arange(30, dtype="float32").reshape(2, 3, 5)
    np.testing.assert_array_equal(layer(x).numpy(), x)
    np.testing.assert_array_equal(layer(x, training=False).numpy(), x)
    assert layer(x, training=True).shape == (2, 3, 5)


def test_spatial_dropout_drops_whole_channels():
    tf.random.set_seed(1)
    out = L.SpatialDropout1D(0.5)(np.ones((8, 4, 6), "float32"), training=True).numpy()
    # Every channel is the same at each step: either all 0 or all 1 / (1 - 0.5) = 2.
    assert set(np.unique(out)) <= {0.0, 2.0}
    assert (out == out[:, :1, :]).all()
    images = L.SpatialDropout2D(0.5)(np.ones((4, 3, 3, 5), "float32"), training=True).numpy()
    assert (images == images[:, :1, :1, :]).all()
    with pytest.raises(ValueError):
        L.SpatialDropout1D(0.5)(np.ones((2, 3), "float32"), training=True)


def test_noise_statistics():
    tf.random.set_seed(2)
    ones = np.ones((40000,), "float32")
    noisy = L.GaussianNoise(0.5)(ones, training=True).numpy()
    assert abs(noisy.mean() - 1.0) < 0.02 and abs(noisy.std() - 0.5) < 0.02
    dropped = L.GaussianDropout(0.5)(ones, training=True).numpy()  # variance 0.5 / 0.5 = 1
    assert abs(dropped.mean() - 1.0) < 0.03 and abs(dropped.std() - 1.0) < 0.03
    normal = np.random.RandomState(0).randn(40000).astype("float32")
    alpha = L.AlphaDropout(0.2)(normal, training=True).numpy()  # mean 0, variance 1 kept
    assert abs(alpha.mean()) < 0.03 and abs(alpha.std() - 1.0) < 0.03


def test_activity_regularization_adds_its_loss():
    layer = L.ActivityRegularization(l1=0.1, l2=0.01)
    layer(np.full((2, 3), 2.0, "float32"))
    # Per example: 0.1 * 6 + 0.01 * 12 = 0.72, summed over the batch and divided by it.
    np.testing.assert_allclose([float(v) for v in layer.losses], [0.72], rtol=1e-6)
    assert layer.get_config()["l1"] == 0.1 and "activity_regularizer" not in layer.get_config()
