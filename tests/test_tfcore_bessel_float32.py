"""float32 I0, I0e, I1 and I1e as TF's kernels compute them (Eigen's Chebyshev series, every
step rounded to float32): the values print with TF's last digit."""

import numpy as np
import pytest

import eagerbook as tf

# TF 2.21's float32 results for x = 0.5, 0.25, 0.75, 1, -2, 3.5, 7.9 (|x| <= 8, where TF's
# kernel is exact float32 arithmetic; beyond 8 it uses the CPU's approximate reciprocal root)
X = np.array([0.5, 0.25, 0.75, 1., -2., 3.5, 7.9], np.float32)


@pytest.mark.parametrize("name, first_three", [
    ("bessel_i0", [1.0634835, 1.0156863, 1.1456468]),
    ("bessel_i0e", [0.6450354, 0.7910173, 0.54116523]),
    ("bessel_i1", [0.25789434, 0.12597913, 0.40199247]),
    ("bessel_i1e", [0.15642083, 0.09811264, 0.18988779]),
])
def test_float32_digits_are_tfs(name, first_three):
    out = getattr(tf.math, name)(X[:3]).numpy()
    np.testing.assert_array_equal(out, np.array(first_three, np.float32))


def test_float32_follows_the_float64_values_closely_elsewhere():
    for name in ("bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e"):
        f32 = getattr(tf.math, name)(X).numpy()
        f64 = getattr(tf.math, name)(X.astype(np.float64)).numpy()
        np.testing.assert_allclose(f32, f64, rtol=2e-6)
    assert float(tf.math.bessel_i1e(-2.)) < 0  # odd: the sign of x


def test_bessel_i0e_is_an_op_with_tfs_dtypes_and_gradient():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="allowed values: bfloat16, half, float, double"):
        tf.math.bessel_i0e(tf.constant([1]))
    x = tf.Variable([1., -2., 0.5])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.math.bessel_i0e(x))
    # TF 2.21: (e^-|x| I0)' = I1e - sign(x) I0e
    np.testing.assert_allclose(tape.gradient(y, x).numpy(),
                               [-0.25784922, 0.09323901, -0.48861456], rtol=1e-6)


def test_float32_ndtri_and_erfinv_follow_tfs_kernel():
    # TF 2.21's float32 digits (the middle of the range and both tails)
    np.testing.assert_array_equal(
        tf.math.ndtri(np.array([0.975, 0.5, 1e-30], np.float32)).numpy(),
        np.array([1.9599644, 0., -11.464024], np.float32))
    np.testing.assert_array_equal(tf.math.erfinv(np.array([0.5], np.float32)).numpy(),
                                  np.array([0.4769363], np.float32))
    edges = tf.math.ndtri([0., 1., -0.5, 1.5, 1e-38]).numpy()
    assert edges[0] == -np.inf and edges[1] == np.inf and np.isnan(edges[2:4]).all()
    assert edges[4] == -np.inf  # a denormal input reads as 0, as under TF's flush-to-zero
    assert tf.math.erfinv([-1., 1.]).numpy().tolist() == [-np.inf, np.inf]


def test_erfcinv_multiplies_by_root_half_as_tf():
    # TF 2.21's float32 digits: -ndtri(x / 2) * sqrt(1/2) (dividing by sqrt(2) rounds
    # differently in the last place for about half of all inputs)
    x = np.array([1.2055267095565796, 1.0897663831710815, 0.8473095893859863], np.float32)
    np.testing.assert_array_equal(
        tf.math.erfcinv(x).numpy(),
        np.array([-0.18420572578907013, -0.07972195744514465, 0.13615503907203674],
                 np.float32))
    assert tf.math.erfcinv([0.]).numpy()[0] == np.inf


def test_float32_digamma_follows_tfs_kernel():
    # TF 2.21's float32 digits, through the recurrence, the series and the reflection
    x = np.array([1., 0.5, -2.5, 1e9, 0.25, 3.], np.float32)
    np.testing.assert_array_equal(
        tf.math.digamma(x).numpy(),
        np.array([-0.5772159, -1.9635108, 1.1031568, 20.723267, -4.227454, 0.9227842],
                 np.float32))
    assert np.isnan(tf.math.digamma([0., -1.]).numpy()).all()  # the poles
