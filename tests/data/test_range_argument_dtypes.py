"""tf.data.Dataset.range converts each argument to an int64 tensor, as TF 2.21 does: a tensor
of another dtype is TF's ValueError naming the argument (stop, start, step), eagerly and in a
tf.function's trace (where it shows as its placeholder)."""

import pytest

import eagerbook as tf


@pytest.mark.parametrize("args, message", [
    ((tf.constant(4),), "stop: Tensor conversion requested dtype int64 for Tensor with dtype "
                        "int32: <tf.Tensor: shape=(), dtype=int32, numpy=4>"),
    ((1, tf.constant(4)), "stop: Tensor conversion requested dtype int64 for Tensor with "
                          "dtype int32: <tf.Tensor: shape=(), dtype=int32, numpy=4>"),
    ((0, 4, tf.constant(2)), "step: Tensor conversion requested dtype int64 for Tensor with "
                             "dtype int32: <tf.Tensor: shape=(), dtype=int32, numpy=2>"),
    ((tf.constant(4.0),), "stop: Tensor conversion requested dtype int64 for Tensor with "
                          "dtype float32: <tf.Tensor: shape=(), dtype=float32, numpy=4.0>"),
])
def test_a_tensor_of_another_dtype_is_refused(args, message):
    with pytest.raises(ValueError) as info:
        tf.data.Dataset.range(*args)
    assert str(info.value) == message


def test_int64_tensors_are_taken():
    assert list(tf.data.Dataset.range(tf.constant(3, tf.int64)).as_numpy_iterator()) == [0, 1, 2]


def test_in_a_trace_the_error_names_the_placeholder():
    @tf.function
    def f(n):
        tf.data.Dataset.range(n)
        return n

    with pytest.raises(ValueError) as info:
        f(tf.constant(4))
    assert str(info.value).rstrip().endswith(
        "ValueError: stop: Tensor conversion requested dtype int64 for Tensor with dtype "
        "int32: <tf.Tensor 'n:0' shape=() dtype=int32>")
