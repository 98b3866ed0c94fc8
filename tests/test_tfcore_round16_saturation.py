"""tf.image.adjust_saturation as TF's one AdjustSaturation kernel (float32 steps, TF's values)."""

import numpy as np
import pytest

import eagerbook as tf

IMAGE = np.array([[[0.5, 0.5, 0.5], [0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.2, 0.8, 0.2]],
                  [[0.3, 0.3, 0.9], [0.7, 0.1, 0.4], [0.05, 0.6, 0.95], [0.9, 0.85, 0.1]]],
                 np.float32)


def test_values_as_tf():
    np.testing.assert_array_equal(tf.image.adjust_saturation(IMAGE, 3.0).numpy(), np.array(
        [[[0.5, 0.5, 0.5], [0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.800000011920929, 0.0]],
         [[0.0, 0.0, 0.8999999761581421], [0.699999988079071, 0.0, 0.3499999940395355],
          [0.0, 0.5805556178092957, 0.949999988079071], [0.8999999761581421, 0.84375, 0.0]]],
        np.float32))
    out = tf.image.adjust_saturation(IMAGE, 0.3).numpy()
    assert out[1, 0].tolist() == [0.7199999690055847, 0.7199999690055847, 0.8999999761581421]
    assert out[1, 1, 2] == np.float32(0.60999995470047)


def test_a_probe_image_of_tfs_tutorial_kind():
    image = tf.reshape(tf.range(4 * 4 * 3, dtype=tf.float32) / 48.0, (4, 4, 3))
    row = tf.image.adjust_saturation(image, 3)[0].numpy()
    assert row[2].tolist() == [np.float32(0.04166664), np.float32(0.10416663),
                               np.float32(0.16666667)]


def test_integer_images_convert_and_come_back():
    out = tf.image.adjust_saturation(tf.constant([[[10, 200, 30]]], tf.uint8), 2.0)
    assert out.dtype == tf.uint8 and out.numpy().tolist() == [[[0, 200, 21]]]
    assert tf.image.adjust_saturation(tf.ones([2, 2, 3], tf.float64) / 2, 2.0).dtype == \
        tf.float64


def test_no_gradient_as_tf():
    x = tf.Variable(IMAGE)
    with tf.GradientTape() as tape:
        y = tf.image.adjust_saturation(x, 3.0)
    with pytest.raises(LookupError, match="no entry for: AdjustSaturation"):
        tape.gradient(y, x)


def test_random_saturation_and_traced_calls_use_it():
    expected = tf.image.adjust_saturation(IMAGE, 2.0).numpy()
    traced = tf.function(lambda im: tf.image.adjust_saturation(im, 2.0))(tf.constant(IMAGE))
    np.testing.assert_array_equal(traced.numpy(), expected)
    assert tf.image.stateless_random_saturation(IMAGE, 0.5, 1.5, seed=(1, 2)).shape == (2, 4, 3)
