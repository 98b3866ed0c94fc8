"""A functional model's get_config() in TF's form (layers with name and inbound_nodes,
input_layers, output_layers), models made again from it, and configs TF wrote."""

import json
import os

import numpy as np
import pytest

import eagerbook as tf

K = tf.keras
HERE = os.path.dirname(os.path.abspath(__file__))


def _graph(config):
    return ([(layer["name"], layer["inbound_nodes"]) for layer in config["layers"]],
            config["input_layers"], config["output_layers"])


def _shared_and_nested_model():
    """The model tf_functional_model.json holds (TF 2.21, Keras 2, wrote it)."""
    a, b = K.Input((3,), name="a"), K.Input((2,), name="b")
    shared = K.layers.Dense(3, name="shared", kernel_initializer="ones")
    x = shared(a)
    y = K.layers.Concatenate(name="cat")([x, b])
    inner_in = K.Input((5,), name="inner_in")
    inner = K.Model(inner_in, K.layers.Dense(3, name="inner_d",
                                             kernel_initializer="ones")(inner_in), name="inner")
    z = shared(inner(y))
    drop = K.layers.Dropout(0.5, name="drop")(z, training=False)
    return K.Model([a, b], {"out": drop, "x": x}, name="m")


def _tf_json():
    with open(os.path.join(HERE, "tf_functional_model.json")) as f:
        return f.read()


def test_config_records_the_graph_as_tf_does():
    config = _shared_and_nested_model().get_config()
    assert list(config) == ["name", "trainable", "layers", "input_layers", "output_layers"]
    assert _graph(config) == _graph(json.loads(_tf_json())["config"])
    entry = config["layers"][1]
    assert list(entry)[-2:] == ["name", "inbound_nodes"] and entry["module"] == "keras.layers"


def test_a_single_input_and_output_are_lists_of_one():
    x = K.Input((4,), name="img")
    model = K.Model(x, K.layers.Dense(2, name="d")(x))
    config = model.get_config()
    assert config["input_layers"] == [["img", 0, 0]]
    assert config["output_layers"] == [["d", 0, 0]]
    assert config["layers"][0]["inbound_nodes"] == []


def test_a_config_tf_wrote_loads_and_computes():
    model = K.models.model_from_json(_tf_json())
    assert [layer.name for layer in model.layers] == ["a", "shared", "b", "cat", "inner", "drop"]
    out = model([np.ones((1, 3), "float32"), np.ones((1, 2), "float32")])
    np.testing.assert_allclose(out["x"].numpy(), [[3.0, 3.0, 3.0]])
    np.testing.assert_allclose(out["out"].numpy(), [[33.0, 33.0, 33.0]])  # dropout off
    assert _graph(json.loads(model.to_json())["config"]) == \
        _graph(json.loads(_tf_json())["config"])


def test_round_trip_keeps_weights_shapes_and_outputs():
    model = _shared_and_nested_model()
    again = K.Model.from_config(model.get_config())
    assert [w.shape for w in again.weights] == [w.shape for w in model.weights]
    again.set_weights(model.get_weights())
    inputs = [np.random.rand(2, 3).astype("float32"), np.random.rand(2, 2).astype("float32")]
    for key in ("out", "x"):
        np.testing.assert_allclose(again(inputs)[key].numpy(), model(inputs)[key].numpy())


def test_symbolic_add_loss_survives():
    x = K.Input((3,))
    out = K.layers.Dense(2, kernel_initializer="ones")(x)
    model = K.Model(x, out)
    model.add_loss(K.layers.Dense(1, kernel_initializer="ones", name="penalty")(out))
    config = model.get_config()
    assert [layer["class_name"] for layer in config["layers"]][-1] == "AddLoss"
    again = K.Model.from_config(config)
    again(np.ones((1, 3), "float32"))
    np.testing.assert_allclose(np.ravel(again.losses[0].numpy()), [6.0])


def test_tensor_keyword_arguments_survive():
    x = K.Input((3,), name="x")
    seq = K.Input((4, 2), name="seq")
    state = K.layers.Dense(5, name="state")(x)
    gru = K.layers.GRU(5, name="gru")(seq, initial_state=state)
    model = K.Model([x, seq], gru)
    config = model.get_config()
    # (TF's RNN moves a tensor initial_state into its first argument, as eagerbook does)
    gru_entry = next(layer for layer in config["layers"] if layer["name"] == "gru")
    assert gru_entry["inbound_nodes"] == [[["seq", 0, 0, {}], ["state", 0, 0, {}]]]
    again = K.Model.from_config(config)
    again.set_weights(model.get_weights())
    data = [np.ones((1, 3), "float32"), np.ones((1, 4, 2), "float32")]
    np.testing.assert_allclose(again(data).numpy(), model(data).numpy(), rtol=1e-6)


def test_sequential_config_starts_with_its_input_layer():
    model = K.Sequential([K.layers.Dense(2, input_shape=(3,), name="d")])
    config = model.get_config()
    assert [(e["class_name"], e["config"]["name"]) for e in config["layers"]] == [
        ("InputLayer", "d_input"), ("Dense", "d")]
    again = K.Sequential.from_config(config)
    assert again.count_params() == 8 and len(again.layers) == 1
    assert again.get_config() == config
    assert "InputLayer" not in str(K.Sequential([K.layers.Dense(2)]).get_config())


def test_configs_of_earlier_versions_still_load():
    old = {"name": "old", "layers": [
        {"class_name": "InputLayer", "config": {"batch_input_shape": [None, 2],
                                                "dtype": "float32", "name": "i"}},
        {"class_name": "Dense", "config": {"units": 1, "name": "d",
                                           "kernel_initializer": "ones"}}],
        "nodes": [{"layer": 0, "args": {"list": []}, "kwargs": {"dict": {}}},
                  {"layer": 1, "args": {"list": [{"keras_tensor": [0, 0]}]},
                   "kwargs": {"dict": {}}}],
        "inputs": {"keras_tensor": [0, 0]}, "outputs": {"keras_tensor": [1, 0]}}
    model = K.Model.from_config(old)
    np.testing.assert_allclose(model(np.ones((1, 2), "float32")).numpy(), [[2.0]])


def test_calls_that_never_become_ready_are_a_value_error():
    x = K.Input((2,), name="i")
    config = K.Model(x, K.layers.Dense(1, name="d")(x)).get_config()
    config["layers"][1]["inbound_nodes"] = [[["nowhere", 0, 0, {}]]]
    with pytest.raises((ValueError, KeyError)):
        K.Model.from_config(config)
