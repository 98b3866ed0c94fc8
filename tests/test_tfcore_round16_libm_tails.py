"""float32 values after the last whole packet of 8 come from the C library, as in TF's kernels.

The values below are TF's (glibc's log1pf, expm1f, logf, sinf, cosf), which differ in the
last bit from the correctly rounded ones eagerbook computed before."""

import ctypes.util
import sys

import numpy as np
import pytest

import eagerbook as tf

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux")
                                or ctypes.util.find_library("m") is None,
                                reason="the expected bits are those of the GNU C library")


def test_log1p_tail_matches_tf():
    value = tf.math.log1p(tf.constant([0.1353352814912796])).numpy()[0]
    assert value == np.float32(0.12692800164222717)


def test_log_sigmoid_and_softplus_of_a_few_values_match_tf():
    x = tf.constant([2.0, -2.0, 0.5, 3.0])
    np.testing.assert_array_equal(
        tf.math.log_sigmoid(x).numpy(),
        np.array([-0.12692800164222717, -2.1269280910491943, -0.4740769863128662,
                  -0.04858735203742981], np.float32))


def test_tail_equals_the_c_library_value_by_value():
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    x = np.linspace(-0.9, 5.0, 7).astype(np.float32)
    for name, fn in [("log1pf", tf.math.log1p), ("expm1f", tf.math.expm1), ("sinf", tf.sin),
                     ("cosf", tf.cos), ("logf", lambda v: tf.math.log(tf.abs(v)))]:
        c_function = getattr(libm, name)
        c_function.restype, c_function.argtypes = ctypes.c_float, [ctypes.c_float]
        inputs = np.abs(x) if name == "logf" else x
        expected = np.array([c_function(float(v)) for v in inputs], np.float32)
        np.testing.assert_array_equal(fn(tf.constant(x)).numpy(), expected, err_msg=name)


def test_whole_packets_and_tail_together():
    x = np.linspace(0.1, 3.0, 11).astype(np.float32)  # one packet of 8, then 3 values
    whole = tf.math.log1p(tf.constant(x)).numpy()
    np.testing.assert_array_equal(whole[8:], tf.math.log1p(tf.constant(x[8:])).numpy())
    np.testing.assert_allclose(whole, np.log1p(x), rtol=1e-6)


def test_lgamma_float32_is_the_c_librarys_lgammaf():
    # TF's values; the float64 value rounded once differs in the last bit for each of them
    x = np.array([0.11969950050115585, 0.12954925000667572, 0.15909849107265472], np.float32)
    np.testing.assert_array_equal(
        tf.math.lgamma(x).numpy(),
        np.array([2.064826250076294, 1.9819180965423584, 1.7657572031021118], np.float32))
    poles = tf.math.lgamma([0.0, -1.0, np.inf]).numpy()
    assert np.isinf(poles).all()


def test_digamma_float32_of_negative_values_uses_the_c_librarys_tanf():
    # TF's values (Eigen's digamma with tanf and logf); tan in float64 rounded once differs
    x = np.array([-1.7186464071273804, -5.327541828155518, -3.165350914001465,
                  -1.2466727495193481], np.float32)
    np.testing.assert_array_equal(
        tf.math.digamma(x).numpy(),
        np.array([-1.7714402675628662, 3.654646396636963, 6.795703411102295,
                  3.778656482696533], np.float32))
    assert np.isnan(tf.math.digamma([0.0, -1.0]).numpy()).all()
