"""A recurrent layer given initial states (the encoder-decoder of TF's RNN guide) is written in
a functional model's config as TF writes it, a call on ``[inputs, *initial_states]``, and such
configs (TF's too) load; the list form is a call TF takes from users as well."""

import numpy as np
import pytest

import eagerbook as tf

keras = tf.keras
layers = keras.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    keras.backend.clear_session()


def _seq2seq():
    encoder_input = keras.Input(shape=(None,), name="encoder_input")
    encoded = layers.Embedding(100, 8, name="encoder_embedding")(encoder_input)
    _, state_h, state_c = layers.LSTM(8, return_state=True, name="encoder")(encoded)
    decoder_input = keras.Input(shape=(None,), name="decoder_input")
    decoded = layers.Embedding(100, 8, name="decoder_embedding")(decoder_input)
    lstm = layers.LSTM(8, name="decoder")(decoded, initial_state=[state_h, state_c])
    gru = layers.GRU(8, name="gru")(decoded, initial_state=state_h)
    return keras.Model([encoder_input, decoder_input], [lstm, gru])


def _tokens():
    return np.arange(12).reshape(2, 6) % 7


def test_the_states_are_written_after_the_inputs_as_tf():
    # (TF 2.21's Keras 2 writes these inbound nodes for the same model)
    nodes = {entry["name"]: entry["inbound_nodes"]
             for entry in _seq2seq().get_config()["layers"]}
    assert nodes["decoder"] == [[["decoder_embedding", 0, 0, {}], ["encoder", 0, 1, {}],
                                 ["encoder", 0, 2, {}]]]
    assert nodes["gru"] == [[["decoder_embedding", 0, 0, {}], ["encoder", 0, 1, {}]]]


def test_the_config_and_json_load_and_compute_the_same():
    model = _seq2seq()
    for again in (keras.Model.from_config(model.get_config()),
                  keras.models.model_from_json(model.to_json())):
        again.set_weights(model.get_weights())
        for got, want in zip(again([_tokens(), _tokens()]), model([_tokens(), _tokens()])):
            np.testing.assert_allclose(got, want, rtol=1e-6)
        assert again.get_config() == model.get_config()


def test_a_list_of_inputs_and_states_is_a_call_with_initial_state():
    x = tf.constant(np.arange(24, dtype="float32").reshape(2, 4, 3) / 24)
    h = tf.constant(np.full((2, 5), 0.1, "float32"))
    lstm = layers.LSTM(5, kernel_initializer="ones", recurrent_initializer="ones")
    np.testing.assert_array_equal(lstm([x, h, h]), lstm(x, initial_state=[h, h]))


def test_bidirectional_writes_tfs_arguments_and_loads():
    sequence = keras.Input((4, 3), name="sequence")
    h, c = keras.Input((5,), name="h"), keras.Input((5,), name="c")
    both = layers.Bidirectional(layers.LSTM(5), name="bidirectional")(
        sequence, initial_state=[h, c, h, c])
    model = keras.Model([sequence, h, c], both)
    entry = next(e for e in model.get_config()["layers"] if e["name"] == "bidirectional")
    written = {"initial_state": None, "constants": None}  # (TF's Bidirectional adds these)
    assert entry["inbound_nodes"] == [[["sequence", 0, 0, written], ["h", 0, 0, written],
                                       ["c", 0, 0, written], ["h", 0, 0, written],
                                       ["c", 0, 0, written]]]
    again = keras.Model.from_config(model.get_config())
    again.set_weights(model.get_weights())
    data = [np.ones((2, 4, 3), "float32"), np.full((2, 5), 0.1, "float32"),
            np.full((2, 5), 0.2, "float32")]
    np.testing.assert_allclose(again(data), model(data), rtol=1e-6)
