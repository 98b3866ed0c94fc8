"""Conversion to a Tensor with a dtype, as TF 2.21 does it: Python integers wrap around into a
narrower integer dtype, NumPy values are cast as NumPy casts, and the errors name dtypes as
TF's kernels do (``float``, ``double``, ``half``)."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize(("value", "dtype", "expected"), [
    (300, tf.uint8, 44),
    (2**40, tf.int32, 0),
    (-1, tf.uint32, 4294967295),
    ([129, 1], tf.int8, [-127, 1]),
    ([2**31], tf.int32, [-2147483648]),
])
def test_python_integers_wrap_around(value, dtype, expected):
    t = tf.constant(value, dtype)
    assert t.dtype == dtype and t.numpy().tolist() == expected


def test_a_binary_op_wraps_a_python_list_into_the_tensor_dtype():
    x = tf.constant([1, 2], dtype=tf.int8)
    assert tf.add(x, [129, 130]).numpy().tolist() == [-126, -124]


def test_integers_beyond_int64_are_refused():
    with pytest.raises(ValueError, match="out-of-range integer"):
        tf.constant(2**63, tf.int64)
    with pytest.raises(TypeError, match="of dtype uint64: -1 is out of range"):
        tf.constant(-1, tf.uint64)


def test_numpy_values_are_cast_as_numpy_casts():
    assert tf.convert_to_tensor(np.array([1.5, -2.7]), dtype=tf.int32).numpy().tolist() == [1, -2]
    assert tf.convert_to_tensor(np.float64(2.5), dtype=tf.int32).numpy() == 2
    assert tf.convert_to_tensor(np.array([1.5, 0.0]), dtype=tf.bool).numpy().tolist() == [
        True, False]


@pytest.mark.parametrize(("value", "dtype", "name"), [
    ("x", tf.float32, "float"), ("x", tf.float64, "double"), ("x", tf.float16, "half"),
    (1j, tf.float32, "float"), (1.5, tf.int64, "int64"),
])
def test_errors_name_kernel_dtypes(value, dtype, name):
    with pytest.raises(TypeError, match=f"Cannot convert {value!r} to EagerTensor of dtype "
                                        f"{name}$"):
        tf.convert_to_tensor(value, dtype=dtype)


def test_list_ops_name_the_input_of_another_dtype():
    for fn, op in ((lambda v: tf.stack(v), "Pack"), (lambda v: tf.concat(v, 0), "ConcatV2")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=rf"cannot compute {op} as input #2\(zero-based\) was expected "
                                 "to be a int32 tensor but is a float tensor"):
            fn([tf.constant([1]), tf.constant([2]), tf.constant([1.0])])

