"""tf.random.uniform with integer bounds that a tf.function knows only when it runs (a
TensorSpec argument, as DeepDream's random roll passes its tile size): the draw happens when
the function runs, within the bounds read then."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.errors import InvalidArgumentError


def test_symbolic_int_bounds_are_read_when_the_function_runs():
    shapes = []

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def roll_shift(maxroll):
        shift = tf.random.uniform(shape=[2], minval=-maxroll, maxval=maxroll, dtype=tf.int32)
        shapes.append(shift.shape.as_list())
        return shift
    tf.random.set_seed(1)
    for bound in (3, 512):
        shift = roll_shift(tf.constant(bound))
        assert shift.dtype == tf.int32 and shift.shape == (2,)
        assert np.all(shift.numpy() >= -bound) and np.all(shift.numpy() < bound)
    assert shapes == [[2]]  # traced once, the static shape kept


def test_an_empty_range_fails_when_it_runs():
    @tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
    def draw(hi):
        return tf.random.uniform([3], minval=5, maxval=hi, dtype=tf.int64)
    assert draw(tf.constant(9, tf.int64)).dtype == tf.int64
    with pytest.raises(InvalidArgumentError, match="Need minval < maxval, got 5 >= 5"):
        draw(tf.constant(5, tf.int64))
