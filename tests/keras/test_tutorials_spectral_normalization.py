"""SpectralNormalization: a training call divides the wrapped kernel by its largest singular
value (power iteration from ``vector_u``); inference calls leave it alone. Values as TF 2.21
(Keras 2) computes them for a fixed kernel and ``vector_u``."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers
X = np.arange(8, dtype="float32").reshape(2, 4) / 8


def test_values_weights_and_names_as_tensorflow():
    sn = L.SpectralNormalization(L.Dense(3, kernel_initializer="ones"))
    np.testing.assert_allclose(sn(X).numpy(), [[0.75] * 3, [2.75] * 3])  # no change yet
    assert [(w.name.split("/")[-1], tuple(w.shape), w.trainable) for w in sn.weights] == [
        ("kernel:0", (4, 3), True), ("bias:0", (3,), True), ("vector_u:0", (1, 3), False)]
    sn.vector_u.assign(np.array([[0.3, -0.2, 0.5]], "float32"))
    sn.layer.kernel.assign(np.arange(12, dtype="float32").reshape(4, 3) / 10)
    y = sn(X, training=True).numpy()
    np.testing.assert_allclose(y, [[0.2339, 0.2673, 0.3008], [0.6349, 0.7575, 0.88]],
                               atol=1e-4)
    np.testing.assert_allclose(sn.vector_u.numpy(), [[0.49664, 0.57389, 0.65115]], atol=1e-5)
    np.testing.assert_allclose(sn(X, training=False).numpy(), y, rtol=1e-6)


def test_many_iterations_reach_the_largest_singular_value():
    rng = np.random.RandomState(0)
    kernel = rng.randn(6, 4).astype("float32")
    sn = L.SpectralNormalization(L.Dense(4, use_bias=False), power_iterations=50)
    sn(X[:, :2].repeat(3, axis=1))
    sn.layer.kernel.assign(kernel)
    sn(np.ones((1, 6), "float32"), training=True)
    top = np.linalg.svd(sn.layer.kernel.numpy(), compute_uv=False)[0]
    np.testing.assert_allclose(top, 1.0, rtol=1e-4)


def test_conv_and_embedding_kernels_and_zero_kernels():
    conv = L.SpectralNormalization(L.Conv2D(2, 2), power_iterations=3)
    assert conv(np.ones((1, 3, 3, 1), "float32"), training=True).shape == (1, 2, 2, 2)
    assert conv.vector_u.shape == (1, 2)
    embedding = L.SpectralNormalization(L.Embedding(5, 2))
    assert embedding(np.array([[1, 2]])).shape == (1, 2, 2) and embedding.kernel.shape == (5, 2)
    zeros = L.SpectralNormalization(L.Dense(2, kernel_initializer="zeros"))
    assert zeros(X, training=True).numpy().tolist() == [[0, 0], [0, 0]]


def test_config_and_errors():
    sn = L.SpectralNormalization(L.Dense(2), power_iterations=2)
    config = sn.get_config()
    assert sorted(config) == ["dtype", "layer", "name", "power_iterations", "trainable"]
    assert L.SpectralNormalization.from_config(config).power_iterations == 2
    with pytest.raises(ValueError, match="greater than zero"):
        L.SpectralNormalization(L.Dense(2), power_iterations=0)
    with pytest.raises(ValueError, match="nor 'embeddings'"):
        L.SpectralNormalization(L.Flatten())(X)


def test_training_in_fit_keeps_the_kernel_normalized():
    model = tf.keras.Sequential([tf.keras.Input((4,)),
                                 L.SpectralNormalization(L.Dense(3, kernel_initializer="ones"),
                                                         power_iterations=30),
                                 L.Dense(1)])
    model.compile("sgd", "mse")
    model.fit(np.ones((8, 4), "float32"), np.ones((8, 1), "float32"), epochs=2, verbose=0)
    top = np.linalg.svd(model.layers[0].kernel.numpy(), compute_uv=False)[0]
    assert abs(top - 1.0) < 0.05  # normalized before the last step, then one SGD update
