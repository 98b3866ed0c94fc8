"""tf.image.(stateless_)sample_distorted_bounding_box: TF's crops for given seeds, the
constraints every crop meets, and TF's argument errors."""

import numpy as np
import pytest

import eagerbook as tf

BOX = [[[0.1, 0.2, 0.5, 0.9]]]

# Recorded from TensorFlow 2: (image size, seed) -> (begin, size).
TF_CROPS = {
    ((480, 640, 3), (1, 2)): ([3, 52, 0], [428, 389, -1]),
    ((480, 640, 3), (8, 9)): ([56, 290, 0], [202, 212, -1]),
}


@pytest.mark.parametrize(("image_size", "seed"), list(TF_CROPS))
def test_stateless_crops_are_tf_s(image_size, seed):
    begin, size, box = tf.image.stateless_sample_distorted_bounding_box(
        image_size, BOX, seed=seed, min_object_covered=0.1)
    assert (begin.numpy().tolist(), size.numpy().tolist()) == TF_CROPS[(image_size, seed)]
    height, width = image_size[:2]
    y, x = begin.numpy()[:2]
    h, w = size.numpy()[:2]
    np.testing.assert_allclose(box.numpy(), [[[y / height, x / width, (y + h) / height,
                                               (x + w) / width]]], rtol=1e-6)


def test_every_crop_meets_the_constraints():
    height, width = 100, 50
    boxes = [[[0.1, 0.2, 0.5, 0.9], [0.6, 0.1, 0.9, 0.4]]]
    pixel_boxes = [(10, 10, 50, 45), (60, 5, 90, 20)]  # y0, x0, y1, x1, truncated
    for seed in range(30):
        begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
            [height, width, 3], boxes, seed=[seed, 7], min_object_covered=0.5,
            aspect_ratio_range=(0.5, 2.0), area_range=(0.1, 0.7))
        y, x = begin.numpy()[:2]
        h, w = size.numpy()[:2]
        if (h, w) == (height, width):
            continue  # no crop found in 100 attempts: the whole image, as in TF
        assert 0.5 * w <= h * 1.0 <= 2.0 * w + 1 and 0.1 * 5000 <= h * w <= 0.7 * 5000
        assert 0 <= y and y + h <= height and 0 <= x and x + w <= width
        covered = []
        for y0, x0, y1, x1 in pixel_boxes:
            overlap = max(0, min(y + h, y1) - max(y, y0)) * max(0, min(x + w, x1) - max(x, x0))
            covered.append(overlap / ((y1 - y0) * (x1 - x0)))
        assert max(covered) >= 0.5


def test_same_seed_same_crop_and_the_whole_image_without_boxes():
    args = dict(image_size=[224, 224, 3], bounding_boxes=tf.zeros([1, 0, 4]), seed=[3, 4],
                use_image_if_no_bounding_boxes=True)
    first = [t.numpy().tolist() for t in tf.image.stateless_sample_distorted_bounding_box(**args)]
    again = [t.numpy().tolist() for t in tf.image.stateless_sample_distorted_bounding_box(**args)]
    assert first == again
    begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
        [3, 3, 1], BOX, seed=[1, 2], min_object_covered=1.0, area_range=(0.9, 0.5))
    assert begin.numpy().tolist() == [0, 0, 0] and size.numpy().tolist() == [3, 3, -1]
    _, size, _ = tf.image.stateless_sample_distorted_bounding_box(
        tf.constant([3, 3, 1], tf.uint8), BOX, seed=[1, 2])
    assert size.dtype == tf.uint8 and size.numpy()[2] == 255  # -1 in the image_size's dtype


def test_stateful_version_follows_the_seeds_and_moves_on():
    def crops():
        tf.random.set_seed(3)
        return [[t.numpy().tolist() for t in tf.image.sample_distorted_bounding_box(
            [480, 640, 3], BOX, seed=7, max_attempts=10)[:2]] for _ in range(3)]
    first = crops()
    assert first == crops()  # reproducible after set_seed
    assert first[0] != first[1]  # each call draws anew
    # TF 2's crops for global seed 3 and op seed 7: the stream moves max_attempts blocks a call
    assert first == [[[25, 240, 0], [338, 396, -1]], [[43, 25, 0], [408, 507, -1]],
                     [[55, 89, 0], [232, 227, -1]]]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"image_size": [3, 3]}, r"must contain 3 elements\[2\]"),
    ({"bounding_boxes": [[0.1, 0.2, 0.5, 0.9]]}, "must be 3-dimensional"),
    ({"bounding_boxes": [[[0.1, 0.2, 1.5, 0.9]]]}, r"must be in \[0.0, 1.0\]: 1.5"),
    ({"bounding_boxes": np.zeros([1, 0, 4])}, "No bounding boxes provided"),
    ({"area_range": (0.0, 1.0)}, "Area range must be non-negative"),
    ({"area_range": (0.5, 1.5)}, "less then or equal to 1.0"),
    ({"aspect_ratio_range": (0.0, 1.0)}, "Aspect ratio range must be non-negative"),
    ({"min_object_covered": -0.5}, "Min object covered must be non-negative"),
    ({"max_attempts": 0}, "Max attempts must be non-negative"),
    ({"image_size": [3.0, 3.0, 1.0]}, "attr 'T' of float"),
    ({"seed": [1, 2, 3]}, r"seed must have shape \[2\], not \[3\]"),
])
def test_errors(kwargs, message):
    args = dict(image_size=[3, 3, 1], bounding_boxes=BOX, seed=[1, 2])
    args.update(kwargs)
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        tf.image.stateless_sample_distorted_bounding_box(**args)
