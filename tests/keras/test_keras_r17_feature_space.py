"""tf.keras.utils.FeatureSpace (structured data from a dict of columns), and functional
Models whose inputs are intermediate tensors (what FeatureSpace's training model needs)."""

import numpy as np
import pytest

import eagerbook as tf

FeatureSpace = tf.keras.utils.FeatureSpace

RAW = {
    "age": np.array([25., 32., 47., 51., 62., 23., 38., 44.], "float32"),
    "thal": np.array(["fixed", "normal", "reversible", "normal", "fixed", "normal",
                      "reversible", "normal"]),
    "sex": np.array([0, 1, 1, 0, 1, 0, 1, 1], "int64"),
}


def _dataset():
    return tf.data.Dataset.from_tensor_slices(RAW)


def test_concat_output_adapts_and_encodes():
    space = FeatureSpace(features={
        "sex": FeatureSpace.integer_categorical(num_oov_indices=0),
        "thal": FeatureSpace.string_categorical(num_oov_indices=0),
        "age": FeatureSpace.float_normalized()}, output_mode="concat")
    space.adapt(_dataset())
    assert space.preprocessors["thal"].get_vocabulary() == ["normal", "reversible", "fixed"]
    out = space(dict(RAW))
    assert out.shape == (8, 6) and out.dtype == tf.float32  # age 1 + sex 2 + thal 3
    age = (RAW["age"] - RAW["age"].mean()) / RAW["age"].std()
    np.testing.assert_allclose(out.numpy()[:, 0], age, rtol=1e-5)  # columns sorted by name
    # sex 1 (the most frequent value: index 0), thal "normal" (index 0)
    np.testing.assert_array_equal(out.numpy()[1, 1:], [1, 0, 1, 0, 0])
    single = space({k: v[0] for k, v in RAW.items()})  # one example: no batch axis
    assert single.shape == (6,)


def test_dict_output_with_a_cross_and_named_features():
    space = FeatureSpace(features={"sex": "integer_categorical", "thal": "string_categorical"},
                         crosses=[FeatureSpace.cross(("sex", "thal"), crossing_dim=8)],
                         output_mode="dict")
    space.adapt(_dataset().map(lambda x: {"sex": x["sex"], "thal": x["thal"]}))
    out = space({"sex": RAW["sex"][:2], "thal": RAW["thal"][:2]})
    assert {k: tuple(v.shape) for k, v in out.items()} == {
        "sex": (2, 3), "thal": (2, 4), "sex_X_thal": (2, 8)}


def test_errors():
    with pytest.raises(ValueError, match="cannot be None or empty"):
        FeatureSpace(features={})
    with pytest.raises(ValueError, match="Invalid feature type: floaty"):
        FeatureSpace(features={"a": "floaty"})
    space = FeatureSpace(features={"age": "float_normalized"})
    with pytest.raises(ValueError, match=r"You need to call `.adapt\(dataset\)`"):
        space({"age": RAW["age"]})
    with pytest.raises(ValueError, match="can only be called on a tf.data.Dataset"):
        space.adapt(RAW)


def test_training_and_inference_models():
    space = FeatureSpace(features={"sex": "integer_categorical", "age": "float_rescaled"})
    columns = _dataset().map(lambda x: {"sex": x["sex"], "age": x["age"]})
    space.adapt(columns)
    encoded = space.get_encoded_features()
    predictions = tf.keras.layers.Dense(1, activation="sigmoid")(encoded)
    training_model = tf.keras.Model(inputs=encoded, outputs=predictions)
    assert [type(layer).__name__ for layer in training_model.layers] == ["InputLayer", "Dense"]
    training_model.compile(optimizer="adam", loss="binary_crossentropy")
    data = columns.batch(4).map(lambda x: (space(x), tf.cast(x["sex"], tf.float32)))
    training_model.fit(data, epochs=1, verbose=0)
    inference_model = tf.keras.Model(inputs=space.get_inputs(), outputs=predictions)
    sample = {"age": tf.constant([[60.0]]), "sex": tf.constant([[1]], tf.int64)}
    np.testing.assert_allclose(inference_model(sample).numpy(),
                               training_model(space(sample)).numpy(), rtol=1e-6)


def test_model_from_intermediate_tensors_copies_the_graph():
    tf.keras.backend.clear_session()  # (layer names count from 1 again)
    raw = tf.keras.Input((3,), name="raw")
    x = tf.keras.layers.Dense(4, name="d1")(raw)
    z = tf.keras.layers.Dense(4, name="d1b")(x)
    y = tf.keras.layers.Dense(2, name="d2")(tf.keras.layers.Concatenate()([x, z]))
    model = tf.keras.Model(x, y)
    assert [layer.name for layer in model.layers] == ["input_1", "d1b", "concatenate", "d2"]
    assert len(model.weights) == 4 and len(model.get_layer("d2")._inbound_nodes) == 2
    assert [layer.name for layer in tf.keras.Model(raw, y).layers] == [
        "raw", "d1", "d1b", "concatenate", "d2"]
    value = np.ones((1, 4), "float32")
    d1b, d2 = model.get_layer("d1b"), model.get_layer("d2")
    expected = d2(tf.concat([value, d1b(value)], axis=-1))
    np.testing.assert_allclose(model(value).numpy(), expected.numpy(), rtol=1e-6)
