"""tf.compat.v1.image's resizing runs TF 1's kernels: samples at pixel corners (not centres),
align_corners stretching the grid so the corner pixels meet, TF 1's bicubic (a = -0.75, edge
pixels repeated). Expected values are TF 2.21's (its tf.compat.v1.image)."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1.image
ROWS, COLUMNS = np.mgrid[0:5, 0:6]
IMAGE = np.stack([ROWS * 0.1 + COLUMNS * 0.05, (ROWS * COLUMNS) % 7 / 7.0], -1).astype(np.float32)


def test_values_are_tf1s():
    assert v1.resize_bilinear(IMAGE[None], (3, 4), align_corners=True).numpy().ravel()[:8] \
        .tolist() == [0.0, 0.0, 0.0833333283662796, 0.0, 0.1666666716337204, 0.0, 0.25, 0.0]
    assert v1.resize_bicubic(IMAGE[None], (7, 9)).numpy()[0, 3].ravel()[:6].tolist() == [
        0.21862727403640747, 0.0, 0.2473486363887787, 0.17795518040657043, 0.28713226318359375,
        0.439449280500412]
    assert v1.resize_area(IMAGE[None], (3, 4)).numpy().ravel()[:6].tolist() == [
        0.05666666850447655, 0.01904761977493763, 0.12333333492279053, 0.0952380895614624,
        0.20666666328907013, 0.1904761791229248]
    assert v1.resize_nearest_neighbor(IMAGE[None], (8, 3), align_corners=True) \
        .numpy()[0, :, 1, 1].tolist() == [0.0, 0.4285714328289032, 0.4285714328289032,
                                          0.8571428656578064, 0.8571428656578064,
                                          0.2857142984867096, 0.2857142984867096,
                                          0.7142857313156128]
    # tf.compat.v1.image.resize: pixel corners, so the last output pixel reads the last input
    assert v1.resize(IMAGE, (7, 9)).numpy()[6, 8].tolist() == [0.6499999761581421,
                                                               0.8571428656578064]


def test_dtypes_methods_and_errors():
    pixels = (IMAGE * 200).astype(np.uint8)
    assert v1.resize(pixels, (3, 4), method=v1.ResizeMethod.NEAREST_NEIGHBOR).dtype == tf.uint8
    assert v1.resize_images(pixels, (3, 4)).dtype == tf.float32
    assert v1.resize(pixels, (9, 9), preserve_aspect_ratio=True).shape == (8, 9, 2)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="If half_pixel_centers is True, align_corners must be False"):
        v1.resize_bilinear(IMAGE[None], (3, 3), align_corners=True, half_pixel_centers=True)
    with pytest.raises(ValueError, match="Resize method is not implemented: 7"):
        v1.resize(IMAGE, (3, 3), method=7)
