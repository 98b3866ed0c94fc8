"""tf.split of a RaggedTensor and ragged reduce_variance/reduce_std along any axis, as TF 2.21
(values and texts taken from TF side by side)."""

import numpy as np
import pytest

import eagerbook as tf


def _rt():
    return tf.RaggedTensor.from_row_lengths(np.arange(6 * 3).reshape(6, 3),
                                            row_lengths=[1, 2, 2, 1])


def test_split_rows_evenly_and_by_sizes():
    rt1, rt2 = tf.split(_rt(), 2)
    assert rt1.shape.as_list() == [2, None, 3] and rt2.shape.as_list() == [2, None, 3]
    assert rt1.to_list() == [[[0, 1, 2]], [[3, 4, 5], [6, 7, 8]]]
    parts = tf.split(_rt(), [1, 2, 1])
    assert [p.shape.as_list() for p in parts] == [[1, None, 3], [2, None, 3], [1, None, 3]]
    assert parts[2].to_list() == [[[15, 16, 17]]]
    assert [p.nrows().numpy() for p in tf.split(_rt(), tf.constant([1, 3]))] == [1, 3]


def test_split_a_uniform_inner_axis_keeps_the_rows():
    rt6, rt7 = tf.split(_rt(), [1, 2], axis=2)
    assert rt6.shape.as_list() == [4, None, 1] and rt7.shape.as_list() == [4, None, 2]
    assert rt6.to_list() == [[[0]], [[3], [6]], [[9], [12]], [[15]]]
    assert len(tf.split(_rt(), 3, axis=-1)) == 3


def test_split_errors_as_tf():
    with pytest.raises(ValueError, match=r"Cannot split a ragged dimension\. Got `value` with "
                       r"shape <DynamicRaggedShape lengths=\[4, \(1, 2, 2, 1\), 3\] "
                       r"num_row_partitions=1> and `axis` 1\.$"):
        tf.split(_rt(), [2, 2], axis=-2)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.split(_rt(), 3)
    assert info.value.message == (
        "Cannot exactly split the `axis` dimension of `value` with the given "
        "`num_or_size_split`.\nCondition x == y did not hold.\nFirst 1 elements of x:\n[4]\n"
        "First 1 elements of y:\n[3]")
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"y:\n\[6\]"):
        tf.split(_rt(), [1, 2, 3])
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be non-negative"):
        tf.split(_rt(), [1, -1])
    with pytest.raises(ValueError, match=r"must be >=1 if it is an `int`\.Received 0\."):
        tf.split(_rt(), 0)
    with pytest.raises(ValueError, match="Received `num`: 3 and size of "):
        tf.split(_rt(), [1, 3], num=3)
    with pytest.raises(ValueError, match=r"axis=3 out of bounds: expected -3<=axis<3"):
        tf.split(_rt(), 2, axis=3)


def test_moments_along_columns_and_all_values():
    rt = tf.ragged.constant([[1, 1, 4], [2, 1], [3], [4, 1]], dtype=tf.float64)
    np.testing.assert_allclose(tf.math.reduce_variance(rt, axis=0).numpy(), [1.25, 0., 0.])
    np.testing.assert_allclose(tf.math.reduce_variance(rt, axis=1).numpy(),
                               [2., 0.25, 0., 2.25])
    rt = tf.ragged.constant([[1, 0], [2, 1], [3], [4, 1]], dtype=tf.float64)
    np.testing.assert_allclose(tf.math.reduce_std(rt, axis=0).numpy(),
                               [1.11803399, 0.47140452])
    # TF's formula, max(mean(x**2) - mean(x)**2, 0): its float32 digits
    rt = tf.ragged.constant([[0.1, 0.7, 4.3], [2.2, 1.9], [3.3], [4.1, 1.3]])
    assert tf.math.reduce_variance(rt, axis=None, keepdims=True).numpy().tolist() == \
        [[np.float32(2.0973444)]]
    assert tf.math.reduce_std(rt, axis=0).numpy().tolist() == \
        [1.502289891242981, 0.48989808559417725, 0.0]
    with pytest.raises(ValueError, match="reduce_variance is not supported for RaggedTensors "
                                         "with complex dtypes."):
        tf.math.reduce_variance(tf.ragged.constant([[1 + 2j]]), axis=0)


def test_ragged_reduction_over_every_axis_keeps_dims():
    rt = tf.ragged.constant([[1., 1, 4], [2, 1]])
    assert tf.reduce_sum(rt, keepdims=True).shape.as_list() == [1, 1]
    kept = tf.reduce_mean(rt, axis=[0, 1], keepdims=True)
    assert kept.shape.as_list() == [1, 1] and kept.numpy()[0, 0] == np.float32(1.8)
