"""TF's RNN guide: stateful layers carry their state across calls; a Bidirectional layer makes
its weights when a model is built, so summaries count them (values from TF 2 with Keras 2)."""

import io
from contextlib import redirect_stdout

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import layers


def _paragraphs():
    rng = np.random.RandomState(0)
    return [rng.random_sample((3, 4, 5)).astype(np.float32) for _ in range(3)]


def _ones_lstm(**kwargs):
    return layers.LSTM(2, kernel_initializer="ones", recurrent_initializer="ones", **kwargs)


def test_a_stateful_lstm_starts_each_call_from_the_last_state():
    p1, p2, _ = _paragraphs()
    lstm = _ones_lstm(stateful=True)
    first, second = lstm(p1).numpy(), lstm(p2).numpy()
    np.testing.assert_allclose(first[:, 0], [0.9888, 0.9948, 0.9755], atol=1e-4)
    np.testing.assert_allclose(second[:, 0], [0.9453, 0.9732, 0.9956], atol=1e-4)
    stateless = _ones_lstm()
    assert not np.allclose(stateless(p2).numpy(), second)  # a fresh start differs
    assert lstm.stateful and lstm.get_config()["stateful"] is True
    assert [tuple(s.shape) for s in lstm.states] == [(3, 2), (3, 2)]
    assert len(lstm.weights) == 3  # the states are not weights


def test_reset_states_to_zeros_or_given_values_and_its_errors():
    p1, _, _ = _paragraphs()
    lstm = _ones_lstm(stateful=True)
    first = lstm(p1).numpy()
    lstm(p1)
    lstm.reset_states()
    np.testing.assert_allclose(lstm(p1).numpy(), first)
    lstm.reset_states([np.ones((3, 2)), np.zeros((3, 2))])
    np.testing.assert_array_equal(lstm.states[0].numpy(), np.ones((3, 2)))
    with pytest.raises(ValueError, match=r"^State 0 is incompatible with layer lstm.*: "
                                         r"expected shape=\(3, 2\), found shape=\(2, 2\)$"):
        lstm.reset_states([np.ones((2, 2)), np.zeros((3, 2))])
    with pytest.raises(AttributeError, match="^Layer must be stateful.$"):
        layers.LSTM(2).reset_states()


def test_a_stateful_rnn_needs_its_batch_size():
    with pytest.raises(ValueError, match="^If a RNN is stateful, it needs to know its batch "
                                         "size. Specify the batch size"):
        layers.LSTM(2, stateful=True)(tf.keras.Input((4, 5)))


def test_bidirectional_layers_are_counted_in_a_summary_before_any_call():
    model = tf.keras.Sequential()
    model.add(layers.Bidirectional(layers.LSTM(64, return_sequences=True),
                                   input_shape=(5, 10)))
    model.add(layers.Bidirectional(layers.LSTM(32)))
    model.add(layers.Dense(10))
    out = io.StringIO()
    with redirect_stdout(out):
        model.summary()
    rows = [line.split()[-1] for line in out.getvalue().splitlines()
            if line.startswith(("bidirectional", "dense"))]
    assert rows == ["38400", "41216", "650"]
    assert "Total params: 80,266" in out.getvalue()
    assert model.count_params() == 80266


def test_a_sequential_model_starting_with_an_embedding_is_built_at_once():
    model = tf.keras.Sequential()
    model.add(layers.Embedding(input_dim=1000, output_dim=64))
    model.add(layers.LSTM(8))
    model.add(layers.Dense(10))
    assert model.built
    assert model.input_shape == (None, None) and model.output_shape == (None, 10)
    assert model.count_params() == 64000 + 2336 + 90
    config = model.layers[0].get_config()
    assert config["batch_input_shape"] == (None, None)
    assert [k for k in config if k.endswith(("regularizer", "constraint"))] == [
        "embeddings_regularizer", "activity_regularizer", "embeddings_constraint"]
    fixed = tf.keras.Sequential([layers.Embedding(10, 3, input_length=5)])
    assert fixed.output_shape == (None, 5, 3)


def test_functional_layers_are_listed_deepest_first_as_tf_lists_them():
    """TF 2 (Keras 2) orders model.layers (and so summary rows and weights) by depth."""
    encoder_input = layers.Input(shape=(None,))
    embedded = layers.Embedding(100, 4, name="emb_a")(encoder_input)
    _, state_h, state_c = layers.LSTM(4, return_state=True, name="encoder")(embedded)
    decoder_input = layers.Input(shape=(None,))
    embedded_b = layers.Embedding(200, 4, name="emb_b")(decoder_input)
    decoded = layers.LSTM(4, name="decoder")(embedded_b, initial_state=[state_h, state_c])
    model = tf.keras.Model([encoder_input, decoder_input], layers.Dense(10, name="out")(decoded))
    names = [layer.name for layer in model.layers]
    assert names[2:] == ["emb_a", "emb_b", "encoder", "decoder", "out"]

    a, b = layers.Input((3,), name="a"), layers.Input((3,), name="b")
    x = layers.Dense(3, name="d2")(layers.Dense(3, name="d1")(a))
    y = layers.concatenate([x, b], name="cat")
    shared = layers.Dense(2, name="shared")
    z = layers.add([shared(y), shared(layers.Dense(6, name="d3")(y))], name="sum")
    model = tf.keras.Model([a, b], z)
    assert [layer.name for layer in model.layers] == \
        ["a", "d1", "d2", "b", "cat", "d3", "shared", "sum"]
    assert [w.name for w in model.weights][::2] == \
        ["d1/kernel:0", "d2/kernel:0", "d3/kernel:0", "shared/kernel:0"]
    unused = layers.Input((3,), name="unused")
    assert [layer.name for layer in tf.keras.Model([a, unused], x).layers] == \
        ["a", "d1", "unused", "d2"]


class _NestedCell(tf.keras.layers.Layer):
    """The RNN guide's cell with nested inputs and states (a matmul and an einsum per step)."""

    def __init__(self, unit_1, unit_2, unit_3, **kwargs):
        self.unit_1, self.unit_2, self.unit_3 = unit_1, unit_2, unit_3
        self.state_size = _NestedState(state1=unit_1, state2=tf.TensorShape([unit_2, unit_3]))
        self.output_size = (unit_1, tf.TensorShape([unit_2, unit_3]))
        super().__init__(**kwargs)

    def build(self, input_shapes):
        input_1 = input_shapes.feature1[1]
        input_2, input_3 = input_shapes.feature2[1:]
        self.kernel_1 = self.add_weight(shape=(input_1, self.unit_1), initializer="uniform",
                                        name="kernel_1")
        self.kernel_2_3 = self.add_weight(shape=(input_2, input_3, self.unit_2, self.unit_3),
                                          initializer="uniform", name="kernel_2_3")

    def call(self, inputs, states):
        input_1, input_2 = tf.nest.flatten(inputs)
        s1, s2 = states
        output_1 = tf.matmul(input_1, self.kernel_1)
        output_2_3 = tf.einsum("bij,ijkl->bkl", input_2, self.kernel_2_3)
        return [output_1, output_2_3], _NestedState(state1=s1 + output_1, state2=s2 + output_2_3)


_NestedInput = __import__("collections").namedtuple("NestedInput", ["feature1", "feature2"])
_NestedState = __import__("collections").namedtuple("NestedState", ["state1", "state2"])


def test_an_rnn_over_nested_inputs_runs_the_cell_on_each_steps_structure():
    cell = _NestedCell(3, 2, 4)
    rnn = tf.keras.layers.RNN(cell, return_sequences=True)
    inp_1, inp_2 = tf.keras.Input((None, 5)), tf.keras.Input((None, 6, 7))
    outputs = rnn(_NestedInput(feature1=inp_1, feature2=inp_2))
    model = tf.keras.Model([inp_1, inp_2], outputs)
    assert model.output_shape == [(None, None, 3), (None, None, 2, 4)]
    rng = np.random.RandomState(0)
    x1 = rng.random_sample((2, 4, 5)).astype(np.float32)
    x2 = rng.random_sample((2, 4, 6, 7)).astype(np.float32)
    out_1, out_2_3 = model([x1, x2])
    k1, k23 = cell.kernel_1.numpy(), cell.kernel_2_3.numpy()
    np.testing.assert_allclose(out_1.numpy(), x1 @ k1, rtol=1e-5)
    np.testing.assert_allclose(out_2_3.numpy(), np.einsum("btij,ijkl->btkl", x2, k23),
                               rtol=1e-5)
    last = tf.keras.layers.RNN(cell)(_NestedInput(feature1=x1, feature2=x2))
    np.testing.assert_allclose(last[0].numpy(), (x1 @ k1)[:, -1], rtol=1e-5)


def test_a_models_reset_states_resets_its_stateful_layers():
    p1, p2, _ = _paragraphs()
    model = tf.keras.Sequential([_ones_lstm(stateful=True, batch_input_shape=(3, 4, 5)),
                                 layers.Dense(1)])
    assert model.stateful
    first = model(p1).numpy()
    model(p2)
    model.reset_states()
    np.testing.assert_allclose(model(p1).numpy(), first)
    assert not tf.keras.Sequential([layers.Dense(1)]).stateful
    tf.keras.Sequential([layers.Dense(1)]).reset_states()  # nothing to reset: no error
