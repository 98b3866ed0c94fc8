"""Keras 2's optimizers (``tf.keras.optimizers.legacy``) hand out their hyperparameters as
Variables, made on the first read, as TF 2.21's tf_keras does; TF 2.21's own optimizers give
floats. Expected values are TF's printouts."""

import numpy as np
import pytest

import eagerbook as tf


def test_reading_a_legacy_hyperparameter_gives_its_variable():
    opt = tf.keras.optimizers.legacy.Adam(learning_rate=0.01)
    assert repr(opt.beta_1) == ("<tf.Variable 'beta_1:0' shape=() dtype=float32, "
                                "numpy=0.8999999761581421>")
    # the first read made all of them, as TF's _create_hypers does
    assert repr(opt._hyper["beta_2"]) == ("<tf.Variable 'beta_2:0' shape=() dtype=float32, "
                                          "numpy=0.9990000128746033>")
    assert repr(opt.decay) == "<tf.Variable 'decay:0' shape=() dtype=float32, numpy=0.0>"
    assert opt.epsilon == 1e-07  # not a hyperparameter: a float


def test_setting_a_legacy_hyperparameter_assigns_its_variable():
    sgd = tf.keras.optimizers.legacy.SGD(momentum=0.5)
    variable = sgd.momentum
    sgd.momentum = 0.25
    assert sgd.momentum is variable
    assert repr(sgd.momentum) == ("<tf.Variable 'momentum:0' shape=() dtype=float32, "
                                  "numpy=0.25>")
    assert float(sgd.momentum) == 0.25
    assert sgd.get_config()["momentum"] == 0.25
    with pytest.raises(ValueError, match="could not convert string to float: 'x'"):
        sgd.momentum = "x"


def test_hyperparameters_made_by_an_update_take_the_optimizers_name_scope():
    opt = tf.keras.optimizers.legacy.RMSprop(0.01)
    v = tf.Variable(1.0)
    opt.minimize(lambda: v * v, [v])
    assert repr(opt.rho) == ("<tf.Variable 'RMSprop/rho:0' shape=() dtype=float32, "
                             "numpy=0.8999999761581421>")
    assert repr(opt.momentum) == ("<tf.Variable 'RMSprop/momentum:0' shape=() "
                                  "dtype=float32, numpy=0.0>")
    np.testing.assert_allclose(v.numpy(), 0.9683772, rtol=1e-6)  # the update still ran


def test_the_rules_read_the_assigned_value():
    opt = tf.keras.optimizers.legacy.SGD(0.1, momentum=0.9)
    opt.momentum.assign(0.0)
    v = tf.Variable(1.0)
    opt.minimize(lambda: v * v, [v])
    opt.minimize(lambda: v * v, [v])
    np.testing.assert_allclose(v.numpy(), 0.64, rtol=1e-6)  # plain steps: 1 -> 0.8 -> 0.64


def test_tf_2_21_optimizers_still_give_floats():
    opt = tf.keras.optimizers.Adam(0.01)
    assert opt.beta_1 == 0.9 and isinstance(opt.beta_1, float)
    assert isinstance(tf.keras.optimizers.SGD(momentum=0.5).momentum, float)
