"""tf.debugging.enable_check_numerics: the first op whose output holds NaN or Inf raises, naming
the op (as TF), the user's line and the op's inputs (what TF lacks)."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture
def checking():
    tf.debugging.enable_check_numerics()
    try:
        yield
    finally:
        tf.debugging.disable_check_numerics()


def test_first_nonfinite_op_raises_with_op_line_and_inputs(checking):
    values = tf.constant([0.0, 1.0, 4.0])
    doubled = values * 2.0  # finite: runs
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.log(values)  # the line named in the message
    message = str(info.value)
    assert '!!! Detected Infinity or NaN in output 0 of eagerly-executing op "Log" ' \
           "(# of outputs: 1) !!!" in message
    assert "dtype: <dtype: 'float32'>" in message and "shape: (3,)" in message
    assert "# of -Inf elements: 1" in message
    assert "0: float32 (3,)  min 0  max 4" in message
    assert f"In user code: {__file__}" in message and "tf.math.log(values)" in message
    assert message.rstrip().endswith(": Tensor had Inf values")
    assert info.value.numerics_op == "Log"
    assert float(doubled[2]) == 8.0


def test_inputs_already_nonfinite_are_flagged(checking):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.constant([1.0, np.nan]) + 1.0
    message = str(info.value)
    assert '"AddV2"' in message and "ALREADY NON-FINITE: 1 NaN" in message
    assert "# of NaN elements: 1" in message


def test_nan_born_in_the_backward_pass_is_caught(checking):
    x = tf.constant(0.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sqrt(x)  # finite forward value: 0
    with pytest.raises(tf.errors.InvalidArgumentError, match="Detected Infinity or NaN"):
        tape.gradient(y, x)  # 0.5 / sqrt(0) = inf


def test_disable_and_idempotent_enable():
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()
    assert tf.debugging.check_numerics_enabled()
    tf.debugging.disable_check_numerics()
    assert not tf.debugging.check_numerics_enabled()
    assert np.isneginf(tf.math.log(tf.constant(0.0)).numpy())  # no check any more
    tf.debugging.disable_check_numerics()  # harmless when off


def test_integer_ops_and_finite_floats_pass(checking):
    assert int(tf.constant(7) // 2) == 3
    assert float(tf.reduce_sum(tf.ones([3]))) == 3.0


def test_eager_magic_marks_the_op(ipshell_checking):
    ipshell, html = ipshell_checking
    assert "← NaN/Inf born here" in html


@pytest.fixture
def ipshell_checking():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "eagerbook")
    tf.debugging.enable_check_numerics()
    try:
        with capture_output() as captured:
            result = ip.run_cell("%%eager --no-time\nv = tf.constant([1.0, 0.0])\n"
                                 "w = v * 3.0\nz = tf.math.log(w)\n")
        assert not result.success
        html = "\n".join(o.data.get("text/html", "") for o in captured.outputs)
        yield ip, html
    finally:
        tf.debugging.disable_check_numerics()
        ip.run_line_magic("unload_ext", "eagerbook")


def test_inside_tf_function_the_graph_op_is_named(checking):
    @tf.function
    def f(x):
        y = x * 2.0
        return tf.math.log(y) + 1.0

    assert np.allclose(f(tf.constant([1.0, 2.0])).numpy(), np.log([2.0, 4.0]) + 1)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant([0.0, 2.0]))  # the calling line is named
    message = str(info.value)
    assert 'in output 0 of graph op "Log"' in message and "graph op name: Log" in message
    assert "tf.function f" in message and "0: float32 (2,)  min 0  max 4" in message
    assert f"In user code: {__file__}" in message and "f(tf.constant([0.0, 2.0]))" in message
    assert info.value.numerics_op == "Log"


def test_tf_function_runs_its_optimized_code_again_once_checking_is_off():
    @tf.function
    def g(x):
        return tf.math.log(x)

    tf.debugging.enable_check_numerics()
    try:
        with pytest.raises(tf.errors.InvalidArgumentError):
            g(tf.constant([0.0]))
    finally:
        tf.debugging.disable_check_numerics()
    assert np.isneginf(g(tf.constant([0.0])).numpy()[0])
