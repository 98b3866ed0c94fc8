"""An empty Optional's get_value as TF 2.21 reports it (the distributed-input guide's
get_next_as_optional at the end of the data): the op function is named for the number of
components the value would have, and the message ends with TF's ' name: '."""

import pytest

import eagerbook as tf


def _message(optional):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        optional.get_value()
    return str(info.value)


@pytest.mark.parametrize("spec, n", [
    (tf.TensorSpec([], tf.int64), 1),
    ((tf.TensorSpec([], tf.int64), {"a": tf.TensorSpec([2], tf.float32)}), 2),
])
def test_empty_optional_names_the_op_for_its_components(spec, n):
    assert _message(tf.experimental.Optional.empty(spec)) == (
        f"{{{{function_node __wrapped__OptionalGetValue_output_types_{n}_device_/job:localhost/"
        "replica:0/task:0/device:CPU:0}} The given optional does not have a value. "
        "[Op:OptionalGetValue] name: ")


def test_get_next_as_optional_past_the_end():
    iterator = iter(tf.data.Dataset.range(1))
    next(iterator)
    assert _message(iterator.get_next_as_optional()).startswith(
        "{{function_node __wrapped__OptionalGetValue_output_types_1_device_")
