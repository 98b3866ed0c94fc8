"""The learning rate as TF 2.21's optimizers show it: a float32 Variable named
``learning_rate:0`` (a legacy optimizer's made by an update first is ``Adam/learning_rate:0``);
given a schedule, tf.keras.optimizers' learning_rate is the Variable of the rate the last
update used (``current_learning_rate:0``; the first step's before any) and cannot be set to a
number (TF's TypeError), where the legacy optimizers give the schedule itself. Expected values
are TF 2.21's (tf_keras) for the same code."""

import numpy as np
import pytest

import eagerbook as tf

SCHEDULE = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=1, decay_rate=0.5)


def _two_steps(opt):
    var = tf.Variable(1.0)
    opt.minimize(lambda: var * 2.0, [var])
    opt.minimize(lambda: var * 2.0, [var])


def test_names_of_the_learning_rate_variable():
    for cls in (tf.keras.optimizers.Adam, tf.keras.optimizers.legacy.Adam):
        assert repr(cls(0.01).lr) == "<tf.Variable 'learning_rate:0' shape=() dtype=float32, " \
                                     "numpy=0.009999999776482582>"
    new, legacy = tf.keras.optimizers.Adam(0.01), tf.keras.optimizers.legacy.Adam(0.01)
    _two_steps(new)
    _two_steps(legacy)
    assert new.learning_rate.name == "learning_rate:0"
    assert legacy.learning_rate.name == "Adam/learning_rate:0"  # (made in an update in TF)


def test_a_schedule_s_current_rate():
    opt = tf.keras.optimizers.Adam(SCHEDULE)
    assert repr(opt.learning_rate) == "<tf.Variable 'current_learning_rate:0' shape=() " \
                                      "dtype=float32, numpy=0.10000000149011612>"
    _two_steps(opt)
    assert opt.lr is opt.learning_rate and opt.lr.numpy() == np.float32(0.05)
    assert float(tf.keras.backend.get_value(opt.learning_rate)) == pytest.approx(0.05)
    with pytest.raises(TypeError, match="^This optimizer was created with a "
                                        "`LearningRateSchedule` object as its `learning_rate` "
                                        "constructor argument, hence its learning rate is not "
                                        "settable."):
        opt.learning_rate = 0.5
    legacy = tf.keras.optimizers.legacy.Adam(SCHEDULE)
    _two_steps(legacy)
    assert legacy.learning_rate is SCHEDULE
