"""The progress bar's metric format, as TF 2's Keras prints it: four decimals above 1e-3,
exponent form at or below it (an exact zero is ``0.0000e+00``); the one-line-per-epoch form
(verbose=2) compares the value itself, so negative values print in exponent form there."""

import io

import numpy as np

import eagerbook as tf

VALUES = [("a", 0.0), ("b", -0.5), ("c", 0.0005), ("d", 1.5)]


def _line(verbose):
    stream = io.StringIO()
    bar = tf.keras.utils.Progbar(2, verbose=verbose)
    bar.stream = stream
    bar.update(2, values=VALUES, finalize=True)
    return stream.getvalue()


def test_bar_line_formats():
    assert " - a: 0.0000e+00 - b: -0.5000 - c: 5.0000e-04 - d: 1.5000" in _line(1)


def test_epoch_line_formats():
    assert " - a: 0.0000e+00 - b: -5.0000e-01 - c: 5.0000e-04 - d: 1.5000 - " in _line(2)


def test_fit_prints_a_zero_loss_in_exponent_form(capsys):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="zeros",
                                                       input_shape=(2,))])
    model.compile("sgd", "mse", metrics=["mae"])
    model.fit(np.zeros((4, 2)), np.zeros((4, 1)), epochs=1, verbose=2)
    assert "loss: 0.0000e+00 - mae: 0.0000e+00" in capsys.readouterr().out
