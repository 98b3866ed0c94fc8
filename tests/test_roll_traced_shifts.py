"""tf.roll by a shift vector a tf.function knows only when it runs (DeepDream's random roll of
an image by a drawn (dy, dx)): the same values as TF's, for known and unknown image sizes."""

import numpy as np

import eagerbook as tf


def test_a_traced_shift_per_axis_rolls_each_axis():
    image = np.arange(4 * 5 * 2, dtype=np.float32).reshape(4, 5, 2)
    for spec in (tf.TensorSpec([4, 5, 2], tf.float32), tf.TensorSpec([None, None, 2],
                                                                      tf.float32)):
        roll = tf.function(lambda img, shift: tf.roll(img, shift=shift, axis=[0, 1]),
                           input_signature=[spec, tf.TensorSpec([2], tf.int32)])
        for shift in ([1, -2], [-5, 7], [0, 0]):
            np.testing.assert_array_equal(roll(image, tf.constant(shift, tf.int32)).numpy(),
                                          np.roll(image, shift, axis=(0, 1)))


def test_undoing_a_traced_roll():
    image = np.arange(12, dtype=np.float32).reshape(3, 4)

    @tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
    def there_and_back(shift):
        rolled = tf.roll(image, shift=shift, axis=[0, 1])
        return rolled, tf.roll(rolled, shift=-shift, axis=[0, 1])
    rolled, back = there_and_back(tf.constant([2, 3]))
    np.testing.assert_array_equal(rolled.numpy(), np.roll(image, (2, 3), axis=(0, 1)))
    np.testing.assert_array_equal(back.numpy(), image)
