"""The one operator table (eagerbook/ops/operators.py) serves Tensor, Variable and KerasTensor."""

import numpy as np

import eagerbook as tf
from eagerbook.core.tensor import Tensor
from eagerbook.core.variable import Variable
from eagerbook.keras.keras_tensor import KerasTensor
from eagerbook.ops import math_ops, operators


def test_tensor_operators_are_the_op_functions_themselves():
    # No wrapper between `a + b` and tf.math.add: the table's functions are the methods.
    assert Tensor.__add__ is math_ops.add
    assert Tensor.__matmul__ is math_ops.matmul
    for name, fn, reflected_name, _ in operators.OPERATORS:
        assert getattr(Tensor, name) is fn, name
        if reflected_name is not None:
            assert getattr(Tensor, reflected_name).__name__ == f"reflected_{fn.__name__}"


def test_variable_and_keras_tensor_have_every_row_of_the_table():
    for name in operators.methods():
        assert name in vars(Variable), name
    for name in operators.methods(operators.ARITHMETIC):
        assert name in vars(KerasTensor), name
    # comparisons stay Python's on KerasTensors: they are dict keys by identity
    assert "__eq__" not in vars(KerasTensor)


def test_a_variable_operator_reads_then_computes():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = 3.0 - v  # reflected: __rsub__
    np.testing.assert_array_equal(y.numpy(), [2.0, 1.0])
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [-1.0, -1.0])


def test_keras_tensor_arithmetic_builds_named_op_layers():
    x = tf.keras.Input(shape=(3,))
    for result, tf_name in [(x + 1.0, "tf.__operators__.add"), (2.0 * x, "tf.math.multiply"),
                            (x @ tf.ones((3, 2)), "tf.linalg.matmul"), (-x, "tf.math.negative")]:
        assert isinstance(result, KerasTensor)
        assert result._node.layer.name.startswith(tf_name), tf_name
    model = tf.keras.Model(x, (2.0 - x) ** 2)
    np.testing.assert_allclose(model(tf.constant([[1.0, 2.0, 3.0]])).numpy(), [[1.0, 0.0, 1.0]])
