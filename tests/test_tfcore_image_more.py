"""tf.image's resize_with_pad, extract_patches, ssim and non-max suppression family
(eagerbook/ops/image_more_ops.py). Expected values are TF 2.21's where a literal is given."""

import numpy as np
import pytest

import eagerbook as tf

rng = np.random.default_rng(0)


def test_non_max_suppression_docstring_case():
    chosen = tf.image.non_max_suppression([[0., 0, 1, 1], [0, 0, 1, 1.1]], [0.9, 0.8], 2)
    assert chosen.dtype == tf.int32 and chosen.numpy().tolist() == [0]


def _boxes(n):
    corners = rng.uniform(0, 1, size=(n, 4)).astype(np.float32)
    return np.concatenate([np.minimum(corners[:, :2], corners[:, 2:]),
                           np.maximum(corners[:, :2], corners[:, 2:])], 1)


def _iou(a, b):
    top, left = max(a[0], b[0]), max(a[1], b[1])
    bottom, right = min(a[2], b[2]), min(a[3], b[3])
    inter = max(bottom - top, 0) * max(right - left, 0)
    area = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / area


@pytest.mark.parametrize(("threshold", "score_threshold"), [(0.3, -np.inf), (0.5, 0.4)])
def test_non_max_suppression_is_greedy_by_score(threshold, score_threshold):
    boxes, scores = _boxes(20), rng.uniform(0, 1, 20).astype(np.float32)
    chosen = tf.image.non_max_suppression(boxes, scores, 10, threshold,
                                          score_threshold).numpy().tolist()
    kept = []
    for i in np.argsort(-scores, kind="stable"):
        if scores[i] <= score_threshold or len(kept) == 10:
            break
        if all(_iou(boxes[i], boxes[j]) <= threshold for j in kept):
            kept.append(i)
    assert chosen == kept


def test_with_scores_and_soft_nms():
    boxes = np.array([[0, 0, 1, 1], [0, 0, 1, 0.8], [0, 2, 1, 3]], np.float32)
    scores = np.array([0.9, 0.8, 0.7], np.float32)
    indices, kept = tf.image.non_max_suppression_with_scores(boxes, scores, 3, 0.5)
    assert indices.numpy().tolist() == [0, 2]
    np.testing.assert_allclose(kept.numpy(), [0.9, 0.7])
    # soft-NMS: the overlapping box stays, its score decayed by exp(-iou^2 / (2 sigma))
    indices, kept = tf.image.non_max_suppression_with_scores(boxes, scores, 3, 1.0,
                                                             soft_nms_sigma=0.5)
    assert indices.numpy().tolist() == [0, 2, 1]
    np.testing.assert_allclose(kept.numpy(), [0.9, 0.7, 0.8 * np.exp(-0.8 ** 2)], rtol=1e-6)


def test_padded_and_overlaps():
    boxes = np.array([[0, 0, 1, 1], [0, 0, 1, 0.9], [0, 2, 1, 3]], np.float32)
    indices, valid = tf.image.non_max_suppression_padded(boxes, [0.9, 0.8, 0.7], 4, 0.5,
                                                         pad_to_max_output_size=True)
    assert indices.numpy().tolist() == [0, 2, 0, 0] and valid.numpy() == 2
    chosen = tf.image.non_max_suppression_overlaps(
        [[1., .6, .1], [.6, 1, .2], [.1, .2, 1]], [0.9, 0.8, 0.7], 3)
    assert chosen.numpy().tolist() == [0, 2]


def test_combined_non_max_suppression():
    boxes = np.array([[[[0, 0, 1, 1]], [[0, 0, 1, 0.9]], [[0, 2, 1, 1.5]]]], np.float32)
    scores = np.array([[[0.9, 0.1], [0.8, 0.75], [0.3, 0.6]]], np.float32)
    out = tf.image.combined_non_max_suppression(boxes, scores, 2, 4, 0.5, 0.2)
    assert type(out).__name__ == "CombinedNonMaxSuppression"
    np.testing.assert_allclose(out.nmsed_scores.numpy(), [[0.9, 0.75, 0.6, 0.3]])
    assert out.nmsed_classes.numpy().tolist() == [[0., 1., 1., 0.]]
    assert out.valid_detections.numpy().tolist() == [4]
    np.testing.assert_allclose(out.nmsed_boxes.numpy()[0, 2], [0, 1, 1, 1])  # clipped


def test_resize_with_pad_keeps_the_aspect_ratio():
    padded = tf.image.resize_with_pad(tf.ones([4, 2, 1]), 4, 4)
    assert padded.numpy()[..., 0].tolist() == [[0., 1., 1., 0.]] * 4
    batch = tf.image.resize_with_pad(tf.ones([2, 3, 4, 2]), 6, 5, method="nearest")
    assert batch.shape.as_list() == [2, 6, 5, 2]


def test_extract_patches():
    x = tf.reshape(tf.range(1., 17.), [1, 4, 4, 1])
    patches = tf.image.extract_patches(x, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID")
    assert patches.numpy()[0, :, :, :].tolist() == [
        [[1., 2., 5., 6.], [3., 4., 7., 8.]], [[9., 10., 13., 14.], [11., 12., 15., 16.]]]
    same = tf.image.extract_patches(x, [1, 3, 3, 1], [1, 1, 1, 1], [1, 2, 2, 1], "SAME")
    assert same.shape.as_list() == [1, 4, 4, 9]
    assert same.numpy()[0, 0, 0].tolist() == [0., 0., 0., 0., 1., 3., 0., 9., 11.]
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.image.extract_patches(t, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1],
                                           "SAME"), [tf.cast(x, tf.float64)])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)


def test_ssim():
    image = rng.uniform(0, 1, (2, 16, 16, 3)).astype(np.float32)
    assert np.allclose(tf.image.ssim(image, image, 1.0).numpy(), 1.0)
    other = rng.uniform(0, 1, (2, 16, 16, 3)).astype(np.float32)
    value = tf.image.ssim(image, other, 1.0)
    assert value.shape.as_list() == [2] and np.all(value.numpy() < 0.2)
    as_bytes = tf.image.ssim(tf.constant((image * 255).astype(np.uint8)),
                             tf.constant((other * 255).astype(np.uint8)), 255)
    np.testing.assert_allclose(as_bytes.numpy(), value.numpy(), atol=0.02)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.image.ssim(tf.ones([4, 4, 1]), tf.ones([4, 4, 1]), 1.0)
