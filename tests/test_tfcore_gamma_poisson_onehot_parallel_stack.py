"""tf.random.gamma/poisson and their stateless versions (shapes, dtypes, seeds, moments),
tf.one_hot of ragged indices, tf.parallel_stack."""

import numpy as np
import pytest

import eagerbook as tf


def test_stateful_shapes_dtypes_and_moments():
    tf.random.set_seed(5)
    g = tf.random.gamma([20000], alpha=[2.0, 0.5], beta=[[1.0], [4.0]])
    assert g.shape == (20000, 2, 2) and g.dtype == tf.float32
    means = g.numpy().mean(axis=0)  # alpha / beta
    np.testing.assert_allclose(means, [[2.0, 0.5], [0.5, 0.125]], rtol=0.05)
    p = tf.random.poisson([20000], lam=[1.0, 5.0], dtype=tf.int64)
    assert p.shape == (20000, 2) and p.dtype == tf.int64
    np.testing.assert_allclose(p.numpy().mean(axis=0), [1.0, 5.0], rtol=0.05)
    assert tf.random.poisson([2], [1.0, 5.0]).dtype == tf.float32


def test_stateful_seeds_repeat_after_set_seed():
    def draw():
        tf.random.set_seed(7)
        return [tf.random.gamma([3], 2.0, seed=1).numpy() for _ in range(2)]
    first, second = draw(), draw()
    np.testing.assert_array_equal(first[0], second[0])
    assert not np.array_equal(first[0], first[1])  # a second call draws anew


def test_stateless_versions_depend_only_on_the_seed():
    a = tf.random.stateless_poisson([2, 3], seed=[1, 2], lam=[1.0, 5.0, 20.0])
    b = tf.random.stateless_poisson([2, 3], seed=[1, 2], lam=[1.0, 5.0, 20.0])
    assert a.dtype == tf.int32 and a.shape == (2, 3)
    np.testing.assert_array_equal(a, b)
    c = tf.random.stateless_gamma([4000, 2], seed=[3, 4], alpha=[1.0, 9.0], beta=3.0,
                                  dtype=tf.float64)
    assert c.dtype == tf.float64
    np.testing.assert_allclose(c.numpy().mean(axis=0), [1 / 3, 3.0], rtol=0.06)
    assert not np.array_equal(
        c, tf.random.stateless_gamma([4000, 2], seed=[3, 5], alpha=[1.0, 9.0], beta=3.0,
                                     dtype=tf.float64))
    with pytest.raises(TypeError):
        tf.random.stateless_gamma([2], seed=[1, 2], alpha=1.0, dtype=tf.int32)


def test_one_hot_of_ragged_indices():
    out = tf.one_hot(tf.ragged.constant([[0, 1], [2]]), 3)
    assert out.to_list() == [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [[0.0, 0.0, 1.0]]]
    with pytest.raises(ValueError, match="axis"):
        tf.one_hot(tf.ragged.constant([[0, 1], [2]]), 3, axis=0)


def test_parallel_stack_needs_a_graph():
    values = [tf.constant([1, 4]), tf.constant([2, 5]), tf.constant([3, 6])]
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.parallel_stack(values)
    stacked = tf.function(lambda: tf.parallel_stack(values))()
    assert stacked.numpy().tolist() == [[1, 4], [2, 5], [3, 6]]
