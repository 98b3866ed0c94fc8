"""TF computes inf and nan without complaint; eagerbook must not leak NumPy's RuntimeWarnings."""

import subprocess
import sys

SCRIPT = """
import eagerbook as tf
x = tf.constant(100.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.math.log(1 + tf.exp(x))      # exp overflows to inf
grad = tape.gradient(y, x)               # inf * 0 -> nan in the backward pass
print(float(grad), float(tf.math.log(0.0)), float(tf.constant(0.0) / 0.0))
"""


def test_inf_and_nan_raise_no_runtime_warning():
    # -W error turns any RuntimeWarning into a crash: the run only passes if none escapes.
    result = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", SCRIPT],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["nan", "-inf", "nan"]


def test_user_numpy_warnings_are_untouched():
    # The filter is scoped to eagerbook's kernels: NumPy code of the user still warns.
    script = "import eagerbook, numpy as np\nnp.log(np.zeros(1))\n"
    result = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", script],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "RuntimeWarning" in result.stderr
