"""Seeded Dataset.random and sample_from_datasets give TF's numbers: random draws one uint32
word of TF's Philox stream per element (it drew 62-bit NumPy numbers); sample_from_datasets
picks by stateless categorical draws over log(weights), seeded by pairs of those words, and
passes over picks of ended inputs (values printed by TF 2.21)."""

import pytest

import eagerbook as tf


def _values(ds):
    return [int(x) for x in ds.as_numpy_iterator()]


@pytest.fixture(autouse=True)
def _no_global_seed():
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


def test_random_with_an_op_seed():
    assert _values(tf.data.Dataset.random(seed=42).take(4)) == [
        2985944072, 4132877644, 929418493, 249609589]
    assert _values(tf.data.Dataset.random(seed=7).take(3)) == [
        1992159687, 3200305987, 237021325]


def test_random_rerandomized_each_iteration():
    ds = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(2)
    assert _values(ds) == [1905554911, 4215726141]
    assert _values(ds) == [1683472663, 2279948892]
    same = tf.data.Dataset.random(seed=4).take(2)
    assert _values(same) == _values(same)


def test_random_under_a_global_seed():
    tf.random.set_seed(1)
    assert _values(tf.data.Dataset.random().take(2)) == [362095362, 2708693949]
    assert _values(tf.data.Dataset.random().take(2)) == [2923514672, 188269990]


def test_sample_from_datasets_picks():
    a, b = tf.data.Dataset.range(0, 10), tf.data.Dataset.range(100, 110)
    assert _values(tf.data.Dataset.sample_from_datasets([a, b], seed=5).take(10)) == [
        0, 1, 2, 100, 101, 3, 102, 103, 4, 5]
    weighted = tf.data.Dataset.sample_from_datasets([a, b], weights=[0.3, 0.7], seed=9)
    assert _values(weighted.take(10)) == [0, 100, 101, 102, 103, 104, 105, 106, 1, 2]
    tf.random.set_seed(1)
    assert _values(tf.data.Dataset.sample_from_datasets([a, b]).take(10)) == [
        0, 100, 101, 1, 2, 3, 4, 102, 5, 6]


def test_sample_from_datasets_runs_every_input_to_its_end():
    short, long = tf.data.Dataset.range(2), tf.data.Dataset.range(10, 15)
    out = _values(tf.data.Dataset.sample_from_datasets([short, long], seed=3))
    assert out == [10, 11, 12, 0, 13, 14, 1]
    stopped = tf.data.Dataset.sample_from_datasets([short, long], seed=4,
                                                   stop_on_empty_dataset=True)
    assert _values(stopped) == [0, 10, 1]  # (the next pick was the ended input)
    with pytest.raises(TypeError, match=r"Invalid `weights`. `weights` type must be either "
                                        r"`tf.float32` or `tf.float64` but is "
                                        r"<dtype: 'int32'>."):
        tf.data.Dataset.sample_from_datasets([short, long], weights=[1, 2])


def test_sample_from_datasets_with_a_dataset_of_weights():
    a, b = tf.data.Dataset.range(0, 10), tf.data.Dataset.range(100, 110)
    changing = tf.data.Dataset.from_tensor_slices([[0.9, 0.1], [0.1, 0.9], [0.5, 0.5]]).repeat()
    assert _values(tf.data.Dataset.sample_from_datasets([a, b], weights=changing, seed=3)
                   .take(8)) == [0, 100, 101, 1, 102, 103, 2, 104]
    steady = tf.data.Dataset.from_tensors([0.2, 0.8]).repeat()
    assert _values(tf.data.Dataset.sample_from_datasets([a, b], weights=steady, seed=3)
                   .take(8)) == _values(tf.data.Dataset.sample_from_datasets(
                       [a, b], weights=[0.2, 0.8], seed=3).take(8))
    three = tf.data.Dataset.from_tensors([0.5, 0.5]).repeat(3)  # the picks end with it
    assert _values(tf.data.Dataset.sample_from_datasets([a, b], weights=three, seed=3)) == [
        100, 101, 102]
