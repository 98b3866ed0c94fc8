"""Converting Python values: TF's kind inference, range checks and error kinds (each expected
value was printed by TF 2.21 for the same call)."""

import numpy as np
import pytest

import eagerbook as tf

MIXED = "Can't convert Python sequence with mixed types to Tensor."
NONE = ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
        "Tensor.")
RAGGED = "Can't convert non-rectangular Python sequence to Tensor."
INT_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."
DOUBLE_RANGE = ("Can't convert Python sequence with a value out of range for a double-precision "
                "float.")

REFUSED = [  # (value, dtype, error type, message)
    ([True, 1], None, ValueError, MIXED),
    ([1, "a"], tf.float32, ValueError, MIXED),
    (["a", 1], None, ValueError, MIXED),
    ([1, 2.5j], None, ValueError, MIXED),
    ([1.5, 2j], tf.float64, ValueError, MIXED),
    ([1, 2j], tf.complex64, ValueError, MIXED),
    ([True, 1], tf.bool, ValueError, MIXED),
    ([1, None], None, ValueError, MIXED),
    ([None], tf.float32, ValueError, NONE),
    ([[None]], None, ValueError, NONE),
    ([[1], [2, 3]], tf.bool, ValueError, RAGGED),
    ([[1], [2, 3]], tf.string, ValueError, RAGGED),
    ([[1], [2, 3]], tf.int32, ValueError, RAGGED),
    (2**63, tf.bool, ValueError, INT_RANGE),
    (2**63, tf.complex64, ValueError, INT_RANGE),
    (2**64, tf.int8, ValueError, INT_RANGE),
    (1e40, None, ValueError, DOUBLE_RANGE),
    ([3.5e38], None, ValueError, DOUBLE_RANGE),
    (True, tf.uint8, TypeError, "Cannot convert True to EagerTensor of dtype uint8"),
    (True, tf.int16, TypeError, "Cannot convert True to EagerTensor of dtype int16"),
    (True, tf.complex64, TypeError, "Cannot convert True to EagerTensor of dtype complex64"),
    ([2j, 1.5], tf.float64, TypeError, "Cannot convert [2j, 1.5] to EagerTensor of dtype double"),
    (np.int16(3), tf.string, ValueError,
     "Failed to convert a NumPy array to a Tensor (Unsupported object type int)."),
    (np.array([1.5]), tf.string, ValueError,
     "Failed to convert a NumPy array to a Tensor (Unsupported object type float)."),
]


@pytest.mark.parametrize(("value", "dtype", "error", "message"), REFUSED)
@pytest.mark.parametrize("convert", [tf.constant, tf.convert_to_tensor])
def test_values_tf_refuses(convert, value, dtype, error, message):
    with pytest.raises(error) as info:
        convert(value, dtype=dtype)
    assert str(info.value) == message


ACCEPTED = [  # (value, dtype, expected dtype, expected values)
    ([1, 2.5], None, tf.float32, [1.0, 2.5]),
    ([2j, 1.5], None, tf.complex128, [2j, 1.5]),
    ([1, 2.5j], tf.complex128, tf.complex128, [1, 2.5j]),
    ([True, 1], tf.float32, tf.float32, [1.0, 1.0]),
    ([True, 1], tf.int64, tf.int64, [1, 1]),
    (True, tf.uint64, tf.uint64, 1),
    (True, tf.complex128, tf.complex128, 1),
    ([np.int8(1), 2], None, tf.int32, [1, 2]),
    ([np.True_, True], None, tf.bool, [True, True]),
    (2**63, tf.float32, tf.float32, 2.0**63),
    (1e40, tf.float32, tf.float32, np.inf),
    (1e40, tf.float64, tf.float64, 1e40),
    ([float("inf"), -1.0], None, tf.float32, [np.inf, -1.0]),
    (range(3), None, tf.int32, [0, 1, 2]),
    (range(2, 10, 3), tf.float64, tf.float64, [2.0, 5.0, 8.0]),
    ([range(2)], tf.int16, tf.int16, [[0, 1]]),
    ([], tf.string, tf.string, []),
    ([[]], tf.string, tf.string, np.zeros((1, 0))),
]


@pytest.mark.parametrize(("value", "dtype", "expected_dtype", "expected"), ACCEPTED)
@pytest.mark.parametrize("convert", [tf.constant, tf.convert_to_tensor])
def test_values_tf_accepts(convert, value, dtype, expected_dtype, expected):
    t = convert(value, dtype=dtype)
    assert t.dtype == expected_dtype
    assert np.shape(t.numpy()) == np.shape(expected)
    if t.dtype != tf.string:
        np.testing.assert_array_equal(t.numpy(), expected)


def test_a_range_tf_constant_cannot_convert_names_the_range():
    with pytest.raises(TypeError, match=r"^Cannot convert range\(0, 3\) to EagerTensor of dtype "
                                        r"string$"):
        tf.constant(range(3), dtype=tf.string)


def test_no_numpy_warning_when_a_huge_int_becomes_half(recwarn):
    assert tf.constant(2**40, dtype=tf.float16).numpy() == np.inf
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]
