"""Cardinality of sample_from_datasets/choose_from_datasets as TF counts it, and len()."""

import pytest

import eagerbook as tf

R = tf.data.Dataset.range
INFINITE, UNKNOWN = int(tf.data.INFINITE_CARDINALITY), int(tf.data.UNKNOWN_CARDINALITY)


@pytest.mark.parametrize("datasets, expected", [
    (lambda: [R(3), R(5)], UNKNOWN),
    (lambda: [R(3).repeat(), R(5).repeat()], INFINITE),
    (lambda: [R(3), R(5).repeat()], INFINITE),
    (lambda: [R(3).repeat(), R(5).filter(lambda x: x > 1)], INFINITE),
])
def test_sample_from_datasets_is_infinite_when_any_input_is(datasets, expected):
    sampled = tf.data.Dataset.sample_from_datasets(datasets(), seed=1)
    assert int(sampled.cardinality()) == expected
    stopping = tf.data.Dataset.sample_from_datasets(datasets(), stop_on_empty_dataset=True)
    assert int(stopping.cardinality()) == expected


def test_a_balanced_infinite_sample_can_be_taken_and_counted():
    balanced = tf.data.Dataset.sample_from_datasets(
        [R(1).repeat(), R(1, 2).repeat()], [0.5, 0.5], seed=1)
    assert int(balanced.take(10).cardinality()) == 10


def test_choose_from_datasets_ignores_the_choices_count():
    finite_choices = R(2).repeat(3)
    assert int(tf.data.Dataset.choose_from_datasets(
        [R(3), R(5)], finite_choices).cardinality()) == UNKNOWN
    assert int(tf.data.Dataset.choose_from_datasets(
        [R(3).repeat(), R(5).repeat()], finite_choices).cardinality()) == INFINITE


def test_dunder_len_is_the_cardinality_tensor():
    batched = R(7).batch(2)
    length = batched.__len__()
    assert isinstance(length, tf.Tensor) and length.dtype == tf.int64 and int(length) == 4
    assert len(batched) == 4
    with pytest.raises(TypeError, match="The dataset is infinite."):
        len(R(7).repeat())
    with pytest.raises(TypeError, match="The dataset length is unknown."):
        len(R(7).filter(lambda x: x > 2))


def test_counter_is_a_dataset_factory():
    assert list(tf.data.Dataset.counter(start=2, step=3).take(4).as_numpy_iterator()) == \
        [2, 5, 8, 11]
    counted = tf.data.Dataset.counter(3, 2, tf.int32)
    assert counted.element_spec == tf.TensorSpec((), tf.int32)
    assert int(counted.cardinality()) == INFINITE


def test_unbatching_scalars_fails_when_the_pipeline_is_built():
    with pytest.raises(ValueError, match="^Cannot unbatch an input with scalar components.$"):
        R(5).unbatch()
    with pytest.raises(ValueError, match=r"^Invalid `batch_sizes`. Expected dataset with rank "
                                         r"of >= 1 but found a dataset with scalar elements"):
        R(5).rebatch(2)
    with pytest.raises(ValueError, match="^Unbatching a tensor is only supported for rank >= 1$"):
        R(5).rebatch([2, 1])
    with pytest.raises(ValueError, match="^Slicing dataset elements is not supported for "
                                         "rank 0.$"):
        R(4).window(2).unbatch()  # (flat_map is the way to flatten windows)
    assert list(R(6).batch(2).rebatch(3).as_numpy_iterator())[0].tolist() == [0, 1, 2]


def test_iterators_print_as_tf_prints_them():
    iterator = iter(R(3))
    assert repr(iterator).startswith("<eagerbook.data.iterator.OwnedIterator object at 0x")
    numpy_iterator = R(3).as_numpy_iterator()
    assert repr(numpy_iterator).startswith(
        "NumpyIterator(iterator=<eagerbook.data.iterator.OwnedIterator object at 0x")
    assert type(numpy_iterator).__name__ == "NumpyIterator"
    assert list(numpy_iterator) == [0, 1, 2]
