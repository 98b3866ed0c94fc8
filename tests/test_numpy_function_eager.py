"""tf.numpy_function eagerly, as TF 2.21: the function gets NumPy copies and its result is
converted as it is (Tout is checked only when it runs as a graph op)."""

import numpy as np
import pytest

import eagerbook as tf


def test_eager_numpy_function_calls_on_numpy_copies_and_keeps_result_dtype():
    seen = []

    def double(x):
        seen.append(x)
        x[...] = 0  # a copy: the input tensor is untouched
        return np.float64(2.0) * 3

    source = tf.constant([1.0, 2.0])
    out = tf.numpy_function(double, [source], tf.float32)
    assert out.dtype == tf.float64 and float(out) == 6.0  # Tout is not checked eagerly
    assert source.numpy().tolist() == [1.0, 2.0]
    assert tf.numpy_function(lambda v: v, [1.0], tf.float32).dtype == tf.float64
    with pytest.raises(ZeroDivisionError):  # eagerly the Python error propagates as is
        tf.numpy_function(lambda v: 1 / 0, [1], tf.float32)


def test_inside_a_dataset_function_it_runs_as_the_graph_op():
    # TF traces dataset functions: the function gets NumPy scalars (bytes for a string).
    d = tf.data.Dataset.from_tensor_slices(["hello", "world"])
    d = d.map(lambda x: tf.numpy_function(lambda t: t.decode("utf-8").upper(), [x], tf.string))
    assert list(d.as_numpy_iterator()) == [b"HELLO", b"WORLD"]
    bad = tf.data.Dataset.range(2).map(
        lambda x: tf.numpy_function(lambda v: np.float64(v), [x], tf.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match="is double, but expects float"):
        list(bad)
