"""tf.keras.callbacks.BackupAndRestore: an interrupted fit resumes after its last epoch."""

import os

import numpy as np
import pytest

import eagerbook as tf

X, Y = np.arange(100).reshape(5, 20).astype(np.float32), np.zeros(5)


class InterruptingCallback(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 4:
            raise RuntimeError("Interrupting!")


def _model(initializer):
    model = tf.keras.models.Sequential([tf.keras.layers.Dense(10,
                                                              kernel_initializer=initializer)])
    model.compile(tf.keras.optimizers.SGD(1e-5), loss="mse")
    return model


def test_an_interrupted_fit_resumes_with_the_backed_up_weights(tmp_path):
    backup = str(tmp_path / "backup")
    callback = tf.keras.callbacks.BackupAndRestore(backup_dir=backup)
    first = _model("ones")
    with pytest.raises(RuntimeError, match="Interrupting"):
        first.fit(X, Y, epochs=10, batch_size=1, callbacks=[callback, InterruptingCallback()],
                  verbose=0)
    assert os.listdir(backup) == ["chief"]
    second = _model("zeros")  # restored from the backup, not trained from zeros
    history = second.fit(X, Y, epochs=10, batch_size=1, callbacks=[callback], verbose=0)
    assert history.epoch == [4, 5, 6, 7, 8, 9] and len(history.history["loss"]) == 6
    assert int(second.optimizer.iterations.numpy()) == 50  # 20 before the break, 30 after
    assert os.listdir(backup) == []  # a finished fit deletes the backup


def test_the_resumed_weights_are_the_backed_up_ones(tmp_path):
    backup = str(tmp_path / "backup")
    callback = tf.keras.callbacks.BackupAndRestore(backup_dir=backup, delete_checkpoint=False)
    first = _model("ones")
    with pytest.raises(RuntimeError):
        first.fit(X, Y, epochs=10, batch_size=1, callbacks=[callback, InterruptingCallback()],
                  verbose=0)
    second = _model("zeros")
    second.fit(X, Y, epochs=4, batch_size=1, callbacks=[callback], verbose=0)  # nothing left
    np.testing.assert_array_equal(second.get_weights()[0], first.get_weights()[0])
    assert os.listdir(backup) == ["chief"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="Empty `backup_dir`"):
        tf.keras.callbacks.BackupAndRestore(backup_dir="")


def test_backup_every_n_batches_resumes_inside_the_epoch(tmp_path):
    """save_freq=2: the backup holds the last batch done; the next fit skips the batches of
    that epoch it has seen (their numbers go on: batch 2, batch 3), as TF's fit does."""
    class Interrupt(tf.keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.epoch = epoch

        def on_train_batch_end(self, batch, logs=None):
            if self.epoch == 2 and batch == 1:
                raise RuntimeError("Interrupting!")

    class Seen(tf.keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.batches = []

        def on_train_batch_begin(self, batch, logs=None):
            self.batches.append((self.epoch, batch))

        def on_epoch_begin(self, epoch, logs=None):
            self.epoch = epoch

    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    model.compile(tf.keras.optimizers.SGD(0.1), loss="mse")
    backup = tf.keras.callbacks.BackupAndRestore(str(tmp_path / "backup"), save_freq=2)
    x, y = np.ones((8, 2)), np.ones((8, 1))
    with pytest.raises(RuntimeError):
        model.fit(x, y, epochs=5, batch_size=2, callbacks=[backup, Interrupt()], verbose=0)
    assert sorted(os.listdir(tmp_path / "backup" / "chief")) == \
        ["checkpoint", "ckpt-5.data-00000-of-00001", "ckpt-5.index"]
    seen = Seen()
    history = model.fit(x, y, epochs=5, batch_size=2, callbacks=[backup, seen], verbose=0)
    assert seen.batches[:3] == [(2, 2), (2, 3), (3, 0)]
    assert len(history.history["loss"]) == 3
    with pytest.raises(ValueError, match="Either `save_freq` or `save_before_preemption`"):
        tf.keras.callbacks.BackupAndRestore(str(tmp_path / "b"), save_freq=False)
