"""tf.make_tensor_proto / tf.make_ndarray: TF's TensorProto fields and text format."""

import numpy as np
import pytest

import eagerbook as tf


def test_numbers_with_several_elements_are_raw_little_endian_bytes():
    proto = tf.make_tensor_proto(tf.constant([[1, 2, 3], [4, 5, 6]]))
    assert str(proto) == (
        "dtype: DT_INT32\ntensor_shape {\n  dim {\n    size: 2\n  }\n  dim {\n    size: 3\n"
        "  }\n}\ntensor_content: \"" + "".join(f"\\{v:03o}\\000\\000\\000" for v in range(1, 7))
        + "\"\n")
    np.testing.assert_array_equal(tf.make_ndarray(proto), [[1, 2, 3], [4, 5, 6]])
    assert tf.make_ndarray(proto).dtype == np.int32
    floats = tf.make_tensor_proto([1.5, 2.0])
    assert 'tensor_content: "\\000\\000\\300?\\000\\000\\000@"' in str(floats)  # printable: as is


def test_typed_value_fields():
    assert str(tf.make_tensor_proto(5)).endswith("tensor_shape {\n}\nint_val: 5\n")
    assert "string_val: \"a\"\nstring_val: \"bc\"\n" in str(tf.make_tensor_proto([b"a", b"bc"]))
    assert "bool_val: true\nbool_val: false\n" in str(tf.make_tensor_proto([True, False]))
    assert "double_val: 0.1\n" in str(tf.make_tensor_proto(np.float64(0.1)))
    assert "float_val: 0.1\n" in str(tf.make_tensor_proto(np.float32(0.1)))
    np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto([b"a", b"bc"])),
                                  np.array([b"a", b"bc"], object))


def test_one_value_broadcast_to_a_shape():
    proto = tf.make_tensor_proto(np.float32(2.5), shape=[2])
    assert str(proto).endswith("float_val: 2.5\n")
    np.testing.assert_array_equal(tf.make_ndarray(proto), np.array([2.5, 2.5], np.float32))
    with pytest.raises(TypeError):
        tf.make_tensor_proto([1, 2], shape=[3], verify_shape=True)
    with pytest.raises(ValueError, match="Too many elements"):
        tf.make_tensor_proto([1, 2, 3], shape=[2])
