"""Weight decay, EMA, AdamW and Lion beyond the parity snippets: configs round-trip and the
saved model formats bring the optimizer back (TF's values are in
tests/parity/cases_keras_optimizer_decay.py)."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_layer_names():
    yield
    tf.keras.backend.clear_session()  # later modules expect unnumbered layer names


def test_new_style_settings_survive_get_config():
    opt = tf.keras.optimizers.Adam(0.1, weight_decay=0.1, use_ema=True,
                                   ema_overwrite_frequency=5)
    config = tf.keras.optimizers.Adam.from_config(opt.get_config()).get_config()
    assert config["weight_decay"] == 0.1
    assert (config["use_ema"], config["ema_overwrite_frequency"]) == (True, 5)
    lion = tf.keras.optimizers.deserialize(tf.keras.optimizers.serialize(
        tf.keras.optimizers.Lion(0.3)))
    assert type(lion).__name__ == "Lion" and lion.get_config()["learning_rate"] == 0.3


@pytest.mark.parametrize("filename", ["m.keras", "m.h5", "saved"])
def test_adamw_comes_back_from_every_format(tmp_path, filename):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(tf.keras.optimizers.AdamW(0.01, weight_decay=0.02), "mse")
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    model.save(str(tmp_path / filename))
    restored = tf.keras.models.load_model(str(tmp_path / filename))
    assert type(restored.optimizer).__name__ == "AdamW"
    assert restored.optimizer.weight_decay == 0.02


def test_eager_and_traced_updates_agree_with_decay_and_ema():
    def run(traced):
        v = tf.Variable([1.0, -2.0, 3.0])
        opt = tf.keras.optimizers.Adam(0.1, weight_decay=0.05, use_ema=True,
                                       ema_overwrite_frequency=2)

        def step():
            opt.apply_gradients([(tf.constant([0.3, -0.1, 0.2]), v)])
        step = tf.function(step) if traced else step
        for _ in range(5):
            step()
        return v.numpy()
    np.testing.assert_allclose(run(False), run(True), rtol=1e-5)


def test_ema_average_slot_starts_at_the_variable():
    v = tf.Variable([5.0])
    opt = tf.keras.optimizers.SGD(1.0, use_ema=True, ema_momentum=1.0)
    opt.apply_gradients([(tf.constant([1.0]), v)])
    assert v.numpy()[0] == 4.0
    opt.finalize_variable_values([v])  # momentum 1: the average never moved from the start
    assert v.numpy()[0] == 5.0
