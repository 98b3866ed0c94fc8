"""tf.keras.optimizers (TF 2.21's new optimizers) and tf.keras.optimizers.legacy (Keras 2's
OptimizerV2) update alike in eagerbook but differ where TF's do in what a program sees:
minimize returns nothing for the new ones and the step's update for the legacy ones (TF's
docstring examples print neither or it), and a missing gradient is warned of twice by the new
ones (their aggregation, then their update) and once by the legacy ones. Expected values are
TF 2.21's (tf_keras) for the same code."""

import logging

import pytest

import eagerbook as tf

NEW_AND_LEGACY = ["SGD", "Adagrad", "Adam", "RMSprop", "Adadelta", "Adamax", "Ftrl", "Nadam"]


@pytest.mark.parametrize("name", NEW_AND_LEGACY)
def test_minimize_returns_the_update_for_legacy_optimizers_only(name):
    var = tf.Variable(1.0)
    new = getattr(tf.keras.optimizers, name)()
    assert new.minimize(lambda: var ** 2, [var]) is None
    legacy = getattr(tf.keras.optimizers.legacy, name)()
    step = legacy.minimize(lambda: var ** 2, [var])
    assert repr(step) == "<tf.Variable 'UnreadVariable' shape=() dtype=int64, numpy=1>"
    assert type(legacy).__name__ == name
    assert isinstance(legacy, tf.keras.optimizers.legacy.Optimizer)
    assert not isinstance(new, tf.keras.optimizers.legacy.Optimizer)


def test_legacy_optimizers_warn_once_of_missing_gradients(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    a, b = tf.Variable(1.0, name="a"), tf.Variable(2.0, name="b")
    tf.keras.optimizers.legacy.SGD(0.1).apply_gradients([(tf.constant(1.0), a), (None, b)])
    tf.keras.optimizers.legacy.SGD(0.1).minimize(lambda: a * 2.0, [a, b])
    assert caplog.text.count("Gradients do not exist for variables ['b:0']") == 2
    caplog.clear()
    tf.keras.optimizers.SGD(0.1).minimize(lambda: a * 2.0, [a, b])
    assert caplog.text.count("Gradients do not exist for variables ['b:0']") == 2


def test_legacy_optimizers_serialize_and_update_as_before():
    opt = tf.keras.optimizers.legacy.Adam(0.5)
    assert tf.keras.optimizers.serialize(opt)["module"] == "keras.optimizers.legacy"
    assert tf.keras.optimizers.serialize(tf.keras.optimizers.Adam(0.5))["module"] == \
        "keras.optimizers.legacy"  # (eagerbook's optimizers keep Keras 2's config)
    new_var, legacy_var = tf.Variable([1.0, 2.0]), tf.Variable([1.0, 2.0])
    tf.keras.optimizers.Adam(0.5).apply_gradients([(tf.constant([0.5, -1.0]), new_var)])
    opt.apply_gradients([(tf.constant([0.5, -1.0]), legacy_var)])
    # TF 2.21's values: the legacy kernel takes 1 - beta in float32, the new Adam in Python
    assert legacy_var.numpy().tolist() == [0.5000032186508179, 2.4999983310699463]
    assert new_var.numpy().tolist() == [0.5000065565109253, 2.499994993209839]
    assert opt.iterations.name == "Adam/iter:0"
