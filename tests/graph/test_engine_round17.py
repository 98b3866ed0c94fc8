"""Graph details as TF 2.21 has them (checked by hand against it)."""

import pytest

import eagerbook as tf


def test_a_tensor_leaked_from_a_function_names_the_guide_section():
    leaked = []

    @tf.function
    def leaky(a):
        leaked.append(a + 1)
        return a

    leaky(tf.constant(1))

    @tf.function
    def uses_leaked(b):
        return b + leaked[0]

    with pytest.raises(TypeError) as info:
        uses_leaked(tf.constant(2))
    assert str(info.value).startswith(
        "<tf.Tensor 'add:0' shape=() dtype=int32> is out of scope and cannot be used here. Use "
        "return values, explicit Python locals or TensorFlow collections to access it.\n"
        "Please see https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_"
        "be_return_values for more information.\n\nThe tensor ")
