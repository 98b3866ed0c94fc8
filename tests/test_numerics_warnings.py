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


OVERFLOWING_SUMS = """
import numpy as np
import eagerbook as tf
big = np.full((300, 400), 3e38, np.float32)
w = tf.Variable(np.zeros((1, 400), np.float32))
with tf.GradientTape() as tape:
    total = tf.reduce_sum(tf.constant(big) * 10.0 + w)      # Sum overflows
grad = tape.gradient(total, w)                              # a broadcast gradient, summed back
mean = tf.reduce_mean(tf.constant(big))                     # the long-row mean overflows
rows = tf.reduce_sum(tf.constant(big), axis=1)
v = tf.Variable(3e38)
v.assign_add(3e38)                                          # a Variable's update overflows
u = tf.Variable(-3e38)
u.assign_sub(3e38)
print(float(total), float(grad[0, 0]), float(mean), float(rows[0]), float(v), float(u))
"""


def test_overflowing_sums_and_variable_updates_raise_no_runtime_warning():
    result = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c",
                             OVERFLOWING_SUMS], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["inf", "300.0", "inf", "inf", "inf", "-inf"]


def test_user_numpy_sums_still_warn():
    script = "import eagerbook, numpy as np\nnp.sum(np.float32([3e38, 3e38]))\n"
    result = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", script],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "RuntimeWarning" in result.stderr
