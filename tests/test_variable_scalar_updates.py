"""Eager assignments to scalar Variables: the bits a ufunc gives, integers wrapping around
silently (as TF's), the value still an array NumPy can take (0-d plus 0-d gives a NumPy
scalar), and an UnreadVariable of the Variable returned by every assignment."""

import warnings

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("method, ufunc", [("assign_add", np.add), ("assign_sub", np.subtract)])
def test_scalar_float_updates_match_the_ufunc_bit_for_bit(dtype, method, ufunc):
    rng = np.random.RandomState(7)
    start, deltas = dtype(rng.randn()), rng.randn(50).astype(dtype) * dtype(3)
    v = tf.Variable(start)
    expected = np.asarray(start)
    for d in deltas:
        getattr(v, method)(tf.constant(d))
        expected = ufunc(expected, np.asarray(d))  # 0-d arrays: the ufunc road
        assert v.numpy().tobytes() == np.asarray(expected, dtype).tobytes()
    assert v.dtype == tf.as_dtype(dtype) and v.numpy().dtype == dtype


def test_scalar_integer_updates_wrap_without_warnings():
    v = tf.Variable(np.int32(2**31 - 1))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a NumPy scalar int would warn about the overflow
        v.assign_add(1)
        v.assign_add(1)
        v.assign_sub(tf.constant(np.int32(3)))
    # 2**31 - 1, +1 wraps to -2**31, +1, then -3 wraps back to 2**31 - 2
    assert v.numpy() == np.int32(2**31 - 2)
    assert v.numpy().dtype == np.int32


def test_assignments_return_an_unread_variable_of_the_variable():
    v = tf.Variable(2.0, name="w")
    for result in (v.assign_sub(0.5), v.assign_add(tf.constant(1.0)), v.assign(4.0)):
        assert type(result).__name__ == "UnreadVariable"
        assert repr(result).startswith("<tf.Variable 'UnreadVariable' shape=() dtype=float32")
        assert result.dtype == tf.float32 and result.shape == () and result.trainable
    assert float(result) == 4.0
    result.assign_sub(1.0)  # writes through to `v`
    assert float(v) == 3.0 and float(result) == 3.0
    assert v.assign_sub(1.0, read_value=False) is None


def test_vector_updates_keep_arrays():
    v = tf.Variable([1.0, 2.0])
    v.assign_sub(tf.constant([0.5, 0.25]))
    assert type(v._value) is np.ndarray
    np.testing.assert_array_equal(v.numpy(), np.float32([0.5, 1.75]))


@pytest.mark.parametrize("method", ["assign_add", "assign_sub", "assign"])
def test_numpy_takes_a_scalar_variable_and_its_reads_after_an_update(method):
    v = tf.Variable(1.0)
    getattr(v, method)(0.5)
    expected = {"assign_add": 1.5, "assign_sub": 0.5, "assign": 0.5}[method]
    for value in (v, v.read_value(), tf.convert_to_tensor(v), v + 0.0):
        array = np.asarray(value)  # (failed with a NumPy scalar inside: "not producing an array")
        assert type(array) is np.ndarray and array.shape == () and array.dtype == np.float32
        assert array == expected
    np.testing.assert_array_equal(np.array([v, v]), np.float32([expected, expected]))
