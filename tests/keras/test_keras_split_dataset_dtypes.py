"""split_dataset's parts as TF returns them: prefetched datasets; a 1-D integer array's parts
are int32 (floats keep float64). Compared with TF 2.21 by hand."""

import numpy as np

import eagerbook as tf


def test_parts_are_prefetched_and_integers_become_int32():
    left, right = tf.keras.utils.split_dataset(np.arange(10), left_size=0.8)
    assert "Prefetch" in type(left).__name__ and "Prefetch" in type(right).__name__
    assert left.element_spec.dtype == tf.int32
    assert list(right.as_numpy_iterator()) == [8, 9]
    floats, _ = tf.keras.utils.split_dataset(np.arange(6, dtype="float64"), left_size=0.5)
    assert floats.element_spec.dtype == tf.float64
    pairs, _ = tf.keras.utils.split_dataset([np.arange(6).reshape(3, 2), np.arange(3)],
                                            left_size=0.5)
    assert pairs.element_spec[1].dtype == tf.int64  # a tuple of arrays keeps its dtypes
