"""Seeded Keras initializers draw TF's values: ``GlorotUniform(seed=1)`` (and every random
initializer given a seed) uses the stateless Philox stream of ``[seed, 0]``, and after
``tf.keras.utils.set_random_seed(n)`` unseeded initializers take their seeds from a
``random.Random(n)`` stream in the order they are first called, as TF's Keras does.

The literals below were printed by TF 2.21 with tf-keras; the last test recomputes them
side by side when TensorFlow is installed."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

inits = tf.keras.initializers
L = tf.keras.layers

# TF 2.21: GlorotUniform(seed=1)((3, 4)).numpy().ravel()
GLOROT_UNIFORM_SEED_1 = [0.7008239, -0.07410216, 0.18570328, -0.19887048, -0.45699728,
                         -0.10313779, -0.29086787, 0.51192725, -0.8422644, 0.5876832,
                         -0.924997, -0.03776914]
# TF 2.21: TruncatedNormal(seed=3)((3, 4)): the normal draws, two groups redrawn past 2 sigma
TRUNCATED_NORMAL_SEED_3 = [-0.03357924, 0.08380252, -0.04721227, 0.03039695, -0.02095366,
                           -0.02478872, 0.02051303, 0.03196517, -0.00342313, -0.00160614,
                           -0.05670081, -0.0013477]
# TF 2.21: set_random_seed(42); Dense(3) built on 2 features: its kernel
DENSE_KERNEL_AFTER_SET_RANDOM_SEED_42 = [[0.7847531, 0.3563013, -0.3095492],
                                         [0.98587775, -0.92442185, 0.33374333]]


def test_seeded_glorot_uniform_draws_tf_values():
    values = inits.GlorotUniform(seed=1)((3, 4)).numpy()
    np.testing.assert_allclose(values.ravel(), GLOROT_UNIFORM_SEED_1, rtol=0, atol=1e-7)


def test_seeded_truncated_normal_draws_tf_values():
    values = inits.TruncatedNormal(seed=3)((3, 4)).numpy()
    np.testing.assert_allclose(values.ravel(), TRUNCATED_NORMAL_SEED_3, rtol=0, atol=1e-8)


def test_seeded_initializer_gives_the_same_values_at_every_call():
    for init in (inits.GlorotUniform(seed=1), inits.RandomNormal(seed=2), inits.HeNormal(seed=3),
                 inits.VarianceScaling(seed=4, distribution="untruncated_normal"),
                 inits.Orthogonal(seed=5)):
        first, second = init((3, 4)).numpy(), init((3, 4)).numpy()
        np.testing.assert_array_equal(first, second)


def test_seeded_uniform_is_the_stateless_draw_of_seed_and_zero():
    expected = tf.random.stateless_uniform((2, 5), seed=[9, 0], minval=-0.05, maxval=0.05)
    got = inits.RandomUniform(seed=9)((2, 5))
    np.testing.assert_array_equal(got.numpy(), expected.numpy())


def test_seeded_initializer_in_a_layer():
    layer = L.Dense(3, kernel_initializer=inits.GlorotUniform(seed=1))
    layer.build((None, 4))
    expected = inits.GlorotUniform(seed=1)((4, 3)).numpy()
    np.testing.assert_array_equal(layer.kernel.numpy(), expected)


def test_set_random_seed_gives_unseeded_layers_tf_weights():
    tf.keras.utils.set_random_seed(42)
    layer = L.Dense(3)
    layer.build((None, 2))
    np.testing.assert_allclose(layer.kernel.numpy(), DENSE_KERNEL_AFTER_SET_RANDOM_SEED_42,
                               rtol=0, atol=1e-7)


def test_set_random_seed_makes_models_repeatable():
    def weights():
        tf.keras.utils.set_random_seed(3)
        model = tf.keras.Sequential([L.Dense(4, input_shape=(3,)), L.Dense(2)])
        return [w.numpy() for w in model.weights]

    for a, b in zip(weights(), weights()):
        np.testing.assert_array_equal(a, b)


def test_unseeded_initializer_reused_repeats_its_values_with_tf_warning():
    tf.keras.utils.set_random_seed(1)
    init = inits.GlorotUniform()
    first = init((2, 2)).numpy()
    with pytest.warns(UserWarning, match="is unseeded and being called multiple times"):
        second = init((2, 2)).numpy()
    np.testing.assert_array_equal(first, second)


def test_seeded_initializer_reused_does_not_warn():
    init = inits.GlorotUniform(seed=1)
    init((2, 2))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        init((2, 2))


def test_multi_head_attention_projections_get_initializers_of_their_own():
    tf.keras.utils.set_random_seed(1)
    mha = L.MultiHeadAttention(num_heads=2, key_dim=2)
    mha(np.ones((1, 3, 4), "float32"), np.ones((1, 2, 4), "float32"))
    kernels = [w.numpy() for w in mha.weights if "kernel" in w.name]
    assert len(kernels) == 4
    assert not np.array_equal(kernels[0], kernels[1])
    assert not np.array_equal(kernels[1], kernels[2])


def test_random_image_layer_takes_a_seed_when_built():
    """TF's augmentation layers fix their generator's seed from the stream when built: the
    Dense after a RandomFlip gets the stream's second number, not its first."""
    tf.keras.utils.set_random_seed(42)
    model = tf.keras.Sequential([L.Input((2,)), L.RandomFlip("horizontal"), L.Dense(3)])
    tf.keras.utils.set_random_seed(42)
    lone = L.Dense(3)
    lone.build((None, 2))
    assert not np.array_equal(model.layers[-1].kernel.numpy(), lone.kernel.numpy())
    tf.keras.utils.set_random_seed(42)
    tf.keras.initializers.GlorotUniform()((1, 1))  # the number the flip layer takes
    after_one = L.Dense(3)
    after_one.build((None, 2))
    np.testing.assert_array_equal(model.layers[-1].kernel.numpy(), after_one.kernel.numpy())


def test_lstm_builds_from_a_shape_tuple():
    layer = L.LSTM(2)
    layer.build((None, 3, 2))
    assert [tuple(w.shape) for w in layer.weights] == [(2, 8), (2, 8), (8,)]


def test_side_by_side_with_tensorflow():
    real_tf = pytest.importorskip("tensorflow", reason="the side-by-side check needs TensorFlow")
    if not hasattr(real_tf.keras.initializers.GlorotUniform(seed=1), "_random_generator"):
        pytest.skip("needs tf-keras (TF_USE_LEGACY_KERAS=1): Keras 3 seeds differently")
    for name in ("GlorotUniform", "GlorotNormal", "HeUniform", "HeNormal", "LecunUniform",
                 "LecunNormal", "RandomUniform", "RandomNormal", "TruncatedNormal"):
        ours = getattr(inits, name)(seed=11)((4, 5)).numpy()
        theirs = getattr(real_tf.keras.initializers, name)(seed=11)((4, 5)).numpy()
        np.testing.assert_array_equal(ours, theirs, err_msg=name)
    tf.keras.utils.set_random_seed(5)
    real_tf.keras.utils.set_random_seed(5)
    ours = tf.keras.Sequential([L.Dense(4, input_shape=(3,)), L.Dense(2)])
    theirs = real_tf.keras.Sequential([real_tf.keras.layers.Dense(4, input_shape=(3,)),
                                       real_tf.keras.layers.Dense(2)])
    for a, b in zip(ours.weights, theirs.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
