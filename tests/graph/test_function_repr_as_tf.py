"""A tf.function prints as TF's does: Python's default text for the object (TF's Function
class has no repr of its own), as TF 2.0-era guides show it."""

import re

import eagerbook as tf


def test_a_function_prints_as_an_object_of_its_class():
    @tf.function
    def simple_nn_layer(x, y):
        return tf.nn.relu(tf.matmul(x, y))

    assert re.fullmatch(r"<eagerbook\.graph\.function\.Function object at 0x[0-9a-f]+>",
                        repr(simple_nn_layer))
