"""fit, evaluate and predict count their steps as TF's Keras runs them, tf.functions
(Model.make_train_function's train_function, ...) traced at the first step after compile, so
the retracing warnings TF gives come as TF gives them: a model compiled and fitted again and
again, predict on model after model, validation after many evaluations. The expected
messages are TF 2.21's for this script."""

import logging

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import trace_types

X, Y = np.ones((4, 2), "float32"), np.ones((4, 1), "float32")


@pytest.fixture()
def warned(caplog, monkeypatch):
    monkeypatch.setattr(trace_types, "_detectors", type(trace_types._detectors)())
    caplog.set_level(logging.WARNING, logger="tensorflow")

    def messages():
        found = [r.getMessage() for r in caplog.records if "retracing" in r.getMessage()]
        caplog.clear()
        return [m.split(" at 0x")[0] for m in found]
    return messages


def _model(**compile_args):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse", **compile_args)
    return model


def test_warnings_come_as_tf_gives_them(warned):
    model = _model()
    for _ in range(6):
        model.compile("sgd", "mse")
        model.fit(X, Y, verbose=0)
    assert warned() == [
        f"{n} out of the last {n} calls to <function Model.make_train_function.<locals>."
        "train_function" for n in (5, 6)]
    for _ in range(6):
        _model().predict(X, verbose=0)
    assert warned() == [
        f"{n} out of the last {n} calls to <function Model.make_predict_function.<locals>."
        "predict_function" for n in (5, 6)]
    for _ in range(4):  # three steps each
        _model().evaluate(np.ones((40, 2)), np.ones((40, 1)), batch_size=16, verbose=0)
    assert warned() == []
    _model().fit(X, Y, validation_data=(X, Y), epochs=3, verbose=0)
    assert warned() == ["5 out of the last 13 calls to <function Model.make_test_function."
                        "<locals>.test_function"]


def test_no_warning_for_one_model_nor_when_run_eagerly(warned):
    model = _model()
    for n in range(1, 8):  # batches of unknown size: one trace
        model.predict(np.ones((n, 2)), verbose=0)
    for _ in range(6):
        _model(run_eagerly=True).fit(X, Y, verbose=0)
    assert warned() == []
