"""tf.saved_model.save of a Keras model called from a module's top level (no function of the
user's on the stack: the trace's innermost user frame is the module itself)."""

import os
import subprocess
import sys
import textwrap


def test_saving_a_keras_model_at_module_level(tmp_path):
    script = textwrap.dedent("""
        import eagerbook as tf
        model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones",
                                                           input_shape=(3,), name="dense")])
        tf.saved_model.save(model, "keras_sm")
        loaded = tf.saved_model.load("keras_sm")
        infer = loaded.signatures["serving_default"]
        print(infer(tf.ones((1, 3)))["dense"].numpy().tolist())
    """)
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[[3.0, 3.0]]"
