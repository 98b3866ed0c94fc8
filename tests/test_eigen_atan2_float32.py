"""float32 atan2 as TF 2.21's CPU kernel computes it: Eigen's packet atan2 (atan of y / x, plus
pi with y's sign where x is negative) for whole packets of 8 results, the C library's atan2f
for the results after the last whole packet (eagerbook/ops/eigen_float.py). The first 16
inputs are ones where TF's value differs from both the C library's and the correctly rounded
one (eagerbook's old values, on any CPU); expected values printed by TF 2.21 (9 digits)."""

import numpy as np

import eagerbook as tf

Y = [-3.48875451, -0.00113711972, 0.0749174058, 4.26104784, -0.728195012, 128.248123,
     -47.6509857, -0.554983079, -1.85388136, -0.0136487959, -0.191993222, -0.665876091,
     -14.200695, -0.0605812855, -1.07413745, 35.6542511, 1, -3, 0.5]
X = [4.22707796, -1460.53564, -30956.3574, -40668.2773, -3137.93921, 74011.6719, -7869.7085,
     15.5475407, 66.6672287, -0.0316785425, -39310.5781, 22.7113647, 9390.02539, -869.738403,
     -22.6803341, -10651.0693, 3, -2, -0.25]
TF_VALUES = [-0.689999163, -3.14159203, 3.14159036, 3.14148808, -3.14136076, 0.00173280784,
             -3.13553786, -0.0356807299, -0.0278008245, -2.73477507, -3.14158797,
             -0.0293106753, -0.00151231594, -3.14152312, -3.09426832, 3.13824534, 0.321750551,
             -2.15879893, 2.03444386]


def test_float32_values_are_tfs():
    z = tf.math.atan2(tf.constant(Y, tf.float32), tf.constant(X, tf.float32))
    np.testing.assert_array_equal(z.numpy(), np.array(TF_VALUES, np.float32))


def test_broadcast_operands_are_read_as_the_result():
    # a (2, 8) result from a (2, 1) and an (8,) operand: two whole packets, the same values
    # as the full-size operands give
    y = np.array(Y[:2], np.float32).reshape(2, 1)
    x = np.array(X[:8], np.float32)
    full = tf.math.atan2(np.broadcast_to(y, (2, 8)).copy(), np.broadcast_to(x, (2, 8)).copy())
    np.testing.assert_array_equal(tf.math.atan2(y, x).numpy(), full.numpy())
    assert tf.math.atan2(tf.constant(Y[:3]), 2.0).shape == (3,)


# IEEE's special values as TF gives them, for every pair of these y (rows) and x (columns), in
# a whole packet and in the tail. A denormal reads as zero except where both are zeros: TF's
# kernel tests that on the bits, so (1e-40, 0) is taken as |y| = |x|, atan2 = pi/4.
EDGES = np.array([0.0, -0.0, 1e-40, -1e-40, np.inf, -np.inf, 2.0, np.nan], np.float32)
P, H = np.float32(np.pi), np.float32(np.pi / 2)
Q, Q3 = np.float32(0.785398126), np.float32(2.3561945)  # (atan(1) by Eigen's polynomial, + pi)
EXPECTED = np.array([
    [0.0, P, Q, Q3, 0.0, P, 0.0, np.nan],
    [-0.0, -P, -Q, -Q3, -0.0, -P, -0.0, np.nan],
    [Q, Q3, Q, Q3, 0.0, P, 0.0, np.nan],
    [-Q, -Q3, -Q, -Q3, -0.0, -P, -0.0, np.nan],
    [H, H, H, H, Q, Q3, H, np.nan],
    [-H, -H, -H, -H, -Q, -Q3, -H, np.nan],
    [H, H, H, H, 0.0, P, Q, np.nan],
    [np.nan] * 8], np.float32)


def test_special_values_in_packets():
    y, x = np.meshgrid(EDGES, EDGES, indexing="ij")
    z = tf.math.atan2(tf.constant(y), tf.constant(x)).numpy()
    np.testing.assert_array_equal(z, EXPECTED)  # (equal NaNs; zeros' signs below)
    assert (np.signbit(z) == np.signbit(EXPECTED)).all()


def test_special_values_in_the_tail():
    y, x = np.array([0.0, -0.0, np.inf, -1.0], np.float32), np.array([-0.0, 0.0, -np.inf, 0.0],
                                                                     np.float32)
    z = tf.math.atan2(y, x).numpy()
    np.testing.assert_array_equal(z, [P, -0.0, np.float32(2.3561945), -H])  # (the C library's)
    assert np.signbit(z[1])


def test_float64_is_not_rounded_to_float32():
    # (float64 takes TF's float64 kernel, eagerbook/ops/eigen_double.py: tests/test_eigen_double.py)
    y, x = np.linspace(-3, 3, 11), np.linspace(2, -1, 11)
    np.testing.assert_allclose(tf.math.atan2(y, x).numpy(), np.arctan2(y, x), rtol=1e-15)
