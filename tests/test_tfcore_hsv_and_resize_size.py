"""tf.image's colour-space ops give TF 2.21's float32 bits (its RGBToHSV and HSVToRGB kernels
compute in an order of their own), adjust_hue keeps its kernel's, and tf.image.resize checks
its size as TF does. Expected values are TF's output for the same calls."""

import numpy as np
import pytest

import eagerbook as tf

X = [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]]


def _bits(values):
    return np.asarray(values, np.float32).view(np.uint32).tolist()


def test_rgb_to_hsv_is_tfs_bit_for_bit():
    assert _bits(tf.image.rgb_to_hsv(X)) == _bits(
        [[[0.5833333730697632, 0.6666666865348816, 3.0],
          [0.5833333730697632, 0.3333333432674408, 6.0]],
         [[0.5833333730697632, 0.2222222238779068, 9.0],
          [0.5833333730697632, 0.1666666716337204, 12.0]]])
    assert _bits(tf.image.rgb_to_hsv([[0.2, 0.7, 0.4], [0.9, 0.1, 0.35], [0.3, 0.3, 0.8]])) == \
        _bits([[0.4000000059604645, 0.7142857313156128, 0.699999988079071],
               [0.9479166865348816, 0.8888888359069824, 0.8999999761581421],
               [0.6666666865348816, 0.625, 0.800000011920929]])


def test_hsv_to_rgb_is_tfs_bit_for_bit():
    assert _bits(tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(X))) == _bits(
        [[[0.9999999403953552, 1.9999995231628418, 3.0],
          [3.999999761581421, 4.999999523162842, 6.0]],
         [[7.0, 7.999999523162842, 9.0], [10.0, 11.0, 12.0]]])
    assert _bits(tf.image.hsv_to_rgb([[0.95, 0.5, 0.7], [0.1, 1.0, 0.3], [0.6, 0.25, 0.9]])) == \
        _bits([[0.699999988079071, 0.3499999940395355, 0.4550000727176666],
               [0.30000001192092896, 0.18000000715255737, 0.0],
               [0.6749999523162842, 0.7649999260902405, 0.8999999761581421]])


def test_adjust_hue_keeps_its_own_kernels_bits():
    assert _bits(tf.image.adjust_hue(X, 0.2)) == _bits(
        [[[2.3999996185302734, 1.0, 3.0], [5.399999618530273, 4.0, 6.0]],
         [[8.399999618530273, 7.0, 9.0], [11.399999618530273, 10.0, 12.0]]])


def test_hsv_round_trip_still_differentiates():
    x = tf.constant([[0.2, 0.7, 0.4]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(x)))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [[1.0, 1.0, 1.0]], atol=1e-5)


@pytest.mark.parametrize("size", [[1], [1, 2, 3], [[1, 2]], 5])
def test_resize_refuses_a_size_that_is_not_two_numbers(size):
    with pytest.raises(ValueError, match=r"^'size' must be a 1-D Tensor of 2 elements: "
                                         r"new_height, new_width$"):
        tf.image.resize(tf.ones([2, 2, 1]), size)


def test_unsorted_segment_mean_errors_end_as_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.unsorted_segment_mean([1., 2., 3.], [0, 0, 5], 3)
    assert str(info.value).endswith("segment_ids[2] = 5 is out of range [0, 3) "
                                    "[Op:UnsortedSegmentSum] name: ")
