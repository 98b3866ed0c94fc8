"""RandomFourierFeatures (tf.keras.layers.experimental), TextVectorization without
splitting, and SpatialDropout2D's config, as TF 2.21 gives them."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def test_random_fourier_features_in_a_model():
    inputs = tf.keras.Input(shape=(784,))
    x = L.experimental.RandomFourierFeatures(output_dim=64, scale=10.,
                                             kernel_initializer="gaussian")(inputs)
    model = tf.keras.Model(inputs, L.Dense(units=10, activation="softmax")(x))
    assert x.shape.as_list() == [None, 64]
    assert model.count_params() == 50891
    assert sum(int(np.prod(w.shape)) for w in model.non_trainable_weights) == 50241


def test_random_fourier_features_values_and_weights():
    layer = L.experimental.RandomFourierFeatures(
        output_dim=3, kernel_initializer=tf.keras.initializers.Constant(0.5), scale=2.0,
        name="rff")
    layer(np.ones((1, 2)))
    assert [w.name for w in layer.weights] == [
        "rff/kernel_scale:0", "rff/unscaled_kernel:0", "rff/bias:0"]
    assert not layer.trainable and not layer.trainable_weights
    layer.bias.assign(np.zeros(3))
    np.testing.assert_allclose(layer(np.ones((1, 2))).numpy(), [[0.87758255] * 3])  # cos(.5)
    default = L.experimental.RandomFourierFeatures(output_dim=4, name="rff2")
    default(np.ones((1, 8)))
    assert default.kernel_scale.numpy().tolist() == [2.0]  # sqrt(8 / 2)
    assert sorted(layer.get_config()) == ["dtype", "kernel_initializer", "name", "output_dim",
                                          "scale", "trainable"]


def test_text_vectorization_without_splitting_keeps_the_input_shape():
    layer = L.TextVectorization(standardize=None, split=None, output_mode="int")
    layer.adapt(["Hello World", "hi"])
    assert layer.get_vocabulary() == ["", "[UNK]", "hi", "Hello World"]
    assert layer(["Hello World", "x"]).numpy().tolist() == [3, 1]
    assert layer([["hi"], ["x"]]).shape == (2, 1)
    assert layer(tf.keras.Input((), dtype=tf.string)).shape.as_list() == [None]


def test_spatial_dropout_2d_config_has_no_data_format():
    assert sorted(L.SpatialDropout2D(0.1).get_config()) == [
        "dtype", "name", "noise_shape", "rate", "seed", "trainable"]
