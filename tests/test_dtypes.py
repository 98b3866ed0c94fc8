"""TF 2's dtype rules: defaults for Python values, no implicit promotion, tf.cast."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize("value, dtype", [
    (1.0, tf.float32), (1, tf.int32), (True, tf.bool), ("s", tf.string), ([1.0, 2], tf.float32),
    ([[1, 2]], tf.int32), (2**40, tf.int64), (np.float64(1.0), tf.float64),
    (np.array([1], np.int64), tf.int64), (np.array([1], np.uint8), tf.uint8),
    (np.array([1.0], np.float16), tf.float16),
])
def test_default_dtypes(value, dtype):
    assert tf.constant(value).dtype == dtype


def test_dtype_objects():
    assert repr(tf.float32) == "tf.float32"
    assert tf.float32 == np.float32 and tf.float32 == "float32"
    assert tf.as_dtype(np.int64) is tf.int64 and tf.as_dtype("double") is tf.float64
    assert tf.float32.is_floating and tf.int32.is_integer and not tf.int32.is_floating
    assert tf.uint8.max == 255 and tf.int8.min == -128
    assert tf.float32.as_numpy_dtype is np.float32
    assert tf.dtypes.float64 is tf.float64


@pytest.mark.parametrize("scalar", [2, 2.0])
def test_python_scalars_adopt_the_tensor_dtype(scalar):
    t = tf.constant([1.0, 2.0])
    assert (t + scalar).dtype == tf.float32
    assert (scalar * t).dtype == tf.float32


def test_int_scalar_with_an_int_tensor_stays_int():
    t = tf.constant([1, 2], dtype=tf.int64)
    assert (t + 1).dtype == tf.int64
    assert (t * np.int32(2)).dtype == tf.int64


def test_numpy_array_adopts_the_tensor_dtype():
    out = tf.constant([1.0, 2.0]) + np.array([1.0, 1.0])  # float64 array, float32 tensor
    assert out.dtype == tf.float32


def test_int_tensor_times_a_float_python_scalar_is_a_type_error():
    with pytest.raises(TypeError):
        tf.constant([1, 2]) * 1.5
    # (`+` alone converts with the tensor's dtype as a hint, then AddV2 refuses: TF 2.21)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant([1, 2]) + 1.5


def test_mixing_int32_and_float32_tensors_is_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"expected to be a int32 tensor but is a float tensor.*\[Op:AddV2\]"):
        tf.constant(1) + tf.constant(1.0)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant(1.0, dtype=tf.float64) * tf.constant(1.0)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.matmul(tf.constant([[1]]), tf.constant([[1.0]]))


def test_cast():
    x = tf.constant([1.7, -1.7, 2.5])
    np.testing.assert_array_equal(tf.cast(x, tf.int32).numpy(), [1, -1, 2])  # toward zero
    assert tf.cast(x, tf.float64).dtype == tf.float64
    assert tf.cast([1, 0], tf.bool).numpy().tolist() == [True, False]
    assert tf.cast(x, "float16").dtype == tf.float16
    assert tf.cast(x, tf.float32) is x


def test_constant_with_dtype_and_shape():
    assert tf.constant(1, dtype=tf.float32).dtype == tf.float32
    np.testing.assert_array_equal(tf.constant(0.5, shape=[2, 2]).numpy(), np.full((2, 2), 0.5))
    assert tf.constant([1, 2, 3, 4], shape=(2, 2)).shape == (2, 2)
    with pytest.raises(TypeError):
        tf.constant(1.5, dtype=tf.int32)
    with pytest.raises(TypeError):
        tf.constant([1, 2, 3], shape=[2, 2])


def test_convert_to_tensor_dtype_mismatch():
    with pytest.raises(ValueError):
        tf.convert_to_tensor(tf.constant(1), dtype=tf.float32)
    assert tf.convert_to_tensor(1, dtype_hint=tf.float32).dtype == tf.float32
    assert tf.convert_to_tensor("a", dtype_hint=tf.float32).dtype == tf.string


def test_truediv_of_ints_gives_float64_like_tf():
    out = tf.constant(12) / 2
    assert out.dtype == tf.float64 and float(out) == 6.0
    assert (tf.constant(7) // 2).dtype == tf.int32


def test_as_dtype_reads_tf_datatype_enum_numbers():
    # TF's DataType numbers (DT_FLOAT = 1, DT_INT32 = 3, ...): tf.zeros(1, 1) is float32 zeros
    expected = {1: tf.float32, 2: tf.float64, 3: tf.int32, 4: tf.uint8, 5: tf.int16, 6: tf.int8,
                7: tf.string, 8: tf.complex64, 9: tf.int64, 10: tf.bool, 17: tf.uint16,
                18: tf.complex128, 19: tf.float16, 22: tf.uint32, 23: tf.uint64}
    for number, dtype in expected.items():
        assert tf.as_dtype(number) is dtype
    assert tf.zeros(1, 1).dtype == tf.float32
    assert tf.ones(2, 3).dtype == tf.int32
    for unknown in (0, 99):
        with pytest.raises(TypeError):
            tf.as_dtype(unknown)
