"""tf.keras.callbacks.CallbackList made by hand, as TF's own loops and the callbacks guide
make it: add_history / add_progbar, the model, and fit's params as keyword arguments."""

import eagerbook as tf


def test_history_and_progbar_join_and_params_reach_every_callback():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    history = tf.keras.callbacks.History()
    cbs = tf.keras.callbacks.CallbackList([history], add_history=True, add_progbar=True,
                                          model=model, verbose=0, epochs=3, steps=2)
    assert [type(c).__name__ for c in cbs.callbacks] == ["History", "ProgbarLogger"]
    assert cbs.params == history.params == {"verbose": 0, "epochs": 3, "steps": 2}
    assert history.model is model


def test_nothing_is_added_unless_asked():
    assert tf.keras.callbacks.CallbackList().callbacks == []
    added = tf.keras.callbacks.CallbackList(add_history=True).callbacks
    assert [type(c).__name__ for c in added] == ["History"]


class _Stream:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass

    def isatty(self):
        return False


def _line(bar_updates, **options):
    stream = _Stream()
    bar = tf.keras.utils.Progbar(4, verbose=2, stream=stream, **options)
    for current, values in bar_updates:
        bar.update(current, values)
    return stream.text


def test_progbar_averages_values_over_steps_unless_stateful():
    # TF: loss 1.0 for step 1, 0.5 for steps 2-3, 0.25 for step 4 -> (1 + 1 + .25) / 4.
    text = _line([(1, [("loss", 1.0)]), (3, [("loss", 0.5)]), (4, [("loss", 0.25)])])
    assert text.startswith("4/4 - 0s - loss: 0.5625 - ")
    text = _line([(2, [("loss", 1.0), ("acc", 0.5)]), (4, [("loss", 0.5), ("acc", 0.75)])],
                 stateful_metrics=["acc"])
    assert text.startswith("4/4 - 0s - loss: 0.7500 - acc: 0.7500 - ")


def test_progbar_verbose_2_ends_with_epoch_and_unit_times():
    import re
    text = _line([(4, [("loss", 1.0)])], unit_name="sample")
    assert re.fullmatch(r"4/4 - 0s - loss: 1.0000 - \d+(us|ms|s)/epoch - \d+(us|ms|s)/sample\n",
                        text), text


def test_fit_shows_its_logged_values_not_averages(capsys):
    import numpy as np
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    history = model.fit(np.ones((4, 2), "float32"), np.zeros(4, "float32"), batch_size=2,
                        epochs=1, verbose=2)
    out = capsys.readouterr().out
    assert f"loss: {history.history['loss'][0]:.4f}" in out
