"""TextVectorization with a callable ``split`` (a function of one standardized text that
returns its words) and UpSampling2D with bilinear interpolation (values as TF's
``tf.image.resize``)."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def test_callable_split_gives_the_words():
    layer = L.TextVectorization(output_sequence_length=4, standardize="lower",
                                split=lambda s: tf.strings.split(s, sep="-"))
    layer.adapt(["A-b-C", "b-c-d"])
    assert layer.get_vocabulary() == ["", "[UNK]", "c", "b", "d", "a"]
    assert layer(["a-B-z"]).numpy().tolist() == [[5, 3, 1, 0]]


def test_bilinear_upsampling_interpolates_between_pixels():
    x = np.arange(4, dtype="float32").reshape(1, 2, 2, 1)
    layer = L.UpSampling2D(size=2, interpolation="bilinear")
    y = layer(x).numpy()[0, :, :, 0]
    np.testing.assert_allclose(y, [[0.0, 0.25, 0.75, 1.0], [0.5, 0.75, 1.25, 1.5],
                                   [1.5, 1.75, 2.25, 2.5], [2.0, 2.25, 2.75, 3.0]])
    assert layer.get_config()["interpolation"] == "bilinear"
    nearest = L.UpSampling2D(size=(1, 2))(x).numpy()[0, :, :, 0]
    assert nearest.tolist() == [[0, 0, 1, 1], [2, 2, 3, 3]]
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        total = tf.reduce_sum(layer(xt))
    # Every input pixel spreads a total weight of 4 over the 4x4 output.
    np.testing.assert_allclose(tape.gradient(total, xt).numpy().ravel(), [4.0] * 4)
