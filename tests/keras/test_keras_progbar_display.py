"""The progress bar writes what TF's Keras writes on a POSIX system, where it redraws in place
even when the output is a pipe: "\\r" before each display, "\\b"s over the previous one."""
import io
import os
import re

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import callbacks

pytestmark = pytest.mark.skipif(os.name != "posix", reason="TF redraws in place only on POSIX")


class _Clock:
    def __init__(self):
        self.now = 100.0

    def time(self):
        return self.now


def test_each_display_goes_back_over_the_previous_one(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(callbacks.time, "time", clock.time)
    out = io.StringIO()
    bar = callbacks.Progbar(2, stream=out)
    clock.now += 0.5
    bar.update(1, [("loss", 1.0)])
    first = "1/2 [==============>...............] - ETA: 0s - loss: 1.0000"
    assert out.getvalue() == "\r" + first
    clock.now += 0.9  # the second step's time alone: the first is left out of the average
    bar.update(2, [("loss", 3.0)])
    last = "2/2 [==============================] - 1s 900ms/step - loss: 2.0000\n"
    assert out.getvalue() == "\r" + first + "\b" * len(first) + "\r" + last


def test_an_update_within_the_interval_is_not_shown_but_the_first_and_last_are(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(callbacks.time, "time", clock.time)
    out = io.StringIO()
    bar = callbacks.Progbar(3, stream=out)
    bar.update(1)
    clock.now += 0.01
    bar.update(2)
    bar.update(3)
    shown = out.getvalue().replace("\b", "").split("\r")[1:]
    assert [line.split(" ")[0] for line in shown] == ["1/3", "3/3"]
    assert shown[-1] == "3/3 [==============================] - 0s 5ms/step\n"


def test_predict_shows_its_bar_by_default_as_in_tf(capsys):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.predict(np.ones((3, 2), "float32"))
    out = capsys.readouterr().out
    assert re.fullmatch(r"\r1/1 \[=+\] - ETA: 0s\x08+\r1/1 \[=+\] - \d+s \d+[mu]?s/step\n", out)
    model.predict(np.ones((3, 2), "float32"), verbose=0)
    assert capsys.readouterr().out == ""
