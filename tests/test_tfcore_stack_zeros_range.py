"""tf.stack of Python values, zeros and ones of strings, and float tf.range's values, as
TF 2.21 gives them (expected values are TF's output for the same calls)."""

import numpy as np
import pytest

import eagerbook as tf


def test_stack_converts_python_values_as_one_constant_first():
    assert repr(tf.stack([1, 2.5])) == (
        "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1. , 2.5], dtype=float32)>")
    assert tf.stack([[1, 2], [3.5, 4]]).numpy().tolist() == [[1.0, 2.0], [3.5, 4.0]]
    assert tf.stack([]).dtype == tf.float32
    # other axes, and lists holding tensors, convert one by one (the first's dtype wins)
    with pytest.raises(TypeError, match=r"^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        tf.stack([1, 2.5], axis=-1)
    with pytest.raises(TypeError, match=r"^Cannot convert 2.5 to EagerTensor of dtype int32$"):
        tf.stack([tf.constant(1), 2.5])
    with pytest.raises(TypeError, match=r"^Cannot convert 'a' to EagerTensor of dtype int32$"):
        tf.stack([1, "a"])


def test_a_ragged_python_list_is_packs_error_without_a_name():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.stack([[1, 2], [3]])
    assert str(info.value).endswith("Shapes of all inputs must match: values[0].shape = [2] "
                                    "!= values[1].shape = [1] [Op:Pack]")


def test_zeros_of_strings_are_empty_strings_and_ones_are_refused():
    assert tf.zeros([2], tf.string).numpy().tolist() == [b"", b""]
    assert tf.zeros_like(tf.constant(["a"])).numpy().tolist() == [b""]
    with pytest.raises(TypeError, match=r"^Cannot convert 1 to EagerTensor of dtype string$"):
        tf.ones([2], tf.string)


@pytest.mark.parametrize("start, limit, delta", [(1.0, 2.0, 0.3), (0.0, 1.0, 0.1),
                                                 (0.5, 7.3, 0.37), (-1.0, -5.5, -0.45)])
def test_float_range_is_start_plus_i_times_delta(start, limit, delta):
    f = np.float32
    values = tf.range(start, limit, delta).numpy()
    expected = f(start) + np.arange(len(values)).astype(f) * f(delta)
    assert values.view(np.uint32).tolist() == expected.astype(f).view(np.uint32).tolist()
    assert str(tf.range(1.0, 2.0, 0.3)) == (
        "tf.Tensor([1.        1.3       1.6       1.9000001], shape=(4,), dtype=float32)")
