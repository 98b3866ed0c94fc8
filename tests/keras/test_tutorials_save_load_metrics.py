"""A model compiled with metric objects (``metrics=[SparseCategoricalAccuracy()]``, as the
save-and-load tutorial does) keeps them through ``model.save``/``load_model``: the reloaded
model's ``evaluate`` returns ``[loss, accuracy]`` again, so ``loss, acc = ...`` unpacks."""

import numpy as np
import pytest

import eagerbook as tf


def compiled_model(metrics):
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,),
                                                       kernel_initializer="ones")])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=metrics)
    return model


@pytest.mark.parametrize("suffix", [".keras", ".h5", ""])
def test_metric_objects_come_back(tmp_path, suffix):
    model = compiled_model([tf.keras.metrics.SparseCategoricalAccuracy(name="acc"),
                            "sparse_categorical_crossentropy"])
    x, y = np.arange(24, dtype="float32").reshape(6, 4) % 3, np.arange(6) % 3
    before = model.evaluate(x, y, verbose=0)
    path = str(tmp_path / f"model{suffix}")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    loss, acc, crossentropy = loaded.evaluate(x, y, verbose=0)
    np.testing.assert_allclose([loss, acc, crossentropy], before, rtol=1e-6)
    assert loaded.metrics_names == ["loss", "acc", "sparse_categorical_crossentropy"]
    assert any(isinstance(m, tf.keras.metrics.SparseCategoricalAccuracy)
               for m in loaded.metrics)


def test_custom_metric_objects_are_still_left_out(tmp_path):
    class Custom(tf.keras.metrics.MeanSquaredError):
        pass

    model = compiled_model([Custom(name="custom")])
    x, y = np.ones((2, 4), "float32"), np.zeros(2)
    model.evaluate(x, y, verbose=0)
    path = str(tmp_path / "model.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    assert isinstance(loaded.evaluate(x, y, verbose=0), float)
