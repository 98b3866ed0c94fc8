"""tf.image.draw_bounding_boxes and tf.image.extract_glimpse: where the pixels go."""

import numpy as np
import pytest

import eagerbook as tf


def test_box_outline_and_colour_cycling():
    images = tf.zeros([1, 5, 6, 3])
    boxes = [[[0.2, 0.1, 0.8, 0.7],     # rows 0..3, cols 0..3 (corners times size - 1, truncated)
              [-0.5, 0.5, 0.5, 1.5],    # top and right edges fall outside: only bottom and left
              [0.9, 0.9, 0.1, 0.1]]]    # inside out: skipped
    colors = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    out = tf.image.draw_bounding_boxes(images, boxes, colors).numpy()[0, :, :, 0]
    expected = np.zeros((5, 6))
    expected[0, 0:4] = expected[3, 0:4] = expected[0:4, 0] = expected[0:4, 3] = 1
    expected[2, 2:6] = expected[0:3, 2] = 4  # the second box, drawn over the first
    np.testing.assert_array_equal(out, expected)


def test_channels_take_the_first_colour_entries_and_default_colours():
    out = tf.image.draw_bounding_boxes(tf.zeros([1, 4, 4, 1]), [[[0.3, 0.3, 0.6, 0.9]]],
                                       [[5.0, 6.0]]).numpy()[0, :, :, 0]
    np.testing.assert_array_equal(out, [[5, 5, 5, 0], [5, 5, 5, 0], [0] * 4, [0] * 4])
    default = tf.image.draw_bounding_boxes(tf.zeros([1, 3, 3, 3]), [[[0.0, 0.0, 1.0, 1.0]]],
                                           tf.zeros([0, 3])).numpy()
    np.testing.assert_array_equal(default[0, 0, 0], [1, 1, 0])  # TF's first default: yellow


@pytest.mark.parametrize(("images", "boxes", "colors", "message"), [
    (np.zeros([1, 4, 4, 2], np.float32), [[[0, 0, 1, 1.0]]], [[1.0, 1.0]], "Channel depth"),
    (np.zeros([4, 4, 3], np.float32), [[[0, 0, 1, 1.0]]], [[1.0, 1, 1]], "rank of the images"),
    (np.zeros([2, 4, 4, 3], np.float32), [[[0, 0, 1, 1.0]]], [[1.0, 1, 1]], "batch sizes"),
    (np.zeros([1, 4, 4, 3], np.float32), [[[0, 0, 1, 1.0]]], [[1.0, 1]], r"channels .*\[1,2\]"),
    (np.zeros([1, 4, 4, 3], np.int32), [[[0, 0, 1, 1.0]]], [[1.0, 1, 1]], "attr 'T' of int32"),
])
def test_draw_errors(images, boxes, colors, message):
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        tf.image.draw_bounding_boxes(images, boxes, colors)


IMAGE = np.arange(36, dtype=np.float32).reshape(1, 6, 6, 1)


@pytest.mark.parametrize(("offset", "centered", "normalized", "corner"), [
    ([1.0, 1.0], False, False, (1, 1)),     # the corner itself
    ([2.2, 3.7], False, False, (2, 3)),     # truncated
    ([0.5, -0.5], False, False, (0, 0)),    # truncated toward zero
    ([0.5, 0.0], False, True, (3, 0)),      # times the image size
    ([0.0, 0.0], True, False, (3, 3)),      # from the image's centre
    ([0.5, -0.5], True, False, (3, 2)),
    ([0.0, 0.0], True, True, (1, 2)),       # the glimpse's centre at the image's centre
    ([0.5, -0.5], True, True, (3, 0)),
])
def test_glimpse_placement(offset, centered, normalized, corner):
    glimpse = tf.image.extract_glimpse(IMAGE, size=(3, 2), offsets=[offset], centered=centered,
                                       normalized=normalized, noise="zero").numpy()[0, :, :, 0]
    padded = np.zeros((12, 12))
    padded[3:9, 3:9] = IMAGE[0, :, :, 0]
    top, left = corner
    np.testing.assert_array_equal(glimpse, padded[top + 3:top + 6, left + 3:left + 5])


def test_glimpse_noise_outside_the_image():
    tf.random.set_seed(1)
    glimpse = tf.image.extract_glimpse(IMAGE, size=(3, 2), offsets=[[5.0, 5.0]],
                                       centered=False, normalized=False).numpy()[0, :, :, 0]
    assert glimpse[0, 0] == 35.0
    outside = glimpse.ravel()[1:]
    assert np.all((outside >= 0) & (outside <= 35)) and len(set(outside)) == 5
    with pytest.raises(tf.errors.InvalidArgumentError, match="noise"):
        tf.image.extract_glimpse(IMAGE, size=(2, 2), offsets=[[0.0, 0.0]], noise="pink")
