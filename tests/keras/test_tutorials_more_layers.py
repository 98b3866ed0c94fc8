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


def _steps():
    return np.random.RandomState(0).rand(2, 7, 3).astype("float32")


@pytest.mark.parametrize("make, shape, total, magnitude, last, weights", [
    (lambda: L.SeparableConv1D(4, 3), (2, 5, 4), 25.5759, 25.5759, 0.405,
     [(3, 3, 1), (1, 3, 4), (4,)]),
    (lambda: L.SeparableConv1D(2, 2, strides=2, padding="same", depth_multiplier=2),
     (2, 4, 2), 7.1556, 8.3973, 0.4235, [(2, 3, 2), (1, 6, 2), (2,)]),
    (lambda: L.SeparableConv1D(2, 3, padding="causal"), (2, 7, 2), 6.5141, 21.2552, 1.6728,
     [(3, 3, 1), (1, 3, 2), (2,)]),
    (lambda: L.DepthwiseConv1D(3), (2, 5, 3), -17.266, 17.266, -1.1067, [(3, 3, 1), (3,)]),
    (lambda: L.DepthwiseConv1D(2, depth_multiplier=2, padding="same", dilation_rate=2),
     (2, 7, 6), -30.3708, 60.7013, -0.6521, [(2, 3, 2), (6,)]),
    (lambda: L.Conv1DTranspose(2, 3), (2, 9, 2), -55.8352, 55.8352, -0.3795,
     [(3, 2, 3), (2,)]),
    (lambda: L.Conv1DTranspose(4, 2, strides=2, padding="same"), (2, 14, 4), -35.847,
     81.3066, -0.2494, [(2, 4, 3), (4,)]),
])
def test_one_dimensional_convolutions_match_tf(make, shape, total, magnitude, last, weights):
    layer = make()
    layer(_steps())
    assert [tuple(w.shape) for w in layer.weights] == weights
    draw = np.random.RandomState(1)
    layer.set_weights([draw.uniform(-1, 1, w.shape).astype("float32") for w in layer.weights])
    out = layer(_steps()).numpy()
    assert out.shape == shape
    np.testing.assert_allclose([out.sum(), np.abs(out).sum()], [total, magnitude], atol=2e-3)
    np.testing.assert_allclose(out.reshape(-1)[-1], last, atol=1e-4)
    assert layer(tf.keras.Input((None, 3))).shape.as_list() == [None, None, shape[-1]]


def test_separable_configs_interleave_depthwise_and_pointwise():
    for layer in (L.SeparableConv1D(2, 3), L.SeparableConv2D(2, 3)):
        assert list(layer.get_config())[-7:] == [
            "depth_multiplier", "depthwise_initializer", "pointwise_initializer",
            "depthwise_regularizer", "pointwise_regularizer", "depthwise_constraint",
            "pointwise_constraint"]
    assert list(L.Conv1DTranspose(2, 3).get_config())[-1] == "output_padding"
    assert "filters" not in L.DepthwiseConv1D(3).get_config()


def test_preprocessing_layer_base_adapts_batch_by_batch():
    base = tf.keras.layers.experimental.preprocessing.PreprocessingLayer

    class Mean(base):
        def reset_state(self):
            self.total, self.count, self.batches = 0.0, 0, 0

        def update_state(self, data):
            values = np.asarray(data)
            self.total += values.sum()
            self.count += values.size
            self.batches += 1

        def finalize_state(self):
            self.mean = self.total / self.count

        def call(self, inputs):
            return inputs - self.mean

    layer = Mean()
    assert not layer.is_adapted
    layer.adapt(np.arange(100, dtype="float32"))
    assert layer.is_adapted and layer.batches == 4 and layer.mean == 49.5
    layer.adapt(tf.data.Dataset.from_tensor_slices(np.ones(6, "float32")).batch(4), steps=1)
    assert layer.batches == 1 and layer.mean == 1.0
    lookup = L.StringLookup()
    assert isinstance(lookup, base) and not lookup.is_adapted
    lookup.adapt(["a"])
    assert lookup.is_adapted
    assert not L.StringLookup(vocabulary=["a"]).is_adapted
    assert not isinstance(L.Rescaling(1.0), base)
