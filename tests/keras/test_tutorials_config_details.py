"""Config details as TF's Keras gives them: ReLU keeps its max_value, negative_slope and
threshold as floatx NumPy scalars (so its config shows ``array(6., dtype=float32)``),
EinsumDense lists output_shape (a tracked list), equation, activation and bias_axes first,
and the 1-D poolings list their strides first."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def _config(layer):
    config = layer.get_config()
    config.pop("name")
    return config


def test_relu_config_holds_float32_arrays():
    config = _config(L.ReLU(6.0))
    assert repr(config["max_value"]) == "array(6., dtype=float32)"
    assert repr(config["negative_slope"]) == "array(0., dtype=float32)"
    assert _config(L.ReLU())["max_value"] is None
    rebuilt = L.ReLU.from_config(L.ReLU(6.0, negative_slope=0.5).get_config())
    np.testing.assert_allclose(rebuilt(np.array([-2.0, 7.0])).numpy(), [-1.0, 6.0])


def test_relu_model_round_trips_through_json():
    model = tf.keras.Sequential([L.Input((3,)), L.ReLU(6.0)])
    again = tf.keras.models.model_from_json(model.to_json())
    assert float(again.layers[0].max_value) == 6.0


def test_einsum_dense_config_order_and_output_shape():
    config = _config(L.EinsumDense("abc,cd->abd", output_shape=(None, 4), bias_axes="d"))
    assert list(config)[:6] == ["trainable", "dtype", "output_shape", "equation",
                                "activation", "bias_axes"]
    assert repr(config["output_shape"]) == "ListWrapper([None, 4])"


def test_one_dimensional_pooling_lists_strides_first():
    for layer in (L.MaxPooling1D(), L.AveragePooling1D()):
        assert list(_config(layer)) == ["trainable", "dtype", "strides", "pool_size",
                                        "padding", "data_format"]
    assert list(_config(L.MaxPooling2D()))[2] == "pool_size"
