"""tf.TypeSpec (the base of every spec), IndexedSlicesSpec, NoneTensorSpec, and
tf.register_tensor_conversion_function, as TF 2.21 has them."""

import numpy as np
import pytest

import eagerbook as tf


def test_every_spec_is_a_type_spec():
    assert isinstance(tf.TensorSpec([2], tf.int32), tf.TypeSpec)
    assert isinstance(tf.RaggedTensorSpec([None, None], tf.int32), tf.TypeSpec)
    assert isinstance(tf.SparseTensorSpec([None, 2], tf.float32), tf.TypeSpec)
    assert isinstance(tf.OptionalSpec(tf.TensorSpec([], tf.int32)), tf.TypeSpec)
    assert not isinstance(tf.constant(1), tf.TypeSpec)


def test_small_specs_print_as_tf():
    assert repr(tf.IndexedSlicesSpec([2, 3], tf.float32)) == (
        "IndexedSlicesSpec(TensorShape([2, 3]), tf.float32, tf.int64, None, TensorShape([None]))")
    assert repr(tf.NoneTensorSpec()) == "NoneTensorSpec()"
    assert tf.IndexedSlicesSpec([2], tf.float32) == tf.IndexedSlicesSpec([2], tf.float32)
    assert tf.IndexedSlicesSpec().value_type is tf.IndexedSlices


class _Celsius:
    def __init__(self, degrees):
        self.degrees = degrees


def _to_tensor(value, dtype=None, name=None, as_ref=False):
    return tf.constant(value.degrees, dtype=dtype)


def test_registered_type_converts_everywhere():
    tf.register_tensor_conversion_function(_Celsius, _to_tensor)
    assert tf.convert_to_tensor(_Celsius([1, 2])).numpy().tolist() == [1, 2]
    assert tf.add(_Celsius(3), 1).numpy() == 4
    assert tf.reduce_sum(_Celsius([1.0, 2.0])).numpy() == 3.0
    as_float = tf.convert_to_tensor(_Celsius([1, 2]), dtype=tf.float32)
    assert as_float.dtype == tf.float32

    class Warmer(_Celsius):
        pass

    assert tf.convert_to_tensor(Warmer(5)).numpy() == 5


def test_registration_errors_are_tfs():
    with pytest.raises(TypeError, match="Cannot register conversions for Python numeric"):
        tf.register_tensor_conversion_function(int, _to_tensor)
    with pytest.raises(TypeError, match="Cannot register conversions for Python numeric"):
        tf.register_tensor_conversion_function(np.ndarray, _to_tensor)
    with pytest.raises(TypeError, match="must be a type or a tuple of types"):
        tf.register_tensor_conversion_function((_Celsius, 3), _to_tensor)
    with pytest.raises(TypeError, match="must be callable. Received 5."):
        tf.register_tensor_conversion_function(_Celsius, 5)


def test_conversion_results_are_checked():
    class Odd:
        pass

    tf.register_tensor_conversion_function(Odd, lambda v, dtype=None, name=None, as_ref=False: 5)
    with pytest.raises(RuntimeError, match="returned non-Tensor: 5"):
        tf.convert_to_tensor(Odd())

    class Fixed:
        pass

    tf.register_tensor_conversion_function(
        Fixed, lambda v, dtype=None, name=None, as_ref=False: tf.constant(1))
    with pytest.raises(RuntimeError, match="requested = float32, actual = int32"):
        tf.convert_to_tensor(Fixed(), dtype=tf.float32)
