"""tf.debugging's comparisons convert x before y, as TF 2.21's: when neither converts (an
ExtensionType with no dispatch), the error names x (TF's docstring example of
dispatch_for_binary_elementwise_assert_apis shows it)."""

import pytest

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


@pytest.mark.parametrize("check", [tf.debugging.assert_equal, tf.debugging.assert_greater,
                                   tf.debugging.assert_near])
def test_the_error_names_x_first(check):
    a = MaskedTensor([1, 1, 0, 1, 1], [False, False, True, True, True])
    b = MaskedTensor([2, 2, 0, 2, 2], [True, True, True, False, False])
    with pytest.raises(ValueError) as info:
        check(a, b)
    assert str(info.value).startswith(
        "Attempt to convert a value (MaskedTensor(values=<tf.Tensor: shape=(5,), dtype=int32, "
        "numpy=array([1, 1, 0, 1, 1], dtype=int32)>")
