"""Which saved formats bring a compiled model's optimizer state back, as TF 2.21's Keras:
an HDF5 or .keras file does (training goes on where it stopped), a SavedModel directory
does not (a fresh optimizer from the compile config: iterations 0, new Adam slots). The
losses are TF's, printed by the same program under TF 2.21 (TF_USE_LEGACY_KERAS=1)."""

import numpy as np
import pytest

import eagerbook as tf


def _trained_model():
    tf.keras.utils.set_random_seed(0)
    x = np.random.RandomState(0).rand(64, 4).astype("float32")
    y = (x.sum(1) > 2).astype("int64")
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu", input_shape=(4,)),
                                 tf.keras.layers.Dense(2)])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.Adam(), metrics=["accuracy"])
    model.fit(x, y, epochs=2, verbose=0, shuffle=False)
    return model, x, y


# (file name, iterations after loading, then after one more epoch, that epoch's loss)
CASES = [("m.h5", 4, 6, 0.7123686075210571),
         ("m.keras", 4, 6, 0.7123686075210571),
         ("m_tf", 0, 2, 0.7123414874076843)]


@pytest.mark.parametrize("name, before, after, loss", CASES)
def test_optimizer_state_comes_back_from_files_not_savedmodel(tmp_path, name, before, after,
                                                              loss):
    model, x, y = _trained_model()
    model.save(str(tmp_path / name))
    loaded = tf.keras.models.load_model(str(tmp_path / name))
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert int(loaded.optimizer.iterations) == before
    history = loaded.fit(x, y, epochs=1, verbose=0, shuffle=False)
    assert int(loaded.optimizer.iterations) == after
    assert history.history["loss"][0] == pytest.approx(loss, rel=1e-6)


def test_savedmodel_optimizer_restarts_like_a_new_one(tmp_path):
    model, x, y = _trained_model()
    model.save(str(tmp_path / "saved"))
    loaded = tf.keras.models.load_model(str(tmp_path / "saved"))
    fresh = tf.keras.models.clone_model(model)
    fresh.set_weights(model.get_weights())
    fresh.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.Adam(), metrics=["accuracy"])
    loaded.fit(x, y, epochs=1, verbose=0, shuffle=False)
    fresh.fit(x, y, epochs=1, verbose=0, shuffle=False)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), fresh.predict(x, verbose=0))
