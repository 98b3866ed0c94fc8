"""A functional model whose outputs need an Input it was not given: TF's "Graph disconnected"
error names the layer that needs it and the layer calls made before, as TF 2.21's Keras does."""

import pytest

import eagerbook as tf

keras = tf.keras


def _message(make):
    a, b = keras.Input((3,), name="a"), keras.Input((3,), name="b")
    with pytest.raises(ValueError) as caught:
        make(a, b)
    return str(caught.value)


def _expected(layer, accessed):
    return ("Graph disconnected: cannot obtain value for tensor KerasTensor(type_spec=TensorSpec("
            "shape=(None, 3), dtype=tf.float32, name='b'), name='b', description=\"created by "
            f"layer 'b'\") at layer \"{layer}\". The following previous layers were accessed "
            f"without issue: {accessed}")


def test_the_layer_called_on_the_missing_input_is_named():
    message = _message(lambda a, b: keras.Model(a, keras.layers.Dense(2, name="d1")(b)))
    assert message == _expected("d1", [])


def test_the_calls_before_it_are_listed_without_the_inputs():
    def make(a, b):
        x = keras.layers.Dense(3, name="d3")(keras.layers.Dense(3, name="d4")(a))
        return keras.Model(a, keras.layers.Add(name="add")([x, b]))
    assert _message(make) == _expected("add", ["d4", "d3"])


def test_an_input_as_an_output_is_a_model_as_in_tf():
    a, b = keras.Input((3,), name="a"), keras.Input((3,), name="b")
    assert [layer.name for layer in keras.Model(a, b).layers] == ["a", "b"]
