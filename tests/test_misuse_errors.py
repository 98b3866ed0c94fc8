"""Common mistakes get TF 2.21's error kind and words (each checked side by side with TF)."""

import numpy as np
import pytest

import eagerbook as tf


def _py_function_with_a_number():
    return tf.py_function(3, [1], tf.int32)


CASES = [
    # (what, call, error kind, TF's message)
    ("cond without true_fn", lambda: tf.cond(True, None, lambda: 1),
     TypeError, "cond(): 'true_fn' argument required"),
    ("cond without false_fn", lambda: tf.cond(True, lambda: 1, None),
     TypeError, "cond(): 'false_fn' argument required"),
    ("cond with a number branch", lambda: tf.cond(tf.constant(True), 1, 2),
     TypeError, "'true_fn' must be callable."),
    ("while_loop with a number cond", lambda: tf.while_loop(1, lambda i: i, [0]),
     TypeError, "'cond' must be callable."),
    ("while_loop with a number body", lambda: tf.while_loop(lambda i: i < 2, 2, [0]),
     TypeError, "'body' must be callable."),
    ("switch_case with a Python index", lambda: tf.switch_case(0, [lambda: 1]),
     TypeError, "'branch_index' must be a Tensor, got <class 'int'>"),
    ("py_function of a number", _py_function_with_a_number,
     ValueError, "Expected func to be callable. Received func=3 of type <class 'int'>."),
    ("numpy_function of a number", lambda: tf.numpy_function(3, [1], tf.int32),
     TypeError, "'int' object is not callable"),
    ("Variable with a number constraint", lambda: tf.Variable(1.0, constraint=3),
     ValueError, "Argument `constraint` must be None or a callable. a callable. "
                 "Got a <class 'int'>:  3"),
    ("Variable whose shape disagrees", lambda: tf.Variable([1.0, 2.0], shape=[None, 3]),
     ValueError, "In this `tf.Variable` creation, the initial value's shape ((2,)) is not "
                 "compatible with the explicitly supplied `shape` argument ([None, 3])."),
    ("one_hot with a float depth", lambda: tf.one_hot([1], 3.0),
     TypeError, "Cannot convert 3.0 to EagerTensor of dtype int32"),
    ("one_hot with an int64 depth tensor", lambda: tf.one_hot([1], tf.constant(3, tf.int64)),
     ValueError, "Tensor conversion requested dtype int32 for Tensor with dtype int64: "
                 "<tf.Tensor: shape=(), dtype=int64, numpy=3>"),
    ("strings.split of numbers", lambda: tf.strings.split(tf.constant([1, 2])),
     ValueError, "input: Tensor conversion requested dtype string for Tensor with dtype "
                 "int32: <tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], "
                 "dtype=int32)>"),
    ("strings.length of a number", lambda: tf.strings.length(tf.constant(1)),
     tf.errors.InvalidArgumentError, "cannot compute StringLength as input #0(zero-based) "
                                     "was expected to be a string tensor but is a int32 "
                                     "tensor [Op:StringLength] name: "),
    ("strings.join of a string and a number",
     lambda: tf.strings.join([tf.constant("a"), tf.constant(1)]),
     tf.errors.InvalidArgumentError, "cannot compute StringJoin as input #1(zero-based) was "
                                     "expected to be a string tensor but is a int32 tensor "
                                     "[Op:StringJoin] name: "),
    ("strings.to_number of a float", lambda: tf.strings.to_number(tf.constant(1.5)),
     tf.errors.InvalidArgumentError, "cannot compute StringToNumber as input #0(zero-based) "
                                     "was expected to be a string tensor but is a float "
                                     "tensor [Op:StringToNumber] name: "),
]


@pytest.mark.parametrize("what, call, kind, message", CASES, ids=[c[0] for c in CASES])
def test_mistake_gets_tf_error(what, call, kind, message):
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind
    assert str(info.value) == message


def test_strings_of_numbers_inside_a_function_get_the_graph_signature_error():
    @tf.function
    def f(x):
        return tf.strings.length(x)
    with pytest.raises(TypeError, match="Input 'input' of 'StringLength' Op has type int32 "
                                        "that does not match expected type of string."):
        f(tf.constant([1]))


def test_switch_case_takes_an_integer_tensor_and_one_hot_an_int32_depth():
    assert int(tf.switch_case(tf.constant(1), [lambda: 10, lambda: 20])) == 20
    assert tf.one_hot([1], np.int64(3)).numpy().tolist() == [[0.0, 1.0, 0.0]]
    assert tf.one_hot([1], tf.constant(3)).shape == (1, 3)
