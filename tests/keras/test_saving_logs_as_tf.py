"""What saving a Keras model logs, as TF 2.21's Keras: an uncompiled Sequential or functional
model saved as HDF5 or as a SavedModel directory says its compiled metrics are not built
(TF's writers try to build them); a SavedModel save configures logging as TF's absl logging
does when the program has not (a stderr handler on the root logger), so TF's warnings show
twice from then on, as in TF. The logging set-up is checked in a fresh interpreter (pytest
configures logging itself). Expected outputs are TF 2.21's for the same programs."""

import logging
import os
import subprocess
import sys

import numpy as np
import pytest

import eagerbook as tf

NOT_BUILT = ("Compiled the loaded model, but the compiled metrics have yet to be built. "
             "`model.compile_metrics` will be empty until you train or evaluate the model.")


def _warnings(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


@pytest.mark.parametrize(("name", "said"), [("m.h5", [NOT_BUILT]), ("m_dir", [NOT_BUILT]),
                                            ("m.keras", [])])
def test_an_uncompiled_model_s_save_says_its_metrics_are_not_built(tmp_path, caplog, name,
                                                                   said):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    inputs = tf.keras.Input((3,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    model.save(str(tmp_path / name))
    assert _warnings(caplog) == said
    caplog.clear()
    model.compile("sgd", "mse")
    model.save(str(tmp_path / ("again_" + name)))
    assert _warnings(caplog) == []


def test_a_subclassed_model_s_save_says_nothing(tmp_path, caplog):
    class Sub(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1)

        def call(self, x):
            return self.dense(x)

    model = Sub()
    model(np.ones((1, 3), "float32"))
    model.save(str(tmp_path / "sub"))
    assert _warnings(caplog) == []


_PROGRAM = """
import sys
import eagerbook as tf
tf.get_logger().warning("before")
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save(sys.argv[1] + "/m.h5")
tf.get_logger().warning("after HDF5")
model.save(sys.argv[1] + "/m_dir")
tf.get_logger().warning("after SavedModel")
"""


def test_a_saved_model_save_configures_logging_as_tf_does(tmp_path):
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    done = subprocess.run([sys.executable, "-c", _PROGRAM, str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    lines = [line for line in done.stderr.splitlines() if line.startswith("WARNING:")]
    assert lines == ["WARNING:tensorflow:before",
                     "WARNING:tensorflow:" + NOT_BUILT,
                     "WARNING:tensorflow:after HDF5",
                     "WARNING:tensorflow:" + NOT_BUILT,
                     "WARNING:tensorflow:after SavedModel",
                     "WARNING:tensorflow:after SavedModel"]
