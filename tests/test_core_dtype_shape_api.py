"""DType and TensorShape details as TF 2.21 has them (each checked there by hand)."""

import pytest

import eagerbook as tf


@pytest.mark.parametrize("value", ["blah", None])
def test_as_dtype_refuses_in_tfs_words(value):
    with pytest.raises(TypeError) as info:
        tf.as_dtype(value)
    assert str(info.value) == (f"Cannot convert the argument `type_value`: {value!r} to a "
                               f"TensorFlow DType.")


def test_as_dtype_takes_names_numpy_types_enums_and_float_bool():
    assert tf.as_dtype("double") == tf.float64 and tf.as_dtype("half") == tf.float16
    assert tf.as_dtype(float) == tf.float32 and tf.as_dtype(bool) == tf.bool
    assert tf.as_dtype(1) == tf.float32 and tf.as_dtype(3) == tf.int32


@pytest.mark.parametrize(("dtype", "number"), [
    (tf.float32, 1), (tf.float64, 2), (tf.int32, 3), (tf.uint8, 4), (tf.int8, 6),
    (tf.string, 7), (tf.int64, 9), (tf.bool, 10), (tf.complex128, 18), (tf.float16, 19),
    (tf.uint64, 23)])
def test_datatype_enum_numbers(dtype, number):
    assert dtype.as_datatype_enum == number and tf.as_dtype(number) == dtype


def test_a_string_has_no_fixed_size():
    assert tf.string.size == 0 and tf.int8.size == 1 and tf.complex128.size == 16


def test_shape_errors():
    with pytest.raises(TypeError) as info:
        tf.TensorShape([1.5])
    assert str(info.value) == ("Dimension value must be integer or None or have an __index__ "
                               "method, got value '1.5' with type '<class 'float'>'")
    with pytest.raises(TypeError) as info:
        tf.TensorShape("abc")
    assert str(info.value) == (
        "Failed to convert ''abc'' to a shape: ''a''could not be converted to a dimension. A "
        "shape should either be single dimension (e.g. 10), or an iterable of dimensions (e.g. "
        "[1, 10, None]).")


def test_pack_sequence_as_refuses_in_tfs_words():
    with pytest.raises(ValueError) as info:
        tf.nest.pack_sequence_as([1, [2, 3]], [1, 2])
    assert str(info.value) == ("Could not pack sequence. Structure had 3 atoms, but flat_sequence "
                               "had 2 items.  Structure: [1, [2, 3]], flat_sequence: [1, 2].")
    with pytest.raises(ValueError) as info:
        tf.nest.pack_sequence_as(1, [5, 6])
    assert str(info.value) == (
        "The target structure is of type `<class 'int'>`\n  1\nHowever the input is a sequence "
        "(<class 'list'>) of length 2.\n  [5, 6]\nnest cannot guarantee that it is safe to map "
        "one to the other.")
    with pytest.raises(TypeError) as info:
        tf.nest.pack_sequence_as([1, 2], 5)
    assert str(info.value) == ("Attempted to pack value:\n  5\ninto a structure, but found "
                               "incompatible type `<class 'int'>` instead.")


def test_tensor_spec_subtypes():
    spec = tf.TensorSpec
    assert spec([2, 3]).is_subtype_of(spec([None, 3])) and spec([2]).is_subtype_of(spec(None))
    assert not spec([None, 3]).is_subtype_of(spec([2, 3]))
    assert not spec([2], tf.int32).is_subtype_of(spec([2]))
    assert not spec([2], name="a").is_subtype_of(spec([2]))  # (the name counts too)
    assert not spec([2]).is_subtype_of(tf.RaggedTensorSpec([2])) and not spec([2]).is_subtype_of(5)


def test_keras_tensor_set_shape():
    x = tf.keras.Input(shape=(None, 3))
    x.set_shape([None, 5, 3])
    assert x.shape == (None, 5, 3)
    with pytest.raises(ValueError) as info:
        x.set_shape([None, 4])
    assert str(info.value) == ("Keras symbolic input/output's shape (None, 5, 3) is not "
                               "compatible with supplied shape (None, 4).")
