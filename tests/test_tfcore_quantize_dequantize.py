"""tf.quantization.quantize_and_dequantize(_v2): TF 2.21's values, gradient and errors."""

import numpy as np
import pytest

import eagerbook as tf

X = tf.constant([-1.5, -0.2, 0.0, 0.33, 2.7, 7.0, 0.5078125])


def _q(**kwargs):
    return tf.quantization.quantize_and_dequantize_v2(X, **kwargs).numpy()


def test_values_on_tfs_grid():
    f = np.float32
    np.testing.assert_array_equal(
        _q(input_min=-2.0, input_max=2.0, range_given=True),
        f([-1.496063, -0.2047244, 0.0, 0.33070865, 2.0, 2.0, 0.503937]))
    np.testing.assert_array_equal(  # unsigned, 4 bits: 0 .. 15 over [0, 2]
        _q(input_min=-2.0, input_max=2.0, signed_input=False, num_bits=4, range_given=True),
        f([0.0, 0.0, 0.0, 0.26666668, 2.0, 2.0, 0.53333336]))
    np.testing.assert_array_equal(  # the input's own range [-1.5, 7], not clamped
        _q(input_min=0.0, input_max=0.0),
        f([-1.488189, -0.22047244, 0.0, 0.33070865, 2.7007873, 7.0, 0.496063]))
    np.testing.assert_array_equal(
        _q(input_min=-1.0, input_max=1.0, range_given=True, narrow_range=True),
        f([-1.0, -0.19685039, 0.0, 0.33070865, 1.0, 1.0, 0.503937]))
    np.testing.assert_array_equal(
        tf.quantization.quantize_and_dequantize(X, -1.0, 1.0, range_given=True).numpy(),
        f([-1.007874, -0.19685039, 0.0, 0.33070865, 1.0, 1.0, 0.503937]))


def test_gradient_passes_inside_the_given_bounds():
    x = tf.Variable([-1.5, 0.3, 1.7])
    for range_given in (True, False):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.quantization.quantize_and_dequantize_v2(
                x, -1.0, 1.0, range_given=range_given) * [1.0, 2.0, 3.0])
        assert tape.gradient(y, x).numpy().tolist() == [0.0, 2.0, 0.0]


def test_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'round_mode' of \"X\" is not in the list"):
        tf.quantization.quantize_and_dequantize_v2(X, -1.0, 1.0, round_mode="X")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Invalid range: input_min 2 > input_max 1"):
        tf.quantization.quantize_and_dequantize_v2(X, 2.0, 1.0, range_given=True)
