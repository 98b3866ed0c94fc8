"""A layer called on a Python structure gets it in its ``call`` as TF's Keras passes it: the
structure kept (a list stays a list, even of numbers), each NumPy array and Python number a
tensor of its own, strings as they are; floating tensors cast to the layer's dtype. Checked
side by side with TF 2.21's tf_keras (the r2 migration guide's layer of ``[a, b]``)."""

import numpy as np
import pytest

import eagerbook as tf


class Seen(tf.keras.layers.Layer):
    """Returns what its call received."""

    def call(self, inputs):
        return inputs


def _kinds(structure):
    return tf.nest.map_structure(lambda x: type(x).__name__, structure)


def test_a_list_of_tensors_reaches_call_as_that_list():
    class CustomLayer(tf.keras.layers.Layer):
        def call(self, inputs):
            a, b = inputs
            return a + b

    a, b = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])
    assert CustomLayer()([a, b]).numpy().tolist() == [4.0, 6.0]
    seen = Seen()([a, b])
    assert isinstance(seen, list) and seen[0] is a and seen[1] is b
    assert isinstance(Seen()((a, b)), tuple)


def test_numbers_become_tensors_one_by_one_and_the_structure_stays():
    seen = Seen()([1.0, 2.0])
    assert isinstance(seen, list) and _kinds(seen) == ["EagerTensor", "EagerTensor"]
    assert [x.dtype for x in Seen()([1, 2])] == [tf.int32, tf.int32]
    nested = Seen()([[1, 2], [3, 4]])
    assert isinstance(nested[0], list) and nested[1][1].numpy() == 4
    mixed = Seen()({"x": tf.constant(1.0), "y": [1.0, "a"]})
    assert _kinds(mixed) == {"x": "EagerTensor", "y": ["EagerTensor", "str"]}
    # arrays: floats cast to the layer's dtype, integers kept
    dtypes = [x.dtype for x in Seen()([np.ones(2, "float64"), np.ones(2, "int64")])]
    assert dtypes == [tf.float32, tf.int64]
    assert Seen()(5.0).dtype == tf.float32


def test_a_layer_of_one_input_given_a_list_of_numbers():
    with pytest.raises(ValueError) as info:
        tf.keras.layers.Dense(2, name="dense")([1.0, 2.0])
    assert str(info.value) == (
        'Layer "dense" expects 1 input(s), but it received 2 input tensors. Inputs received: '
        "[<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, "
        "<tf.Tensor: shape=(), dtype=float32, numpy=2.0>]")


def test_reshape_takes_a_nested_list_as_its_op_does():
    out = tf.keras.layers.Reshape((2,))([[1, 2]])
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[1, 2]]
