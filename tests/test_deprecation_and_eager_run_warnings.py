"""Warnings TF 2.21 gives that guides show: a mirrored strategy's run() of a Python function
while executing eagerly (logged the first 5 times; a tf.function or a run inside one does
not warn; OneDeviceStrategy never does), and TF 1.x functional layers
(tf.compat.v1.layers.dense...) as a UserWarning at the user's line."""

import logging
import warnings

import pytest

import eagerbook as tf
from eagerbook.distribute import strategy as strategy_module

_OVERHEAD = ("Using {} eagerly has significant overhead currently. We will be working on "
             "improving this in the future, but for now please wrap `call_for_each_replica` "
             "or `experimental_run` or `run` inside a tf.function to get the best performance.")


@pytest.fixture
def warnings_left(monkeypatch):
    monkeypatch.setattr(strategy_module, "_eager_run_warnings", [0])


def _overhead_records(caplog):
    return [r.getMessage() for r in caplog.records if "significant overhead" in r.getMessage()]


def test_mirrored_run_eagerly_warns_the_first_five_times(caplog, warnings_left):
    strategy = tf.distribute.MirroredStrategy()
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for _ in range(7):
            assert strategy.run(lambda x: x * 2, args=(tf.constant(3.0),)).numpy() == 6.0
    assert _overhead_records(caplog) == [_OVERHEAD.format("MirroredStrategy")] * 5


def test_no_warning_for_a_tf_function_or_inside_one(caplog, warnings_left):
    strategy = tf.distribute.MirroredStrategy()

    @tf.function
    def double(x):
        return x * 2

    @tf.function
    def step(x):
        return strategy.run(lambda v: v + 1.0, args=(x,))

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        strategy.run(double, args=(tf.constant(1.0),))
        assert step(tf.constant(1.0)).numpy() == 2.0
        tf.distribute.OneDeviceStrategy("/cpu:0").run(lambda x: x, args=(1.0,))
    assert _overhead_records(caplog) == []


def test_v1_functional_layers_warn_at_the_callers_line():
    x = tf.ones([2, 4])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf.compat.v1.layers.dense(x, 3)
        line = test_v1_functional_layers_warn_at_the_callers_line.__code__.co_firstlineno + 4
        tf.compat.v1.layers.flatten(x)
    messages = [(str(w.message), w.category, w.filename, w.lineno) for w in caught]
    assert messages[0] == ("`tf.layers.dense` is deprecated and will be removed in a future "
                           "version. Please use `tf.keras.layers.Dense` instead.", UserWarning,
                           __file__, line)
    assert messages[1][0] == ("`tf.layers.flatten` is deprecated and will be removed in a "
                              "future version. Please use `tf.keras.layers.Flatten` instead.")


def test_conv2d_warns_in_tfs_words():
    with pytest.warns(UserWarning, match="^`tf.layers.conv2d` is deprecated and will be removed "
                      "in a future version. Please Use `tf.keras.layers.Conv2D` instead.$"):
        tf.compat.v1.layers.conv2d(tf.ones([1, 4, 4, 1]), 2, 3)
