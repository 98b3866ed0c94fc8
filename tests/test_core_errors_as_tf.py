"""Core entry points given bad input raise TF 2.21's error kinds and words (each case was
compared with TF by hand): conversion of out-of-range Python ints, tf.constant's shape,
DType limits, unary plus, tape sources, gathers and scatters out of range, integer powers."""

import numpy as np
import pytest

import eagerbook as tf

OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


@pytest.mark.parametrize("value", [2**63, [1, 2**63], -(2**63) - 1, [[0], [2**70]]])
def test_python_ints_past_int64_have_no_default_dtype(value):
    with pytest.raises(ValueError, match=OUT_OF_RANGE.replace(".", r"\.")):
        tf.constant(value)


def test_ints_that_fit_still_convert():
    assert tf.constant(2**63 - 1).dtype == tf.int64
    assert tf.constant([1, -(2**63)]).dtype == tf.int64
    assert tf.constant(2**63, dtype=tf.uint64).numpy() == 2**63
    assert tf.constant([1, 2.5]).dtype == tf.float32


def test_constant_shape_mismatch_message():
    with pytest.raises(TypeError) as info:
        tf.constant([1, 2, 3], shape=[2, 2])
    assert str(info.value) == ("Eager execution of tf.constant with unsupported shape. Tensor "
                               "[1 2 3] (converted from [1, 2, 3]) has 3 elements, but got "
                               "`shape` (2, 2) with 4 elements).")


def test_dtype_limits_are_numpy_scalars_and_bool_has_none():
    assert repr(tf.float16.max) == "np.float16(6.55e+04)"
    assert type(tf.float32.min) is np.float32 and tf.float32.min == np.finfo(np.float32).min
    assert tf.int64.max == 2**63 - 1 and type(tf.int8.min) is int
    with pytest.raises(TypeError, match="Cannot find maximum value of <dtype: 'bool'> with "
                                        "type <dtype: 'bool'>."):
        _ = tf.bool.max
    with pytest.raises(TypeError, match="Cannot find minimum value of <dtype: 'complex64'>"):
        _ = tf.complex64.min


def test_no_unary_plus_on_tensors_and_variables():
    with pytest.raises(TypeError, match=r"bad operand type for unary \+"):
        +tf.constant(1)
    with pytest.raises(TypeError, match=r"bad operand type for unary \+: 'ResourceVariable'"):
        +tf.Variable(1.0)


def _gradient(sources):
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * 2
    return tape.gradient(y, sources)


@pytest.mark.parametrize("bad, kind, message", [
    (None, TypeError, "Cannot convert the argument `type_value`: None to a TensorFlow DType."),
    ({"a": "b"}, TypeError, "Cannot convert the argument `type_value`: 'b' to a TensorFlow "
                            "DType."),
    (1.0, AttributeError, "'float' object has no attribute '_id'"),
    (np.array([1.0]), AttributeError, "'numpy.ndarray' object has no attribute '_id'"),
])
def test_sources_that_are_not_tensors_get_tfs_errors(bad, kind, message):
    with pytest.raises(kind) as info:
        _gradient(bad)
    assert str(info.value) == message


def test_unknown_unconnected_gradients_and_watch_messages():
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x * 2
    with pytest.raises(ValueError, match="Unknown value for unconnected_gradients: 'bogus'"):
        tape.gradient(y, x, unconnected_gradients="bogus")
    with pytest.raises(ValueError, match=r"Passed in object \[1.\] of type 'ndarray', not "):
        with tf.GradientTape() as tape:
            tape.watch(np.array([1.0]))


@pytest.mark.parametrize("call, message", [
    (lambda t: tf.gather_nd(t, [[5, 1]]),
     "indices[0] = [5, 1] does not index into param shape [3,3], node name: GatherNd "
     "[Op:GatherNd]"),
    (lambda t: tf.tensor_scatter_nd_update(t, [[5, 1]], [1]),
     "indices[0] = [5, 1] does not index into shape [3,3] [Op:TensorScatterUpdate]"),
    (lambda t: tf.scatter_nd([[7]], [1], [3]),
     "indices[0] = [7] does not index into shape [3] [Op:ScatterNd]"),
    (lambda t: tf.gather(t, 5), "indices = 5 is not in [0, 3) [Op:GatherV2]"),
    (lambda t: tf.constant(2) ** -1,
     "Integers to negative integer powers are not allowed [Op:Pow]"),
])
def test_index_and_power_errors_in_tfs_words(call, message):
    t = tf.reshape(tf.range(9), [3, 3])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(t)
    assert str(info.value) == message
