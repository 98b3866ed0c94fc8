"""A break depending on a tensor inside a for loop over a Python iterable fails with TF's
NotImplementedError and words (TF 2.0-era tf.function tutorial, printed by TF 2.21)."""

import pytest

import eagerbook as tf


def test_tensor_break_in_a_python_for_loop():
    @tf.function
    def buggy_py_for_tf_break():
        x = 0
        for i in range(5):
            if tf.equal(i, 3):
                break
            x += i
        return x

    with pytest.raises(NotImplementedError) as info:
        buggy_py_for_tf_break()
    assert str(info.value).endswith(
        "    NotImplementedError: break and return statements which depend on a TF condition "
        "are not supported in Python for loops. Did you intend to make it a TF loop?\n"
        "    See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/"
        "autograph/g3doc/reference/limitations.md#consistency-of-control-flow-types for more "
        "info.\n")
    assert "for i in range(5):" in str(info.value)
