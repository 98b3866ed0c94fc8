"""TF 2.21's error kinds and words for segment ops, tf.sets, crops and pads, and SSIM on an
image smaller than its filter; tf.image.ssim_multiscale's values."""

import re

import numpy as np
import pytest

import eagerbook as tf


def test_sorted_segment_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"segment_ids should be the same size as dimension 0 of input. "
                             r"\[Op:SegmentSum\]"):
        tf.math.segment_sum([1, 2, 3], [0, 1])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"segment_ids should be a vector. \[Op:SegmentMean\]"):
        tf.math.segment_mean([1.0, 2.0, 3.0], [[0, 1, 1]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"data.shape = \[3\] does not start with segment_ids.shape = \[2\]"):
        tf.math.unsorted_segment_sum([1, 2, 3], [0, 1], 2)


def test_set_errors():
    with pytest.raises(TypeError, match=r"'a' has invalid dtype `<dtype: 'float32'>` not in "
                                        r"supported dtypes: `frozenset\(\{tf.int32, tf.uint8, "):
        tf.sets.intersection(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))
    for a, b in (([1, 2], [[1, 2]]), ([[1, 2]], [1, 2])):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"Shape \[2\] has rank 1 < 2 \[Op:DenseToDenseSetOperation\]"):
            tf.sets.union(tf.constant(a), tf.constant(b))
    with pytest.raises(TypeError,
                       match="Types don't match, <dtype: 'int32'> vs <dtype: 'int64'>."):
        tf.sets.union(tf.constant([[1, 2]]), tf.constant([[1, 2]], tf.int64))


@pytest.mark.parametrize("args, message", [
    ((2, 2, 3, 3), "width must be >= target + offset."),
    ((2, 0, 3, 3), "height must be >= target + offset."),
    ((-1, 0, 1, 1), "offset_height must be >= 0."),
    ((0, -1, 1, 1), "offset_width must be >= 0."),
    ((0, 0, 0, 1), "target_height must be > 0."),
])
def test_crop_errors_in_tfs_order(args, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        tf.image.crop_to_bounding_box(tf.zeros([3, 4, 1]), *args)


def test_pad_errors():
    with pytest.raises(ValueError, match="^width must be <= target - offset$"):
        tf.image.pad_to_bounding_box(tf.zeros([3, 4, 1]), 0, 0, 2, 2)
    with pytest.raises(ValueError, match="^height must be <= target - offset$"):
        tf.image.pad_to_bounding_box(tf.zeros([3, 4, 1]), 2, 0, 4, 5)


def test_ssim_filter_larger_than_image():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Expected 'tf.Tensor\(False, shape=\(\), dtype=bool\)' to be true. "
                             r"Summarized data: 1, 4, 4, 1\n11"):
        tf.image.ssim(tf.ones([1, 4, 4, 1]), tf.ones([1, 4, 4, 1]), 1.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Summarized data: 1, 7, 7, 1\n11"):
        tf.image.ssim_multiscale(tf.ones([1, 100, 100, 1]), tf.ones([1, 100, 100, 1]), 1.0)


def test_ssim_multiscale_values():
    r = np.random.RandomState(1)
    a = r.rand(2, 181, 173, 3).astype(np.float32)
    b = np.clip(a + r.randn(2, 181, 173, 3).astype(np.float32) * 0.1, 0, 1)
    # TF 2.21: [0.9548666, 0.95323867]; with two scales [0.9460768, 0.9454925]
    np.testing.assert_allclose(tf.image.ssim_multiscale(a, b, 1.0).numpy(),
                               [0.9548666, 0.95323867], rtol=1e-5)
    np.testing.assert_allclose(
        tf.image.ssim_multiscale(a, b, 1.0, power_factors=(0.5, 0.5)).numpy(),
        [0.9460768, 0.9454925], rtol=1e-5)
    same = tf.image.ssim_multiscale(a, a, 1.0).numpy()
    np.testing.assert_allclose(same, [1.0, 1.0], rtol=1e-5)
