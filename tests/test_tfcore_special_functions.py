"""tf.math.special: Bessel J/Y/K/I1, Dawson, Ei, Fresnel and Spence against tabulated values
and identities that tie the functions together across every range their kernels switch at."""

import math

import numpy as np
import pytest

import eagerbook as tf

special = tf.math.special


def f64(fn, x):
    return fn(tf.constant(np.asarray(x, np.float64))).numpy()


# Values at 1 (Abramowitz and Stegun's tables and the functions' definitions).
AT_ONE = {
    "bessel_j0": 0.7651976865579666, "bessel_j1": 0.4400505857449335,
    "bessel_y0": 0.08825696421567697, "bessel_y1": -0.7812128213002887,
    "bessel_k0": 0.42102443824070834, "bessel_k1": 0.6019072301972346,
    "bessel_k0e": 0.42102443824070834 * math.e, "bessel_k1e": 0.6019072301972346 * math.e,
    "bessel_i1": 0.5651591039924851, "bessel_i1e": 0.5651591039924851 / math.e,
    "dawsn": 0.5380795069127684, "expint": 1.8951178163559368,
    "fresnel_cos": 0.7798934003768228, "fresnel_sin": 0.4382591473903548, "spence": 0.0,
}


@pytest.mark.parametrize("name", sorted(AT_ONE))
def test_value_at_one_in_both_float_widths(name):
    fn = getattr(special, name)
    np.testing.assert_allclose(f64(fn, [1.0]), [AT_ONE[name]], rtol=1e-12, atol=1e-15)
    single = fn(tf.constant([1.0]))
    assert single.dtype == tf.float32
    np.testing.assert_allclose(single.numpy(), [AT_ONE[name]], rtol=2e-7)


X = np.concatenate([np.linspace(0.05, 40, 800), [55.0, 80.0, 150.0, 400.0]])


def test_bessel_wronskians_across_the_series_and_asymptotic_ranges():
    j0, j1 = f64(special.bessel_j0, X), f64(special.bessel_j1, X)
    y0, y1 = f64(special.bessel_y0, X), f64(special.bessel_y1, X)
    np.testing.assert_allclose(j1 * y0 - j0 * y1, 2 / (math.pi * X), rtol=1e-10)
    # I0 K1 + I1 K0 = 1/x, in the scaled forms that stay finite for large x.
    i0e, i1e = np.i0(X) * np.exp(-X), f64(special.bessel_i1e, X)
    k0e, k1e = f64(special.bessel_k0e, X), f64(special.bessel_k1e, X)
    np.testing.assert_allclose(i0e * k1e + i1e * k0e, 1 / X, rtol=1e-10)


def test_symmetry_and_scaling():
    np.testing.assert_allclose(f64(special.bessel_j0, -X), f64(special.bessel_j0, X))
    np.testing.assert_allclose(f64(special.bessel_j1, -X), -f64(special.bessel_j1, X))
    np.testing.assert_allclose(f64(special.bessel_i1, -X[:200]), -f64(special.bessel_i1, X[:200]))
    np.testing.assert_allclose(f64(special.bessel_k1, X) * np.exp(X),
                               f64(special.bessel_k1e, X), rtol=1e-12)
    for name in ("dawsn", "fresnel_cos", "fresnel_sin"):
        fn = getattr(special, name)
        np.testing.assert_allclose(f64(fn, -X), -f64(fn, X))


def _derivative(fn, x, h=1e-5):
    return (f64(fn, x + h) - f64(fn, x - h)) / (2 * h)


def test_integrals_have_their_integrands_as_derivatives():
    x = np.linspace(0.3, 12.0, 120)  # past the 6 and 8 where Fresnel and Dawson switch
    np.testing.assert_allclose(_derivative(special.fresnel_cos, x), np.cos(math.pi / 2 * x * x),
                               atol=2e-6)
    np.testing.assert_allclose(_derivative(special.fresnel_sin, x), np.sin(math.pi / 2 * x * x),
                               atol=2e-6)
    np.testing.assert_allclose(_derivative(special.dawsn, x), 1 - 2 * x * f64(special.dawsn, x),
                               atol=1e-8)
    ei_x = np.linspace(0.5, 60.0, 120)  # past 40, where Ei switches to its asymptotic series
    np.testing.assert_allclose(_derivative(special.expint, ei_x, 1e-6), np.exp(ei_x) / ei_x,
                               rtol=1e-6)


def test_spence_identities():
    x = np.array([0.1, 0.4, 0.9, 1.5, 3.0, 20.0, 1e4])
    # spence(x) + spence(1/x) = -ln(x)^2 / 2
    np.testing.assert_allclose(f64(special.spence, x) + f64(special.spence, 1 / x),
                               -np.log(x) ** 2 / 2, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(f64(special.spence, [0.0, 2.0]), [math.pi ** 2 / 6,
                                                                 -math.pi ** 2 / 12])


def test_large_arguments_follow_their_asymptotic_forms():
    np.testing.assert_allclose(f64(special.dawsn, [1e3]), [1 / 2e3 * (1 + 1 / 2e6)], rtol=1e-12)
    np.testing.assert_allclose(f64(special.fresnel_cos, [1e3]), [0.5], atol=1e-3)
    np.testing.assert_allclose(f64(special.bessel_i1e, [1e6]),
                               [1 / math.sqrt(2 * math.pi * 1e6) * (1 - 3 / 8e6)], rtol=1e-10)


def test_edges_are_tf_s_infinities_and_nans():
    assert f64(special.bessel_y0, [0.0, -1.0]).tolist() == [-math.inf, -math.inf]
    assert f64(special.bessel_y1, [0.0]).tolist() == [-math.inf]
    assert f64(special.bessel_k0, [0.0, -2.0]).tolist() == [math.inf, math.inf]
    assert f64(special.bessel_k1e, [0.0]).tolist() == [math.inf]
    assert f64(special.expint, [0.0]).tolist() == [-math.inf]
    assert np.isnan(f64(special.expint, [-1.0])).all()
    assert np.isnan(f64(special.spence, [-0.5])).all()
    assert f64(special.bessel_j0, [0.0]).tolist() == [1.0]
    assert f64(special.bessel_i1, [0.0]).tolist() == [0.0]


def test_half_precision_and_integer_inputs():
    half = special.bessel_y0(tf.constant([1.0, 2.0], tf.float16))
    assert half.dtype == tf.float16
    np.testing.assert_allclose(half.numpy(), [0.08826, 0.5103], rtol=1e-3)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[Op:BesselJ0\]"):
        special.bessel_j0(tf.constant([1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[Op:Spence\]"):
        special.spence(tf.constant([1]))


def test_gradients_are_the_classical_derivatives():
    x = tf.constant([0.5, 2.0, 15.0], tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        j0, k0, y0 = special.bessel_j0(x), special.bessel_k0(x), special.bessel_y0(x)
    np.testing.assert_allclose(tape.gradient(j0, x), -f64(special.bessel_j1, x.numpy()))
    np.testing.assert_allclose(tape.gradient(k0, x), -f64(special.bessel_k1, x.numpy()))
    np.testing.assert_allclose(tape.gradient(y0, x), -f64(special.bessel_y1, x.numpy()))
    at_zero = tf.constant([0.0, 1.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(at_zero)
        y = special.bessel_j1(at_zero)
    # J1'(x) = J0(x) - J1(x)/x: 1/2 at 0, J0(1) - J1(1) at 1
    np.testing.assert_allclose(tape.gradient(y, at_zero),
                               [0.5, AT_ONE["bessel_j0"] - AT_ONE["bessel_j1"]])


def test_ndtri_keeps_tiny_probabilities_and_erfinv_rounds_as_tf():
    p = np.array([1e-300, 1e-30, 1e-9, 0.3, 0.5, 0.999999])
    z = tf.math.ndtri(tf.constant(p)).numpy()
    np.testing.assert_allclose([math.erfc(-v / math.sqrt(2)) / 2 for v in z], p, rtol=1e-12)
    assert np.isfinite(tf.math.ndtri(tf.constant([1e-30], tf.float32)).numpy()).all()
    # TF's erfinv is ndtri((x + 1) / 2) / sqrt(2) with (x + 1) / 2 in x's dtype: a float32
    # 1e-8 rounds to 1/2 there, so its erfinv is 0 (and float64's 1e-17 too).
    assert tf.math.erfinv(tf.constant(1e-8)).numpy() == 0
    assert tf.math.erfinv(tf.constant(1e-17, tf.float64)).numpy() == 0
    x = np.linspace(-0.99, 0.99, 41)
    np.testing.assert_allclose([math.erf(v) for v in tf.math.erfinv(tf.constant(x)).numpy()],
                               x, atol=1e-15)
