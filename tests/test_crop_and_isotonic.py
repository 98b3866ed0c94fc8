"""tf.image.crop_and_resize, tf.image.sobel_edges and tf.nn.isotonic_regression, with TF 2.21's
outputs."""

import numpy as np

import eagerbook as tf


def test_crop_and_resize_docstring_examples():
    image = np.arange(0, 18, 2).astype("float32").reshape(3, 3)[None, :, :, None]
    boxes = np.asarray([[0.5, 0.5, 1, 1]])
    bilinear = tf.image.crop_and_resize(image, boxes, [0], [3, 3], method="bilinear")
    assert bilinear[0][:, :, 0].numpy().tolist() == [[8., 9., 10.], [11., 12., 13.],
                                                     [14., 15., 16.]]
    nearest = tf.image.crop_and_resize(image, boxes, [0], [3, 3], method="nearest")
    assert nearest[0][:, :, 0].numpy().tolist() == [[8., 10., 10.], [14., 16., 16.],
                                                    [14., 16., 16.]]
    out = tf.image.crop_and_resize(tf.zeros([1, 256, 256, 3]), tf.zeros([5, 4]),
                                   tf.zeros([5], tf.int32), (24, 24))
    assert out.shape == (5, 24, 24, 3)


def test_crop_and_resize_outside_flipped_and_single_sample_boxes():
    image = tf.reshape(tf.range(2 * 5 * 4 * 2, dtype=tf.float32), [2, 5, 4, 2])
    boxes = [[0.1, 0.2, 0.7, 0.9], [-0.2, 0.3, 0.5, 1.3], [0.5, 0.5, 0.5, 0.5],
             [0.9, 0.8, 0.1, 0.0]]
    out = tf.image.crop_and_resize(image, boxes, [0, 1, 1, 0], [3, 4], extrapolation_value=-1)
    # TF 2.21: a sample outside the image is the extrapolation value, a flipped box flips
    assert out[1, 0, :, 0].numpy().tolist() == [-1., -1., -1., -1.]
    assert out[1, 1, :, 0].numpy().astype("float64").round(4).tolist() == [46.6, 48.6, 50.6, -1.]
    assert out[3, 0, :, 1].numpy().astype("float64").round(4).tolist() == [34.6, 33.0, 31.4, 29.8]
    assert out[2, :, :, 0].numpy().tolist() == [[59.0] * 4] * 3
    single = tf.image.crop_and_resize(image, boxes, [0, 1, 1, 0], [1, 2], method="nearest")
    assert single[:, 0, :, 0].numpy().tolist() == [[18., 22.], [50., 0.], [60., 60.],
                                                   [20., 16.]]
    assert tf.image.crop_and_resize(tf.ones([1, 4, 4, 1], tf.int32), [[0, 0, 1, 1]], [0],
                                    [2, 2]).dtype == tf.float32
    x = tf.Variable(tf.reshape(tf.range(16.), [1, 4, 4, 1]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.image.crop_and_resize(x, [[0.1, 0.2, 0.9, 0.6]], [0], [3, 3]))
    assert tape.gradient(y, x).numpy().astype("float64").round(4).reshape(4, 4).tolist() == [
        [0.28, 1.12, 0.7, 0.0], [0.32, 1.28, 0.8, 0.0], [0.32, 1.28, 0.8, 0.0],
        [0.28, 1.12, 0.7, 0.0]]


def test_isotonic_regression():
    x = tf.constant([[3, 1, 2], [1, 3, 4]], dtype=tf.float32)
    y, segments = tf.nn.isotonic_regression(x, axis=1)
    assert repr(y) == ("<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\n"
                       "array([[3.       , 1.5      , 1.5      ],\n"
                       "       [2.6666667, 2.6666667, 2.6666667]], dtype=float32)>")
    assert segments.numpy().tolist() == [[0, 1, 1], [0, 0, 0]]
    assert type(tf.nn.isotonic_regression(x)).__name__ == "IsotonicRegression"
    up, segments = tf.nn.isotonic_regression(x, decreasing=False)
    assert up.numpy().tolist() == [[2., 2., 2.], [1., 3., 4.]]
    assert segments.numpy().tolist() == [[0, 0, 1], [0, 1, 2]]
    down, segments = tf.nn.isotonic_regression(tf.constant([[1., 2.], [3., 0.]]), axis=0)
    assert down.numpy().tolist() == [[2., 2.], [2., 0.]]
    assert segments.numpy().tolist() == [[0, 0], [0, 1]]
    assert tf.nn.isotonic_regression(tf.constant([1, 5, 2])).output.dtype == tf.float64
    v = tf.Variable([[3., 1., 2., 5.]])
    with tf.GradientTape() as tape:
        fitted, _ = tf.nn.isotonic_regression(v)
        loss = tf.reduce_sum(fitted * [[1., 2., 3., 4.]])
    assert tape.gradient(loss, v).numpy().tolist() == [[1., 3., 3., 3.]]


def test_sobel_edges():
    edges = tf.image.sobel_edges(tf.reshape(tf.range(16.), [1, 4, 4, 1]))
    assert edges.shape == (1, 4, 4, 1, 2) and edges.dtype == tf.float32
    # TF 2.21's values (exact here: small integers); dy first, then dx
    assert edges[0, :, :, 0].numpy().tolist() == [
        [[0.0, 0.0], [0.0, 8.0], [0.0, 8.0], [0.0, 0.0]],
        [[32.0, 0.0], [32.0, 8.0], [32.0, 8.0], [32.0, 0.0]],
        [[32.0, 0.0], [32.0, 8.0], [32.0, 8.0], [32.0, 0.0]],
        [[0.0, 0.0], [0.0, 8.0], [0.0, 8.0], [0.0, 0.0]]]
    assert tf.image.sobel_edges(tf.zeros([2, 28, 28, 3])).shape == (2, 28, 28, 3, 2)
