"""Keras's warnings are lines of the "tensorflow" logger, word for word as TF 2.21's
(tf.keras with Keras 2) writes them for this program."""

import subprocess
import sys

PROGRAM = """
import numpy as np
import eagerbook as tf
x, y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")
m = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
m.compile("sgd", "mse")
cbs = [tf.keras.callbacks.EarlyStopping(monitor="val_acc"),
       tf.keras.callbacks.ReduceLROnPlateau(monitor="nope"),
       tf.keras.callbacks.ModelCheckpoint(CKPT, monitor="zzz", save_best_only=True)]
m.fit(x, y, epochs=1, verbose=0, callbacks=cbs)
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
m.fit(ds, epochs=2, steps_per_epoch=3, verbose=0)
tf.keras.callbacks.EarlyStopping(mode="weird")
"""

TF_LINES = [
    "WARNING:tensorflow:Early stopping conditioned on metric `val_acc` which is not available. "
    "Available metrics are: loss",
    "WARNING:tensorflow:Learning rate reduction is conditioned on metric `nope` which is not "
    "available. Available metrics are: loss,lr",
    "WARNING:tensorflow:Can save best model only with zzz available, skipping.",
    "WARNING:tensorflow:Your input ran out of data; interrupting training. Make sure that your "
    "dataset or generator can generate at least `steps_per_epoch * epochs` batches (in this "
    "case, 6 batches). You may need to use the repeat() function when building your dataset.",
    "WARNING:tensorflow:EarlyStopping mode weird is unknown, fallback to auto mode.",
]


def test_keras_warnings_print_as_tfs(tmp_path):
    program = PROGRAM.replace("CKPT", repr(str(tmp_path / "ckpt")))
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         check=True)
    assert run.stderr.splitlines() == TF_LINES
