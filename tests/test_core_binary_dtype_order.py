"""Binary operators on two dtypes: TF checks the first input's dtype against the op's list
before it names the mismatch, and `&`/`|`/`^` name the op the first dtype chose (each expected
message printed by TF 2.21 for the same expression)."""

import numpy as np
import pytest

import eagerbook as tf

B = tf.constant([True, False])
F = tf.constant([1.5, -2.0])
I = tf.constant([3, -4])
S = tf.constant(["a", "b"])

NOT_ALLOWED = "Value for attr 'T' of {} is not in the list of allowed values: "
MISMATCH = ("cannot compute {} as input #1(zero-based) was expected to be a {} tensor but is a {} "
            "tensor")

CASES = [
    (lambda: B + F, NOT_ALLOWED.format("bool")),
    (lambda: F + B, MISMATCH.format("AddV2", "float", "bool")),
    (lambda: B - I, NOT_ALLOWED.format("bool")),
    (lambda: S * F, NOT_ALLOWED.format("string")),
    (lambda: B < F, NOT_ALLOWED.format("bool")),
    (lambda: B + 1, NOT_ALLOWED.format("bool")),
    (lambda: S + F, MISMATCH.format("Add", "string", "float")),
    (lambda: I & B, MISMATCH.format("BitwiseAnd", "int32", "bool")),
    (lambda: B & I, MISMATCH.format("LogicalAnd", "bool", "int32")),
    (lambda: I | F, MISMATCH.format("BitwiseOr", "int32", "float")),
    (lambda: F & I, NOT_ALLOWED.format("float")),
]


@pytest.mark.parametrize(("expression", "message"), CASES)
def test_the_first_inputs_dtype_is_checked_first(expression, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        expression()
    assert str(info.value).startswith(message)


def test_float_floormod_keeps_the_sign_of_a_zero_remainder():
    out = (F % 2).numpy()
    np.testing.assert_array_equal(out, [1.5, 0.0])
    assert np.signbit(out[1])  # -2.0 % 2 is -0.0 (C's fmod), as in TF
    assert not np.signbit((2 % F).numpy()[1])  # 2 % -2.0 is 0.0
    np.testing.assert_array_equal((tf.constant([-1.0, 5.5]) % 2.0).numpy(), [1.0, 1.5])
    np.testing.assert_array_equal((tf.constant([-1.0, 5.5]) % -2.0).numpy(), [-1.0, -0.5])
