"""Dataset.reduce keeps the initial state's structure and dtypes, as TF's ReduceDataset."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import errors


def test_new_state_takes_the_initial_structure():
    ds = tf.data.Dataset.range(5)
    pair = ds.reduce((np.int64(0), np.int64(1)), lambda s, x: [s[0] + x, s[1] * (x + 1)])
    assert isinstance(pair, tuple) and [int(t) for t in pair] == [10, 120]
    # One component either way: TF hands back the initial state's structure.
    assert int(ds.reduce(np.int64(0), lambda s, x: {"a": s + x})) == 10
    assert int(tf.data.Dataset.range(0).reduce(np.int64(7), lambda s, x: s + x)) == 7


def test_a_different_number_of_components_is_invalid_argument():
    with pytest.raises(errors.InvalidArgumentError,
                       match=r"initial_state=1, output=2"):
        tf.data.Dataset.range(3).reduce(np.int64(0), lambda s, x: (s, s))


def test_a_different_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="Expected <dtype: 'int64'> but got <dtype: 'int32'>"):
        tf.data.Dataset.range(3).reduce(np.int64(0), lambda s, x: tf.cast(s, tf.int32))


def test_a_growing_shape_is_allowed():
    out = tf.data.Dataset.range(4).reduce(tf.zeros([0], tf.int64),
                                          lambda s, x: tf.concat([s, [x]], 0))
    assert out.numpy().tolist() == [0, 1, 2, 3]
