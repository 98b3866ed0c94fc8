"""tf.space_to_batch(_nd) / tf.batch_to_space / tf.required_space_to_batch_paddings: TF 2.21's
values, the round trip, errors and gradients; tf.eig/tf.eigvals at the top level."""

import numpy as np
import pytest

import eagerbook as tf


def test_values_match_tf():
    x = tf.reshape(tf.range(1, 17), [1, 4, 4, 1])
    assert tf.space_to_batch(x, [2, 2], [[0, 0], [0, 0]]).numpy()[..., 0].tolist() == [
        [[1, 3], [9, 11]], [[2, 4], [10, 12]], [[5, 7], [13, 15]], [[6, 8], [14, 16]]]
    padded = tf.space_to_batch_nd(tf.reshape(tf.range(1, 13), [2, 2, 3, 1]), [2, 2],
                                  [[0, 0], [1, 0]])
    assert padded.numpy()[..., 0].tolist() == [
        [[0, 2]], [[0, 8]], [[1, 3]], [[7, 9]], [[0, 5]], [[0, 11]], [[4, 6]], [[10, 12]]]
    assert tf.space_to_batch(tf.reshape(tf.range(12), [2, 6]), [3], [[0, 0]]).numpy().tolist() \
        == [[0, 3], [6, 9], [1, 4], [7, 10], [2, 5], [8, 11]]
    back = tf.batch_to_space(tf.reshape(tf.range(1, 17), [4, 2, 2, 1]), [2, 2], [[0, 0], [0, 1]])
    assert back.numpy()[0, ..., 0].tolist() == [[1, 5, 2], [9, 13, 10], [3, 7, 4],
                                                [11, 15, 12]]
    assert tf.nn.space_to_batch is tf.space_to_batch


def test_round_trip_and_paddings_helper():
    x = tf.reshape(tf.range(60), [2, 5, 3, 2])
    paddings, crops = tf.required_space_to_batch_paddings([5, 3], [2, 3], [[1, 0], [0, 0]])
    assert paddings.numpy().tolist() == [[1, 0], [0, 0]] and crops.numpy().tolist() == \
        [[0, 0], [0, 0]]
    paddings, crops = tf.required_space_to_batch_paddings([5, 3], [2, 2])
    assert paddings.numpy().tolist() == [[0, 1], [0, 1]] and crops.numpy().tolist() == \
        [[0, 1], [0, 1]]
    batched = tf.space_to_batch(x, [2, 2], paddings)
    assert batched.shape.as_list() == [8, 3, 2, 2]
    assert tf.batch_to_space(batched, [2, 2], crops).numpy().tolist() == x.numpy().tolist()


def test_errors():
    x = tf.ones([1, 4, 4, 1])
    with pytest.raises(tf.errors.InvalidArgumentError, match="not divisible by block_shape"):
        tf.space_to_batch(x, [3, 2], [[0, 0], [0, 0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="product of block sizes"):
        tf.batch_to_space(x, [2, 2], [[0, 0], [0, 0]])


def test_gradient():
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.batch_to_space(tf.space_to_batch(t, [2], [[1, 1]]) * 3.0, [2], [[0, 2]]),
        [tf.constant(np.arange(12.).reshape(2, 6))])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-8)


def test_top_level_eig():
    assert tf.eigvals(tf.constant([[2., 0.], [0., 3.]])).numpy().tolist() == [2, 3]
    assert tf.eig is tf.linalg.eig
