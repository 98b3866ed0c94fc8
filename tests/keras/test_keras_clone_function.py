"""tf.keras.models.clone_model with a clone_function."""

import numpy as np
import pytest

import eagerbook as tf


def _functional():
    inputs = tf.keras.Input(shape=(3,), name="features")
    x = tf.keras.layers.Dense(4, activation="relu", name="hidden")(inputs)
    return tf.keras.Model(inputs, tf.keras.layers.Dense(2, name="out")(x), name="small")


def test_clone_function_remakes_each_layer_of_a_functional_model():
    model = _functional()
    seen = []

    def remake(layer):
        seen.append(layer.name)
        return layer.__class__.from_config(layer.get_config())

    clone = tf.keras.models.clone_model(model, clone_function=remake)
    assert seen == ["hidden", "out"]  # the Input layer is made anew, not passed
    assert [layer.name for layer in clone.layers] == ["features", "hidden", "out"]
    assert all(a is not b for a, b in zip(clone.layers, model.layers))
    assert clone(np.ones((1, 3), "float32")).shape == (1, 2)


def test_clone_function_may_share_layers():
    model = _functional()
    shared = tf.keras.models.clone_model(model, clone_function=lambda layer: layer)
    assert shared.layers[1] is model.layers[1] and shared.layers[2] is model.layers[2]
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(shared(x).numpy(), model(x).numpy())


def test_clone_function_on_a_sequential_model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,), name="a"),
                                 tf.keras.layers.Dropout(0.5, name="drop"),
                                 tf.keras.layers.Dense(1, name="b")])
    clone = tf.keras.models.clone_model(
        model, clone_function=lambda layer: layer if isinstance(
            layer, tf.keras.layers.Dropout) else layer.__class__.from_config(layer.get_config()))
    assert [layer.name for layer in clone.layers] == ["a", "drop", "b"]
    assert clone.layers[1] is model.layers[1] and clone.layers[0] is not model.layers[0]
    assert clone.built and clone.input_shape == (None, 3)


def test_input_tensors_are_not_taken():
    with pytest.raises(NotImplementedError, match="input_tensors"):
        tf.keras.models.clone_model(_functional(), input_tensors=[tf.keras.Input((3,))])
