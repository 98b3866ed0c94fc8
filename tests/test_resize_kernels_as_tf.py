"""tf.image.resize with bicubic, area, lanczos, gaussian and mitchellcubic (and antialiasing)
runs TF's kernels step for step (resize_kernels.py), so the values are TF's to the last bit.
The sums and pixels below are TF 2.21's (the sum in float64 of the float32 result)."""

import numpy as np
import pytest

import eagerbook as tf

ROWS, COLUMNS = np.mgrid[0:9, 0:11]
IMAGE = np.stack([np.sin(ROWS * 0.7 + COLUMNS * 0.3), np.cos(ROWS * COLUMNS * 0.1),
                  (ROWS - COLUMNS) / 7.0], -1).astype(np.float32)


@pytest.mark.parametrize("method, antialias, size, total, pixel", [
    ("bicubic", False, (5, 17), 10.911138704046607,
     [0.953654408454895, 0.9699720740318298, 0.1547154039144516]),
    ("area", False, (4, 6), 3.018935613334179,
     [-0.08847124129533768, 0.35834264755249023, -0.17171716690063477]),
    ("area", False, (13, 7), 11.446801595389843,
     [0.920054018497467, 0.9665316939353943, -0.4141414761543274]),
    ("lanczos3", False, (6, 15), 11.447446098551154,
     [1.0171287059783936, 0.9724574089050293, 0.05694592744112015]),
    ("lanczos5", True, (4, 5), 2.4216057248413563,
     [-0.3356567919254303, 0.1647307127714157, -0.30772513151168823]),
    ("gaussian", False, (12, 8), 11.900244577787817,
     [0.9026747941970825, 0.9698607921600342, -0.32838186621665955]),
    ("mitchellcubic", True, (5, 5), 2.9176585134118795,
     [0.09880079329013824, 0.4353572726249695, -0.4046227037906647]),
    ("bilinear", True, (4, 4), 1.65815956518054,
     [-0.5279708504676819, -0.17616094648838043, -0.4994773268699646]),
    ("bicubic", True, (3, 20), 5.114339709747583,
     [0.06529083847999573, 0.9365749359130859, 0.4482472240924835]),
])
def test_values_are_tfs(method, antialias, size, total, pixel):
    out = tf.image.resize(IMAGE, size, method=method, antialias=antialias).numpy()
    assert out.shape == size + (3,) and out.dtype == np.float32
    assert float(out.astype(np.float64).sum()) == total
    assert out[1, 2].tolist() == pixel


def test_traced_and_integer_images():
    @tf.function
    def resize(image):
        return tf.image.resize(image, (10, 12), method="bicubic")
    image = tf.constant((IMAGE * 100 + 100).astype(np.uint8))
    traced = resize(tf.cast(image, tf.float32)[None])
    assert traced.shape == (1, 10, 12, 3) and traced.dtype == tf.float32
    np.testing.assert_array_equal(traced.numpy()[0], tf.image.resize(
        image, (10, 12), method="bicubic").numpy())


def test_gradients_are_the_transposed_weights():
    x = tf.Variable(IMAGE[None])
    for method in ("bicubic", "lanczos3"):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.image.resize(x, (4, 6), method=method) ** 2)
        grad = tape.gradient(y, x).numpy()
        # check against a numerical derivative at one pixel
        eps = 1e-2
        bumped = IMAGE[None].copy()
        bumped[0, 3, 4, 1] += eps
        y_up = tf.reduce_sum(tf.image.resize(bumped, (4, 6), method=method) ** 2)
        bumped[0, 3, 4, 1] -= 2 * eps
        y_down = tf.reduce_sum(tf.image.resize(bumped, (4, 6), method=method) ** 2)
        np.testing.assert_allclose(grad[0, 3, 4, 1], (y_up - y_down) / (2 * eps), rtol=1e-2,
                                   atol=1e-4)
    with pytest.raises(LookupError, match="no entry for: ResizeArea"):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.image.resize(x, (4, 6), method="area"))
        tape.gradient(y, x)
