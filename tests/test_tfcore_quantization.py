"""tf.quantization's fake quantization: TF's nudged grid, straight-through gradients, errors."""

import numpy as np
import pytest

import eagerbook as tf

X = np.array([[0.8, -0.3, 0.7], [1.2, 0.5, -0.5], [-7.0, 6.5, 0.0]], np.float32)


def grid_values(x, low, high, num_bits=8, narrow_range=False):
    """The nudged grid worked out in float64: 0.0 on a level, values clamped to the range and
    rounded to the nearest level."""
    quant_min, quant_max = (1 if narrow_range else 0), 2 ** num_bits - 1
    scale = (high - low) / (quant_max - quant_min)
    zero_level = min(max(round(quant_min - low / scale), quant_min), quant_max)
    nudged_min, nudged_max = (quant_min - zero_level) * scale, (quant_max - zero_level) * scale
    levels = np.floor((np.clip(x, nudged_min, nudged_max) - nudged_min) / scale + 0.5)
    return levels * scale + nudged_min


@pytest.mark.parametrize(("low", "high", "num_bits", "narrow"), [
    (-0.5, 0.8, 8, False), (-0.5, 0.8, 4, True), (-6.0, 6.0, 8, False), (0.1, 1.0, 8, False),
    (-2.5, -0.5, 8, False)])
def test_values_sit_on_the_nudged_grid(low, high, num_bits, narrow):
    got = tf.quantization.fake_quant_with_min_max_vars(X, low, high, num_bits, narrow).numpy()
    np.testing.assert_allclose(got, grid_values(X, low, high, num_bits, narrow), atol=1e-6)
    args = tf.quantization.fake_quant_with_min_max_args(X, low, high, num_bits, narrow)
    np.testing.assert_array_equal(args.numpy(), got)
    assert got[2, 2] == 0.0  # zero is always exactly representable


def test_last_digits_are_tf_s():
    got = tf.quantization.fake_quant_with_min_max_vars(X, -0.5, 0.8).numpy()
    # TF 2's output (its docstring example): levels times the scale, rounded once
    np.testing.assert_array_equal(got[0], np.array([0.8003921, -0.3007843, 0.6984313],
                                                   np.float32))
    # (-0.282353 at NumPy's printing precision, -0.28235295 in full)
    assert tf.quantization.fake_quant_with_min_max_args(X).numpy()[0, 1] == np.float32(
        -0.28235295)


def test_per_channel_ranges():
    got = tf.quantization.fake_quant_with_min_max_vars_per_channel(
        X, [-1.1, -0.37, 0.0], [1.7, 0.61, 2.3]).numpy()
    # (ranges putting neither the zero point nor a value of X on a tie between two levels,
    # where float32 and float64 arithmetic may round apart)
    for channel, (low, high) in enumerate([(-1.1, 1.7), (-0.37, 0.61), (0.0, 2.3)]):
        np.testing.assert_allclose(got[:, channel], grid_values(X[:, channel], low, high),
                                   atol=1e-6)


def test_straight_through_gradients():
    x = tf.constant(X)
    low, high = tf.Variable(-0.5), tf.Variable(0.8)
    weights = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.quantization.fake_quant_with_min_max_vars(x, low, high) * weights
        z = tf.quantization.fake_quant_with_min_max_args(x, -1.0, 1.0)
    inside = np.array([[1, 1, 1], [0, 1, 0], [0, 0, 1]], np.float32)  # -0.5 < nudged min
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), inside * [1, 2, 3])
    assert float(tape.gradient(y, low)) == 1 + 3  # -7.0 (weight 1) and -0.5 (weight 3)
    assert float(tape.gradient(y, high)) == 1 + 2  # 1.2 (weight 1) and 6.5 (weight 2)
    np.testing.assert_array_equal(tape.gradient(z, x).numpy(),
                                  [[1, 1, 1], [0, 1, 1], [0, 0, 1]])


def test_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match="min has to be smaller than max"):
        tf.quantization.fake_quant_with_min_max_args(X, min=1.0, max=-1.0)
    for bits in (1, 17):
        with pytest.raises(tf.errors.InvalidArgumentError, match="between 2 and 16"):
            tf.quantization.fake_quant_with_min_max_args(X, num_bits=bits)
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be rank 0 but is rank 1"):
        tf.quantization.fake_quant_with_min_max_vars(X, [0.0], [1.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected 3 was 2"):
        tf.quantization.fake_quant_with_min_max_vars_per_channel(X, [-1.0, 0.0], [1.0, 1.0])
    with pytest.raises((TypeError, ValueError)):
        tf.quantization.fake_quant_with_min_max_args(tf.constant([1, 2]))
