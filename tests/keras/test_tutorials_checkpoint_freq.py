"""ModelCheckpoint(save_freq=<int>) saves every that many batches, counted across epochs
(the save-and-load tutorial's ``save_freq=5 * n_batches``), naming files with the epoch the
save falls in and, when asked, the batch; and the output modes' TF 2.4 names still work."""

import os

import numpy as np
import pytest

import eagerbook as tf


def fit_with(callback, epochs, batch_size=8):
    x, y = np.ones((24, 3), "float32"), np.ones((24, 1), "float32")
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,),
                                                       kernel_initializer="zeros")])
    model.compile("sgd", "mse")
    model.fit(x, y, batch_size=batch_size, epochs=epochs, verbose=0, callbacks=[callback])


def test_integer_save_freq_counts_batches_across_epochs(tmp_path, capsys):
    # 3 batches an epoch, a save every 5: after batch 2 of epoch 2 and batch 1 of epoch 4.
    path = str(tmp_path / "cp-{epoch:04d}-{batch}.ckpt")
    callback = tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True, save_freq=5,
                                                  verbose=1)
    fit_with(callback, epochs=4)
    names = sorted(f for f in os.listdir(tmp_path) if f.endswith(".index"))
    assert names == ["cp-0002-2.ckpt.index", "cp-0004-1.ckpt.index"]
    printed = capsys.readouterr().out
    assert "\nEpoch 2: saving model to " in printed and printed.count("saving model") == 2


def test_integer_save_freq_with_save_best_only_watches_batch_logs(tmp_path, capsys):
    path = str(tmp_path / "best-{epoch:02d}-{loss:.3f}.ckpt")
    callback = tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True, save_freq=2,
                                                  save_best_only=True, monitor="loss",
                                                  verbose=1)
    fit_with(callback, epochs=2)
    printed = capsys.readouterr().out
    assert printed.count("loss improved from") == 3  # batches 2, 4 and 6, the loss falling
    assert "loss improved from inf to" in printed


def test_epoch_save_freq_saves_at_every_epoch_end(tmp_path):
    path = str(tmp_path / "e-{epoch}.ckpt")
    fit_with(tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True), epochs=2)
    assert sorted(f for f in os.listdir(tmp_path) if f.endswith(".index")) == [
        "e-1.ckpt.index", "e-2.ckpt.index"]


@pytest.mark.parametrize("bad", ["batch", 2.5])
def test_unknown_save_freq_is_refused(bad):
    with pytest.raises(ValueError, match="Unrecognized save_freq"):
        tf.keras.callbacks.ModelCheckpoint("x", save_freq=bad)


def test_binary_and_tf_idf_old_names_of_output_modes():
    L = tf.keras.layers
    lookup = L.IntegerLookup(output_mode="binary")
    lookup.adapt(np.array([[1], [1], [0]]))
    assert lookup.output_mode == "multi_hot"
    assert lookup(np.array([[0], [1]])).numpy().tolist() == [[0, 0, 1], [0, 1, 0]]
    assert L.StringLookup(output_mode="tf-idf", vocabulary=["a"], idf_weights=[1.0]) \
        .output_mode == "tf_idf"
    assert L.CategoryEncoding(3, output_mode="binary").output_mode == "multi_hot"
    assert L.TextVectorization(output_mode="binary").get_config()["output_mode"] == "multi_hot"
