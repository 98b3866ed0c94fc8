"""Compiled code's Sum (graph/compile_updates.planned_sum): TF's order of additions with its
shape decisions made once per shape; the same bits as the eager kernel (eigen_sums.sum_as_tf)."""

import itertools

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import compile_updates
from eagerbook.graph.compile_updates import planned_sum
from eagerbook.ops.eigen_sums import sum_as_tf

SHAPES = [(64,), (64, 10), (10, 64), (3, 5), (17, 3), (16, 2), (15, 9), (33, 7), (64, 16),
          (100, 9), (1, 64, 10), (64, 1, 10), (4, 16, 3), (2, 3, 4), (1000,), (7,), (8,), (9,),
          (31,), (33,), (2, 513), (1025,), (200, 5), (63, 17)]


def _values(rng, shape, dtype, kind):
    """Numbers over six decades (where the order of additions shows), in C or Fortran order
    or with -0.0s among them."""
    x = (rng.standard_normal(shape) * 10 ** rng.uniform(-3, 3, shape)).astype(dtype)
    if kind == "fortran":
        return np.asfortranarray(x)
    if kind == "negative zeros":
        x.flat[::3] = -0.0
    if kind == "all negative zeros":
        x[...] = -0.0
    return x


def _same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32])
def test_planned_sum_gives_the_kernels_bits(shape, dtype):
    rng = np.random.default_rng(len(shape) * 1000 + shape[0])
    axes = [None] + [c for r in range(len(shape) + 1)
                     for c in itertools.combinations(range(len(shape)), r)]
    for axis, keepdims in itertools.product(axes, (False, True)):
        for kind in ("C", "fortran", "negative zeros", "all negative zeros"):
            x = _values(rng, shape, dtype, kind)
            _same_bits(planned_sum(x, axis, keepdims), sum_as_tf(x, axis, keepdims))
            _same_bits(planned_sum(x, axis, keepdims), sum_as_tf(x, axis, keepdims))  # kept


def test_columns_in_tf_order_differ_from_numpys_and_the_plan_keeps_tfs():
    # A (64, 10) bias gradient: the first 8 results take 4 running sums, as TF's kernel; a
    # plan that summed in NumPy's order (or all in order) would miss some of them.
    rng = np.random.default_rng(3)
    x = _values(rng, (64, 10), np.float32, "C")
    in_order = np.add.accumulate(x, axis=0)[-1]
    planned = planned_sum(x, (0,), False)
    assert not np.array_equal(planned[:8], in_order[:8])
    np.testing.assert_array_equal(planned[8:], in_order[8:])  # outside a whole register


def test_an_axis_given_as_a_list_still_sums():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    _same_bits(planned_sum(x, [0], False), sum_as_tf(x, (0,), False))


def test_plans_are_kept_per_shape_and_bounded(monkeypatch):
    monkeypatch.setattr(compile_updates, "_SUM_PLANS", {})
    monkeypatch.setattr(compile_updates, "_MAX_SUM_PLANS", 3)
    for n in range(2, 8):
        planned_sum(np.ones(n, np.float32), (0,), False)
        assert len(compile_updates._SUM_PLANS) <= 3


def test_compiled_reduce_sum_calls_the_planned_sum_under_its_name():
    @tf.function
    def f(x):
        return tf.reduce_sum(x * 2.0, axis=0)

    x = tf.constant(_values(np.random.default_rng(5), (64, 10), np.float32, "C"))
    concrete = f.get_concrete_function(x)
    assert "Sum(" in concrete.compiled_source  # the line a learner reads names the op
    assert concrete._fn.__globals__["Sum"] is planned_sum
    _same_bits(f(x).numpy(), tf.reduce_sum(x * 2.0, axis=0).numpy())


def test_a_compiled_dense_step_trains_to_the_eager_bits():
    # Loss over a batch of 64 (one row) and the bias gradients (columns): both planned sums.
    rng = np.random.default_rng(8)
    x = rng.random((64, 20), dtype=np.float32)
    labels = rng.integers(0, 10, 64)

    def trained(compiled):
        tf.keras.utils.set_random_seed(1)
        model = tf.keras.Sequential([tf.keras.layers.Dense(12, activation="relu"),
                                     tf.keras.layers.Dense(10)])
        optimizer = tf.keras.optimizers.SGD(0.1)
        loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

        def step(images, targets):
            with tf.GradientTape() as tape:
                loss = loss_fn(targets, model(images, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        step = tf.function(step) if compiled else step
        losses = [step(tf.constant(x), tf.constant(labels)).numpy() for _ in range(3)]
        return losses, [v.numpy() for v in model.trainable_variables]

    (eager_losses, eager_vars), (losses, variables) = trained(False), trained(True)
    for got, want in zip(losses + variables, eager_losses + eager_vars):
        _same_bits(got, want)
