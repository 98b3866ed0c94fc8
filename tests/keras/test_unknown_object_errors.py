"""A name no registry holds is TF's ValueError, ending with where the guide explains how to
register a custom class; optimizers and regularizers given an unknown class in a config say so
too (they raised KeyError), and tf.keras.regularizers.deserialize exists. (Where TF's
deserializers hand an unknown name back unchanged, eagerbook raises the error: not tested.)"""

import numpy as np
import pytest

import eagerbook as tf

keras = tf.keras

_SEE = ("Please ensure you are using a `keras.utils.custom_object_scope` and that this object "
        "is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
        "#registering_the_custom_object for details.")


@pytest.mark.parametrize("make, message", [
    (lambda: keras.initializers.get("nope"), "Unknown initializer: 'nope'. "),
    (lambda: keras.initializers.get({"class_name": "Nope", "config": {}}),
     "Unknown initializer: 'Nope'. "),
    (lambda: keras.constraints.get("nope"), "Unknown constraint: 'nope'. "),
    (lambda: keras.metrics.get({"class_name": "Nope", "config": {}}),
     "Unknown metric function: 'Nope'. "),
    (lambda: keras.optimizers.get("nope"), "Unknown optimizer: 'nope'. "),
    (lambda: keras.optimizers.get({"class_name": "Nope", "config": {}}),
     "Unknown optimizer: 'Nope'. "),
    (lambda: keras.losses.get("nope"), "Unknown loss function: 'nope'. "),
    (lambda: keras.regularizers.get({"class_name": "Nope", "config": {}}),
     "Unknown regularizer: 'Nope'. "),
    (lambda: keras.layers.Dense(2, kernel_initializer="nope"), "Unknown initializer: 'nope'. "),
    (lambda: keras.Sequential.from_config(
        {"name": "s", "layers": [{"class_name": "Nope", "config": {}}]}),
     "Unknown layer: 'Nope'. "),
])
def test_unknown_names_get_tfs_words(make, message):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == message + _SEE


class _Scaled(keras.layers.Layer):
    def call(self, x):
        return 2.0 * x


def test_h5_model_with_an_unregistered_layer_names_it_as_tf(tmp_path):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, _Scaled(name="scaled")(inputs))
    path = str(tmp_path / "m.h5")
    with pytest.warns(UserWarning):
        model.save(path)
    with pytest.raises(ValueError) as info:
        keras.models.load_model(path)
    assert str(info.value) == "Unknown layer: '_Scaled'. " + _SEE
    again = keras.models.load_model(path, custom_objects={"_Scaled": _Scaled})
    assert type(again.layers[1]) is _Scaled


class _Halved(keras.regularizers.Regularizer):
    def __call__(self, w):
        return 0.5 * tf.reduce_sum(w)

    def get_config(self):
        return {}


def test_regularizers_deserialize_takes_builtin_and_custom_entries():
    l2 = keras.regularizers.deserialize(keras.regularizers.serialize(keras.regularizers.l2(0.5)))
    assert type(l2) is keras.regularizers.L2 and np.isclose(l2.get_config()["l2"], 0.5)
    entry = {"class_name": "_Halved", "config": {}}
    assert type(keras.regularizers.deserialize(entry, custom_objects={"_Halved": _Halved})) \
        is _Halved
