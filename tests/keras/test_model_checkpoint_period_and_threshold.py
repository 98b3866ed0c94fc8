"""ModelCheckpoint's Keras 2.0-era ``period`` (a save every that many epochs, with TF's
deprecation warning) and ``initial_value_threshold`` (the best value to beat at first), as TF
2.21's tf_keras runs them (the save-and-restore tutorial of TF 2.0 saves every 5 epochs)."""

import logging
import os

import numpy as np

import eagerbook as tf


def _model():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])
    model.compile("sgd", "mse")
    return model, np.random.rand(64, 4).astype("float32"), np.random.rand(64, 1)


def test_period_saves_every_that_many_epochs(tmp_path, capsys, caplog):
    model, x, y = _model()
    pattern = str(tmp_path / "cp-{epoch:04d}.ckpt")
    with caplog.at_level(logging.WARNING):
        callback = tf.keras.callbacks.ModelCheckpoint(pattern, verbose=1,
                                                      save_weights_only=True, period=3)
    assert "`period` argument is deprecated. Please use `save_freq` to specify the frequency " \
           "in number of batches seen." in caplog.text
    model.fit(x, y, epochs=7, callbacks=[callback], verbose=0)
    assert capsys.readouterr().out == (f"\nEpoch 3: saving model to {tmp_path}/cp-0003.ckpt\n"
                                       f"\nEpoch 6: saving model to {tmp_path}/cp-0006.ckpt\n")
    assert sorted(os.listdir(tmp_path)) == [
        "checkpoint", "cp-0003.ckpt.data-00000-of-00001", "cp-0003.ckpt.index",
        "cp-0006.ckpt.data-00000-of-00001", "cp-0006.ckpt.index"]
    assert tf.train.latest_checkpoint(str(tmp_path)) == f"{tmp_path}/cp-0006.ckpt"


def test_initial_value_threshold_is_the_first_best(tmp_path, capsys):
    model, x, y = _model()
    path = str(tmp_path / "best.h5")
    callback = tf.keras.callbacks.ModelCheckpoint(path, monitor="loss", save_best_only=True,
                                                  verbose=1, initial_value_threshold=0.001)
    model.fit(x, y, epochs=2, callbacks=[callback], verbose=0)
    assert capsys.readouterr().out == ("\nEpoch 1: loss did not improve from 0.00100\n"
                                       "\nEpoch 2: loss did not improve from 0.00100\n")
    assert not os.path.exists(path) and callback.best == 0.001
