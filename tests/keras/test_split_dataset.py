"""tf.keras.utils.split_dataset (Keras 2.10+): arrays, tuples of arrays and datasets."""

import numpy as np
import pytest

import eagerbook as tf

X = np.arange(20).reshape(10, 2).astype("float32")
Y = np.arange(10)


def test_fractions_of_an_array():
    left, right = tf.keras.utils.split_dataset(np.random.random(size=(1000, 4)), left_size=0.8)
    assert (int(left.cardinality()), int(right.cardinality())) == (800, 200)
    assert repr(left.element_spec) == "TensorSpec(shape=(4,), dtype=tf.float64, name=None)"


@pytest.mark.parametrize("data", [(X, Y), [X, Y]])
def test_tuples_and_lists_of_arrays_give_tuples(data):
    left, right = tf.keras.utils.split_dataset(data, right_size=3)
    assert [int(e[1]) for e in right.as_numpy_iterator()] == [7, 8, 9]
    assert int(left.cardinality()) == 7
    assert isinstance(left.element_spec, tuple)


def test_a_batched_dataset_gives_batched_parts():
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3)
    left, right = tf.keras.utils.split_dataset(ds, left_size=0.5)
    assert [b[1].tolist() for b in right.as_numpy_iterator()] == [[5, 6, 7], [8, 9]]
    assert repr(left.element_spec[0]) == "TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)"


def test_shuffle_with_a_seed_is_repeatable_and_keeps_every_sample():
    a, b = tf.keras.utils.split_dataset(Y, left_size=6, shuffle=True, seed=3)
    c, _ = tf.keras.utils.split_dataset(Y, left_size=6, shuffle=True, seed=3)
    firsts = [int(v) for v in a.as_numpy_iterator()]
    assert firsts == [int(v) for v in c.as_numpy_iterator()]
    assert sorted(firsts + [int(v) for v in b.as_numpy_iterator()]) == list(range(10))


@pytest.mark.parametrize("kwargs, kind, text", [
    ({}, ValueError, "At least one of the `left_size` or `right_size`"),
    ({"left_size": 1.5}, ValueError, "Received: left_size=1.5"),
    ({"left_size": 0.6, "right_size": 0.6}, ValueError, "greater than 1"),
    ({"left_size": 10}, ValueError, "positive integer smaller than 10"),
    ({"left_size": "a"}, TypeError, "Invalid `left_size` Type")])
def test_bad_sizes(kwargs, kind, text):
    with pytest.raises(kind, match=text):
        tf.keras.utils.split_dataset(X, **kwargs)
