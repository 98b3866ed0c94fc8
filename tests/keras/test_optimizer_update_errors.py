"""A gradient that does not fit its variable fails as TF 2.21's Keras optimizers fail: at the
first small op of the rule that meets both (each message printed by TF 2.21 for the same call).
Also: an empty list of pairs changes nothing, and all-None gradients name the pairs."""

import pytest

import eagerbook as tf

O = tf.keras.optimizers
SUB_SHAPE = "Incompatible shapes: [3] vs. [2]"
ADD_SHAPE_VAR_FIRST = "Incompatible shapes: [2] vs. [3]"

SHAPES = [
    (lambda: O.SGD(0.1), SUB_SHAPE, "AddV2"),
    (lambda: O.SGD(0.1, momentum=0.9), SUB_SHAPE, "AddV2"),
    (lambda: O.Adam(0.1), SUB_SHAPE, "Sub"),
    (lambda: O.Adam(0.1, amsgrad=True), SUB_SHAPE, "Sub"),
    (lambda: O.RMSprop(0.1), ADD_SHAPE_VAR_FIRST, "AddV2"),
    (lambda: O.Adadelta(0.1), ADD_SHAPE_VAR_FIRST, "AddV2"),
    (lambda: O.Adamax(0.1), SUB_SHAPE, "Sub"),
    (lambda: O.Nadam(0.1), SUB_SHAPE, "Sub"),
    (lambda: O.Ftrl(0.1), SUB_SHAPE, "AddV2"),
    (lambda: O.Adagrad(0.1), "Cannot update variable with shape [2] using a Tensor with shape "
                             "[3], shapes must be equal.", "AssignAddVariableOp"),
]


@pytest.mark.parametrize(("make", "message", "op"), SHAPES)
def test_a_gradient_of_another_shape(make, message, op):
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make().apply_gradients([(tf.constant([1.0, 2.0, 3.0]), v)])
    assert message in str(info.value) and f"[Op:{op}]" in str(info.value)
    assert v.numpy().tolist() == [1.0, 2.0]


def _mismatch(op, expected, got):
    return (f"cannot compute {op} as input #1(zero-based) was expected to be a {expected} tensor "
            f"but is a {got} tensor")


DTYPES = [
    (lambda: O.SGD(0.1), tf.errors.InvalidArgumentError, _mismatch("Mul", "int32", "float")),
    (lambda: O.Adam(0.1), tf.errors.InvalidArgumentError, _mismatch("Sub", "int32", "float")),
    (lambda: O.Nadam(0.1), tf.errors.InvalidArgumentError, _mismatch("Sub", "int32", "float")),
    (lambda: O.Ftrl(0.1), tf.errors.InvalidArgumentError, _mismatch("AddV2", "int32", "float")),
    (lambda: O.RMSprop(0.1), TypeError,
     "Cannot convert 0.09999999999999998 to EagerTensor of dtype int32"),
    (lambda: O.Adadelta(0.1), TypeError,
     "Cannot convert 0.050000000000000044 to EagerTensor of dtype int32"),
    (lambda: O.Adagrad(0.1), ValueError,
     "Tensor conversion requested dtype float32 for Tensor with dtype int32: <tf.Tensor: "
     "shape=(2,), dtype=int32, numpy=array([1, 4], dtype=int32)>"),
]


@pytest.mark.parametrize(("make", "error", "message"), DTYPES)
def test_an_integer_gradient(make, error, message):
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(error) as info:
        make().apply_gradients([(tf.constant([1, 2]), v)])
    assert message in str(info.value)


def test_a_float64_gradient_for_a_float32_variable():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        O.RMSprop(0.1).apply_gradients([(tf.constant([1.0, 2.0], tf.float64), v)])
    assert _mismatch("AddV2", "float", "double") in str(info.value)


def test_no_pairs_is_no_step_and_none_gradients_are_named():
    opt = O.Adam(0.1)
    assert int(opt.apply_gradients([])) == 0 and int(opt.iterations) == 0
    v = tf.Variable(3.0)
    with pytest.raises(ValueError) as info:
        opt.apply_gradients([(None, v)])
    assert str(info.value) == (
        "No gradients provided for any variable: (['Variable:0'],). Provided `grads_and_vars` "
        "is ((None, <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=3.0>),).")
