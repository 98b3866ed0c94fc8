"""Ops whose public functions used to read values or need known dims, traced by tf.function with
``input_signature`` dims unknown: static shapes, values when called, and errors, each as TF 2.21
gives them in graph mode (the expected shapes and texts were read from TF 2.21; eagerbook's node
text names dtypes as Python does, ``T=float32`` where TF writes ``T=DT_FLOAT``)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.errors import InvalidArgumentError

S = tf.TensorSpec
f32, i32 = tf.float32, tf.int32


def traced(fn, *specs):
    return tf.function(fn, input_signature=list(specs))


def static_shapes(fn, *specs):
    outputs = traced(fn, *specs).get_concrete_function().structured_outputs
    return [t.shape.as_list() if t.shape.rank is not None else None
            for t in tf.nest.flatten(outputs)]


def values(fn, specs, *args):
    return [np.asarray(t).tolist() for t in tf.nest.flatten(traced(fn, *specs)(*args))]


# --- tf.unique, tf.searchsorted ----------------------------------------------------------------
def test_unique_has_an_unknown_count_of_values():
    assert static_shapes(tf.unique, S([None], i32)) == [[None], [None]]
    assert static_shapes(tf.unique_with_counts, S([None], i32)) == [[None], [None], [None]]
    assert static_shapes(lambda x: tf.unique(x, out_idx=tf.int64), S(None, i32)) == [[None], None]
    assert values(tf.unique_with_counts, [S([None], i32)], tf.constant([1, 2, 1, 3])) == [
        [1, 2, 3], [0, 1, 0, 2], [2, 1, 1]]


def test_unique_of_a_matrix_is_refused_while_tracing():
    with pytest.raises(ValueError, match=r"Shape must be rank 1 but is rank 2 for '\{\{node "
                                         r"Unique\}\} = Unique\[T=int32, out_idx=int32\]' with "
                                         r"input shapes: \[\?,2\]\."):
        traced(tf.unique, S([None, 2], i32)).get_concrete_function()


def test_unique_values_are_not_differentiable_as_in_tf():
    x = tf.constant([1.0, 2.0, 1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, _ = tf.unique(x)
    assert tape.gradient(y, x) is None


def test_searchsorted_is_lower_or_upper_bound_shaped_like_values():
    fn = tf.searchsorted
    assert static_shapes(fn, S([None], f32), S([None], f32)) == [[None]]
    right = traced(lambda a, v: tf.searchsorted(a, v, side="right"), S([None, None], f32),
                   S([None, None], f32))
    assert right.get_concrete_function().graph.get_operations()[2].type == "UpperBound"
    assert right(tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[2.0, 0.0]])).numpy().tolist() \
        == [[2, 0]]
    assert values(fn, [S([None], f32), S([None], f32)], tf.constant([1.0, 2.0, 3.0]),
                  tf.constant([2.0])) == [[1]]
    with pytest.raises(InvalidArgumentError, match="Leading dim_size of both tensors must "
                                                   "match"):
        right(tf.constant([[1.0, 2.0]]), tf.constant([[1.0], [2.0]]))


# --- tf.math.top_k -----------------------------------------------------------------------------
def test_top_k_with_unknown_dims_and_a_traced_k():
    assert static_shapes(lambda x: tf.math.top_k(x, 2), S([None, None], f32)) == [
        [None, 2], [None, 2]]
    fn = traced(tf.math.top_k, S([None, 5], f32), S([], i32))
    assert [t.shape.as_list() for t in fn.get_concrete_function().structured_outputs] == [
        [None, None], [None, None]]
    got = fn(tf.constant([[1.0, 3.0, 2.0, 5.0, 4.0]]), tf.constant(2))
    assert got.values.numpy().tolist() == [[5.0, 4.0]]
    assert got.indices.numpy().tolist() == [[3, 4]]
    with pytest.raises(InvalidArgumentError, match=r"input must have at least k columns. Had 5, "
                                                   r"needed 7\n\t \[\[\{\{node top_kv2\}\}\]\]"):
        fn(tf.ones([1, 5]), tf.constant(7))


@pytest.mark.parametrize("k, shape, text", [
    (6, [None, 5], r"input must have last dimension >= k = 6 but is 5 for '\{\{node TopKV2\}\} "
                   r"= TopKV2\[T=float32, sorted=true\]' with input shapes: \[\?,5\], \[\] and "
                   r"with computed input tensors: input\[1\] = <6>\."),
    (-1, [None, 5], r"Dimension size, given by scalar input 1, must be non-negative but is -1 "),
    (1, [], r"Shape must be at least rank 1 but is rank 0 for .* with input shapes: \[\], \[\]\.$"),
])
def test_top_k_refusals_while_tracing(k, shape, text):
    with pytest.raises(ValueError, match=text):
        traced(lambda x: tf.math.top_k(x, k), S(shape, f32)).get_concrete_function()


def test_top_k_gradient_goes_to_the_chosen_entries():
    x = tf.constant([[1.0, 3.0, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        values_, _ = tf.math.top_k(x, 2)
        loss = tf.reduce_sum(values_ * [[10.0, 1.0]])
    assert tape.gradient(loss, x).numpy().tolist() == [[0.0, 10.0, 1.0]]


# --- tf.repeat, tf.meshgrid, tf.linalg.band_part -----------------------------------------------
@pytest.mark.parametrize("fn, specs, args, shapes, want", [
    (lambda x: tf.repeat(x, 2, axis=0), [S([None, 2], f32)], [[[0.0, 1.0], [2.0, 3.0]]],
     [[None, 2]], [[[0.0, 1.0], [0.0, 1.0], [2.0, 3.0], [2.0, 3.0]]]),
    (lambda x: tf.repeat(x, 2), [S([None, 2], f32)], [[[0.0, 1.0]]], [[None]],
     [[0.0, 0.0, 1.0, 1.0]]),
    (lambda x, r: tf.repeat(x, r, axis=0), [S([None, 2], f32), S([None], i32)],
     [[[0.0, 1.0], [2.0, 3.0]], [1, 2]], [[None, 2]],
     [[[0.0, 1.0], [2.0, 3.0], [2.0, 3.0]]]),
    (lambda x, r: tf.repeat(x, r, axis=1), [S([2, None, 4], f32), S([], i32)],
     [np.ones([2, 1, 4], np.float32), 2], [[2, None, 4]], [np.ones([2, 2, 4]).tolist()]),
    (lambda x: tf.repeat(x, 2, axis=1), [S([2, 3, 4], f32)], [np.ones([2, 3, 4], np.float32)],
     [[2, 6, 4]], [np.ones([2, 6, 4]).tolist()]),
])
def test_repeat(fn, specs, args, shapes, want):
    assert static_shapes(fn, *specs) == shapes
    args = [tf.constant(a, dtype=s.dtype) for a, s in zip(args, specs)]
    assert values(fn, specs, *args) == want


def test_meshgrid_of_unknown_lengths():
    fn = traced(lambda a, b: tf.meshgrid(a, b), S([None], f32), S([None], f32))
    assert [t.shape.as_list() for t in fn.get_concrete_function().structured_outputs] == [
        [None, None], [None, None]]
    x, y = fn(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]))
    assert x.numpy().tolist() == [[1.0, 2.0]] * 3
    assert y.numpy().tolist() == [[3.0, 3.0], [4.0, 4.0], [5.0, 5.0]]
    assert static_shapes(lambda a, b, c: tf.meshgrid(a, b, c), S([None], f32), S([2], f32),
                         S([None], f32)) == [
        [2, None, None]] * 3
    assert static_shapes(lambda a, b: tf.meshgrid(a, b, indexing="ij"), S([None], f32),
                         S([4], f32)) == [[None, 4]] * 2


def test_band_part_with_unknown_dims_and_traced_counts():
    fn = traced(tf.linalg.band_part, S([None, None], f32), S([], i32), S([], i32))
    assert static_shapes(tf.linalg.band_part, S([None, None], f32), S([], i32),
                         S([], i32)) == [[None, None]]
    assert fn(tf.ones([3, 3]), tf.constant(1), tf.constant(0)).numpy().tolist() == [
        [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]
    assert fn.get_concrete_function().graph.get_operations()[-1].type == "MatrixBandPart"
    with pytest.raises(InvalidArgumentError, match=r"num_lower must be negative or less or "
                                                   r"equal to number of rows \(3\) got: 5"):
        fn(tf.ones([3, 3]), tf.constant(5), tf.constant(0))
    # TF's shape function keeps the input's shape, so a vector is refused only when it runs.
    assert static_shapes(lambda x: tf.linalg.band_part(x, 0, -1), S([None], f32)) == [[None]]


def test_band_part_eager_errors_are_tfs():
    with pytest.raises(InvalidArgumentError, match=r"input must be at least 2-dim, received "
                                                   r"shape: \[3\] \[Op:MatrixBandPart\]"):
        tf.linalg.band_part(tf.ones([3]), 0, -1)
    with pytest.raises(InvalidArgumentError, match=r"num_lower must be scalar, got shape \[1\]"):
        tf.linalg.band_part(tf.ones([3, 3]), [0], -1)
