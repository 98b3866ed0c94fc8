"""``tf.keras.backend.set_learning_phase`` / ``learning_phase_scope`` as TF 2.21's tf_keras:
deprecated (its UserWarning), 0 or 1 only, per thread, and read by layers called without
``training``."""

import threading
import warnings

import numpy as np
import pytest

import eagerbook as tf

DEPRECATED = ("`tf.keras.backend.{}` is deprecated and will be removed after 2020-10-11. To "
              "update it, simply pass a True/False value to the `training` argument of the "
              "`__call__` method of your layer or model.")


@pytest.fixture(autouse=True)
def _phase_back_to_zero():
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tf.keras.backend.set_learning_phase(0)


def test_set_learning_phase_warns_and_takes_0_or_1():
    with pytest.warns(UserWarning) as caught:
        tf.keras.backend.set_learning_phase(1)
    assert str(caught[0].message) == DEPRECATED.format("set_learning_phase")
    assert tf.keras.backend.learning_phase() == 1
    with pytest.warns(UserWarning), pytest.raises(ValueError,
                                                  match="^Expected learning phase to be 0 or 1.$"):
        tf.keras.backend.set_learning_phase(2)
    assert tf.keras.backend.learning_phase() == 1


def test_learning_phase_scope_sets_it_inside_only():
    with pytest.warns(UserWarning) as caught:
        with tf.keras.backend.learning_phase_scope(1) as value:  # (None, as TF's)
            inside = tf.keras.backend.learning_phase()
    assert str(caught[0].message) == DEPRECATED.format("learning_phase_scope")
    assert (value, inside, tf.keras.backend.learning_phase()) == (None, 1, 0)
    with pytest.warns(UserWarning), pytest.raises(ValueError, match="0 or 1"):
        with tf.keras.backend.learning_phase_scope(3):
            pass


def test_a_dropout_layer_called_without_training_follows_the_phase():
    layer = tf.keras.layers.Dropout(0.5)
    x = np.ones([4, 8], np.float32)
    with pytest.warns(UserWarning):
        with tf.keras.backend.learning_phase_scope(1):
            dropped = layer(x).numpy()
    assert (dropped == 0).any() and set(np.unique(dropped)) <= {0.0, 2.0}
    assert (layer(x).numpy() == 1.0).all()  # the phase is back to 0


def test_the_scope_is_per_thread():
    seen = {}
    inside, release = threading.Event(), threading.Event()

    def other():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with tf.keras.backend.learning_phase_scope(1):
                inside.set()
                release.wait(20)
                seen["other"] = tf.keras.backend.learning_phase()

    thread = threading.Thread(target=other, daemon=True)
    thread.start()
    assert inside.wait(20)
    seen["main"] = tf.keras.backend.learning_phase()
    release.set()
    thread.join(20)
    assert seen == {"main": 0, "other": 1}
