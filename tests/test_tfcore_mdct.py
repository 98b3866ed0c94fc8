"""tf.signal.mdct / inverse_mdct: TF 2.21's values, the round trip away from the ends, and
gradients."""

import numpy as np
import pytest

import eagerbook as tf


def test_values_match_tf():
    coefficients = tf.signal.mdct(tf.range(16.), 8)
    assert coefficients.shape.as_list() == [3, 4]
    np.testing.assert_allclose(coefficients.numpy()[0], [-25.3343, -2.963, -2.7059, -0.3389],
                               atol=1e-4)
    back = tf.signal.inverse_mdct(coefficients).numpy()
    np.testing.assert_allclose(back[4:12], np.arange(4., 12.), atol=1e-4)  # away from the ends
    np.testing.assert_allclose(back[:4], [-0.1789, -0.6075, 1.1532, 2.9893], atol=1e-4)
    unwindowed = tf.signal.mdct(tf.range(16.), 8, window_fn=None)
    np.testing.assert_allclose(unwindowed.numpy()[0], [-30.8251, -4.9529, 4.6112, 3.4672],
                               atol=1e-4)
    ortho = tf.signal.mdct(tf.reshape(tf.range(20.), [2, 10]), 4, pad_end=True, norm="ortho")
    assert ortho.shape.as_list() == [2, 5, 2]
    np.testing.assert_allclose(ortho.numpy()[0, 4], [-2.6554, 6.4106], atol=1e-4)
    with pytest.raises(ValueError, match="multiple of 4"):
        tf.signal.mdct(tf.range(16.), 6)


def test_ortho_round_trip_and_gradient():
    signal = tf.constant(np.random.default_rng(2).normal(size=32))
    back = tf.signal.inverse_mdct(tf.signal.mdct(signal, 8, norm="ortho"), norm="ortho")
    np.testing.assert_allclose(back.numpy()[4:-4], signal.numpy()[4:-4], atol=1e-12)
    theoretical, numerical = tf.test.compute_gradient(
        lambda s: tf.signal.mdct(s, 8), [signal])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)
