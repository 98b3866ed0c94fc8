"""A metric with one value per class (F1Score with average=None) in fit's logs: its array in
the history and evaluate's results, the mean in the progress bar, as TF shows them."""

import numpy as np

import eagerbook as tf


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(
        1, activation="sigmoid", input_shape=(3,), kernel_initializer="ones")])
    model.compile(optimizer="adam", loss="mse",
                  metrics=[tf.keras.metrics.F1Score(threshold=0.5)])
    return model


def test_history_and_evaluate_keep_the_array(capsys):
    x = np.random.RandomState(0).rand(16, 3).astype("float32")
    y = (x.sum(axis=1, keepdims=True) > 1.5).astype("float32")
    model = _model()
    history = model.fit(x, y, epochs=2, batch_size=8, verbose=2, validation_data=(x, y))
    scores = history.history["f1_score"]
    assert len(scores) == 2 and isinstance(scores[0], np.ndarray) and scores[0].shape == (1,)
    np.testing.assert_allclose(scores[0], [0.72], rtol=1e-6)
    assert "f1_score: 0.7200 - val_loss" in capsys.readouterr().out
    loss, f1 = model.evaluate(x, y, verbose=0)
    assert isinstance(loss, float) and f1.shape == (1,)
