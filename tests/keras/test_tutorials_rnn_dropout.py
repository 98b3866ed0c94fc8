"""`dropout` and `recurrent_dropout` of the recurrent layers act while training, as in TF:
one set of masks (0 or 1 / (1 - rate)) per layer call, shared by every time step; LSTM and
GRU use the gate-by-gate form (implementation 1) once recurrent dropout is set; outside
training the layers compute what they compute without dropout."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def _inputs(batch=4, steps=5, features=3):
    return (np.arange(batch * steps * features, dtype="float32")
            .reshape(batch, steps, features) % 7) / 7.0


@pytest.mark.parametrize("cls", [L.SimpleRNN, L.LSTM, L.GRU])
@pytest.mark.parametrize("rates", [{"dropout": 0.5}, {"recurrent_dropout": 0.5},
                                   {"dropout": 0.3, "recurrent_dropout": 0.3}])
def test_dropout_changes_training_output_only(cls, rates):
    x = _inputs()
    layer = cls(4, return_sequences=True, **rates)
    plain = cls(4, return_sequences=True)
    inference = layer(x).numpy()
    plain(x)
    plain.set_weights(layer.get_weights())
    np.testing.assert_allclose(inference, plain(x).numpy(), rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(inference, layer(x, training=False).numpy())
    assert not np.allclose(inference, layer(x, training=True).numpy())


def test_input_mask_is_zero_or_scaled_and_shared_by_all_steps():
    # A linear SimpleRNN that copies its input: the output at each step is input * mask.
    layer = L.SimpleRNN(6, activation=None, kernel_initializer="identity",
                        recurrent_initializer="zeros", dropout=0.5, return_sequences=True)
    x = np.ones((8, 4, 6), "float32")
    out = layer(x, training=True).numpy()
    assert set(np.unique(out)) <= {0.0, 2.0}
    assert 0 < (out == 0).mean() < 1
    for t in range(1, 4):
        np.testing.assert_array_equal(out[:, t], out[:, 0])


def test_each_call_draws_new_masks():
    layer = L.SimpleRNN(6, activation=None, kernel_initializer="identity",
                        recurrent_initializer="zeros", dropout=0.5)
    x = np.ones((16, 2, 6), "float32")
    first, second = layer(x, training=True).numpy(), layer(x, training=True).numpy()
    assert not np.array_equal(first, second)


def test_recurrent_dropout_uses_implementation_one():
    assert L.LSTM(3, recurrent_dropout=0.1).get_config()["implementation"] == 1
    assert L.GRU(3, recurrent_dropout=0.1).get_config()["implementation"] == 1
    assert L.LSTMCell(3, recurrent_dropout=0.1, implementation=2).implementation == 1
    assert L.LSTM(3, dropout=0.1).get_config()["implementation"] == 2


@pytest.mark.parametrize("cls", [L.LSTM, L.GRU])
def test_implementation_one_computes_what_implementation_two_does(cls):
    x = _inputs()
    one, two = cls(3, implementation=1), cls(3, implementation=2)
    expected = one(x).numpy()
    two(x)
    two.set_weights(one.get_weights())
    np.testing.assert_allclose(two(x).numpy(), expected, rtol=1e-5, atol=1e-6)


def test_gru_reset_before_per_gate_matches_fused():
    x = _inputs()
    one = L.GRU(3, reset_after=False, implementation=1)
    two = L.GRU(3, reset_after=False, implementation=2)
    expected = one(x).numpy()
    two(x)
    two.set_weights(one.get_weights())
    np.testing.assert_allclose(two(x).numpy(), expected, rtol=1e-5, atol=1e-6)


def test_bidirectional_lstm_with_dropout_trains():
    model = tf.keras.Sequential([L.Input((5, 3)),
                                 L.Bidirectional(L.LSTM(4, dropout=0.2, recurrent_dropout=0.2)),
                                 L.Dense(1)])
    model.compile("adam", "mse")
    history = model.fit(_inputs(), np.ones((4, 1)), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert np.isfinite(history.history["loss"]).all()


def test_conv_lstm_dropout_acts_while_training():
    x = np.full((2, 3, 4, 4, 1), 0.1, "float32")
    layer = L.ConvLSTM2D(2, 2, dropout=0.5, recurrent_dropout=0.5)
    plain = L.ConvLSTM2D(2, 2)
    trained = layer(x, training=True).numpy()
    plain(x)
    plain.set_weights(layer.get_weights())
    assert not np.allclose(trained, plain(x).numpy())
    # TF keeps those masks: the same layer still drops them eagerly, even for inference.
    np.testing.assert_array_equal(trained, layer(x, training=False).numpy())


def test_conv_lstm_keeps_its_first_calls_masks_as_tf():
    """TF's ConvLSTM layers never reset their cells' masks: first called for inference, a
    layer drops nothing in later eager training calls."""
    x = np.full((2, 3, 4, 4, 1), 0.1, "float32")
    layer = L.ConvLSTM2D(2, 2, dropout=0.5, recurrent_dropout=0.5)
    inference = layer(x).numpy()
    np.testing.assert_array_equal(inference, layer(x, training=True).numpy())
