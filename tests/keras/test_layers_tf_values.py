"""Recurrent, 1-D/transposed convolution, normalization and activation layers against values
TensorFlow 2 (Keras 2) computes for the same weights and inputs.

Each case builds a layer, calls it once to build it, sets every weight from one seeded draw,
and compares the output's shape, sum, sum of magnitudes and last entry with TF's (recorded
below from TF 2.21 with ``TF_USE_LEGACY_KERAS=1``). When TensorFlow is importable the same
cases also run side by side.
"""

import numpy as np
import pytest

from eagerbook.keras import layers as eb_layers


def ramp():
    return np.linspace(-2, 2, 10, dtype="float32").reshape(2, 5)


def x3():
    return np.random.RandomState(0).rand(2, 5, 3).astype("float32")
def x4():
    return np.random.RandomState(0).rand(2, 3, 3, 2).astype("float32")
CASES = {
    "simple_rnn": (lambda L: L.SimpleRNN(4), x3),
    "lstm": (lambda L: L.LSTM(4), x3),
    "gru": (lambda L: L.GRU(4), x3),
    "lstm_seq_backwards": (lambda L: L.LSTM(3, return_sequences=True, go_backwards=True), x3),
    "gru_seq": (lambda L: L.GRU(3, return_sequences=True), x3),
    "bidirectional_lstm": (lambda L: L.Bidirectional(L.LSTM(2, return_sequences=True)), x3),
    "bidirectional_gru_sum": (lambda L: L.Bidirectional(L.GRU(2), merge_mode="sum"), x3),
    "conv1d": (lambda L: L.Conv1D(4, 3, activation="relu"), x3),
    "conv1d_causal": (lambda L: L.Conv1D(2, 2, padding="causal", dilation_rate=2), x3),
    "conv1d_same_strided": (lambda L: L.Conv1D(2, 3, strides=2, padding="same"), x3),
    "max_pooling1d": (lambda L: L.MaxPooling1D(2), x3),
    "average_pooling1d_same": (lambda L: L.AveragePooling1D(2, padding="same"), x3),
    "global_average_pooling1d": (lambda L: L.GlobalAveragePooling1D(), x3),
    "global_max_pooling1d": (lambda L: L.GlobalMaxPooling1D(), x3),
    "conv2d_transpose": (lambda L: L.Conv2DTranspose(2, 3), x4),
    "conv2d_transpose_strided": (lambda L: L.Conv2DTranspose(3, 2, strides=2), x4),
    "conv2d_transpose_same": (lambda L: L.Conv2DTranspose(1, 3, strides=2, padding="same"),
                              x4),
    "up_sampling2d": (lambda L: L.UpSampling2D((2, 3)), x4),
    "zero_padding2d": (lambda L: L.ZeroPadding2D(1), x4),
    "cropping2d": (lambda L: L.Cropping2D(((1, 0), (0, 1))), x4),
    "layer_normalization": (lambda L: L.LayerNormalization(), x3),
    "layer_normalization_2axes": (lambda L: L.LayerNormalization(axis=[1, 2]), x3),
    "leaky_relu": (lambda L: L.LeakyReLU(), ramp),
    "relu_capped": (lambda L: L.ReLU(max_value=1.0), ramp),
    "elu": (lambda L: L.ELU(alpha=0.5), ramp),
    "softmax": (lambda L: L.Softmax(), ramp),
    "prelu": (lambda L: L.PReLU(), ramp),
    "repeat_vector": (lambda L: L.RepeatVector(3),
                      lambda: np.arange(6, dtype="float32").reshape(2, 3)),
    "permute": (lambda L: L.Permute((2, 1)), x3),
    "masking": (lambda L: L.Masking(0.5), lambda: np.array([[[0.5, 0.5], [1, 2]]], "float32")),
    "gru_reset_before": (lambda L: L.GRU(3, reset_after=False, return_sequences=True), x3),
}
def set_weights(layer):
    r = np.random.RandomState(1)
    layer.set_weights([r.uniform(-0.5, 0.5, w.shape).astype("float32")
                       for w in layer.get_weights()])
def run(L, name):
    build, make = CASES[name]
    layer = build(L)
    x = make()
    layer(x)
    set_weights(layer)
    y = np.asarray(layer(x))
    return y


# case -> (shape, sum, sum of |y|, last entry), as TF computes them
TF_VALUES = {
    "simple_rnn": ((2, 4), -2.80137, 2.99981, -0.193369),
    "lstm": ((2, 4), -0.964231, 0.964231, -0.162444),
    "gru": ((2, 4), 0.802917, 2.19321, 0.103801),
    "lstm_seq_backwards": ((2, 5, 3), -0.189069, 3.1709, 0.18846),
    "gru_seq": ((2, 5, 3), -1.26553, 6.91886, -0.234178),
    "bidirectional_lstm": ((2, 5, 4), -1.32389, 3.88646, -0.0177601),
    "bidirectional_gru_sum": ((2, 2), 0.388018, 1.70792, -0.311065),
    "conv1d": ((2, 3, 4), 9.00904, 9.00904, 0),
    "conv1d_causal": ((2, 5, 2), -6.97029, 12.0386, 0.0959465),
    "conv1d_same_strided": ((2, 3, 2), -9.52507, 10.3421, -0.509605),
    "max_pooling1d": ((2, 2, 3), 9.04932, 9.04932, 0.780529),
    "average_pooling1d_same": ((2, 3, 3), 10.4397, 10.4397, 0.414662),
    "global_average_pooling1d": ((2, 3), 3.48672, 3.48672, 0.629956),
    "global_max_pooling1d": ((2, 3), 5.2506, 5.2506, 0.978618),
    "conv2d_transpose": ((2, 5, 5, 2), 13.1625, 54.6462, 0.224287),
    "conv2d_transpose_strided": ((2, 6, 6, 3), 12.7501, 86.5371, -0.299676),
    "conv2d_transpose_same": ((2, 6, 6, 1), -40.3206, 40.3307, -0.337578),
    "up_sampling2d": ((2, 6, 9, 2), 120.8, 120.8, 0.617635),
    "zero_padding2d": ((2, 5, 5, 2), 20.1334, 20.1334, 0),
    "cropping2d": ((2, 2, 2, 2), 8.23786, 8.23786, 0.568434),
    "layer_normalization": ((2, 5, 3), -9.83224, 10.4011, 0.052005),
    "layer_normalization_2axes": ((2, 5, 3), -0.24602, 11.2571, 0.588583),
    "leaky_relu": ((2, 5), 3.88889, 7.22222, 2),
    "relu_capped": ((2, 5), 3.88889, 3.88889, 1),
    "elu": ((2, 5), 4.05043, 7.06068, 2),
    "softmax": ((2, 5), 2, 2, 0.40243),
    "prelu": ((2, 5), 6.14449, 6.82994, 2),
    "repeat_vector": ((2, 3, 3), 45, 45, 5),
    "permute": ((2, 3, 5), 17.4336, 17.4336, 0.414662),
    "masking": ((1, 2, 2), 3, 3, 2),
    "gru_reset_before": ((2, 5, 3), -2.07657, 3.36092, -0.0171416),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf_values(name):
    shape, total, magnitude, last = TF_VALUES[name]
    y = run(eb_layers, name)
    assert y.shape == shape
    np.testing.assert_allclose([y.sum(), np.abs(y).sum(), y.reshape(-1)[-1]],
                               [total, magnitude, last], rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("name", ["lstm", "gru", "bidirectional_lstm", "conv2d_transpose"])
def test_side_by_side_with_tensorflow(name):
    tf = pytest.importorskip("tensorflow", reason="the side-by-side check needs TensorFlow")
    np.testing.assert_allclose(run(eb_layers, name), run(tf.keras.layers, name), rtol=1e-4,
                               atol=1e-5)


def test_recurrent_weight_names_follow_tf2():
    import eagerbook as tf

    layer = eb_layers.LSTM(2, name="lstm")
    layer(tf.ones((1, 3, 2)))
    assert [w.name for w in layer.weights] == [
        "lstm/lstm_cell/kernel:0", "lstm/lstm_cell/recurrent_kernel:0", "lstm/lstm_cell/bias:0"]
    assert [tuple(w.shape) for w in layer.weights] == [(2, 8), (2, 8), (8,)]
    gru = eb_layers.GRU(2)
    gru(tf.ones((1, 3, 2)))
    assert tuple(gru.weights[2].shape) == (2, 6)  # reset_after: input and recurrent bias rows


def test_mask_from_embedding_makes_lstm_skip_padding():
    import eagerbook as tf

    masked = tf.keras.Sequential([eb_layers.Embedding(10, 3, mask_zero=True),
                                  eb_layers.LSTM(2)])
    padded = np.array([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0]])
    out = masked(padded).numpy()
    plain = tf.keras.Sequential([eb_layers.Embedding(10, 3), eb_layers.LSTM(2)])
    plain(padded)
    plain.set_weights(masked.get_weights())
    np.testing.assert_allclose(out[0], plain(padded[:1, :3]).numpy()[0], rtol=1e-6)
    np.testing.assert_allclose(out[1], plain(padded[1:, :2]).numpy()[0], rtol=1e-6)
    assert masked.layers[0].compute_mask(padded).numpy().tolist() == (padded != 0).tolist()


def test_normalization_adapt():
    data = np.array([[0.1, 0.2, 0.3], [0.8, 0.9, 1.0], [1.5, 1.6, 1.7]], dtype="float32")
    norm = eb_layers.Normalization()
    norm.adapt(data)
    np.testing.assert_allclose(norm(data).numpy()[:, 0], [-1.2247, 0.0, 1.2247], atol=1e-4)
    assert [w.name for w in norm.weights] == ["mean:0", "variance:0", "count:0"]
    whole = eb_layers.Normalization(axis=None)
    whole.adapt(data)
    np.testing.assert_allclose(whole(data).numpy().mean(), 0.0, atol=1e-6)
    fixed = eb_layers.Normalization(mean=3.0, variance=2.0)
    np.testing.assert_allclose(fixed(np.array([[1.0], [3.0]], "float32")).numpy().ravel(),
                               [-1.4142, 0.0], atol=1e-4)
    with pytest.raises(ValueError):
        eb_layers.Normalization(mean=1.0)


@pytest.mark.parametrize("make, x, shape", [
    (lambda: eb_layers.Conv2D(2, 3), np.ones((1, 2, 2, 1), "float32"), (1, 0, 0, 2)),
    (lambda: eb_layers.Conv1D(2, 3), np.ones((1, 2, 2), "float32"), (1, 0, 2)),
])
def test_input_one_kernel_short_gives_an_empty_output_as_tf(make, x, shape):
    assert make()(x).shape == shape
