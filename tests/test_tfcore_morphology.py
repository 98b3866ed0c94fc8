"""tf.nn.dilation2d and tf.nn.erosion2d: TF 2.21's values, shapes and gradients."""

import numpy as np
import pytest

import eagerbook as tf


def _operands():
    r = np.random.RandomState(0)
    return (tf.constant(r.randn(2, 5, 6, 3).astype(np.float32)),
            tf.constant(r.randn(3, 2, 3).astype(np.float32)))


@pytest.mark.parametrize("padding, stride, rate, shape, dil_sum, ero_sum", [
    ("SAME", 1, 1, (2, 5, 6, 3), 216.4428, -225.4681),
    ("SAME", 2, 1, (2, 3, 3, 3), 73.0977, -66.5559),
    ("SAME", 1, 2, (2, 5, 6, 3), 198.2588, -209.7181),
    ("VALID", 1, 1, (2, 3, 5, 3), 125.8689, -126.8132),
    ("VALID", 1, 2, (2, 1, 5, 3), 46.3106, -40.9392),
])
def test_values_match_tf(padding, stride, rate, shape, dil_sum, ero_sum):
    x, f = _operands()
    strides, rates = [1, stride, stride, 1], [1, rate, 1, 1]
    d = tf.nn.dilation2d(x, f, strides, padding, "NHWC", rates)
    e = tf.nn.erosion2d(x, f, strides, padding, "NHWC", rates)
    assert d.shape == shape and e.shape == shape
    np.testing.assert_allclose(d.numpy().sum(), dil_sum, atol=1e-3)
    np.testing.assert_allclose(e.numpy().sum(), ero_sum, atol=1e-3)


def test_gradients_go_to_the_winning_taps():
    x, f = (tf.Variable(t) for t in _operands())
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]))
    grad_x, grad_f = tape.gradient(y, [x, f])
    assert grad_x.numpy().sum() == 180.0
    assert grad_f.numpy().tolist() == [[[9.0, 2.0, 8.0], [0.0, 16.0, 1.0]],
                                       [[1.0, 23.0, 5.0], [41.0, 1.0, 17.0]],
                                       [[7.0, 3.0, 16.0], [2.0, 15.0, 13.0]]]


def test_only_nhwc():
    x, f = _operands()
    with pytest.raises(ValueError, match="values other  than 'NHWC' are not supported"):
        tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1])
