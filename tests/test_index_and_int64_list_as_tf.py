"""A tensor as a Python index, and the integer and float lists of tf.train's protocol
messages, as TF 2.21 takes them (its protobuf refuses Python's bools in Int64List: the TFRecord
tutorial's ``_int64_feature(True)`` fails there)."""

import pytest

import eagerbook as tf


@pytest.mark.parametrize("value, words", [
    (tf.constant(True), "'numpy.bool' object has no attribute '__index__'"),
    (tf.constant(1.5), "'numpy.float32' object has no attribute '__index__'"),
    (tf.constant(2.0, tf.float16), "'numpy.float16' object has no attribute '__index__'"),
    (tf.constant("a"), "'bytes' object has no attribute '__index__'"),
])
def test_a_tensor_without_an_integer_value_is_no_index(value, words):
    with pytest.raises(AttributeError) as info:
        [10, 20, 30][value]
    assert str(info.value) == words


def test_integer_scalars_index_and_arrays_do_not():
    assert [10, 20, 30][tf.constant(2)] == 30
    assert range(10)[tf.constant(3, tf.uint8)] == 3
    with pytest.raises(TypeError, match="^only integer scalar arrays can be converted to a "
                                        "scalar index$"):
        [10, 20][tf.constant([1])]


def test_int64_list_refuses_bools_and_values_out_of_range():
    with pytest.raises(TypeError) as info:
        tf.train.Int64List(value=[True])
    assert str(info.value) == "Field tensorflow.Int64List.value: Expected an int, got a boolean."
    for value in (2 ** 63, -2 ** 63 - 1):
        with pytest.raises(ValueError) as info:
            tf.train.Int64List(value=[value])
        assert str(info.value) == f"Value out of range: {value}"
    assert list(tf.train.Int64List(value=[2 ** 63 - 1, -2 ** 63]).value) == [2 ** 63 - 1,
                                                                               -2 ** 63]
    with pytest.raises(AttributeError, match="'numpy.bool' object has no attribute"):
        tf.train.Int64List(value=[tf.constant(False)])


def test_float_list_takes_numbers_and_bools_not_none():
    assert list(tf.train.FloatList(value=[True, 2, 1.5]).value) == [1.0, 2.0, 1.5]
    with pytest.raises(TypeError, match="^must be real number, not NoneType$"):
        tf.train.FloatList(value=[None])
