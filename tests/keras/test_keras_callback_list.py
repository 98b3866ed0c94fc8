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
