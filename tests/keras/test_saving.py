"""model.save / tf.keras.models.load_model: config + weights (+ optimizer), damage."""

import json
import os

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    return rng.random((16, 4), dtype=np.float32), rng.random((16, 1), dtype=np.float32)


def test_sequential_round_trip_with_optimizer_state(tmp_path, data):
    x, y = data
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(4,)),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    model.fit(x, y, epochs=2, verbose=0)
    path = str(tmp_path / "seq")
    model.save(path)
    # the Keras config and weights, and the traced call that tf.saved_model.load serves
    assert sorted(os.listdir(path)) == ["assets", "functions.npz", "keras_metadata.json",
                                        "saved_model.json", "variables"]
    loaded = tf.keras.models.load_model(path)
    assert type(loaded) is tf.keras.Sequential and loaded.name == model.name
    assert [w.name for w in loaded.weights] == [w.name for w in model.weights]
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert loaded.optimizer.get_config() == model.optimizer.get_config()
    # as TF 2.21's Keras: from a SavedModel directory the optimizer comes back fresh, made
    # from the compile config (its state stays behind: .h5 and .keras files bring it back)
    assert int(model.optimizer.iterations) == 2 and int(loaded.optimizer.iterations) == 0


def test_functional_round_trip(tmp_path, data):
    x, _ = data
    inp = tf.keras.Input(shape=(4,), name="features")
    a = tf.keras.layers.Dense(5, activation="relu")(inp)
    b = tf.keras.layers.Dense(5)(inp)
    out = tf.keras.layers.Dense(2)(tf.keras.layers.concatenate([a, b]))
    model = tf.keras.Model(inp, out, name="func")
    path = str(tmp_path / "func")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    assert loaded.name == "func" and [la.name for la in loaded.layers] == \
        [la.name for la in model.layers]
    np.testing.assert_allclose(loaded(x).numpy(), model(x).numpy())
    assert loaded.optimizer is None


def test_subclassed_model_revived_or_loaded_with_its_class(tmp_path):
    class Block(tf.keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.d1 = tf.keras.layers.Dense(3)
            self.d2 = tf.keras.layers.Dense(2)

        def call(self, x):
            return self.d2(self.d1(x))

    model = Block()
    model(tf.ones([1, 4]))
    path = str(tmp_path / "sub")
    model.save(path)
    revived = tf.keras.models.load_model(path)  # from the saved trace of its call, as in TF
    assert type(revived).__name__ == "Block" and type(revived) is not Block
    np.testing.assert_allclose(revived(tf.ones([2, 4])).numpy(),
                               model(tf.ones([2, 4])).numpy())
    model.save(path, save_traces=False)
    with pytest.raises(ValueError, match="custom_objects"):
        tf.keras.models.load_model(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"Block": Block})
    np.testing.assert_allclose(loaded(tf.ones([2, 4])).numpy(), model(tf.ones([2, 4])).numpy())


def test_what_cannot_be_saved_is_refused(tmp_path):
    with pytest.raises(ValueError, match="input shape is not available"):
        tf.keras.Sequential([tf.keras.layers.Dense(1)]).save(str(tmp_path / "a"))
    inp = tf.keras.Input(shape=(2,))
    # (an op whose arguments its config cannot name: einsum's *inputs)
    model = tf.keras.Model(inp, tf.einsum("ij,ij->i", tf.keras.layers.Dense(2)(inp), inp))
    with pytest.raises(NotImplementedError, match="cannot be saved"):
        model.save(str(tmp_path / "b"))


def test_bad_directories(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    path = str(tmp_path / "m")
    model.save(path)
    with pytest.raises(OSError, match="No file or directory found"):
        tf.keras.models.load_model(str(tmp_path / "nowhere"))
    meta = os.path.join(path, "keras_metadata.json")
    good = open(meta).read()
    open(meta, "w").write(good[:20])
    with pytest.raises(tf.errors.DataLossError):
        tf.keras.models.load_model(path)
    open(meta, "w").write(json.dumps({"format": "something else"}))
    with pytest.raises(tf.errors.DataLossError):
        tf.keras.models.load_model(path)
    open(meta, "w").write(good)
    data = os.path.join(path, "variables", "variables.data-00000-of-00001")
    blob = bytearray(open(data, "rb").read())
    blob[len(blob) // 2] ^= 0xFF
    open(data, "wb").write(bytes(blob))
    with pytest.raises(tf.errors.DataLossError):
        tf.keras.models.load_model(path)
    os.remove(data)
    with pytest.raises(OSError, match="is missing"):
        tf.keras.models.load_model(path)


@pytest.mark.parametrize("suffix", [".h5", ".keras"])
def test_single_file_paths_round_trip(tmp_path, suffix):
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    model.compile("adam", "mse")
    path = str(tmp_path / ("m" + suffix))
    model.save(path)
    assert os.path.isfile(path)
    loaded = tf.keras.models.load_model(path)
    x = np.ones((1, 3), "float32")
    np.testing.assert_array_equal(loaded(x).numpy(), model(x).numpy())
    assert loaded.optimizer.get_config()["name"] == "Adam"
    assert [p for p in os.listdir(tmp_path)] == ["m" + suffix]  # no temporary left behind


def test_damaged_or_foreign_single_files_are_refused(tmp_path):
    import zipfile

    hdf5 = tmp_path / "tf.h5"
    hdf5.write_bytes(b"\x89HDF\r\n\x1a\n" + b"\0" * 100)
    with pytest.raises(OSError, match="HDF5"):
        tf.keras.models.load_model(str(hdf5))
    junk = tmp_path / "junk.h5"
    junk.write_bytes(b"not an archive")
    with pytest.raises(OSError):  # TF: h5py's OSError
        tf.keras.models.load_model(str(junk))
    escaping = tmp_path / "escape.h5"
    with zipfile.ZipFile(escaping, "w") as zf:
        zf.writestr("../outside.json", "{}")
    with pytest.raises(OSError, match="plain relative path"):
        tf.keras.models.load_model(str(escaping))
    deflated = tmp_path / "bomb.h5"
    with zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("keras_metadata.json", "0" * 100000)
    with pytest.raises(OSError, match="compressed"):
        tf.keras.models.load_model(str(deflated))
    assert not (tmp_path.parent / "outside.json").exists()


def test_model_config_and_json_round_trip():
    class Scale(tf.keras.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, x):
            return x * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    inputs = tf.keras.Input((4,), name="x")
    a = tf.keras.layers.Dense(3, name="a")(inputs)
    b = tf.keras.layers.Dense(3, name="b")(inputs)
    outputs = Scale(3.0)(tf.keras.layers.add([a, b]))
    model = tf.keras.Model(inputs, outputs, name="net")
    again = tf.keras.Model.from_config(model.get_config(), custom_objects={"Scale": Scale})
    assert [layer.name for layer in again.layers] == [layer.name for layer in model.layers]
    again.set_weights(model.get_weights())
    x = np.ones((2, 4), "float32")
    np.testing.assert_allclose(again(x).numpy(), model(x).numpy())
    text = model.to_json()
    assert text.startswith('{"class_name": "Functional", "config": {')
    from_json = tf.keras.models.model_from_json(text, custom_objects={"Scale": Scale})
    assert from_json.name == "net" and from_json.count_params() == model.count_params()
    seq = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    assert type(tf.keras.models.model_from_json(seq.to_json())).__name__ == "Sequential"
    clone = tf.keras.models.clone_model(seq)
    assert clone.count_params() == 8 and clone.layers[0] is not seq.layers[0]


def test_registered_and_scoped_custom_objects(tmp_path):
    @tf.keras.utils.register_keras_serializable(package="TestPkg")
    class Doubler(tf.keras.layers.Layer):
        def __init__(self, f=2.0, **kwargs):
            super().__init__(**kwargs)
            self.f = f

        def call(self, x):
            return x * self.f

        def get_config(self):
            return {**super().get_config(), "f": self.f}

    assert tf.keras.utils.get_registered_name(Doubler) == "TestPkg>Doubler"
    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, Doubler(3.0)(inputs))
    model.save(str(tmp_path / "m"))
    loaded = tf.keras.models.load_model(str(tmp_path / "m"))  # found without custom_objects
    np.testing.assert_allclose(loaded(np.ones((1, 2), "float32")).numpy(), [[3.0, 3.0]])
    entry = tf.keras.layers.serialize(Doubler(4.0))
    # Keras 2.13's form: the plain class name, the registered name beside it.
    assert entry["class_name"] == "Doubler" and entry["registered_name"] == "TestPkg>Doubler"
    assert entry["module"] == __name__  # (the class's own module; None in a script)
    assert tf.keras.layers.deserialize(entry).f == 4.0
    # Configs written before (the registered name as the class name) still load.
    assert tf.keras.layers.deserialize({"class_name": "TestPkg>Doubler",
                                        "config": {"f": 6.0}}).f == 6.0
    with tf.keras.utils.custom_object_scope({"Twice": Doubler}):
        assert tf.keras.layers.deserialize({"class_name": "Twice",
                                            "config": {"f": 5.0}}).f == 5.0
    with pytest.raises(ValueError, match="Unknown layer"):
        tf.keras.layers.deserialize({"class_name": "Twice", "config": {}})
    with pytest.raises(ValueError, match="already been registered"):
        tf.keras.utils.register_keras_serializable(package="TestPkg")(Doubler)


def test_sequential_started_from_input_keeps_it_in_its_config():
    model = tf.keras.Sequential([tf.keras.Input((32,)), tf.keras.layers.Dense(1)])
    config = model.get_config()
    assert config["layers"][0]["class_name"] == "InputLayer"
    again = tf.keras.Sequential.from_config(config)
    assert len(again.layers) == 1 and again.count_params() == 33
    assert sorted(tf.keras.layers.Dense(3).get_config()) == [
        "activation", "activity_regularizer", "bias_constraint", "bias_initializer",
        "bias_regularizer", "dtype", "kernel_constraint", "kernel_initializer",
        "kernel_regularizer", "name", "trainable", "units", "use_bias"]
