"""Which failing calls end with `` name: ...`` when an input is a Python list, as TF 2.21.

TF's op function appends the name only on its fast road, which takes tensors: a Python list
given to a function that passes its inputs on as they are (tf.math.maximum, tf.roll's shift)
sends the op down the slower road, which appends nothing; functions that convert their inputs
first (tf.math.sign, tf.nn.softmax, those opening a name scope such as count_nonzero) keep it.
A function converting an argument for its own use must keep the argument as given, or the
error reads the converted tensor. Each expectation is what TF 2.21 printed for the same call.
"""

import re

import pytest

import eagerbook as tf

A = tf.ones([2, 3])


def _tail(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    match = re.search(r"\[Op:\w+\]( name: .*)?$", str(info.value))
    assert match, str(info.value)
    return match.group(1)


@pytest.mark.parametrize("call, tail", [
    # functions that pass a list on to the op: nothing after [Op:...]
    (lambda: tf.math.maximum(A, [1.0, 2.0], name="n"), None),
    (lambda: tf.math.minimum([1, 2], [1, 2, 3], name="n"), None),
    (lambda: tf.math.squared_difference(tf.constant([1, 2]), [1, 2, 3], name="n"), None),
    (lambda: tf.math.equal(A, [1.0, 2.0], name="n"), None),
    (lambda: tf.math.not_equal([1, 2], [1, 2, 3], name="n"), None),
    (lambda: tf.math.logical_and([True, False], [True, False, True], name="n"), None),
    (lambda: tf.math.atan2(tf.constant([1.0, 2.0]), [1.0, 2.0, 3.0], name="n"), None),
    (lambda: tf.math.zeta([1, 2], [1, 2], name="n"), None),
    (lambda: tf.math.exp([1, 2], name="n"), None),
    (lambda: tf.roll(A, [1], [5], name="n"), None),
    (lambda: tf.unstack([[1.0, 2.0]], num=3, name="n"), None),
    (lambda: tf.split([1.0, 2.0, 3.0], 2, name="n"), None),
    (lambda: tf.math.reduce_logsumexp([1.0, 2.0], 3, name="n"), None),
    (lambda: tf.random.stateless_uniform([2], [1, 2, 3], name="n"), None),
    (lambda: tf.random.stateless_normal([2], [1, 2, 3], name="n"), None),
    # the same calls with tensors keep the name
    (lambda: tf.math.exp(tf.constant([1, 2]), name="n"), " name: n"),
    (lambda: tf.roll(A, 1, 5, name="n"), " name: n"),
    (lambda: tf.unstack(tf.constant([[1.0, 2.0]]), num=3, name="n"), " name: n"),
    (lambda: tf.slice(A, tf.constant([0, 0]), tf.constant([5, 5]), name="n"), " name: n"),
    (lambda: tf.reverse(A, tf.constant([5]), name="n"), " name: n"),
    # a converted argument (split's sizes, a random shape) is not an input given as a list
    (lambda: tf.split(tf.constant([1.0, 2.0, 3.0]), [1, 5], name="n"), " name: n"),
    (lambda: tf.random.stateless_uniform([2], tf.constant([1, 2, 3]), name="n"), " name: "),
    # functions that convert their inputs first keep the name for a list
    (lambda: tf.math.sign(["a"], name="n"), " name: n"),
    (lambda: tf.nn.log_softmax([1, 2], name="n"), " name: n"),
    (lambda: tf.nn.softmax([1, 2], name="n"), " name: n"),
    (lambda: tf.math.count_nonzero([1, 2], 3, name="n"), " name: "),
])
def test_a_python_list_input_decides_the_name_as_in_tf(call, tail):
    assert _tail(call) == tail


def test_the_operators_still_convert_a_list():
    # `t - [1, 2]` converts the list first: the error keeps " name: "
    assert _tail(lambda: A - [1.0, 2.0]) == " name: "
    assert _tail(lambda: A < [1.0, 2.0]) == " name: "
