"""Datasets made inside a tf.function from tensors it computes (its arguments, values of the
trace), as TF 2.21 runs them (compared side by side): the dataset is part of the graph and
each call reads that call's values, in a ``for`` loop, ``reduce``, ``iter``/``next``,
``get_single_element`` and ``cardinality``; a function may return such a dataset."""

import pytest

import eagerbook as tf


def test_a_loop_and_reduce_read_each_calls_values():
    @tf.function
    def total(x):
        s = tf.constant(0.0)
        for e in tf.data.Dataset.from_tensor_slices(x):
            s += e
        return s

    assert total(tf.constant([1.0, 2.0, 3.0])).numpy() == 6.0
    assert total(tf.constant([4.0, 5.0, 6.0])).numpy() == 15.0

    @tf.function
    def pipeline(n):
        ds = tf.data.Dataset.range(n).map(lambda i: i * 2).batch(2)
        return ds.reduce(tf.constant(0, tf.int64), lambda s, b: s + tf.reduce_sum(b))

    assert pipeline(tf.constant(5, tf.int64)).numpy() == 20
    assert pipeline(tf.constant(3, tf.int64)).numpy() == 6
    assert pipeline.experimental_get_tracing_count() == 1


def test_structures_zip_concatenate_and_symbolic_counts():
    @tf.function
    def f(x, y):
        ds = tf.data.Dataset.zip((tf.data.Dataset.from_tensor_slices(x),
                                  tf.data.Dataset.from_tensor_slices({"b": y})))
        ds = ds.map(lambda p, q: p * q["b"]).concatenate(
            tf.data.Dataset.from_tensor_slices([10.0]))
        return ds.reduce(0.0, lambda s, e: s + e)

    assert f(tf.constant([1.0, 2.0]), tf.constant([4.0, 5.0])).numpy() == 24.0

    @tf.function
    def g(n):
        ds = tf.data.Dataset.range(100).take(n).batch(n // 2)
        return ds.reduce(tf.constant(0, tf.int64), lambda s, b: s + b[-1])

    assert g(tf.constant(6, tf.int64)).numpy() == 2 + 5


def test_iterators_single_elements_and_cardinality():
    @tf.function
    def first_two(x):
        it = iter(tf.data.Dataset.from_tensor_slices(x))
        return it.get_next() + next(it)

    assert first_two(tf.constant([1.0, 2.0, 3.0])).numpy() == 3.0

    @tf.function
    def single(x):
        return tf.data.Dataset.from_tensors(x).get_single_element()

    assert single(tf.constant(3)).numpy() == 3

    @tf.function
    def count(x):
        return (tf.data.Dataset.from_tensor_slices(x).cardinality(),
                tf.data.Dataset.from_tensor_slices(x).filter(lambda e: e > 1).cardinality())

    assert [c.numpy() for c in count(tf.constant([1, 2, 3, 4]))] == [4, -2]
    assert [c.numpy() for c in count(tf.constant([1]))] == [1, -2]


def test_a_dataset_with_more_than_one_element_fails_when_the_function_runs():
    @tf.function
    def single(x):
        return tf.data.Dataset.from_tensor_slices(x).get_single_element()

    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Dataset had more than one "
                       r"element\.\n\t \[\[\{\{node DatasetToSingleElement\}\}\]\]"):
        single(tf.constant([1, 2]))


def test_a_function_may_return_its_dataset():
    @tf.function
    def make(n):
        return tf.data.Dataset.range(n)

    ds = make(tf.constant(3, tf.int64))
    assert repr(ds) == ("<_VariantDataset element_spec=TensorSpec(shape=(), "
                        "dtype=tf.int64, name=None)>")
    assert list(ds.as_numpy_iterator()) == [0, 1, 2]
    assert list(make(tf.constant(4, tf.int64)).as_numpy_iterator()) == [0, 1, 2, 3]

    @tf.function
    def plus_one(ds):
        return ds.map(lambda x: x + 1)

    assert list(plus_one(tf.data.Dataset.range(3)).as_numpy_iterator()) == [1, 2, 3]


def test_bad_arguments_fail_while_tracing_naming_the_placeholder():
    @tf.function
    def make(n):
        return tf.data.Dataset.range(n)

    with pytest.raises(ValueError, match=r"stop: Tensor conversion requested dtype int64 for "
                       r"Tensor with dtype int32: <tf.Tensor 'n:0' shape=\(\) dtype=int32>"):
        make(tf.constant(3))


def test_a_map_inside_interleave_may_return_the_same_dataset_for_every_element():
    def parse_fn(filename):
        return tf.data.Dataset.range(10)

    dataset = tf.data.Dataset.from_tensor_slices(["a.txt", "b.txt"]).interleave(
        lambda x: tf.data.TextLineDataset(x).map(parse_fn, num_parallel_calls=1),
        cycle_length=4, block_length=16)
    spec = tf.data.DatasetSpec(tf.TensorSpec([], tf.int64))
    assert dataset.element_spec == spec
    nested = tf.data.Dataset.range(2).flat_map(
        lambda x: tf.data.Dataset.from_tensors(x).map(parse_fn))
    assert nested.element_spec == spec
    assert [len(list(d)) for d in nested] == [10, 10]
