"""Eager gradient rules (``OpDef.eager_grad``) against the plain rules they stand for.

An op may carry a second rule that the eager backward sweep takes: the same gradients in fewer
ops (Mean's is one MeanGrad op where the plain rule runs a Mul and a BroadcastLike). Graphs keep
the plain rule. Here every such rule must give the plain rule's values bit for bit, in the same
dtype, first and second order; the cases below are checked to cover every op that has one.
"""

import contextlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerbook as tf
from eagerbook.core.context import observe
from eagerbook.ops import REGISTRY

FLOAT_DTYPES = [np.float16, np.float32, np.float64]


@contextlib.contextmanager
def plain_rule(op_name):
    """Runs the block with `op_name`'s plain rule only (its eager rule set aside)."""
    op = REGISTRY[op_name]
    saved, op.eager_grad = op.eager_grad, None
    try:
        yield
    finally:
        op.eager_grad = saved


def mean_case(x, axis, keepdims):
    # (sin: the mean's incoming gradient is cos(mean), not a seed of ones)
    return lambda t: tf.sin(tf.reduce_mean(tf.square(t), axis=axis, keepdims=keepdims))


def first_and_second_order(fn, value):
    """d fn / d x and d (sum of that) / d x, through nested tapes."""
    x = tf.constant(value)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        first = inner.gradient(y, x)
    second = outer.gradient(first, x)
    return first, second


def assert_same_gradients(op_name, fn, value):
    eager = first_and_second_order(fn, value)
    with plain_rule(op_name):
        plain = first_and_second_order(fn, value)
    for got, want in zip(eager, plain):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.numpy(), want.numpy())


# The ops with an eager rule and a case each (`value` -> the function to differentiate).
CASES = {
    "Mean": [
        (np.arange(12, dtype=np.float32).reshape(3, 4) / 7, None, False),
        (np.arange(12, dtype=np.float64).reshape(3, 4) / 7, [1], False),
        (np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 9, [0, 2], True),
        (np.float32(1.5), None, False),
    ],
}


CASES["Mul"] = [((2000,), ()), ((3, 4), (4,)), ((3, 1), (1, 4)), ((2, 3), (2, 3)), ((), (5,))]


def mul_case(shape_a, shape_b, dtype=np.float32):
    """(fn, value): x * w with w a constant-shaped copy, both differentiated through x."""
    rng = np.random.default_rng(len(shape_a) + 3 * len(shape_b))
    a = rng.standard_normal(shape_a).astype(dtype)
    b = tf.constant(rng.standard_normal(shape_b).astype(dtype))
    # x is broadcast against b (and b against x): both sides' sums run; sin makes dy vary
    return (lambda t: tf.sin(t * (b + t[..., :1] if t.shape.rank else b + t))), a


def test_every_eager_rule_has_cases_here():
    assert sorted(n for n, op in REGISTRY.items() if op.eager_grad is not None) == sorted(CASES)


@pytest.mark.parametrize("value, axis, keepdims", CASES["Mean"])
def test_mean_eager_rule_matches_the_plain_rule(value, axis, keepdims):
    assert_same_gradients("Mean", mean_case(value, axis, keepdims), value)


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(0, 4), min_size=0, max_size=3),
       dtype=st.sampled_from(FLOAT_DTYPES), keepdims=st.booleans(), data=st.data())
def test_mean_eager_rule_matches_over_shapes_axes_and_dtypes(shape, dtype, keepdims, data):
    axes = data.draw(st.one_of(st.none(), st.lists(st.integers(0, max(len(shape) - 1, 0)),
                                                    unique=True, max_size=len(shape))))
    value = np.random.default_rng(len(shape)).standard_normal(shape).astype(dtype) * 3
    assert_same_gradients("Mean", mean_case(value, axes, keepdims), value)


def test_the_eager_sweep_runs_one_op_for_a_mean():
    x = tf.constant([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_mean(x)
    events = []
    with observe(events.append):
        g = tape.gradient(y, x)
    assert [e.name for e in events] == ["OnesLike", "MeanGrad"]
    np.testing.assert_array_equal(g.numpy(), [0.25] * 4)


def test_a_traced_gradient_keeps_the_plain_rule():
    # tf.function's backward graph is built with the plain rule: its Mul and BroadcastLike are
    # what the graph passes fold into their neighbours.
    x = tf.Variable([1.0, 2.0, 3.0, 4.0])

    @tf.function
    def grad():
        with tf.GradientTape() as tape:
            y = tf.reduce_mean(x * x)
        return tape.gradient(y, x)

    graph = grad.get_concrete_function().graph
    types = [op.type for op in graph.get_operations()]
    assert "MeanGrad" not in types
    np.testing.assert_allclose(grad().numpy(), [0.5, 1.0, 1.5, 2.0])


def test_an_integer_mean_keeps_the_plain_rule():
    # (No gradient flows to an integer tensor; an integer seed through Mean's rule is the
    # floordiv case, which the eager rule leaves to the plain one.)
    dy = tf.constant(8)
    x = tf.constant([1, 2, 3, 4])
    op = REGISTRY["Mean"]
    from eagerbook.ops.registry import OpRecord
    record = OpRecord(op, (x,), tf.reduce_mean(x), {"axis": (0,), "keepdims": False})
    eager = op.eager_grad(record, dy)[0]
    plain = op.grad(record, dy)[0]
    np.testing.assert_array_equal(eager.numpy(), plain.numpy())
    assert eager.dtype == plain.dtype == tf.int32


@pytest.mark.parametrize("shape_a, shape_b", CASES["Mul"])
def test_mul_eager_rule_matches_the_plain_rule(shape_a, shape_b):
    fn, value = mul_case(shape_a, shape_b)
    assert_same_gradients("Mul", fn, value)


@settings(max_examples=60, deadline=None)
@given(shape_a=st.lists(st.integers(1, 3), max_size=3),
       shape_b=st.lists(st.integers(1, 3), max_size=3),
       dtype=st.sampled_from(FLOAT_DTYPES))
def test_mul_eager_rule_matches_over_broadcast_shapes(shape_a, shape_b, dtype):
    try:
        np.broadcast_shapes(shape_a, shape_b)
    except ValueError:
        return
    fn, value = mul_case(tuple(shape_a), tuple(shape_b), dtype)
    assert_same_gradients("Mul", fn, value)


def test_a_scalar_factor_gets_its_gradient_from_one_op():
    x = tf.constant([1.0, 2.0, 3.0])
    w = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = x * w
    events = []
    with observe(events.append):
        g = tape.gradient(y, w)
    assert [e.name for e in events] == ["OnesLike", "MulSumToShapeOf"]
    assert float(g) == 6.0
