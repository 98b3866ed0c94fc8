"""The RNN guide's cell API and the messages of a layer that was never called."""

import pytest

import eagerbook as tf

L = tf.keras.layers


def test_cells_give_their_zero_initial_state():
    lstm = L.LSTMCell(4)
    assert repr(lstm.state_size) == "ListWrapper([4, 4])"
    states = lstm.get_initial_state(batch_size=2, dtype=tf.float32)
    assert [s.shape for s in states] == [(2, 4), (2, 4)]
    assert L.GRUCell(3).get_initial_state(batch_size=5, dtype=tf.float32).shape == (5, 3)
    zeros = L.SimpleRNNCell(2).get_initial_state(inputs=tf.ones((3, 7)))
    assert zeros.shape == (3, 2) and float(tf.reduce_sum(zeros)) == 0.0
    out, new_states = lstm(tf.ones((2, 3)), states)
    assert out.shape == (2, 4) and len(new_states) == 2


def test_a_layer_never_called_names_itself():
    layer = L.Dense(2, name="d")
    with pytest.raises(AttributeError, match='^The layer "d" has never been called and thus '
                       "has no defined output shape.$"):
        _ = layer.output_shape
    with pytest.raises(AttributeError, match="Note that the `input_shape` property is only "
                       "available for Functional and Sequential models.$"):
        _ = layer.input_shape
    with pytest.raises(AttributeError, match="^Layer d has no inbound nodes.$"):
        _ = layer.output


def test_stacked_cells_return_their_states_grouped_per_cell_symbolically_too():
    cells = [L.LSTMCell(8), L.GRUCell(4)]
    out = L.RNN(cells, return_state=True)(tf.keras.Input((7, 3)))
    assert len(out) == 3 and out[0].shape.as_list() == [None, 4]
    assert [s.shape.as_list() for s in out[1]] == [[None, 8], [None, 8]]
    assert out[2].shape.as_list() == [None, 4]


def test_output_signature_and_the_rnn_input_spec():
    spec = L.Dense(2).compute_output_signature(tf.TensorSpec(shape=(None, 3), dtype=tf.float32))
    assert repr(spec) == "TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)"
    assert L.Conv2D(4, 3).compute_output_signature(
        tf.TensorSpec((None, 10, 10, 3))).shape.as_list() == [None, 8, 8, 4]
    with pytest.raises(TypeError, match="Only TensorSpec signature types are supported"):
        L.Dense(2).compute_output_signature((None, 3))
    assert repr(L.LSTM(2).input_spec) == "[InputSpec(ndim=3)]"
