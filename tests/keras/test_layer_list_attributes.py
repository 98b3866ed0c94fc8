"""A list or dict that a user's layer or model keeps in an attribute is a ListWrapper or
DictWrapper, as TF 2.21's Keras tracks it: it prints as one (so does a get_config returning
it: the saving guide's {'hidden_units': ListWrapper([16, 10])}), is still a list or dict,
and a sub-layer list keeps its layers tracked. Keras's own bookkeeping lists stay plain (an
LSTM's input_spec). Expected values are TF 2.21's (tf_keras) for the same code."""

import json

import numpy as np

import eagerbook as tf


class _Model(tf.keras.Model):
    def __init__(self, hidden_units):
        super().__init__()
        self.hidden_units = hidden_units
        self.dense_layers = [tf.keras.layers.Dense(u) for u in hidden_units]
        self.options = {"a": 1, "nested": [1]}
        self.pair = (1, 2)

    def call(self, x):
        for layer in self.dense_layers:
            x = layer(x)
        return x

    def get_config(self):
        return {"hidden_units": self.hidden_units}


def test_a_user_s_lists_and_dicts_are_tracked_wrappers():
    model = _Model([16, 10])
    assert repr(model.get_config()) == "{'hidden_units': ListWrapper([16, 10])}"
    assert type(model.hidden_units).__name__ == "ListWrapper"
    assert isinstance(model.hidden_units, list) and model.hidden_units == [16, 10]
    assert type(model.options).__name__ == "_DictWrapper" and str(model.options) == \
        "{'a': 1, 'nested': ListWrapper([1])}"
    assert model.pair == (1, 2) and type(model.pair) is tuple
    model.hidden_units.append(3)
    assert repr(model.hidden_units) == "ListWrapper([16, 10, 3])"
    assert json.dumps(model.get_config()) == '{"hidden_units": [16, 10, 3]}'
    layer = tf.keras.layers.Layer()
    layer.sizes = [1, 2]
    assert repr(layer.sizes) == "ListWrapper([1, 2])"


def test_wrapped_layer_lists_still_build_and_train():
    model = _Model([4, 2])
    out = model(np.ones((3, 5), "float32"))
    assert out.shape == (3, 2) and len(model.trainable_weights) == 4
    assert len(model.layers) == 2
    model.compile("sgd", "mse")
    model.fit(np.ones((3, 5), "float32"), np.ones((3, 2), "float32"), verbose=0)
    again = _Model.from_config(model.get_config())
    assert again.hidden_units == [4, 2]


def test_keras_s_own_lists_stay_plain():
    assert repr(tf.keras.layers.LSTM(2).input_spec) == "[InputSpec(ndim=3)]"
    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    assert type(model.inputs) is list and type(model.input_names) is list


def test_normalization_keeps_a_given_list_as_tf_tracks_it():
    config = tf.keras.layers.Normalization(mean=[1, 2], variance=[1, 1]).get_config()
    assert (repr(config["mean"]), repr(config["variance"])) == \
        ("ListWrapper([1, 2])", "ListWrapper([1, 1])")
    layer = tf.keras.layers.Normalization.from_config(config)
    np.testing.assert_allclose(layer(np.ones((1, 2), "float32")).numpy(), [[0.0, -1.0]])
    given_arrays = tf.keras.layers.Normalization(mean=np.array([1.0, 2.0]),
                                                 variance=np.array([4.0, 9.0]))
    assert repr(given_arrays.get_config()["mean"]) == "[1.0, 2.0]"
