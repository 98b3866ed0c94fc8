"""tf.experimental.Optional (tf.data.experimental.Optional) and get_next_as_optional."""

import numpy as np
import pytest

import eagerbook as tf


def test_from_value_holds_the_value_and_its_spec():
    optional = tf.experimental.Optional.from_value(42)
    assert tf.data.experimental.Optional is tf.experimental.Optional
    assert str(optional.has_value()) == "tf.Tensor(True, shape=(), dtype=bool)"
    assert str(optional.get_value()) == "tf.Tensor(42, shape=(), dtype=int32)"
    assert repr(optional.element_spec) == "TensorSpec(shape=(), dtype=tf.int32, name=None)"
    assert type(optional).__name__ == "_OptionalImpl"
    assert isinstance(optional, tf.experimental.Optional)


def test_structures_keep_tuples_and_dicts_and_read_a_list_as_one_tensor():
    optional = tf.experimental.Optional.from_value((1, {"a": [2.0, 3.0]}))
    assert repr(optional.element_spec) == (
        "(TensorSpec(shape=(), dtype=tf.int32, name=None), "
        "{'a': TensorSpec(shape=(2,), dtype=tf.float32, name=None)})")
    number, inner = optional.get_value()
    assert int(number) == 1
    np.testing.assert_array_equal(inner["a"].numpy(), np.array([2.0, 3.0], np.float32))
    assert repr(optional._type_spec) == (
        "OptionalSpec((TensorSpec(shape=(), dtype=tf.int32, name=None), "
        "{'a': TensorSpec(shape=(2,), dtype=tf.float32, name=None)}),)")


def test_empty_has_no_value_and_get_value_raises_tfs_error():
    spec = tf.TensorSpec(shape=(), dtype=tf.int32, name=None)
    optional = tf.experimental.Optional.empty(spec)
    assert str(optional.has_value()) == "tf.Tensor(False, shape=(), dtype=bool)"
    assert optional.element_spec is spec
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"The given optional does not have a value\. "
                             r"\[Op:OptionalGetValue\]"):
        optional.get_value()


@pytest.mark.parametrize("value", [None, ()])
def test_from_value_of_nothing_raises_invalid_argument(value):
    with pytest.raises(tf.errors.InvalidArgumentError, match="Toutput_types"):
        tf.experimental.Optional.from_value(value)


def test_optional_is_abstract():
    with pytest.raises(TypeError, match="Can't instantiate abstract class Optional"):
        tf.experimental.Optional()


def test_iterator_get_next_as_optional_until_the_end():
    iterator = iter(tf.data.Dataset.range(1))
    first, second = iterator.get_next_as_optional(), iterator.get_next_as_optional()
    assert isinstance(first, tf.experimental.Optional)
    assert bool(first.has_value()) and not bool(second.has_value())
    assert int(first.get_value()) == 0
    assert repr(second.element_spec) == "TensorSpec(shape=(), dtype=tf.int64, name=None)"
    with pytest.raises(tf.errors.InvalidArgumentError):
        second.get_value()


def test_from_value_inside_tf_function():
    @tf.function
    def present_and_value(x):
        optional = tf.experimental.Optional.from_value(x)
        return optional.has_value(), optional.get_value()

    has, value = present_and_value(tf.constant(3))
    assert bool(has) and int(value) == 3


def test_optional_spec_is_exported():
    spec = tf.OptionalSpec(tf.TensorSpec([], tf.int32))
    assert spec == tf.experimental.Optional.from_value(1)._type_spec
    assert spec.value_type is type(tf.experimental.Optional.from_value(1))
