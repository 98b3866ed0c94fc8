"""Behaviours TensorFlow's own Keras guides rely on, found by running the guides' code under
both engines; the expected values are TF 2.21's with Keras 2 (``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras


# keras.datasets.mnist gives uint8 labels; Keras casts sparse labels to int64 itself, so the
# quickstart's SparseCategoricalCrossentropy/accuracy run on them unchanged.
@pytest.mark.parametrize("label_dtype", ["uint8", "int16", "float32", "int32", "int64"])
def test_sparse_categorical_losses_take_any_label_dtype(label_dtype):
    labels = np.array([3, 1], dtype=label_dtype)
    logits = tf.constant([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]])
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, logits)
    np.testing.assert_allclose(loss.numpy(), 1.8413626, rtol=1e-6)
    accuracy = keras.metrics.SparseCategoricalAccuracy()
    accuracy.update_state(labels, logits)
    assert accuracy.result().numpy() == 0.5


def test_sparse_categorical_crossentropy_clips_before_normalising():
    # TF 2.21/Keras 2: [0.91629076, 1.3862944] -- the second row is clipped to ~1 everywhere
    # and then normalised (a uniform 0.25), unlike categorical_crossentropy's normalise-first.
    probs = tf.constant([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]])
    loss = keras.losses.sparse_categorical_crossentropy(np.array([3, 1], "uint8"), probs)
    np.testing.assert_allclose(loss.numpy(), [0.91629076, 1.3862944], rtol=1e-6)
    dense = keras.losses.categorical_crossentropy(tf.one_hot([3, 1], 4), probs)
    np.testing.assert_allclose(dense.numpy(), [0.91629076, 1.609438], rtol=1e-6)


def test_fit_on_uint8_labels_like_the_beginner_quickstart():
    x = np.random.RandomState(0).rand(64, 4).astype("float32")
    y = (np.arange(64) % 3).astype("uint8")
    model = keras.Sequential([keras.layers.Dense(3)])
    model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(x, y, epochs=1, verbose=0)
    assert set(history.history) == {"loss", "accuracy"}
