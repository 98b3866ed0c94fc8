"""The dispatcher's shortcut for ops declared with a NumPy ``ufunc`` (``registry.ufunc_road``):
the ufunc must be what the kernel computes, in the inputs' dtype, and every road that is not
the plain one (tapes, observers, tracing, errors) must see what ``execute`` gives."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import context
from eagerbook.core.tensor import _from_numpy
from eagerbook.ops.registry import REGISTRY, execute

UFUNC_OPS = sorted(name for name, op in REGISTRY.items() if op.ufunc is not None)


def _samples(np_dtype):
    if np_dtype == np.bool_:
        return np.array([[True, False, True], [False, False, True]]), np.array([True, False, True])
    rng = np.random.default_rng(0)
    x = rng.integers(-3, 4, size=(2, 3)).astype(np_dtype)
    y = rng.integers(1, 4, size=3).astype(np_dtype)
    if np.issubdtype(np_dtype, np.complexfloating):
        x = x + 1j * x[::-1]
    return x, y


def test_the_shortcut_covers_the_hot_binary_ops():
    assert {"AddV2", "Mul", "Sub", "Maximum", "Minimum"} <= set(UFUNC_OPS)


@pytest.mark.parametrize("name", UFUNC_OPS)
def test_a_declared_ufunc_is_the_kernel_in_every_accepted_dtype(name):
    op = REGISTRY[name]
    for dtype in op.dtypes:
        x, y = _samples(dtype._np)
        for a, b in ((x, y), (x[0, 0], y[0])):  # broadcasting, and 0-d operands
            expected = np.asarray(op.kernel(np.asarray(a), np.asarray(b)))
            got = np.asarray(op.ufunc(np.asarray(a), np.asarray(b)))
            assert got.dtype == expected.dtype == dtype._np, (name, dtype)
            np.testing.assert_array_equal(got, expected)
            fast = op.road(_from_numpy(np.asarray(a)), _from_numpy(np.asarray(b)))
            slow = execute(op, (_from_numpy(np.asarray(a)), _from_numpy(np.asarray(b))))
            assert fast.dtype is slow.dtype is dtype and type(fast._value) is np.ndarray
            np.testing.assert_array_equal(fast._value, slow._value)


def test_the_shortcut_records_on_a_tape_and_reports_to_observers():
    x, w = tf.constant([1.0, 2.0]), tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = x * w + x - w
    assert tape.gradient(y, w).numpy() == pytest.approx(1.0)  # sum(x) - 2: -w counts twice
    events = []
    with context.observe(events.append):
        tf.constant(1.0) + tf.constant(2.0)
    assert [e.name for e in events] == ["AddV2"]


def test_the_shortcut_words_tf_errors_and_traces():
    message = r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Mul\]"
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        tf.constant([1.0, 2.0]) * tf.constant([1.0, 2.0, 3.0])
    traced = tf.function(lambda a, b: a - b).get_concrete_function(
        tf.TensorSpec([None]), tf.TensorSpec([None]))
    assert [op.type for op in traced.graph.get_operations()].count("Sub") == 1
