"""tf.math.igamma/igammac/betainc/zeta/polygamma/nextafter against closed forms, and their
gradients against central differences (what TF prints for them: the parity cases)."""

import math

import numpy as np

import eagerbook as tf

X = np.array([0.01, 0.3, 1.0, 2.5, 7.0, 30.0])


def f64(values):
    return tf.constant(np.asarray(values, np.float64))


def test_incomplete_gamma_closed_forms():
    # P(1, x) = 1 - e^-x and P(1/2, x) = erf(sqrt(x)); P + Q = 1 on both sides of x = a + 1.
    np.testing.assert_allclose(tf.math.igamma(f64(1.0), f64(X)).numpy(), -np.expm1(-X),
                               rtol=1e-13)
    np.testing.assert_allclose(tf.math.igamma(f64(0.5), f64(X)).numpy(),
                               [math.erf(math.sqrt(v)) for v in X], rtol=1e-13)
    a = f64([0.3, 4.0, 50.0, 200.0])[:, None]
    total = tf.math.igamma(a, f64(X)) + tf.math.igammac(a, f64(X))
    np.testing.assert_allclose(total.numpy(), 1.0, rtol=1e-13)
    # Q's far tail stays a small number (not 1 - P rounded to 0).
    assert 0 < tf.math.igammac(f64(1.0), f64(700.0)).numpy() < 1e-300


def test_incomplete_beta_closed_forms():
    x = f64([0.01, 0.2, 0.5, 0.9, 0.999])
    np.testing.assert_allclose(tf.math.betainc(f64(1.0), f64(3.0), x).numpy(),
                               1 - (1 - x.numpy()) ** 3, rtol=1e-13)
    np.testing.assert_allclose(tf.math.betainc(f64(2.5), f64(4.0), x).numpy(),
                               1 - tf.math.betainc(f64(4.0), f64(2.5), 1 - x).numpy(),
                               rtol=1e-12, atol=1e-15)


def test_zeta_and_polygamma_closed_forms():
    np.testing.assert_allclose(tf.math.zeta(f64([2.0, 4.0]), f64(1.0)).numpy(),
                               [math.pi ** 2 / 6, math.pi ** 4 / 90], rtol=1e-14)
    # zeta(x, q) = zeta(x, q + 1) + q^-x, also for a negative q with an integer x
    q = f64([-1.5, 0.25, 3.0])
    np.testing.assert_allclose(tf.math.zeta(f64(3.0), q).numpy(),
                               (tf.math.zeta(f64(3.0), q + 1) + q ** -3.0).numpy(), rtol=1e-12)
    np.testing.assert_allclose(tf.math.polygamma(f64([1.0, 2.0]), f64(1.0)).numpy(),
                               [math.pi ** 2 / 6, -2 * 1.2020569031595942], rtol=1e-13)
    np.testing.assert_allclose(tf.math.polygamma(f64(0.0), f64(X)).numpy(),
                               tf.math.digamma(f64(X)).numpy())


def central_difference(fn, x, h=1e-6):
    return (fn(x + h) - fn(x - h)) / (2 * h)


def test_gradients_match_central_differences():
    a, x = 2.5, 1.7
    cases = [(lambda v: tf.math.igamma(v, f64(x)), a),
             (lambda v: tf.math.igamma(f64(a), v), x),
             (lambda v: tf.math.igammac(v, f64(x)), a),
             (lambda v: tf.math.betainc(f64(a), f64(1.5), v), 0.3),
             (lambda v: tf.math.zeta(f64(2.5), v), x),
             (lambda v: tf.math.polygamma(f64(2.0), v), x),
             (tf.math.digamma, x)]
    for fn, at in cases:
        v = tf.Variable(at, dtype=tf.float64)
        with tf.GradientTape() as tape:
            y = fn(v)
        expected = central_difference(lambda p, fn=fn: float(fn(f64(p)).numpy()), at)
        np.testing.assert_allclose(tape.gradient(y, v).numpy(), expected, rtol=1e-6)


def test_nextafter_steps_one_float():
    assert tf.math.nextafter(1.0, 2.0).numpy() == np.nextafter(np.float32(1), np.float32(2))
    assert tf.math.nextafter(f64(1.0), f64(0.0)).numpy() == np.nextafter(1.0, 0.0)
