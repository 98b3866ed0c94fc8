"""tf.keras.backend's random functions, called without a seed, draw their op seed from NumPy's
generator as Keras 2 does (so ``tf.keras.utils.set_random_seed`` fixes them, and each call
advances NumPy's state). Expected values are TF 2.21's (tf_keras) printouts."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

K = tf.keras.backend


def test_random_normal_uniform_and_bernoulli_take_numpys_seeds():
    tf.keras.utils.set_random_seed(0)
    np.testing.assert_allclose(K.random_normal((2, 3)).numpy(),
                               [[0.56866187, -0.59514713, -0.9262866],
                                [-0.17118908, 1.6489532, -0.8687157]], rtol=1e-6)
    np.testing.assert_allclose(K.random_uniform((2, 2)).numpy(),
                               [[0.13580525, 0.15223503], [0.73384607, 0.6198901]],
                               rtol=1e-6)
    np.testing.assert_array_equal(K.random_bernoulli((2, 2), 0.5).numpy(), [[0, 1], [0, 0]])
    np.testing.assert_allclose(K.truncated_normal((2,)).numpy(), [1.2687252, 0.54201764],
                               rtol=1e-6)
    assert np.random.randint(100) == 67  # four draws from NumPy's state, as in TF


def test_an_explicit_seed_is_used_as_given():
    tf.keras.utils.set_random_seed(0)
    np.testing.assert_allclose(K.random_normal((2,), seed=3).numpy(),
                               [-1.4095545, -0.5366828], rtol=1e-6)
    assert np.random.randint(100) == 44  # (NumPy's first draw after seeding: untouched)


def test_random_variables_and_the_deprecated_binomial():
    tf.keras.utils.set_random_seed(1)
    np.testing.assert_allclose(K.random_uniform_variable((2, 2), 0.0, 1.0).numpy(),
                               [[0.56361294, 0.21542728], [0.4068321, 0.5399723]], rtol=1e-6)
    np.testing.assert_allclose(K.random_normal_variable((2,), 0.0, 1.0).numpy(),
                               [-0.56513536, -0.4055678], rtol=1e-6)
    with pytest.warns(UserWarning, match=r"^`tf.keras.backend.random_binomial` is deprecated, "
                                         r"and will be removed in a future version.Please use "
                                         r"`tf.keras.backend.random_bernoulli` instead.$"):
        np.testing.assert_array_equal(K.random_binomial((3,), 0.5).numpy(), [0, 1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(K.dropout(tf.ones((4,)), 0.5).numpy(), [2, 2, 0, 2])
