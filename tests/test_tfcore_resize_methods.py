"""tf.image.resize's other methods -- bicubic, area, lanczos3/5, gaussian, mitchellcubic --
and antialiasing: TF 2.21's values (to 4 decimals), and gradients."""

import numpy as np
import pytest

import eagerbook as tf

ROW = [[[0.], [1.], [4.], [9.], [16.]]]  # one row of 5 pixels: [1, 5, 1]


@pytest.mark.parametrize(("method", "antialias", "width", "want"), [
    ("bicubic", False, 3, [0.1722, 4, 14.2436]),
    ("bicubic", False, 7, [-0.0582, 0.36, 1.6541, 4, 7.3651, 12.4167, 16.4071]),
    ("bicubic", True, 3, [0.1692, 4.1953, 13.3385]),
    ("bicubic", True, 7, [-0.0583, 0.3601, 1.6531, 4, 7.3673, 12.4155, 16.4078]),
    ("area", False, 3, [0.4, 4.4, 13.2]),
    ("area", False, 7, [0, 0.6, 1.6, 4, 8, 11.8, 16]),
    ("area", True, 3, [0.4, 4.4, 13.2]),
    ("area", True, 7, [0, 0.6, 1.6, 4, 8, 11.8, 16]),
    ("lanczos3", False, 3, [0.1093, 4, 14.4374]),
    ("lanczos3", False, 7, [-0.0047, 0.3431, 1.6241, 4, 6.9076, 12.7234, 16.4357]),
    ("lanczos3", True, 3, [0.1033, 4, 13.5305]),
    ("lanczos3", True, 7, [-0.0047, 0.3431, 1.6241, 4, 6.9076, 12.7234, 16.4357]),
    ("lanczos5", False, 3, [0.0166, 4, 14.4846]),
    ("lanczos5", False, 7, [-0.0035, 0.136, 2.0713, 4, 6.4845, 12.8986, 16.4697]),
    ("lanczos5", True, 3, [0.1804, 3.9136, 13.5841]),
    ("lanczos5", True, 7, [-0.0035, 0.136, 2.0713, 4, 6.4845, 12.8986, 16.4697]),
    ("gaussian", False, 3, [0.3392, 4.213, 13.6253]),
    ("gaussian", False, 7, [0.071, 0.618, 1.8381, 4.213, 7.76, 11.8935, 15.503]),
    ("gaussian", True, 3, [0.7102, 4.682, 12.2417]),
    ("gaussian", True, 7, [0.071, 0.618, 1.8381, 4.213, 7.76, 11.8935, 15.503]),
    ("mitchellcubic", False, 3, [0.247, 4.1111, 13.9203]),
    ("mitchellcubic", False, 7, [0, 0.4543, 1.7642, 4.1111, 7.4785, 12.2563, 16]),
    ("mitchellcubic", True, 3, [0.4096, 4.4277, 12.8131]),
    ("mitchellcubic", True, 7, [0, 0.4543, 1.7642, 4.1111, 7.4785, 12.2563, 16]),
    ("bilinear", False, 3, [0.3333, 4, 13.6667]),
    ("bilinear", False, 7, [0, 0.5714, 1.8571, 4, 7.5714, 12, 16]),
    ("bilinear", True, 3, [0.4286, 4.4444, 13]),
    ("bilinear", True, 7, [0, 0.5714, 1.8571, 4, 7.5714, 12, 16]),
])
def test_methods_match_tf(method, antialias, width, want):
    got = tf.image.resize(tf.constant(ROW), [1, width], method=method, antialias=antialias)
    assert got.dtype == tf.float32 and got.shape.as_list() == [1, width, 1]
    np.testing.assert_allclose(got.numpy().ravel(), want, atol=1e-4)


def test_integer_images_resize_to_float32_and_unknown_methods_refuse():
    image = tf.cast(tf.reshape(tf.range(16), [4, 4, 1]), tf.uint8)
    assert tf.image.resize(image, [2, 2], method="bicubic").dtype == tf.float32
    assert tf.image.resize(image, [2, 2], method=tf.image.ResizeMethod.AREA).dtype == \
        tf.float32
    with pytest.raises(ValueError, match="not implemented"):
        tf.image.resize(image, [2, 2], method="bogus")


@pytest.mark.parametrize(("method", "antialias"), [
    ("bicubic", False), ("lanczos3", True), ("bilinear", True)])  # (area: TF has no gradient)
def test_gradients(method, antialias):
    image = tf.constant(np.random.default_rng(1).uniform(size=(1, 5, 4, 1)))
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.image.resize(t, [3, 6], method=method, antialias=antialias), [image])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-3)
