"""Gradients of unused outputs: None for ops whose rule takes it, zeros for the others."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import backprop
from eagerbook.ops.registry import REGISTRY

LOGITS = np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], np.float32)
LABELS = np.array([1, 2], np.int32)


def _softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _sparse_loss(logits):
    return tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(LABELS, logits))


@pytest.fixture
def zeros_made(monkeypatch):
    """Counts the zero gradients the backward sweep fills in."""
    made = []
    original = backprop.zeros_gradient

    def counting(t):
        made.append(t)
        return original(t)
    monkeypatch.setattr(backprop, "zeros_gradient", counting)
    return made


def test_sparse_xent_rule_gets_none_for_its_unused_backprop_output(zeros_made):
    assert REGISTRY["SparseSoftmaxCrossEntropyWithLogits"].grad_takes_none
    logits = tf.Variable(LOGITS)
    with tf.GradientTape() as tape:
        loss = _sparse_loss(logits)
    grad = tape.gradient(loss, logits)
    assert zeros_made == []
    expected = _softmax(LOGITS) - np.eye(3, dtype=np.float32)[LABELS]
    np.testing.assert_allclose(grad.numpy(), expected, rtol=1e-6)


def test_other_multi_output_ops_still_get_zeros(zeros_made):
    assert not REGISTRY["SoftmaxCrossEntropyWithLogits"].grad_takes_none
    logits = tf.Variable(LOGITS)
    labels = tf.constant(np.eye(3, dtype=np.float32)[LABELS])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels, logits))
    tape.gradient(loss, logits)
    assert len(zeros_made) == 1


def _hessian_rows(logits):
    """d/dlogits of sum(grad * v): only the backprop output gets a gradient (dloss is None)."""
    v = tf.constant([[1.0, 0.0, 2.0], [0.5, 1.0, -1.0]])
    with tf.GradientTape() as outer:
        outer.watch(logits)
        with tf.GradientTape() as inner:
            inner.watch(logits)
            loss = _sparse_loss(logits)
        g = inner.gradient(loss, logits)
        target = tf.reduce_sum(g * v)
    return outer.gradient(target, logits), v


def _expected_hessian_product(v):
    p = _softmax(LOGITS)
    v = np.asarray(v)
    # H = diag(p) - p p^T per row, applied to v
    return p * v - p * np.sum(p * v, axis=-1, keepdims=True)


def test_second_order_through_the_backprop_output():
    hv, v = _hessian_rows(tf.constant(LOGITS))
    np.testing.assert_allclose(hv.numpy(), _expected_hessian_product(v), rtol=1e-5, atol=1e-6)


def test_second_order_when_both_outputs_get_gradients():
    logits = tf.constant(LOGITS)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(logits)
        with tf.GradientTape() as inner:
            inner.watch(logits)
            loss = _sparse_loss(logits)
        g = inner.gradient(loss, logits)
        target = loss + tf.reduce_sum(g)
    first = outer.gradient(target, logits)
    again = outer.gradient(target, logits)  # a persistent tape answers twice, the same
    p = _softmax(LOGITS)
    dloss = p - np.eye(3, dtype=np.float32)[LABELS]
    expected = dloss + _expected_hessian_product(np.ones_like(LOGITS))
    np.testing.assert_allclose(first.numpy(), expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(again.numpy(), first.numpy())


def test_second_order_traced_matches_eager():
    traced = tf.function(lambda x: _hessian_rows(x)[0])
    hv = traced(tf.constant(LOGITS))
    _, v = _hessian_rows(tf.constant(LOGITS))
    np.testing.assert_allclose(hv.numpy(), _expected_hessian_product(v), rtol=1e-5, atol=1e-6)


def test_traced_backward_graph_makes_no_zeros_for_the_unused_output():
    @tf.function
    def grad_of(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = _sparse_loss(x)
        return tape.gradient(loss, x)

    graph = grad_of.get_concrete_function(tf.constant(LOGITS)).graph
    assert "ZerosLike" not in [op.type for op in graph.get_operations()]
    expected = _softmax(LOGITS) - np.eye(3, dtype=np.float32)[LABELS]
    np.testing.assert_allclose(grad_of(tf.constant(LOGITS)).numpy(), expected, rtol=1e-6)
