"""fit returns (and sets as model.history) a History callback it was given, as TF does."""

import numpy as np

import eagerbook as tf


def test_fit_returns_a_history_callback_it_was_given():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    history = tf.keras.callbacks.History()
    returned = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=2, verbose=0,
                         callbacks=[history])
    assert returned is history and model.history is history
    assert history.epoch == [0, 1] and len(history.history["loss"]) == 2
