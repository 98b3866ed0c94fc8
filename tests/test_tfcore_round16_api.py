"""tf.add and tf.math.divide convert a Python x on its own, as TF; OpError's repr and pickling."""

import copy
import pickle

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import after_frame

MISMATCH = "cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor"


@pytest.mark.parametrize("x, y", [
    (1, 2.5),
    (1, tf.constant(2.5)),
    ([1, 2], [2.5, 1]),
    (2, tf.Variable(1.0)),
])
def test_add_converts_a_python_x_on_its_own(x, y):
    with pytest.raises(tf.errors.InvalidArgumentError, match=MISMATCH.replace("(", r"\(")
                       .replace(")", r"\)")):
        tf.add(x, y)


def test_add_of_a_numpy_float64_x_and_a_float32_tensor_is_a_mismatch():
    with pytest.raises(tf.errors.InvalidArgumentError, match="double tensor but is a float"):
        tf.math.add(np.array([1.0]), tf.constant([2.0]))


def test_add_still_gives_y_x_dtype_as_a_hint():
    assert tf.add(1.5, 2).dtype == tf.float32
    assert tf.add(tf.constant(1.5, tf.float64), 2).dtype == tf.float64
    assert tf.add(tf.Variable(1.0), 2).numpy() == 3.0
    assert tf.add("a", tf.constant("b")).numpy() == b"ab"


def test_the_plus_operator_still_converts_the_python_side_to_the_tensor_dtype():
    assert (1 + tf.constant(2.5)).numpy() == 3.5


def test_add_inside_a_function():
    assert tf.function(lambda x: tf.add(1, x))(tf.constant(2)).numpy() == 3


def test_divide_takes_y_dtype_for_a_python_x():
    result = tf.divide(1, tf.constant(2.5))
    assert result.dtype == tf.float32 and np.isclose(result.numpy(), 0.4)
    assert tf.divide(3, 2).dtype == tf.float64  # both Python ints: int32, divided as float64
    assert tf.function(lambda x: tf.divide(1, x))(tf.constant(2.0)).numpy() == 0.5


def test_divide_of_an_int_and_a_float_is_tfs_type_error():
    with pytest.raises(TypeError, match=r"`x` and `y` must have the same dtype, got tf.int32 "
                                        r"!= tf.float32."):
        tf.math.divide(1, 2.5)


def test_op_error_repr_has_no_arguments_as_tf():
    error = tf.errors.InvalidArgumentError(None, None, "bad")
    assert repr(error) == "InvalidArgumentError()"
    assert str(error) == "bad" and error.message == "bad" and error.args == ()
    assert repr(tf.errors.OpError(None, None, "m", tf.errors.UNKNOWN)) == "OpError()"


def test_op_error_copies_and_pickles_with_its_message():
    error = tf.errors.NotFoundError(None, None, "missing")
    for clone in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert type(clone) is tf.errors.NotFoundError and str(clone) == "missing"


@pytest.mark.parametrize("equation, shapes, message", [
    ("ij,jk->ik", ([2, 3], [4, 2]),
     "Expected dimension 3 at axis 0 of the input shaped [4,2] but got dimension 4"),
    ("ij,kj->ik", ([2, 2], [3, 3]),
     "Expected dimension 2 at axis 1 of the input shaped [3,3] but got dimension 3"),
    ("ii->i", ([2, 3],), "Expected dimension 2 at axis 1 of the input shaped [2,3] but got "
                         "dimension 3"),
    ("...ij,...jk->...ik", ([2, 2, 3], [2, 4, 2]),
     "Expected dimension 3 at axis 1 of the input shaped [2,4,2] but got dimension 4"),
])
def test_einsum_dimension_mismatch_message(equation, shapes, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.einsum(equation, *[tf.ones(s) for s in shapes])
    assert after_frame(info.value.message).startswith(message + " [Op:")


@pytest.mark.parametrize("value, dtype, message", [
    (np.array([1, 2, 3], np.uint8), tf.uint16, "Cannot bitcast from 4 to 17"),
    (np.array([[1, 2, 3]], np.uint8), tf.int32, "Cannot bitcast from 4 to 3"),
    (np.uint8(1), tf.uint16, "Cannot bitcast from 4 to 17"),
])
def test_bitcast_size_errors_name_the_dtype_numbers(value, dtype, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.bitcast(tf.constant(value), dtype)
    assert after_frame(info.value.message).startswith(message + " [Op:")


def test_bitcast_refuses_strings_and_bools():
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'T' of string"):
        tf.bitcast(tf.constant(["a"]), tf.uint8)
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'type' of bool"):
        tf.bitcast(tf.constant([1.0]), tf.bool)
    assert tf.bitcast(tf.constant([1.0]), tf.uint8).numpy().tolist() == [[0, 0, 128, 63]]


def test_complex_keeps_the_sign_of_zero_parts():
    assert repr(tf.complex(1.0, -0.0)) == \
        "<tf.Tensor: shape=(), dtype=complex64, numpy=(1-0j)>"
    z = tf.complex([1.0, -0.0], [-0.0, 0.0]).numpy()
    assert np.signbit(z.imag).tolist() == [True, False]
    assert np.signbit(z.real).tolist() == [False, True]


def test_complex_converts_each_part_on_its_own():
    with pytest.raises(TypeError, match=r"The `real` and `imag` components have incorrect "
                                        r"types: float32 int32\."):
        tf.complex(1.0, 2)


def test_compat_v1_tf_record_iterator(tmp_path):
    path = str(tmp_path / "a.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        writer.write(b"abc")
        writer.write(b"de")
    assert list(tf.compat.v1.io.tf_record_iterator(path)) == [b"abc", b"de"]
    assert list(tf.compat.v1.python_io.tf_record_iterator(path)) == [b"abc", b"de"]
    zlib_options = tf.io.TFRecordOptions(compression_type="ZLIB")
    with tf.io.TFRecordWriter(path + ".z", zlib_options) as writer:
        writer.write(b"xyz")
    assert list(tf.compat.v1.io.tf_record_iterator(path + ".z", zlib_options)) == [b"xyz"]
    with pytest.raises(tf.errors.NotFoundError):
        list(tf.compat.v1.io.tf_record_iterator(str(tmp_path / "missing")))
    assert tf.compat.v1.io.decode_raw(tf.constant(b"\x01"), tf.uint8).numpy().tolist() == [1]
