"""Random image layers draw TF's own values when their seed is known: a `seed` argument, or
one taken from ``tf.keras.utils.set_random_seed``'s stream when the layer is built. They then
draw from a ``tf.random.Generator`` of that seed in TF's order (stateless flips and contrast
from its seeds; angles, zooms, shifts, crops and factors from its uniform draws). A run that
only learns a model's output shapes leaves the generators alone, as TF's trace does.

The literals were printed by TF 2.21 with tf-keras for the same calls."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def _images():
    return (np.arange(2 * 5 * 6 * 3, dtype="float32").reshape(2, 5, 6, 3) % 17) * 10


def _corner(layer):
    out = layer(_images(), training=True).numpy()
    return out.shape, out[0, :2, :3, 0]


def test_explicitly_seeded_flip_is_tfs():
    shape, corner = _corner(L.RandomFlip("horizontal", seed=4))
    assert shape == (2, 5, 6, 3)
    np.testing.assert_array_equal(corner, [[150, 120, 90], [160, 130, 100]])


# Built in this order after set_random_seed(3): (layer, its first call's corner, the sums of
# its first two calls); the explicitly seeded flip takes no number from the stream.
SEQUENCE = [
    (lambda: L.RandomFlip("horizontal_and_vertical"),
     [[20, 160, 130], [10, 150, 120]], (14050.0, 14050.0)),
    (lambda: L.RandomFlip("horizontal", seed=4),
     [[150, 120, 90], [160, 130, 100]], (14050.0, 14050.0)),
    (lambda: L.RandomContrast(0.5),
     [[0.0, 12.935, 53.601], [0.0, 26.49, 67.156]], (14517.62, 14135.3)),
    (lambda: L.RandomRotation(0.2),
     [[29.371, 21.187, 29.842], [42.947, 51.602, 60.257]], (15220.86, 15007.14)),
    (lambda: L.RandomZoom(0.3),
     [[0.0, 24.248, 58.083], [8.722, 32.97, 66.805]], (13930.96, 15362.03)),
    (lambda: L.RandomZoom(0.2, 0.4, fill_mode="constant"),
     [[22.725, 45.052, 67.379], [30.954, 53.281, 75.608]], (13844.68, 11015.41)),
    (lambda: L.RandomTranslation(0.2, 0.3),
     [[37.519, 67.519, 97.519], [47.519, 77.519, 107.519]], (14465.19, 14234.34)),
    (lambda: L.RandomCrop(3, 4), [[80, 110, 140], [90, 120, 150]], (5610.0, 6180.0)),
    (lambda: L.RandomHeight(0.3), [[1.25, 31.25, 61.25], [13.75, 43.75, 73.75]],
     (11240.0, 11240.0)),
    (lambda: L.RandomWidth(0.3, interpolation="nearest"), [[0, 30, 60], [10, 40, 70]],
     (14050.0, 10770.0)),
    (lambda: L.RandomBrightness(0.2), [[0.0, 9.36, 39.36], [0.0, 19.36, 49.36]],
     (15976.26, 9880.77)),
]


def test_layers_after_set_random_seed_draw_tfs_values():
    tf.keras.utils.set_random_seed(3)
    for make, corner, sums in SEQUENCE:
        layer = make()
        first = layer(_images(), training=True).numpy()
        second = layer(_images(), training=True).numpy()
        name = type(layer).__name__
        np.testing.assert_allclose(first[0, :2, :3, 0], corner, atol=2e-3, err_msg=name)
        np.testing.assert_allclose([first.sum(), second.sum()], sums, atol=0.02,
                                   err_msg=name)


def test_shape_inference_leaves_the_generators_alone():
    tf.keras.utils.set_random_seed(9)
    augment = tf.keras.Sequential([L.RandomFlip("horizontal"), L.RandomRotation(0.1),
                                   L.RandomZoom(0.1)])
    model = tf.keras.Sequential([L.Input((5, 6, 3)), augment, L.Rescaling(1. / 255),
                                 L.Conv2D(2, 3), L.Flatten(), L.Dense(1)])
    np.testing.assert_allclose(model(_images()).numpy().ravel(), [-0.2778, 0.0096], atol=2e-4)


def test_unseeded_layers_still_differ_between_calls():
    layer = L.RandomRotation(0.2)
    first = layer(_images(), training=True).numpy()
    assert not np.array_equal(first, layer(_images(), training=True).numpy())
