"""float32 x**y as TF 2.21's CPU kernel computes it: Eigen's packet pow (2**(y * log2(x)) with
y * log2(x) carried in double words) for whole packets of 8 results, the C library's powf for
the results after the last whole packet (eagerbook/ops/eigen_float.py). The first 16 inputs
are ones where TF's value differs from both powf's and the correctly rounded one (eagerbook's
old values, on any CPU); expected values printed by TF 2.21 (9 digits: a float32 exactly)."""

import numpy as np

import eagerbook as tf

X = [0.0229327604, 0.072708644, 0.0903963596, 19.7657833, 0.265339762, 8.58290482, 706.207275,
     -0.0909676254, 1.1939559, 0.875673354, 0.014592777, 85.3198547, 0.00686564483, 12.106823,
     9.45396614, 0.0781768411, 1.5, -2, 0.7]
Y = [-1.89790642, 0.153716892, -3, 0.5, 0.5, 2.14591026, 0.932505965, 2, 3.32697964, 2, 0.5,
     0.688415468, -0.501975238, -2.68134975, 2, 2, 2, 3, -1.3]
TF_VALUES = [1293.30359, 0.668354034, 1353.77722, 4.44587231, 0.515111446, 100.80809,
             453.572052, 0.00827510934, 1.80359256, 0.766803861, 0.120800562, 21.3483734,
             12.1879997, 0.00124743301, 89.3774719, 0.00611161813, 2.25, -8, 1.58991003]


def test_float32_values_are_tfs():
    z = tf.pow(tf.constant(X, tf.float32), tf.constant(Y, tf.float32))
    np.testing.assert_array_equal(z.numpy(), np.array(TF_VALUES, np.float32))


def test_squares_print_as_tfs():
    # x ** 2 goes through the same kernel: 0.3 ** 2 is 0.090000011 in TF, not 0.0900000036
    x = tf.constant([0.1, 0.2, 0.3, 1.1, 1.7, 2.3, 3.3, 0.7])
    np.testing.assert_array_equal((x ** 2).numpy(), np.array(
        [0.0100000007, 0.0400000028, 0.090000011, 1.21000004, 2.8900001, 5.28999996, 10.8899994,
         0.48999998], np.float32))
    assert str(x ** 2).startswith("tf.Tensor(\n[1.0000001e-02 4.0000003e-02 9.0000011e-02")


def test_one_value_is_the_c_librarys():
    # a scalar is all tail: powf's value (TF's Adam takes beta_1 ** t so)
    assert tf.pow(tf.constant(0.9), 3.0).numpy() == np.float32(0.7289999127388)
    assert tf.pow(tf.constant(1e-30), 2.0).numpy() == 0.0  # (flushed, as TF's denormals)


# C's pow on special values, as TF gives them in whole packets: rows x, columns y, both from
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0, -2.0, 0.5, 3.0, -3.0],
                   np.float32)
INF, NAN = np.inf, np.nan
EXPECTED = [
    [1, 1, 0.0, INF, 0.0, INF, NAN, 0.0, INF, 0.0, 0.0, INF],
    [1, 1, -0.0, -INF, 0.0, INF, NAN, 0.0, INF, 0.0, -0.0, -INF],
    [1] * 12,
    [1, 1, -1, -1, 1, 1, NAN, 1, 1, NAN, -1, -1],
    [1, 1, INF, 0.0, INF, 0.0, NAN, INF, 0.0, INF, INF, 0.0],
    [1, 1, -INF, -0.0, INF, 0.0, NAN, INF, 0.0, INF, -INF, -0.0],
    [1, 1] + [NAN] * 10,
    [1, 1, 2, 0.5, INF, 0.0, NAN, 4, 0.25, 1.41421354, 8, 0.125],
    [1, 1, -2, -0.5, INF, 0.0, NAN, 4, 0.25, NAN, -8, -0.125],
    [1, 1, 0.5, 2, 0.0, INF, NAN, 0.25, 4, 0.707106769, 0.125, 8],
    [1, 1, 3, 0.333333343, INF, 0.0, NAN, 9, 0.111111104, 1.73205078, 27, 0.0370370336],
    [1, 1, -3, -0.333333343, INF, 0.0, NAN, 9, 0.111111104, NAN, -27, -0.0370370336]]


def test_special_values_as_tf():
    x, y = np.meshgrid(SPECIAL, SPECIAL, indexing="ij")
    z = tf.pow(tf.constant(x), tf.constant(y)).numpy()
    expected = np.array(EXPECTED, np.float32)
    np.testing.assert_array_equal(z, expected)
    assert (np.signbit(z) == np.signbit(expected)).all()


def test_broadcast_and_gradient():
    x = tf.Variable([[0.3, 1.7]])
    with tf.GradientTape() as tape:
        z = tf.pow(x, tf.constant([[2.0], [0.5]]))
    assert z.shape == (2, 2)
    np.testing.assert_allclose(tape.gradient(z, x).numpy(), [[0.6 + 0.5 / np.sqrt(0.3),
                                                             3.4 + 0.5 / np.sqrt(1.7)]], rtol=1e-6)


def test_float64_is_not_rounded_to_float32():
    # (float64 takes TF's float64 kernel, eagerbook/ops/eigen_double.py: tests/test_eigen_double.py)
    x, y = np.linspace(0.1, 3, 11), np.linspace(-2, 2, 11)
    np.testing.assert_allclose(tf.pow(x, y).numpy(), np.power(x, y), rtol=1e-15)
