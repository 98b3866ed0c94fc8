"""Keras 2.13's serialized form ({module, class_name, config, registered_name}) and what
loading makes of it: built-in kinds, the user's classes, models nested in models."""

import numpy as np
import pytest

import eagerbook as tf

K = tf.keras


@pytest.mark.parametrize(("obj", "module"), [
    (K.initializers.Orthogonal(), "keras.initializers"),
    (K.regularizers.L1(0.5), "keras.regularizers"),
    (K.constraints.UnitNorm(), "keras.constraints"),
    (K.losses.Huber(), "keras.losses"),
    (K.metrics.Precision(), "keras.metrics"),
])
def test_builtin_kinds_name_their_keras_module(obj, module):
    entry = K.utils.serialize_keras_object(obj)
    assert list(entry) == ["module", "class_name", "config", "registered_name"]
    assert entry["module"] == module and entry["registered_name"] is None
    assert entry["class_name"] == type(obj).__name__


def test_entries_load_back_through_each_kinds_get():
    again = K.initializers.get(K.initializers.serialize(K.initializers.Constant(3.0)))
    assert again.get_config() == {"value": 3.0}
    reg = K.regularizers.get(K.regularizers.serialize(K.regularizers.L2(0.25)))
    assert reg.get_config() == {"l2": 0.25}
    loss = K.losses.get(K.losses.serialize(K.losses.Huber(delta=2.0)))
    assert loss.get_config()["delta"] == 2.0


def test_regularizer_factors_are_float32_in_configs():
    assert K.regularizers.L1L2(0.1, 0.3).get_config() == {
        "l1": float(np.float32(0.1)), "l2": float(np.float32(0.3))}


def test_auc_config_round_trips_every_argument():
    auc = K.metrics.AUC(thresholds=[0.25, 0.5, 0.75], num_labels=None, from_logits=True,
                        curve="PR", name="pr")
    config = auc.get_config()
    assert config["thresholds"] == [0.25, 0.5, 0.75] and config["from_logits"] is True
    assert config["num_labels"] is None and config["label_weights"] is None
    again = K.metrics.AUC.from_config(config)
    assert again.num_thresholds == 5 and again.curve.value == "PR"
    assert "thresholds" not in K.metrics.AUC().get_config()


def test_user_class_is_named_plainly_and_looked_up_by_registered_name():
    @K.utils.register_keras_serializable(package="FormTest")
    class Halve(K.layers.Layer):
        def call(self, x):
            return x / 2

    entry = K.layers.serialize(Halve(name="h"))
    assert (entry["class_name"], entry["registered_name"]) == ("Halve", "FormTest>Halve")
    assert entry["module"] == __name__
    assert type(K.layers.deserialize(entry)) is Halve


def test_functional_and_sequential_models_nested_in_a_model_load_from_config():
    a = K.Input((3,))
    inner = K.Model(a, K.layers.Dense(2, kernel_initializer="ones")(a), name="inner")
    seq = K.Sequential([K.layers.Dense(2, kernel_initializer="ones")], name="seq")
    b = K.Input((3,))
    model = K.Model(b, K.layers.Add()([inner(b), seq(b)]))
    config = model.get_config()
    kinds = {layer["config"]["name"]: (layer["class_name"], layer["module"])
             for layer in config["layers"]}
    assert kinds["inner"] == ("Functional", "keras.engine.functional")
    assert kinds["seq"] == ("Sequential", "keras")
    again = K.Model.from_config(config)
    again.set_weights(model.get_weights())
    x = np.ones((1, 3), "float32")
    np.testing.assert_allclose(again(x).numpy(), model(x).numpy())
    from_json = K.models.model_from_json(model.to_json())
    assert [type(layer).__name__ for layer in from_json.layers][1:3] == ["Functional", "Sequential"]


def test_wrapped_layer_entries_use_the_same_form():
    td = K.layers.TimeDistributed(K.layers.Dense(2))
    assert td.get_config()["layer"]["module"] == "keras.layers"
    rnn = K.layers.RNN([K.layers.SimpleRNNCell(2), K.layers.SimpleRNNCell(3)])
    cells = rnn.get_config()["cell"]["config"]["cells"]
    assert [c["class_name"] for c in cells] == ["SimpleRNNCell", "SimpleRNNCell"]
    again = K.layers.RNN.from_config(rnn.get_config())
    assert again(np.ones((1, 4, 2), "float32")).shape == (1, 3)


@pytest.mark.parametrize("obj", [
    K.initializers.Orthogonal(gain=2.0), K.regularizers.L2(0.5), K.losses.Huber(delta=3.0),
    K.metrics.AUC(num_thresholds=50), K.optimizers.legacy.Adam(0.5), K.optimizers.AdamW(0.1),
    K.layers.Dense(3, name="d3"),
])
def test_deserialize_keras_object_finds_builtins_by_their_module(obj):
    entry = K.utils.serialize_keras_object(obj)
    again = K.utils.deserialize_keras_object(entry)
    assert type(again) is type(obj) and again.get_config() == obj.get_config()


def test_deserialize_keras_object_lookups_and_errors():
    assert K.utils.deserialize_keras_object(None) is None
    assert K.utils.deserialize_keras_object("nope") == "nope"  # (TF returns unknown names)
    relu = K.activations.relu
    assert K.utils.deserialize_keras_object("relu", module_objects={"relu": relu}) is relu
    plain = {"class_name": "Dense", "config": {"units": 3}}
    dense = K.utils.deserialize_keras_object(plain, module_objects={"Dense": K.layers.Dense})
    assert dense.units == 3
    with pytest.raises(TypeError, match="Could not locate class 'Dense'"):
        K.utils.deserialize_keras_object(plain)  # no module named, none given

    class Tripled(K.layers.Layer):
        pass

    entry = K.utils.serialize_keras_object(Tripled(name="t"))
    with pytest.raises(TypeError, match="Could not locate class 'Tripled'"):
        K.utils.deserialize_keras_object(entry)
    assert type(K.utils.deserialize_keras_object(
        entry, custom_objects={"Tripled": Tripled})) is Tripled
