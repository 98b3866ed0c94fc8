"""adapt counts as TF's Keras runs it, a tf.function (PreprocessingLayer.make_adapt_function's
adapt_step) traced once per adapt and called once per batch: repeated adapts give TF's
retracing warnings, with TF's counts. TextVectorization's output signature is int64 token ids
(float32 encodings), and set_random_seed refuses what is not an int, as TF does."""

import logging

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import trace_types

layers = tf.keras.layers


@pytest.fixture()
def warnings_logged(caplog, monkeypatch):
    monkeypatch.setattr(trace_types, "_detectors", type(trace_types._detectors)())
    caplog.set_level(logging.WARNING, logger="tensorflow")
    return lambda: [r.getMessage() for r in caplog.records if "retracing" in r.getMessage()]


def test_repeated_adapts_warn_as_tf(warnings_logged):
    for _ in range(3):
        layers.Normalization().adapt(np.ones((100, 2)), batch_size=16)  # 7 steps each
    layers.StringLookup().adapt(["a", "b"])
    assert warnings_logged() == []
    layers.StringLookup().adapt(tf.ragged.constant([["a", "b"], ["c"]]))
    layers.IntegerLookup().adapt(tf.constant([[1], [2]]))
    layers.TextVectorization().adapt(tf.data.Dataset.from_tensor_slices(["a b", "c"]).batch(1))
    layers.Discretization(num_bins=2).adapt(np.arange(40.0), steps=1)
    dataset = tf.data.Dataset.range(5).map(lambda x: tf.cast(x, tf.float32)).batch(2)
    for _ in range(4):
        layers.Normalization(axis=None).adapt(dataset)  # 3 steps each
    messages = warnings_logged()
    assert [m.split(" calls to ")[0] for m in messages] == [
        "5 out of the last 17", "5 out of the last 11"]
    assert "<function PreprocessingLayer.make_adapt_function.<locals>.adapt_step at 0x" in \
        messages[0]
    assert messages[0].endswith("https://www.tensorflow.org/api_docs/python/tf/function for  "
                                "more details.")


def test_text_vectorization_output_signature():
    spec = tf.TensorSpec((None,), tf.string)
    ids = layers.TextVectorization(output_sequence_length=4)
    assert ids.compute_output_signature(spec) == tf.TensorSpec((None, 4), tf.int64)
    counts = layers.TextVectorization(max_tokens=6, output_mode="count",
                                      pad_to_max_tokens=True)
    assert counts.compute_output_signature(spec) == tf.TensorSpec((None, 6), tf.float32)


@pytest.mark.parametrize("seed", ["a", 1.0, np.int64(1)])
def test_set_random_seed_takes_ints_only(seed):
    with pytest.raises(ValueError) as info:
        tf.keras.utils.set_random_seed(seed)
    assert str(info.value) == ("Expected `seed` argument to be an integer. Received: "
                               f"seed={seed} (of type {type(seed)})")
