"""Image preprocessing and augmentation layers: TF 2.21's (Keras 2) outputs where they are
deterministic, and the properties of the random ones."""

import numpy as np
import pytest

from eagerbook.keras import layers

IMAGES = np.arange(2 * 4 * 5, dtype="float32").reshape(2, 4, 5, 1)
SQUARE = np.arange(9, dtype="float32").reshape(1, 3, 3, 1)


def test_resizing_matches_tf():
    out = layers.Resizing(3, 7)(IMAGES).numpy()[1, :, :, 0]
    np.testing.assert_allclose(out[0], [20.8333, 21.4048, 22.119, 22.8333, 23.5476, 24.2619,
                                        24.8333], atol=1e-3)
    np.testing.assert_allclose(out[:, 3], [22.8333, 29.5, 36.1667], atol=1e-3)
    nearest = layers.Resizing(2, 2, interpolation="nearest")(IMAGES).numpy()[0, :, :, 0]
    assert nearest.tolist() == [[6.0, 8.0], [16.0, 18.0]]


def test_center_crop_matches_tf():
    assert layers.CenterCrop(2, 3)(IMAGES).numpy()[0, :, :, 0].tolist() == [
        [6.0, 7.0, 8.0], [11.0, 12.0, 13.0]]
    grown = layers.CenterCrop(6, 6)(IMAGES).numpy()[0, :, :, 0]  # cropped square, resized
    np.testing.assert_allclose(grown[0], [0.0, 0.5, 1.167, 1.833, 2.5, 3.0], atol=1e-3)


@pytest.mark.parametrize("layer, expected", [
    (lambda: layers.RandomRotation((0.25, 0.25), fill_mode="constant",
                                   interpolation="nearest"),
     [[2, 5, 8], [1, 4, 7], [0, 3, 6]]),
    (lambda: layers.RandomTranslation((0.34, 0.34), (0, 0), fill_mode="constant",
                                      interpolation="nearest"),
     [[0, 0, 0], [0, 1, 2], [3, 4, 5]]),
])
def test_fixed_geometric_transforms_match_tf(layer, expected):
    assert layer()(SQUARE, training=True).numpy()[0, :, :, 0].tolist() == expected


def test_zoom_out_with_constant_fill_matches_tf():
    zoom = layers.RandomZoom((0.5, 0.5), fill_mode="constant")
    out = zoom(np.arange(16, dtype="float32").reshape(1, 4, 4, 1), training=True)
    np.testing.assert_allclose(out.numpy()[0, :2, :, 0], [[0.0, 0.1875, 0.5625, 0.1875],
                                                         [0.75, 3.75, 5.25, 1.5]], atol=1e-4)


def test_random_layers_pass_images_through_outside_training():
    images = np.random.rand(2, 8, 8, 3).astype("float32")
    for layer in (layers.RandomFlip(), layers.RandomRotation(0.1), layers.RandomZoom(0.2),
                  layers.RandomTranslation(0.1, 0.1), layers.RandomContrast(0.3)):
        np.testing.assert_array_equal(layer(images, training=False).numpy(), images)
    assert layers.RandomCrop(6, 6)(images, training=False).shape == (2, 6, 6, 3)


def test_random_layers_change_images_while_training_and_keep_shapes():
    images = np.random.rand(4, 8, 8, 3).astype("float32")
    flipped = layers.RandomFlip("horizontal", seed=3)(images, training=True).numpy()
    for a, b in zip(flipped, images):
        assert np.array_equal(a, b) or np.array_equal(a, b[:, ::-1])
    assert layers.RandomCrop(5, 6, seed=1)(images, training=True).shape == (4, 5, 6, 3)
    contrast = layers.RandomContrast(0.5, seed=2)(images, training=True).numpy()
    np.testing.assert_allclose(contrast.mean(axis=(1, 2)), images.mean(axis=(1, 2)),
                               atol=1e-5)
    ones = np.ones((1, 4, 4, 1), "float32")
    spun = layers.RandomRotation(0.1)(ones, training=True).numpy()
    np.testing.assert_allclose(spun, 1.0, atol=1e-6)  # reflect fill keeps a flat image flat


@pytest.mark.parametrize("make", [
    lambda: layers.RandomFlip("diagonal"),
    lambda: layers.RandomRotation(0.1, fill_mode="mirror"),
    lambda: layers.RandomContrast(-0.1),
    lambda: layers.RandomZoom(1.5),  # (TF accepts reversed bounds, not |bounds| > 1)
])
def test_bad_arguments(make):
    with pytest.raises((ValueError, NotImplementedError)):
        make()
