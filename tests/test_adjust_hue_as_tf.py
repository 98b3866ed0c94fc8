"""tf.image.adjust_hue runs TF's AdjustHue kernel step for step (float32, the hue in sixths of
the wheel from the channels' order, turned by 6 * delta, the pixel rebuilt from its smallest
and largest channel), so values print with TF's digits. Expected values are TF 2.21's."""

import numpy as np
import pytest

import eagerbook as tf

IMAGE = np.array([[[0.2, 0.7, 0.4], [0.9, 0.1, 0.3], [0.5, 0.5, 0.1], [0.33, 0.66, 0.99]]],
                 np.float32)


@pytest.mark.parametrize("delta, expected", [
    (0.1, [0.20000000298023224, 0.699999988079071, 0.699999988079071, 0.8999999761581421,
           0.37999990582466125, 0.10000000149011612, 0.25999999046325684, 0.5,
           0.10000000149011612, 0.395999938249588, 0.33000001311302185, 0.9900000095367432]),
    (-0.45, [0.699999988079071, 0.20000000298023224, 0.3499998450279236, 0.10000000149011612,
             0.8599998354911804, 0.8999999761581421, 0.22000008821487427, 0.10000000149011612,
             0.5, 0.9900000095367432, 0.8580001592636108, 0.33000001311302185]),
    (0.999, [0.20000000298023224, 0.699999988079071, 0.3970000147819519, 0.8999999761581421,
             0.10000000149011612, 0.3048003911972046, 0.5, 0.4975999891757965,
             0.10000000149011612, 0.33000001311302185, 0.663960337638855, 0.9900000095367432]),
    (-1.0, [0.20000000298023224, 0.699999988079071, 0.40000003576278687, 0.8999999761581421,
            0.10000000149011612, 0.29999998211860657, 0.5, 0.5, 0.10000000149011612,
            0.33000001311302185, 0.6599999666213989, 0.9900000095367432]),
])
def test_float32_values_are_tfs(delta, expected):
    assert tf.image.adjust_hue(IMAGE, delta).numpy().ravel().tolist() == expected


def test_stateless_random_hue_of_tfs_docstring():
    x = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(2, 2, 3))
    out = tf.image.stateless_random_hue(x, 0.2, (1, 2))
    assert out.numpy().ravel().tolist()[:4] == [1.6514902114868164, 1.0, 3.0, 4.651490211486816]


def test_other_dtypes_go_through_float32():
    x = tf.constant(np.linspace(0, 1, 6).reshape(1, 2, 3), tf.float64)
    out = tf.image.adjust_hue(x, 0.7)
    assert out.dtype == tf.float64
    assert out.numpy().ravel().tolist() == [0.12000007927417755, 0.4000000059604645, 0.0,
                                            0.7200000882148743, 1.0, 0.6000000238418579]
    pixels = tf.constant(np.arange(12, dtype=np.uint8).reshape(2, 2, 3) * 20)
    assert tf.image.adjust_hue(pixels, 0.3).numpy().ravel().tolist() == [
        40, 0, 28, 100, 60, 88, 160, 120, 148, 220, 180, 208]


def test_errors_and_tracing_as_tf():
    with pytest.raises(tf.errors.NotFoundError, match=r"AdjustHue\[T=DT_HALF\]\nAll kernels "
                                                      r"registered for op AdjustHue:\n"):
        tf.image.adjust_hue(tf.ones((2, 2, 3), tf.float16), 0.1)
    with pytest.raises(ValueError, match=r"delta must be in the interval \[-1, 1\]"):
        tf.image.adjust_hue(tf.ones((2, 2, 3)), tf.constant(1.5))
    x = tf.Variable(tf.ones((1, 2, 3)))
    with pytest.raises(LookupError, match="gradient registry has no entry for: AdjustHue"):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.image.adjust_hue(x, 0.2))
        tape.gradient(y, x)

    @tf.function
    def turn(image, delta):  # a traced delta is not range-checked
        return tf.image.adjust_hue(image, delta)
    out = turn(tf.ones((1, 2, 3)) * [0.1, 0.5, 0.9], tf.constant(0.25))
    np.testing.assert_allclose(out.numpy()[0, 0], [0.9, 0.1, 0.9], rtol=1e-6)
