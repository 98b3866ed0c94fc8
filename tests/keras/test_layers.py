"""Layers: the shared harness on every layer, then each layer's numbers and errors."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import backend, layers

from .harness import check_layer


@pytest.fixture(autouse=True)
def _fresh_names():
    backend.clear_session()
    tf.random.set_seed(1234)
    yield
    backend.clear_session()


HARNESS_CASES = [
    ("dense", lambda: layers.Dense(3), (2, 4), (2, 3), {"kernel": (4, 3), "bias": (3,)}, {}),
    ("dense_rank3", lambda: layers.Dense(5, activation="tanh"), (2, 3, 4), (2, 3, 5),
     {"kernel": (4, 5), "bias": (5,)}, {}),
    ("dense_no_bias", lambda: layers.Dense(2, use_bias=False), (3, 4), (3, 2),
     {"kernel": (4, 2)}, {}),
    ("conv2d_valid", lambda: layers.Conv2D(4, 3, activation="relu",
                                           bias_initializer="ones"),
     (2, 7, 7, 2), (2, 5, 5, 4), {"kernel": (3, 3, 2, 4), "bias": (4,)}, {}),
    ("conv2d_same_strided", lambda: layers.Conv2D(3, (3, 2), strides=2, padding="same"),
     (1, 7, 6, 2), (1, 4, 3, 3), {"kernel": (3, 2, 2, 3), "bias": (3,)}, {}),
    ("conv2d_dilated", lambda: layers.Conv2D(2, 3, dilation_rate=2), (1, 9, 9, 1),
     (1, 5, 5, 2), {"kernel": (3, 3, 1, 2), "bias": (2,)}, {}),
    ("max_pool", lambda: layers.MaxPooling2D(), (2, 6, 6, 3), (2, 3, 3, 3), {}, {}),
    ("avg_pool_same", lambda: layers.AveragePooling2D(3, strides=2, padding="same"),
     (1, 5, 5, 2), (1, 3, 3, 2), {}, {}),
    ("global_avg", lambda: layers.GlobalAveragePooling2D(), (2, 4, 5, 3), (2, 3), {}, {}),
    ("global_max", lambda: layers.GlobalMaxPooling2D(), (2, 4, 5, 3), (2, 3), {}, {}),
    ("flatten", lambda: layers.Flatten(), (2, 3, 4, 5), (2, 60), {}, {}),
    ("reshape", lambda: layers.Reshape((4, -1)), (2, 3, 4), (2, 4, 3), {}, {}),
    ("activation", lambda: layers.Activation("softmax"), (2, 5), (2, 5), {}, {}),
    ("dropout_inference", lambda: layers.Dropout(0.5, seed=1), (4, 6), (4, 6), {}, {}),
    ("batchnorm", lambda: layers.BatchNormalization(), (4, 3), (4, 3),
     {"gamma": (3,), "beta": (3,), "moving_mean": (3,), "moving_variance": (3,)}, {}),
]


@pytest.mark.parametrize("case", HARNESS_CASES, ids=[c[0] for c in HARNESS_CASES])
def test_layer_harness(case):
    _, factory, in_shape, out_shape, weights, kwargs = case
    check_layer(factory, in_shape, out_shape, weights, call_kwargs=kwargs,
                non_trainable=("moving_mean", "moving_variance"))


def test_embedding_harness():
    data = np.array([[0, 3, 1], [4, 4, 2]], dtype=np.int32)
    layer, out = check_layer(lambda: layers.Embedding(5, 2), (2, 3), (2, 3, 2),
                             {"embeddings": (5, 2)}, input_dtype="int32", input_data=data,
                             grad_to_input=False)
    np.testing.assert_array_equal(out.numpy()[1, 0], layer.embeddings.numpy()[4])


def test_harness_catches_a_layer_without_gradient():
    class Broken(layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight("w", shape=(input_shape[-1],))

        def call(self, x):
            return tf.stop_gradient(x * self.w)

    with pytest.raises(AssertionError, match="gradient"):
        check_layer(Broken, (2, 3), symbolic=False)


# --- numbers ------------------------------------------------------------------------------------
def test_dense_computes_activation_of_affine_map():
    layer = layers.Dense(2, activation="relu", kernel_initializer="ones",
                         bias_initializer=tf.keras.initializers.Constant([-10.0, 1.0]))
    out = layer(np.array([[1.0, 2.0, 3.0]], dtype=np.float32))
    np.testing.assert_allclose(out.numpy(), [[0.0, 7.0]])
    assert out.dtype == tf.float32


def test_dense_casts_float64_inputs_to_float32():
    out = layers.Dense(2)(np.ones((1, 3)))
    assert out.dtype == tf.float32


def test_conv2d_matches_direct_numpy_correlation():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 6, 5, 3)).astype(np.float32)
    layer = layers.Conv2D(4, (3, 2), strides=(2, 1), bias_initializer="ones")
    out = layer(x).numpy()
    w, b = layer.kernel.numpy(), layer.bias.numpy()
    expected = np.zeros((2, 2, 4, 4), np.float32)
    for i in range(2):
        for j in range(4):
            patch = x[:, 2 * i:2 * i + 3, j:j + 2, :]
            expected[:, i, j, :] = np.tensordot(patch, w, axes=([1, 2, 3], [0, 1, 2])) + b
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


def test_pooling_values():
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    np.testing.assert_array_equal(layers.MaxPooling2D()(x).numpy().ravel(), [5, 7, 13, 15])
    np.testing.assert_array_equal(layers.AveragePooling2D()(x).numpy().ravel(),
                                  [2.5, 4.5, 10.5, 12.5])
    np.testing.assert_array_equal(layers.GlobalMaxPooling2D()(x).numpy(), [[15.0]])
    np.testing.assert_array_equal(layers.GlobalAveragePooling2D()(x).numpy(), [[7.5]])


def test_dropout_training_zeroes_and_rescales_inference_is_identity():
    x = np.ones((200, 50), np.float32)
    layer = layers.Dropout(0.4, seed=3)
    out = layer(x, training=True).numpy()
    kept = out != 0
    assert 0.5 < kept.mean() < 0.7
    np.testing.assert_allclose(out[kept], 1 / 0.6, rtol=1e-6)
    np.testing.assert_array_equal(layer(x).numpy(), x)
    np.testing.assert_array_equal(layer(x, training=False).numpy(), x)


def test_training_flag_reaches_inner_layers_through_a_model():
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.drop = layers.Dropout(0.5, seed=1)

        def call(self, x):  # no `training` argument here: Keras passes it on anyway
            return self.drop(x)

    net = Net()
    x = np.ones((100, 10), np.float32)
    assert (net(x, training=True).numpy() == 0).any()
    np.testing.assert_array_equal(net(x).numpy(), x)


def test_batchnorm_training_uses_batch_stats_and_updates_moving_stats():
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((64, 3)) * [1.0, 2.0, 3.0] + [5.0, -1.0, 0.5]).astype(np.float32)
    bn = layers.BatchNormalization(momentum=0.9, epsilon=1e-3)
    out = bn(x, training=True).numpy()
    mean, var = x.mean(0), x.var(0)
    np.testing.assert_allclose(out, (x - mean) / np.sqrt(var + 1e-3), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(bn.moving_mean.numpy(), 0.1 * mean, rtol=1e-5)
    np.testing.assert_allclose(bn.moving_variance.numpy(), 0.9 + 0.1 * var, rtol=1e-5)
    inference = bn(x, training=False).numpy()
    expected = (x - bn.moving_mean.numpy()) / np.sqrt(bn.moving_variance.numpy() + 1e-3)
    np.testing.assert_allclose(inference, expected, rtol=1e-5, atol=1e-5)
    assert [w.name for w in bn.non_trainable_weights] == [
        "batch_normalization/moving_mean:0", "batch_normalization/moving_variance:0"]


def test_batchnorm_4d_uses_unbiased_variance_for_moving_stats_and_frozen_means_inference():
    x = np.random.default_rng(2).standard_normal((2, 3, 3, 2)).astype(np.float32)
    bn = layers.BatchNormalization(momentum=0.0)
    bn(x, training=True)
    n = 2 * 3 * 3
    np.testing.assert_allclose(bn.moving_variance.numpy(), x.reshape(-1, 2).var(0) * n / (n - 1),
                               rtol=1e-5)
    bn.trainable = False
    before = bn.moving_mean.numpy()
    bn(x + 10, training=True)  # a frozen BN runs in inference mode: no update
    np.testing.assert_array_equal(bn.moving_mean.numpy(), before)


def test_embedding_rejects_out_of_range_ids():
    with pytest.raises(tf.errors.InvalidArgumentError, match="not in"):
        layers.Embedding(4, 2)(np.array([[1, 4]]))


def test_add_and_concatenate():
    a, b = np.ones((2, 3), np.float32), np.full((2, 3), 2.0, np.float32)
    np.testing.assert_array_equal(layers.Add()([a, b]).numpy(), a + b)
    np.testing.assert_array_equal(layers.Concatenate()([a, b]).numpy(),
                                  np.concatenate([a, b], -1))


def test_activations_by_name_and_function():
    x = tf.constant([[-2.0, 0.5, 3.0]])
    acts = tf.keras.activations
    np.testing.assert_allclose(acts.get("relu")(x).numpy(), [[0, 0.5, 3]])
    np.testing.assert_allclose(acts.get("sigmoid")(x).numpy(), 1 / (1 + np.exp(-x.numpy())),
                               rtol=1e-6)
    np.testing.assert_allclose(acts.get("softmax")(x).numpy().sum(), 1.0, rtol=1e-6)
    np.testing.assert_allclose(acts.get("linear")(x).numpy(), x.numpy())
    np.testing.assert_allclose(acts.elu(x).numpy(), [[np.expm1(-2.0), 0.5, 3.0]], rtol=1e-6)
    np.testing.assert_allclose(acts.relu(x, alpha=0.1, max_value=2.0).numpy(),
                               [[-0.2, 0.5, 2.0]], rtol=1e-6)
    assert acts.get(tf.tanh) is tf.tanh
    assert layers.Dense(2, activation=tf.nn.relu).activation is tf.nn.relu
    assert {n: acts.serialize(acts.get(n)) for n in ("relu", "gelu")} == {
        "relu": "relu", "gelu": "gelu"}


# --- initializers --------------------------------------------------------------------------------
def test_initializer_statistics_and_seeds():
    init = tf.keras.initializers
    tf.random.set_seed(7)
    w = init.GlorotUniform(seed=1)((200, 300)).numpy()
    limit = np.sqrt(6 / 500)
    assert w.dtype == np.float32 and np.abs(w).max() <= limit
    assert abs(w.std() - limit / np.sqrt(3)) < 0.01 * limit
    # TF's seed rules: the same (global seed, op seed) pair replays the same stream.
    tf.random.set_seed(7)
    np.testing.assert_array_equal(init.GlorotUniform(seed=1)((200, 300)).numpy(), w)
    he = init.HeNormal(seed=2)((3, 3, 64, 32)).numpy()
    assert abs(he.std() - np.sqrt(2 / (9 * 64))) < 0.05 * np.sqrt(2 / (9 * 64))
    assert np.abs(he).max() <= 2 * np.sqrt(2 / (9 * 64)) / 0.87962566103423978 + 1e-6
    hu = init.he_uniform(seed=0)((100, 50)).numpy()
    assert np.abs(hu).max() <= np.sqrt(6 / 100)
    gn = init.glorot_normal(seed=0)((400, 400)).numpy()
    assert abs(gn.std() - np.sqrt(2 / 800)) < 0.05 * np.sqrt(2 / 800)
    rn = init.RandomNormal(mean=1.0, stddev=0.5, seed=3)((10000,)).numpy()
    assert abs(rn.mean() - 1.0) < 0.02 and abs(rn.std() - 0.5) < 0.02
    tn = init.TruncatedNormal(stddev=1.0, seed=3)((10000,)).numpy()
    assert np.abs(tn).max() <= 2.0
    ru = init.RandomUniform(-1, 2, seed=3)((10000,)).numpy()
    assert ru.min() >= -1 and ru.max() < 2
    np.testing.assert_array_equal(init.Zeros()((2, 2)).numpy(), np.zeros((2, 2)))
    np.testing.assert_array_equal(init.Ones()((3,), dtype="float64").numpy(), np.ones(3))
    np.testing.assert_array_equal(init.Constant(7)((2,)).numpy(), [7, 7])
    assert isinstance(init.get("glorot_uniform"), init.GlorotUniform)


def test_global_seed_makes_layers_reproducible():
    tf.random.set_seed(5)
    a = layers.Dense(4)
    a.build((None, 3))
    tf.random.set_seed(5)
    b = layers.Dense(4)
    b.build((None, 3))
    np.testing.assert_array_equal(a.kernel.numpy(), b.kernel.numpy())


# --- errors -------------------------------------------------------------------------------------
def test_dense_rejects_rank_1_input():
    with pytest.raises(ValueError, match="expected min_ndim=2, found ndim=1"):
        layers.Dense(3)(tf.constant([1.0, 2.0]))


def test_conv2d_rejects_wrong_rank():
    with pytest.raises(ValueError, match="min_ndim=4, found ndim=3"):
        layers.Conv2D(2, 3)(np.zeros((2, 5, 5), np.float32))


def test_incompatible_shape_after_build():
    dense = layers.Dense(3)
    dense(np.zeros((2, 4), np.float32))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 4"):
        dense(np.zeros((2, 5), np.float32))
    conv = layers.Conv2D(2, 3)
    conv(np.zeros((1, 5, 5, 3), np.float32))
    with pytest.raises(ValueError, match="expected axis -1"):
        conv(np.zeros((1, 5, 5, 1), np.float32))


def test_unknown_names_raise():
    with pytest.raises(ValueError, match="Unknown activation"):
        layers.Dense(2, activation="relux")
    with pytest.raises(ValueError, match="Unknown initializer"):
        layers.Dense(2, kernel_initializer="glorot")
    with pytest.raises(TypeError, match="Keyword argument not understood"):
        layers.Dense(2, units_typo=3)
    with pytest.raises(ValueError, match="padding"):
        layers.Conv2D(2, 3, padding="full")


def test_count_params_before_build_raises():
    with pytest.raises(ValueError, match="isn't built"):
        layers.Dense(2).count_params()


def test_training_argument_forms():
    seen = []

    class Probe(layers.Layer):
        def call(self, x, training):  # no default: Keras passes None when nobody sets it
            seen.append(training)
            return x

    probe = Probe()
    probe(tf.ones([1, 2]))
    probe(tf.ones([1, 2]), True)
    probe(tf.ones([1, 2]), training=False)
    assert seen == [None, True, False]

    class NoTraining(layers.Layer):
        def call(self, x):
            return x * 2

    np.testing.assert_array_equal(NoTraining()(tf.ones([1]), training=True).numpy(), [2.0])


def test_dropout_masks_follow_tf_seed_rules():
    x = np.ones((8, 8), np.float32)
    tf.random.set_seed(11)
    first = layers.Dropout(0.5, seed=4)(x, training=True).numpy()
    tf.random.set_seed(11)
    again = layers.Dropout(0.5, seed=4)(x, training=True).numpy()
    np.testing.assert_array_equal(first, again)
