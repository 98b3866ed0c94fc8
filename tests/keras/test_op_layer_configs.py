"""A functional model whose graph holds TF ops applied to KerasTensors (TF's TFOpLambda and
SlicingOpLambda layers: `x + 1`, `tf.concat`, `x[:, 0]`) has a config in TF's form, is made
again from it, and saves and loads in every format, as in TF."""

import json

import numpy as np
import pytest

import eagerbook as tf

keras = tf.keras


@pytest.fixture(autouse=True)
def _fresh_names():
    keras.backend.clear_session()


def _two_inputs():
    return keras.Input(shape=(4,), name="a"), keras.Input(shape=(4,), name="b")


def _data():
    return [np.arange(8, dtype="float32").reshape(2, 4) - 3, np.ones((2, 4), "float32")]


def _entries(model):
    return {entry["name"]: entry for entry in model.get_config()["layers"]}


def test_an_op_layers_config_names_its_function_as_tf():
    a, b = _two_inputs()
    model = keras.Model([a, b], [tf.nn.relu(a), a + b])
    entries = _entries(model)
    assert entries["tf.nn.relu"]["class_name"] == "TFOpLambda"
    assert entries["tf.nn.relu"]["config"] == {"name": "tf.nn.relu", "trainable": True,
                                               "dtype": "float32", "function": "nn.relu"}
    assert entries["tf.__operators__.add"]["config"]["function"] == "__operators__.add"


def test_the_calls_are_written_as_tf_writes_them():
    # (the inbound nodes below are those TF 2.21's Keras 2 writes for the same model)
    a, b = _two_inputs()
    outputs = [a + b, 2.0 - a, a @ tf.transpose(b), tf.concat([a, b], axis=1),
               tf.concat([a, b], 1), tf.reduce_mean(a, 1), tf.where(a > 0, a, b), -a]
    nodes = {name: entry["inbound_nodes"]
             for name, entry in _entries(keras.Model([a, b], outputs)).items()}
    assert nodes["tf.__operators__.add"] == [["a", 0, 0, {"y": ["b", 0, 0], "name": None}]]
    assert nodes["tf.math.subtract"] == [["_CONSTANT_VALUE", -1, 2.0,
                                          {"y": ["a", 0, 0], "name": None}]]
    assert nodes["tf.linalg.matmul"] == [["a", 0, 0, {"b": ["tf.compat.v1.transpose", 0, 0],
                                                      "name": None}]]
    assert nodes["tf.concat"] == [[["a", 0, 0, {"axis": 1}], ["b", 0, 0, {"axis": 1}]]]
    assert nodes["tf.concat_1"] == nodes["tf.concat"]  # (a positional axis is named too)
    assert nodes["tf.math.reduce_mean"] == [["a", 0, 0, {"axis": 1}]]
    assert nodes["tf.where"] == [["tf.math.greater", 0, 0, {"x": ["a", 0, 0],
                                                            "y": ["b", 0, 0]}]]
    assert nodes["tf.math.negative"] == [["a", 0, 0, {"name": None}]]


def test_the_build_config_is_the_first_arguments_shape_as_tf():
    a, b = _two_inputs()
    entries = _entries(keras.Model([a, b], [2.0 - a, tf.concat([a, b], 1), a + b]))
    assert entries["tf.math.subtract"]["build_config"] == {"input_shape": []}
    assert entries["tf.concat"]["build_config"] == {"input_shape": [(None, 4), (None, 4)]}
    assert entries["tf.__operators__.add"]["build_config"] == {"input_shape": (None, 4)}


def test_subscripts_are_slicing_op_layers_with_slices_written_as_dicts():
    inp = keras.Input(shape=(4, 3), name="a")
    model = keras.Model(inp, [inp[:, 1:-1:2, 0], inp[..., 0], inp[0]])
    entries = _entries(model)
    first = entries["tf.__operators__.getitem"]
    assert first["class_name"] == "SlicingOpLambda"
    assert first["config"]["function"] == "__operators__.getitem"
    assert first["inbound_nodes"] == [["a", 0, 0, {"slice_spec": (
        {"start": None, "stop": None, "step": None}, {"start": 1, "stop": -1, "step": 2}, 0)}]]
    assert entries["tf.__operators__.getitem_1"]["inbound_nodes"] == [
        ["a", 0, 0, {"slice_spec": (Ellipsis, 0)}]]
    assert entries["tf.__operators__.getitem_2"]["inbound_nodes"] == [
        ["a", 0, 0, {"slice_spec": 0}]]
    data = np.arange(24, dtype="float32").reshape(2, 4, 3)
    again = keras.models.model_from_json(model.to_json())  # (Ellipsis through JSON too)
    for got, want in zip(again(data), model(data)):
        np.testing.assert_array_equal(got, want)


def _op_model():
    a, b = _two_inputs()
    hidden = keras.layers.Dense(3, name="dense")(a)
    outputs = [tf.reduce_sum(tf.nn.relu(hidden) * 2.0 + 1.0, axis=-1, keepdims=True),
               tf.concat([a, b], axis=1)[:, 2:5], 1.0 - tf.math.maximum(a, b) / 2]
    return keras.Model([a, b], outputs, name="ops")


def _assert_same_outputs(model, other):
    for got, want in zip(other(_data()), model(_data())):
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_from_config_makes_the_same_model_and_the_same_config():
    model = _op_model()
    config = model.get_config()
    again = keras.Model.from_config(config)
    again.set_weights(model.get_weights())
    assert [layer.name for layer in again.layers] == [layer.name for layer in model.layers]
    assert again.get_config() == config
    _assert_same_outputs(model, again)


@pytest.mark.parametrize("filename", ["model.keras", "model.h5", "saved_model_dir"])
def test_save_and_load_in_every_format(tmp_path, filename):
    model = _op_model()
    model.save(tmp_path / filename)
    _assert_same_outputs(model, keras.models.load_model(tmp_path / filename))


def test_a_loaded_model_trains():
    inp = keras.Input((4,))
    out = keras.layers.Dense(1)(inp) * 2.0 + tf.reduce_mean(inp, axis=1, keepdims=True)
    model = keras.Model(inp, out)
    model.compile("sgd", "mse")
    loaded = keras.Model.from_config(model.get_config())
    loaded.compile("sgd", "mse")
    history = loaded.fit(_data()[0], np.ones((2, 1), "float32"), epochs=1, verbose=0)
    assert list(history.history) == ["loss"]


# TF 2.21's `to_json()` (Keras 2) of `Model(a, [a * 2.0, tf.concat([a, a], 1)[:, 1:3]])`
TF_JSON = (
    '{"class_name": "Functional", "config": {"name": "m", "trainable": true, "layers": ['
    '{"module": "keras.layers", "class_name": "InputLayer", "config": {"batch_input_shape": '
    '[null, 4], "dtype": "float32", "sparse": false, "ragged": false, "name": "a", '
    '"optional": false}, "registered_name": null, "name": "a", "inbound_nodes": []}, '
    '{"module": "tf_keras.src.layers.core.tf_op_layer", "class_name": "TFOpLambda", '
    '"config": {"name": "tf.concat", "trainable": true, "dtype": "float32", "function": '
    '"concat"}, "registered_name": "TFOpLambda", "build_config": {"input_shape": '
    '[[null, 4], [null, 4]]}, "name": "tf.concat", "inbound_nodes": [[["a", 0, 0, '
    '{"axis": 1}], ["a", 0, 0, {"axis": 1}]]]}, '
    '{"module": "tf_keras.src.layers.core.tf_op_layer", "class_name": "TFOpLambda", '
    '"config": {"name": "tf.math.multiply", "trainable": true, "dtype": "float32", '
    '"function": "math.multiply"}, "registered_name": "TFOpLambda", "build_config": '
    '{"input_shape": [null, 4]}, "name": "tf.math.multiply", "inbound_nodes": [["a", 0, 0, '
    '{"y": 2.0, "name": null}]]}, '
    '{"module": "tf_keras.src.layers.core.tf_op_layer", "class_name": "SlicingOpLambda", '
    '"config": {"name": "tf.__operators__.getitem", "trainable": true, "dtype": "float32", '
    '"function": "__operators__.getitem"}, "registered_name": "SlicingOpLambda", '
    '"build_config": {"input_shape": [null, 8]}, "name": "tf.__operators__.getitem", '
    '"inbound_nodes": [["tf.concat", 0, 0, {"slice_spec": [{"start": null, "stop": null, '
    '"step": null}, {"start": 1, "stop": 3, "step": null}]}]]}], '
    '"input_layers": [["a", 0, 0]], "output_layers": [["tf.math.multiply", 0, 0], '
    '["tf.__operators__.getitem", 0, 0]]}, "keras_version": "2.21.0", '
    '"backend": "tensorflow"}')


def test_a_model_tf_wrote_loads():
    model = keras.models.model_from_json(TF_JSON)
    assert [layer.name for layer in model.layers] == [
        "a", "tf.concat", "tf.math.multiply", "tf.__operators__.getitem"]
    data = _data()[0]
    doubled, sliced = model(data)
    np.testing.assert_array_equal(doubled, data * 2)
    np.testing.assert_array_equal(sliced, data[:, 1:3])
    assert json.loads(model.to_json())["config"] == json.loads(TF_JSON)["config"] | {
        "layers": [dict(entry, module="keras.layers", registered_name=None)
                   if entry["class_name"] != "InputLayer" else entry
                   for entry in json.loads(TF_JSON)["config"]["layers"]]}


def test_an_unknown_function_is_tfs_value_error():
    written = TF_JSON.replace('"function": "math.multiply"', '"function": "math.no_such"')
    with pytest.raises(ValueError, match=r"^TF symbol `math.no_such` could not be found\.$"):
        keras.models.model_from_json(written)


def test_a_call_whose_arguments_cannot_be_named_is_not_saved():
    a, b = _two_inputs()
    model = keras.Model([a, b], tf.einsum("ij,ij->i", a, b))
    with pytest.raises(NotImplementedError, match="cannot name"):
        model.get_config()
