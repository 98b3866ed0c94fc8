"""A layer's entry in a model's config (or any Keras object's serialized entry) holds Python
numbers where its own get_config holds NumPy ones, as TF's serialization writes them; saving
to HDF5 warns as TF 2.21's Keras does; to_json names TF 2.21's Keras version."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

keras = tf.keras


def test_a_relus_floatx_arrays_are_numbers_in_its_entry():
    relu = keras.layers.ReLU(6.0, name="relu")
    assert repr(relu.get_config()["max_value"]) == "array(6., dtype=float32)"  # (as TF's)
    expected = {"name": "relu", "trainable": True, "dtype": "float32", "max_value": 6.0,
                "negative_slope": 0.0, "threshold": 0.0}
    assert keras.layers.serialize(relu)["config"] == expected
    assert keras.utils.serialize_keras_object(relu)["config"] == expected
    model = keras.Sequential([keras.Input((3,)), relu])
    entry = model.get_config()["layers"][1]["config"]
    assert entry == expected and type(entry["max_value"]) is float
    dense = keras.layers.Dense(2, activation=keras.layers.ReLU(name="inner"))
    assert dense.get_config()["activation"]["config"]["negative_slope"] == 0.0
    assert type(dense.get_config()["activation"]["config"]["negative_slope"]) is float


def test_entries_without_numpy_values_are_left_as_they_are():
    layer = keras.layers.EinsumDense("ab,bc->ac", output_shape=4)
    config = layer.get_config()
    assert type(keras.layers.serialize(layer)["config"]["output_shape"]) is \
        type(config["output_shape"])


@pytest.mark.parametrize(("name", "save_format", "warns"), [
    ("model.h5", None, True), ("model.hdf5", None, True), ("model_dir", "h5", True),
    ("model.keras", None, False), ("saved_dir", None, False)])
def test_saving_to_hdf5_warns_as_tf(tmp_path, name, save_format, warns):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.save(str(tmp_path / name), save_format=save_format)
    messages = [str(w.message) for w in caught if w.category is UserWarning]
    legacy = ("You are saving your model as an HDF5 file via `model.save()`. This file format "
              "is considered legacy. We recommend using instead the native TF-Keras format, "
              "e.g. `model.save('my_model.keras')`.")
    assert (legacy in messages) is warns
    again = keras.models.load_model(str(tmp_path / name))
    np.testing.assert_array_equal(again.get_weights()[0], model.get_weights()[0])


def test_to_json_names_tfs_keras_version():
    import json

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    written = json.loads(model.to_json())
    assert (written["keras_version"], written["backend"]) == ("2.21.0", "tensorflow")
