"""GradientTape with RaggedTensors (through their flat values) and SparseTensors, as in TF
(the values were checked against TF 2.21; the first case is tf.GradientTape.gradient's own
docstring example)."""

import numpy as np
import pytest

import eagerbook as tf


def test_a_ragged_source_gets_a_ragged_gradient():
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        z = tf.reduce_sum(y)
    assert repr(g.gradient(y, x)) == "<tf.RaggedTensor [[2.0, 4.0], [6.0]]>"
    assert repr(g.gradient(z, x)) == "<tf.RaggedTensor [[2.0, 4.0], [6.0]]>"
    seeded = g.gradient(y, x, output_gradients=tf.ragged.constant([[1.0, 0.5], [2.0]]))
    assert seeded.to_list() == [[2.0, 2.0], [12.0]]
    both = g.gradient(z, [x, x.flat_values])  # the same values, each in its source's form
    assert isinstance(both[0], tf.RaggedTensor) and both[0].to_list() == [[2.0, 4.0], [6.0]]
    np.testing.assert_array_equal(both[1].numpy(), [2.0, 4.0, 6.0])
    assert g.gradient(z, tf.ragged.constant([[1.0]])) is None  # not on the tape


def test_a_ragged_target_through_a_variable():
    w = tf.Variable(2.0)
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    with tf.GradientTape() as g:
        r = x * w
    assert g.gradient(r, w).numpy() == 6.0


def test_sparse_tensors_are_watched_but_refused_as_sources_and_integers_warn(caplog):
    s = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1.0, 2.0], [2, 3])
    with tf.GradientTape() as g:
        g.watch(s)
        t = tf.sparse.reduce_sum(s.with_values(s.values * s.values))
    with pytest.raises(ValueError, match="^Type SparseTensor is not supported as a gradient "
                                         "source or gradient target.$"):
        g.gradient(t, s)
    xi = tf.ragged.constant([[1, 2], [3]])
    with tf.GradientTape() as g2:
        g2.watch(xi)
        assert "must be floating" in caplog.text
        yi = xi * 2
    assert g2.gradient(yi, xi) is None
