"""Common tf.data mistakes get TF 2.21's error kind, words and moment: components of
different lengths in from_tensor_slices, a function taking fewer arguments than the tuple
elements it is given, padded_batch without padded_shapes over components of unknown rank."""

import numpy as np
import pytest

import eagerbook as tf

D = tf.data.Dataset


# --- from_tensor_slices: components whose first dimensions differ ---------------------------
MISMATCHED_SLICES = [
    ((np.ones(3), np.ones(4)), "Dimensions 3 and 4 are not compatible"),
    ({"a": np.ones(3), "b": np.ones(4)}, "Dimensions 3 and 4 are not compatible"),
    ((np.ones(3), (np.ones(3), np.ones(5))), "Dimensions 3 and 5 are not compatible"),
    ((np.ones((3, 2)), np.ones((4, 2))), "Dimensions 3 and 4 are not compatible"),
    ((np.ones(3), np.ones(3), np.ones(2)), "Dimensions 3 and 2 are not compatible"),
]


@pytest.mark.parametrize(("tensors", "message"), MISMATCHED_SLICES)
def test_from_tensor_slices_with_mismatched_lengths(tensors, message):
    with pytest.raises(ValueError) as info:
        D.from_tensor_slices(tensors)
    assert str(info.value) == message  # TF's words, nothing after them


# --- a one-argument function over (x, y) elements: "in user code", when the dataset is made --
TAKES_ONE = ("in user code:\n\n\n    TypeError: outer_factory.<locals>.inner_factory.<locals>"
             ".<lambda>() takes 1 positional argument but 2 were given\n")
TRANSFORMATIONS = [
    ("map", lambda ds, f: ds.map(f)),
    ("map_parallel", lambda ds, f: ds.map(f, num_parallel_calls=2)),
    ("filter", lambda ds, f: ds.filter(f)),
    ("flat_map", lambda ds, f: ds.flat_map(f)),
    ("interleave", lambda ds, f: ds.interleave(f)),
    ("interleave_parallel", lambda ds, f: ds.interleave(f, cycle_length=2,
                                                        num_parallel_calls=2)),
]


@pytest.mark.parametrize(("name", "transform"), TRANSFORMATIONS)
def test_function_taking_one_argument_for_a_pair(name, transform):
    pairs = D.from_tensor_slices((np.ones(3), np.ones(3)))
    with pytest.raises(TypeError) as info:  # raised by the transformation, not on iteration
        transform(pairs, lambda x: x * 2)
    assert str(info.value) == TAKES_ONE


def test_flat_map_still_runs_functions_that_only_fail_to_trace():
    # a dataset built from an element's values: no trace, but it runs element by element
    ds = D.from_tensor_slices(np.array([1, 2, 3], np.int64))
    out = ds.flat_map(lambda n: D.range(n))
    assert list(out.as_numpy_iterator()) == [0, 0, 1, 0, 1, 2]


# --- padded_batch without padded_shapes: every component's rank must be known --------------
def _ragged_lists():
    return iter([[1], [1, 2]])


UNKNOWN_RANKS = [
    (lambda: D.from_generator(_ragged_lists, output_types=tf.int32), 0),
    (lambda: D.from_generator(_ragged_lists, output_types=(tf.int32, tf.int32)), 0),
    (lambda: D.from_generator(lambda: iter([([1], 3)]), output_types=(tf.int32, tf.int32),
                              output_shapes=([None], None)), 1),
    (lambda: D.from_generator(lambda: iter([{"a": [1]}]), output_types={"a": tf.int32}), 0),
]


@pytest.mark.parametrize(("make", "component"), UNKNOWN_RANKS)
def test_padded_batch_needs_padded_shapes_for_unknown_ranks(make, component):
    with pytest.raises(ValueError) as info:
        make().padded_batch(2)
    assert str(info.value) == ("You must provide `padded_shapes` argument because component "
                               f"{component} has unknown rank.")


KNOWN_RANKS = [
    (lambda: D.from_generator(_ragged_lists, output_types=tf.int32).padded_batch(
        2, padded_shapes=[None]), [[1, 0], [1, 2]]),
    (lambda: D.from_generator(_ragged_lists, output_signature=tf.TensorSpec(
        [None], tf.int32)).padded_batch(2), [[1, 0], [1, 2]]),
    (lambda: D.from_generator(_ragged_lists, output_types=tf.int32).padded_batch(
        2, padded_shapes=[4]), [[1, 0, 0, 0], [1, 2, 0, 0]]),
]


@pytest.mark.parametrize(("make", "expected"), KNOWN_RANKS)
def test_padded_batch_pads_when_the_shapes_are_known(make, expected):
    (batch,) = list(make())
    assert batch.numpy().tolist() == expected
