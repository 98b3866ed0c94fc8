"""GroupNormalization, StackedRNNCells, AbstractRNNCell, Wrapper and SpatialDropout3D against
TF 2 (Keras 2) values and behaviour (recorded from TF 2.21, ``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def _images():
    return (np.random.RandomState(0).rand(2, 3, 4, 6) * 3).astype("float32")


@pytest.mark.parametrize("make, magnitude, last", [
    (lambda: L.GroupNormalization(2), 121.97, 1.61464),
    (lambda: L.GroupNormalization(3, epsilon=0.1), 113.5275, 1.44661),
    (lambda: L.GroupNormalization(6, center=False), 122.1209, 1.42009),
    (lambda: L.GroupNormalization(1), 122.8914, 1.44513),
])
def test_group_normalization_values(make, magnitude, last):
    out = make()(_images()).numpy()
    assert out.shape == (2, 3, 4, 6)
    np.testing.assert_allclose(out.sum(), 0.0, atol=1e-3)
    np.testing.assert_allclose(np.abs(out).sum(), magnitude, rtol=1e-5)
    np.testing.assert_allclose(out.reshape(-1)[-1], last, atol=1e-4)


def test_group_normalization_weights_config_and_errors():
    layer = L.GroupNormalization(2)
    np.testing.assert_allclose(
        layer(np.random.RandomState(0).rand(2, 4).astype("float32")).numpy(),
        [[-0.9347, 0.9347, 0.6751, -0.6751], [-0.9618, 0.9618, -0.9904, 0.9904]], atol=1e-4)
    assert [(w.name, tuple(w.shape)) for w in layer.weights] == [
        (f"{layer.name}/gamma:0", (4,)), (f"{layer.name}/beta:0", (4,))]
    assert list(layer.get_config())[3:] == [
        "groups", "axis", "epsilon", "center", "scale", "beta_initializer",
        "gamma_initializer", "beta_regularizer", "gamma_regularizer", "beta_constraint",
        "gamma_constraint"]
    with pytest.raises(ValueError, match=r"Number of groups \(32\) cannot be more than"):
        L.GroupNormalization()(_images())
    with pytest.raises(ValueError, match=r"Number of groups \(4\) must be a multiple of the "
                                         r"number of channels \(6\)"):
        L.GroupNormalization(4)(_images())
    assert L.GroupNormalization(2)(tf.keras.Input((None, 4))).shape.as_list() == \
        [None, None, 4]


def _sequence():
    return np.random.RandomState(0).rand(2, 4, 5).astype("float32")


def test_stacked_cells_match_tf():
    cells = [L.SimpleRNNCell(3), L.LSTMCell(2)]
    stacked = L.StackedRNNCells(cells)
    assert stacked.state_size[0] == 3 and list(stacked.state_size[1]) == [2, 2]
    assert stacked.output_size == 2
    layer = L.RNN(cells, return_state=True, return_sequences=True)
    out = layer(_sequence())
    assert isinstance(layer.cell, L.StackedRNNCells)
    assert [tuple(o.shape) for o in out[:2]] == [(2, 4, 2), (2, 3)]
    assert [tuple(s.shape) for s in out[2]] == [(2, 2), (2, 2)]  # the LSTM's [h, c]
    assert [w.name for w in layer.weights][:1] == [
        f"{layer.name}/{layer.cell.name}/simple_rnn_cell/kernel:0"]
    draw = np.random.RandomState(1)
    layer.set_weights([draw.uniform(-1, 1, w.shape).astype("float32") for w in layer.weights])
    out = layer(_sequence())
    sums = [float(t.numpy().sum()) for t in tf.nest.flatten(out)]
    np.testing.assert_allclose(sums, [-0.9622, -2.134, -0.1067, -0.4725], atol=2e-4)
    np.testing.assert_allclose(L.RNN(cells)(_sequence()).numpy().sum(), -0.1067, atol=2e-4)


def test_stacked_cells_config_round_trip():
    layer = L.RNN([L.GRUCell(4), L.GRUCell(3)])
    config = layer.get_config()
    assert config["cell"]["class_name"] == "StackedRNNCells"
    assert list(config["cell"]["config"]) == ["name", "trainable", "dtype", "cells"]
    again = L.RNN.from_config(config)
    assert [type(c).__name__ for c in again.cell.cells] == ["GRUCell", "GRUCell"]
    model = tf.keras.Sequential([tf.keras.Input((None, 5)), again])
    assert model.output_shape == (None, 3) and model.count_params() == 213


def test_abstract_cell_subclass_runs_in_rnn():
    class Accumulate(L.AbstractRNNCell):
        def __init__(self, units, **kwargs):
            self.units = units
            super().__init__(**kwargs)

        @property
        def state_size(self):
            return self.units

        @property
        def output_size(self):
            return self.units

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units),
                                          initializer="ones", name="kernel")
            self.built = True

        def call(self, inputs, states):
            h = tf.matmul(inputs, self.kernel) + states[0]
            return h, [h]

    cell = Accumulate(2)
    np.testing.assert_allclose(cell.get_initial_state(batch_size=3, dtype="float32").numpy(),
                               np.zeros((3, 2)))
    out = L.RNN(cell)(_sequence()).numpy()
    expected = _sequence().sum(axis=(1, 2))
    np.testing.assert_allclose(out, np.stack([expected, expected], 1), rtol=1e-6)
    with pytest.raises(NotImplementedError):
        L.AbstractRNNCell().output_size  # noqa: B018 - the property itself raises


def test_wrapper_base():
    wrapped = L.TimeDistributed(L.Dense(2))
    assert isinstance(wrapped, L.Wrapper)
    with pytest.raises(ValueError, match="Please initialize `TimeDistributed` layer with a"):
        L.TimeDistributed("dense")


def test_spatial_dropout3d_drops_whole_channels():
    layer = L.SpatialDropout3D(0.5, seed=1)
    x = np.ones((4, 2, 3, 3, 8), "float32")
    out = layer(x, training=True).numpy()
    per_channel = out.reshape(4, -1, 8)
    assert np.all(per_channel.min(axis=1) == per_channel.max(axis=1))  # one draw per channel
    assert set(np.unique(out)) <= {0.0, 2.0}
    np.testing.assert_allclose(layer(x, training=False).numpy(), x)
    assert sorted(layer.get_config())[:4] == ["dtype", "name", "noise_shape", "rate"]
    with pytest.raises(ValueError, match="expected ndim=5"):
        layer(np.ones((2, 3, 3, 8), "float32"), training=True)
