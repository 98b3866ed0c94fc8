"""A Keras model saved to a directory is a SavedModel too (tf.saved_model.load serves it), and
the vocabularies of its lookup layers survive saving in every format."""

import os

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tf.keras.backend.clear_session()


def test_saved_sequential_directory_loads_as_a_savedmodel():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,), name="d")])
    model.save("m")
    assert {"saved_model.json", "keras_metadata.json", "variables"} <= set(os.listdir("m"))
    loaded = tf.saved_model.load("m")
    infer = loaded.signatures["serving_default"]
    assert list(infer.structured_outputs) == ["d"]
    x = np.ones((2, 4), np.float32)
    np.testing.assert_allclose(infer(tf.constant(x))["d"].numpy(), model(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(loaded(x).numpy(), model(x).numpy(), rtol=1e-6)
    assert type(tf.keras.models.load_model("m")).__name__ == "Sequential"


def test_functional_model_save_takes_signatures():
    inputs = tf.keras.Input((2,), name="x")
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, name="out")(inputs))

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def serve(x):
        return {"doubled": 2.0 * model(x)}

    model.save("f", signatures={"serving_default": serve})
    infer = tf.saved_model.load("f").signatures["serving_default"]
    assert list(infer.structured_outputs) == ["doubled"]


@pytest.mark.parametrize("path", ["dir_model", "model.keras", "model.h5"])
def test_lookup_vocabularies_survive_saving(path):
    text = tf.keras.Input((1,), dtype=tf.string)
    vectorize = tf.keras.layers.TextVectorization(max_tokens=10, output_sequence_length=3)
    vectorize.adapt(["a b c", "b c"])
    words = tf.keras.Input((2,), dtype=tf.string)
    lookup = tf.keras.layers.StringLookup(output_mode="tf_idf")
    lookup.adapt([["x", "y"], ["x", "z"]])
    numbers = tf.keras.Input((1,), dtype=tf.int64)
    int_lookup = tf.keras.layers.IntegerLookup()
    int_lookup.adapt([5, 6, 6])
    model = tf.keras.Model([text, words, numbers],
                           [vectorize(text), lookup(words), int_lookup(numbers)])
    model.save(path)
    restored = tf.keras.models.load_model(path)
    data = [tf.constant([["a c"]]), tf.constant([["x", "q"]]), tf.constant([[6]], tf.int64)]
    for before, after in zip(model(data), restored(data)):
        np.testing.assert_allclose(after.numpy(), before.numpy(), rtol=1e-6)
    np.testing.assert_array_equal(restored(data)[0].numpy(), [[4, 2, 0]])  # TF's output

