"""Guide behaviours of Keras models: build and compile configs, the tf.keras.saving namespace,
model.layers of a compiled subclassed model, a Sequential's check of its declared input."""

import numpy as np
import pytest

import eagerbook as tf


def test_get_build_config_is_the_shape_build_saw():
    layer = tf.keras.layers.Dense(2)
    assert layer.get_build_config() is None
    layer.build(tf.TensorShape([None, 3]))
    assert layer.get_build_config() == {"input_shape": (None, 3)}
    called = tf.keras.layers.Dense(2)
    called(tf.ones((2, 4)))
    assert called.get_build_config() == {"input_shape": (2, 4)}
    concat = tf.keras.layers.Concatenate()
    concat([tf.ones((1, 2)), tf.ones((1, 3))])
    assert concat.get_build_config() == {"input_shape": [(1, 2), (1, 3)]}


def test_build_config_of_a_build_that_does_not_call_super():
    class Scale(tf.keras.layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1],))

        def call(self, x):
            return x * self.w

    layer = Scale()
    layer(tf.ones((2, 3)))
    assert layer.get_build_config() == {"input_shape": (2, 3)}
    other = Scale()
    other.build_from_config({"input_shape": (None, 5)})
    assert other.w.shape == (5,)
    unbuilt = Scale()
    unbuilt.build_from_config({"input_shape": None})
    assert not unbuilt.built


def test_models_build_config():
    inputs = tf.keras.Input((3,))
    functional = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
    assert functional.get_build_config() == {"input_shape": (None, 3)}
    seq = tf.keras.Sequential([tf.keras.layers.Dense(2)])
    seq.build((None, 4))
    assert seq.get_build_config() == {"input_shape": (None, 4)}

    class Sub(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(2)

        def call(self, x):
            return self.d(x)

    sub = Sub()
    assert sub.get_build_config() is None
    sub(tf.ones((2, 3)))
    assert sub.get_build_config() == {"input_shape": (2, 3)}


def test_serialized_built_layers_carry_their_build_config():
    assert "build_config" not in tf.keras.layers.serialize(tf.keras.layers.Dense(2))
    layer = tf.keras.layers.Dense(2)
    layer.build((None, 3))
    entry = tf.keras.layers.serialize(layer)
    assert list(entry) == ["module", "class_name", "config", "registered_name", "build_config"]
    seq = tf.keras.Sequential([tf.keras.layers.Dense(2)])
    seq.build((None, 4))
    layers = seq.get_config()["layers"]
    assert "build_config" not in layers[0]  # the InputLayer
    assert layers[1]["build_config"] == {"input_shape": (None, 4)}
    inputs = tf.keras.Input((3,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
    assert list(model.get_config()["layers"][1]) == [
        "module", "class_name", "config", "registered_name", "build_config", "name",
        "inbound_nodes"]


def test_a_custom_build_signature_survives_a_keras_file(tmp_path):
    @tf.keras.saving.register_keras_serializable(package="BuildConfigTest")
    class LayerWithCustomBuild(tf.keras.layers.Layer):
        def __init__(self, units=32, **kwargs):
            super().__init__(**kwargs)
            self.units = units

        def call(self, inputs):
            return tf.matmul(inputs, self.w) + self.b

        def get_config(self):
            return dict(units=self.units, **super().get_config())

        def build(self, input_shape, layer_init):
            super().build(input_shape)
            self._input_shape = input_shape
            self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer=layer_init)
            self.b = self.add_weight(shape=(self.units,), initializer=layer_init)
            self.layer_init = layer_init

        def get_build_config(self):
            return {"layer_init": self.layer_init, "input_shape": self._input_shape}

        def build_from_config(self, config):
            self.build(config["input_shape"], config["layer_init"])

    custom = LayerWithCustomBuild(units=4)
    custom.build(input_shape=(8,), layer_init="random_normal")
    model = tf.keras.Sequential([custom, tf.keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer="adam", loss="binary_crossentropy")
    x = np.random.RandomState(0).random_sample((4, 8)).astype("float32")
    expected = model.predict(x, verbose=0)
    path = str(tmp_path / "custom_build.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    assert loaded.layers[0].layer_init == "random_normal"
    np.testing.assert_allclose(loaded.predict(x, verbose=0), expected)
    assert [w.name for w in loaded.weights] == [w.name for w in model.weights]


def test_get_compile_config_and_compile_from_config():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    assert model.get_compile_config() is None
    model.compile("adam", "mse", metrics=["mae"])
    assert model.get_compile_config() == {
        "optimizer": "adam", "loss": "mse", "metrics": ["mae"], "loss_weights": None,
        "weighted_metrics": None, "run_eagerly": None, "steps_per_execution": None,
        "jit_compile": None}
    model.compile(tf.keras.optimizers.SGD(0.5), tf.keras.losses.MeanSquaredError(),
                  metrics=[tf.keras.metrics.MeanAbsoluteError()], loss_weights=[2.0])
    config = model.get_compile_config()
    assert config["optimizer"]["class_name"] == "SGD"
    assert config["loss"]["class_name"] == "MeanSquaredError"
    assert config["metrics"][0]["class_name"] == "MeanAbsoluteError"
    other = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    other.compile_from_config(config)
    assert type(other.optimizer).__name__ == "SGD"
    assert float(other.optimizer.learning_rate) == 0.5
    assert isinstance(other.loss, tf.keras.losses.MeanSquaredError)


def test_keras_saving_namespace():
    for name in ["custom_object_scope", "deserialize_keras_object", "get_custom_objects",
                 "get_registered_name", "get_registered_object", "load_model",
                 "register_keras_serializable", "save_model", "serialize_keras_object"]:
        assert callable(getattr(tf.keras.saving, name)), name
    entry = tf.keras.saving.serialize_keras_object(tf.keras.layers.Dense(2, name="inner"))
    assert tf.keras.saving.deserialize_keras_object(entry).name == "inner"


def test_model_layers_after_compile_are_the_direct_children():
    class Encoder(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense_proj = tf.keras.layers.Dense(3)

        def call(self, inputs):
            return self.dense_proj(inputs)

    class AutoEncoder(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder(name="encoder")

        def call(self, inputs):
            return self.encoder(inputs)

    model = AutoEncoder()
    model(np.ones((2, 3), "float32"))
    model.compile("adam", "mse")
    assert [layer.name for layer in model.layers] == ["encoder"]
    model.fit(np.ones((2, 3)), np.ones((2, 3)), verbose=0)
    assert [layer.name for layer in model.layers] == ["encoder"]


def test_compiled_trainable_flags_still_apply():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    model.layers[0].trainable = False  # after compile: fit still trains it, as in TF
    before = model.get_weights()[0].copy()
    model.fit(np.ones((4, 2)), np.zeros((4, 1)) + 5, verbose=0)
    assert not np.allclose(before, model.get_weights()[0])
    assert not model.layers[0].trainable


def test_sequential_checks_its_declared_input_shape():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    with pytest.raises(ValueError, match=r'^Input 0 of layer "sequential(_\d+)?" is '
                                         r"incompatible with the layer: expected "
                                         r"shape=\(None, 3\), found shape=\(2, 4\)$"):
        model(np.ones((2, 4), "float32"))


def test_sequential_checks_the_rank_of_its_declared_input_too():
    # TF: a Dense(input_shape=(4,)) model called on (3, 2, 4) fails the input check, though
    # Dense alone would take it; Flatten(input_shape=(4,)) on (3, 2, 2) likewise.
    for first, data in [(tf.keras.layers.Dense(2, input_shape=(4,)), np.ones((3, 2, 4))),
                        (tf.keras.layers.Flatten(input_shape=(4,)), np.ones((3, 2, 2)))]:
        model = tf.keras.Sequential([first])
        with pytest.raises(ValueError, match=r"expected shape=\(None, 4\), found shape=\(3, 2, "):
            model(data.astype("float32"))


def test_serialize_keras_object_forms():
    @tf.keras.saving.register_keras_serializable(package="SerializeFormTest", name="square")
    def square(x):
        return x**2

    serialize = tf.keras.saving.serialize_keras_object
    assert serialize(square) == {"module": "builtins", "class_name": "function",
                                 "config": "SerializeFormTest>square",
                                 "registered_name": "function"}
    assert serialize(tf.keras.activations.relu)["config"] == "relu"
    assert [serialize(v) for v in (None, "relu", 3, 2.5)] == [None, "relu", 3, 2.5]
    assert serialize([1, "a"]) == [1, "a"] and serialize((1, 2)) == (1, 2)
    assert serialize({"a": 1}) == {"a": 1}
    assert serialize(tf.constant([1.0, 2.0])) == {
        "class_name": "__tensor__", "config": {"value": [1.0, 2.0], "dtype": "float32"}}
    assert serialize(tf.float32) == "float32"
    assert serialize(tf.TensorShape([None, 3])) == [None, 3]
    assert tf.keras.utils.serialize_keras_object(square) == serialize(square)
    deserialize = tf.keras.saving.deserialize_keras_object
    assert deserialize(serialize(square)) is square
    assert deserialize(serialize(tf.keras.activations.relu)) is tf.keras.activations.relu
    assert deserialize(serialize(tf.keras.losses.mean_squared_error)) is \
        tf.keras.losses.mean_squared_error
    again = deserialize(serialize(tf.constant([1.0, 2.0])))
    assert again.dtype == tf.float32 and again.numpy().tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match="Could not locate function 'nowhere'"):
        deserialize({"module": "builtins", "class_name": "function", "config": "nowhere",
                     "registered_name": "function"})
