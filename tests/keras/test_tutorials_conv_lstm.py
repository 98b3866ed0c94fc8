"""ConvLSTM1D/2D/3D: an LSTM whose products are convolutions. Checked against LSTM itself
(a 1x1 kernel on one-pixel frames is a plain LSTM), against finite differences, and against
TF 2.21's (Keras 2) values for the same weights and inputs."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def set_weights(layer, seed):
    rng = np.random.RandomState(seed)
    layer.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32")
                       for w in layer.get_weights()])


def test_one_by_one_kernel_on_single_pixels_is_an_lstm():
    x = np.random.RandomState(0).rand(2, 4, 1, 3).astype("float32")
    conv = L.ConvLSTM1D(5, 1, return_sequences=True, recurrent_activation="sigmoid")
    conv(x)
    set_weights(conv, 1)
    lstm = L.LSTM(5, return_sequences=True)
    lstm(x[:, :, 0])
    kernel, recurrent, bias = conv.get_weights()
    lstm.set_weights([kernel[0], recurrent[0], bias])
    np.testing.assert_allclose(conv(x).numpy()[:, :, 0], lstm(x[:, :, 0]).numpy(), rtol=1e-5,
                               atol=1e-6)


def test_shapes_weights_and_defaults():
    layer = L.ConvLSTM2D(4, 3, padding="same", return_sequences=True)
    y = layer(np.zeros((2, 3, 8, 8, 1), "float32"))
    assert y.shape == (2, 3, 8, 8, 4)
    assert [(w.name, tuple(w.shape)) for w in layer.weights] == [
        ("conv_lstm2d/kernel:0", (3, 3, 1, 16)),
        ("conv_lstm2d/recurrent_kernel:0", (3, 3, 4, 16)),
        ("conv_lstm2d/bias:0", (16,))]
    assert layer.get_weights()[2].tolist() == [0] * 4 + [1] * 4 + [0] * 8  # unit_forget_bias
    assert layer.count_params() == 3 * 3 * 1 * 16 + 3 * 3 * 4 * 16 + 16
    config = layer.get_config()
    assert config["recurrent_activation"] == "hard_sigmoid" and config["filters"] == 4
    clone = L.ConvLSTM2D.from_config(config)
    assert clone.get_config()["kernel_size"] == (3, 3)
    out, h, c = L.ConvLSTM1D(2, 3, return_state=True)(np.ones((2, 3, 6, 1), "float32"))
    assert out.shape == h.shape == c.shape == (2, 4, 2)
    np.testing.assert_array_equal(out.numpy(), h.numpy())
    assert L.ConvLSTM3D(2, 2, strides=2)(np.ones((1, 2, 4, 4, 4, 1), "float32")).shape == \
        (1, 2, 2, 2, 2)


def test_symbolic_inputs_with_unknown_time():
    inputs = tf.keras.Input((None, 8, 8, 1))
    x = L.ConvLSTM2D(4, 3, padding="same", return_sequences=True)(inputs)
    assert x.shape.as_list() == [None, None, 8, 8, 4]
    model = tf.keras.Model(inputs, L.Conv3D(1, 3, padding="same")(x))
    assert model(np.ones((1, 2, 8, 8, 1), "float32")).shape == (1, 2, 8, 8, 1)
    assert L.ConvLSTM2D(2, 3).compute_output_shape((None, 5, 7, 7, 3)).as_list() == \
        [None, 5, 5, 2]


def test_initial_state_and_go_backwards():
    x = np.random.RandomState(2).rand(1, 3, 4, 4, 1).astype("float32")
    layer = L.ConvLSTM2D(2, 3, padding="same")
    layer(x)
    zeros = [np.zeros((1, 4, 4, 2), "float32")] * 2
    np.testing.assert_allclose(layer(x, initial_state=zeros).numpy(), layer(x).numpy())
    backwards = L.ConvLSTM2D(2, 3, padding="same", go_backwards=True)
    backwards(x)
    backwards.set_weights(layer.get_weights())
    np.testing.assert_allclose(backwards(x).numpy(), layer(x[:, ::-1]).numpy(), rtol=1e-6)


def test_gradients_match_finite_differences():
    x = tf.constant(np.random.RandomState(3).rand(1, 2, 3, 3, 1).astype("float32"))
    layer = L.ConvLSTM2D(1, 2, padding="same")
    layer(x)
    set_weights(layer, 4)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.square(layer(x)))
    grads = tape.gradient(loss, [x] + layer.trainable_weights)
    assert [g.shape for g in grads[1:]] == [w.shape for w in layer.trainable_weights]
    base, eps = x.numpy().astype("float64"), 1e-3
    numeric = np.zeros_like(base)
    for index in np.ndindex(*base.shape):
        shifted = base.copy()
        shifted[index] += eps
        up = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        shifted[index] -= 2 * eps
        down = float(tf.reduce_sum(tf.square(layer(shifted.astype("float32")))))
        numeric[index] = (up - down) / (2 * eps)
    np.testing.assert_allclose(grads[0].numpy(), numeric, rtol=2e-2, atol=1e-3)


# (layer, input shape) -> output sum and the summed magnitudes of the gradients of
# sum(y ** 2) with respect to the input and each weight, as TF 2.21 computes them.
CASES = [
    (lambda: L.ConvLSTM2D(2, 3, padding="same", return_sequences=True), (2, 3, 5, 5, 2),
     4.9934, [19.3943, 76.2997, 6.5156, 10.5275]),
    (lambda: L.ConvLSTM2D(3, (2, 3), strides=(2, 1)), (2, 4, 5, 6, 1),
     -2.4459, [6.2087, 30.9389, 27.0008, 11.2605]),
    (lambda: L.ConvLSTM2D(2, 3, go_backwards=True, return_state=True, dilation_rate=2),
     (1, 3, 6, 6, 2), 2.3501, [4.0345, 17.2978, 3.3187, 1.851]),
    (lambda: L.ConvLSTM1D(2, 3, padding="same", return_sequences=True, activation="relu"),
     (2, 3, 7, 2), 11.3001, [10.6169, 49.1698, 7.8619, 18.6374]),
    (lambda: L.ConvLSTM3D(2, 2, return_sequences=True, unit_forget_bias=False),
     (2, 2, 3, 4, 4, 1), -3.1267, [7.4885, 69.2634, 12.0327, 17.5061]),
]


def test_values_and_gradients_as_tensorflow_computes_them():
    rng = np.random.RandomState(0)  # one stream through the cases, as recorded
    for make, shape, total, grad_sums in CASES:
        layer = make()
        x = rng.rand(*shape).astype("float32")
        layer(x)
        layer.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32")
                           for w in layer.get_weights()])
        xv = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xv)
            y = layer(xv)
            first = y[0] if isinstance(y, list) else y
            loss = tf.reduce_sum(first * first)
        grads = tape.gradient(loss, [xv] + layer.trainable_weights)
        np.testing.assert_allclose(float(tf.reduce_sum(first)), total, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose([float(tf.reduce_sum(tf.abs(g))) for g in grads], grad_sums,
                                   rtol=1e-4, atol=1e-4)


def test_refuses_what_it_does_not_do():
    with pytest.raises(ValueError):
        L.ConvLSTM2D(2, 3, stateful=True)
    with pytest.raises(ValueError):
        L.ConvLSTM2D(0, 3)
    with pytest.raises(ValueError):
        L.ConvLSTM2D(2, 3)(np.ones((1, 2, 4, 4), "float32"))


def test_bidirectional_runs_a_conv_lstm_both_ways():
    x = np.random.RandomState(5).rand(1, 3, 4, 4, 1).astype("float32")
    both = L.Bidirectional(L.ConvLSTM2D(2, 3, padding="same", return_sequences=True))
    y = both(x)
    assert y.shape == (1, 3, 4, 4, 4)
    assert "/forward_conv_lstm2d" in both.weights[0].name
    assert both.weights[0].name.endswith("/kernel:0")
    forward = L.ConvLSTM2D(2, 3, padding="same", return_sequences=True)
    forward(x)
    forward.set_weights(both.forward_layer.get_weights())
    np.testing.assert_allclose(y.numpy()[..., :2], forward(x).numpy(), rtol=1e-6)


def test_bidirectional_of_a_layer_without_go_backwards_fails_as_tf():
    with pytest.raises(KeyError):
        L.Bidirectional(L.Dense(2))
    with pytest.raises(ValueError):
        L.Bidirectional(3)
