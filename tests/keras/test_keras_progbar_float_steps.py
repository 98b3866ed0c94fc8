"""fit/evaluate given a float step count (the imbalanced-data tutorial's
steps_per_epoch=np.ceil(2.0*neg/BATCH_SIZE)): the progress bar counts as TF's, formatting
both numbers as integers ('1/3 [...]', '3/3 - 0s'), where it stopped with "Unknown format
code 'd' for object of type 'float'". History.params keeps the number as given, as TF's."""

import re

import numpy as np

import eagerbook as tf


def _model_and_data():
    tf.keras.utils.set_random_seed(0)
    data = tf.data.Dataset.from_tensor_slices(
        (np.ones((8, 2), "float32"), np.ones((8, 1), "float32"))).repeat().batch(2)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    return model, data


def _shown(text):
    return [re.sub(r"\d+(\.\d+)?(ms|us|s)", "T", part) for part in re.split(r"[\r\n\x08]+", text)
            if part.strip()]


def test_bar_counts_integers_for_a_float_step_count(capsys):
    model, data = _model_and_data()
    history = model.fit(data, epochs=1, steps_per_epoch=np.ceil(5.0 / 2))
    shown = _shown(capsys.readouterr().out)  # (one epoch: no 'Epoch 1/1' line, as TF)
    assert shown[0].startswith("1/3 [=========>....................] - ETA: T - loss: ")
    assert shown[-1].startswith("3/3 [==============================] - T T/step - loss: ")
    assert history.params["steps"] == 3.0 and isinstance(history.params["steps"], np.float64)


def test_one_line_per_epoch_and_evaluate_with_float_steps(capsys):
    model, data = _model_and_data()
    model.fit(data, epochs=1, steps_per_epoch=np.float64(3), verbose=2)
    assert _shown(capsys.readouterr().out)[-1].startswith("3/3 - T - loss: ")
    model.evaluate(data, steps=np.float64(2))
    assert _shown(capsys.readouterr().out)[-1].startswith(
        "2/2 [==============================] - T T/step - loss: ")
