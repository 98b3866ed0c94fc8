"""A layer's activation in its config as TF's Keras 2 writes it (a user's function as TF's
function entry, a layer such as ReLU as its own entry), and made again from it: with the
`custom_objects` given to model_from_json, as in TF's saving guide. A layer whose config
does not make it raises TF's TypeError."""

import pytest

import eagerbook as tf

keras = tf.keras


def my_activation(x):
    return x * 2.0


@keras.saving.register_keras_serializable(package="tests")
def registered_activation(x):
    return x * 3.0


def _entry(name):
    return {"module": "builtins", "class_name": "function", "config": name,
            "registered_name": "function"}


def test_a_users_function_is_written_as_tfs_function_entry():
    assert keras.activations.serialize(my_activation) == _entry("my_activation")
    config = keras.layers.Dense(2, activation=registered_activation).get_config()
    assert config["activation"] == _entry("tests>registered_activation")
    again = keras.layers.Dense.from_config(config)
    assert again.activation is registered_activation


def test_tfs_own_functions_keep_their_names():
    for activation, name in [("relu", "relu"), (tf.nn.relu, "relu"), (tf.math.tanh, "tanh"),
                             (keras.activations.gelu, "gelu")]:
        assert keras.layers.Dense(2, activation=activation).get_config()["activation"] == name


def test_model_from_json_finds_the_function_among_custom_objects():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation=my_activation)])
    again = keras.models.model_from_json(model.to_json(),
                                         custom_objects={"my_activation": my_activation})
    assert again.layers[0].activation is my_activation


def test_without_it_the_error_is_tfs():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation=my_activation)])
    with pytest.raises(TypeError) as caught:
        keras.models.model_from_json(model.to_json())
    message = str(caught.value)
    assert message.startswith("Error when deserializing class 'Dense' using config={")
    assert message.endswith("\n\nException encountered: Unknown activation function "
                            f"'{_entry('my_activation')}' cannot be deserialized.")


def test_a_layer_as_activation_comes_back_as_that_layer():
    dense = keras.layers.Dense(2, activation=keras.layers.ReLU(max_value=1.0))
    config = dense.get_config()
    assert config["activation"]["class_name"] == "ReLU"
    again = keras.layers.Dense.from_config(config)
    assert type(again.activation).__name__ == "ReLU" and again.activation.max_value == 1.0
