"""Dataset.rebatch with a list of sizes; padded_batch with one padding value for every
component or a tuple of them (TF's docstring cases)."""

import numpy as np
import pytest

import eagerbook as tf


def _lists(dataset):
    return [np.asarray(x).tolist() for x in dataset.as_numpy_iterator()]


def test_rebatch_cycles_through_a_list_of_sizes():
    ds = tf.data.Dataset.range(8).batch(4).rebatch([2, 1, 1])
    assert _lists(ds) == [[0, 1], [2], [3], [4, 5], [6], [7]]
    assert repr(ds.element_spec) == "TensorSpec(shape=(None,), dtype=tf.int64, name=None)"
    assert int(ds.cardinality()) == tf.data.UNKNOWN_CARDINALITY


def test_rebatch_list_drop_remainder():
    ds = tf.data.Dataset.range(8).batch(3).rebatch([2, 3], drop_remainder=True)
    assert _lists(ds) == [[0, 1], [2, 3, 4], [5, 6]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.data.Dataset.range(8).batch(3).rebatch([2, 0])


def test_one_padding_value_for_every_component():
    a = tf.data.Dataset.range(1, 5, output_type=tf.int32).map(lambda x: tf.fill([x], x))
    first, second = list(tf.data.Dataset.zip((a, a)).padded_batch(2, padding_values=-1)
                         .as_numpy_iterator())
    assert first[0].tolist() == first[1].tolist() == [[1, -1], [2, 2]]
    assert second[0].tolist() == [[3, 3, 3, -1], [4, 4, 4, 4]]


def test_a_tuple_of_padding_values_with_padded_shapes():
    elements = [([1, 2, 3], [10]), ([4, 5], [11, 12])]
    dataset = tf.data.Dataset.from_generator(lambda: iter(elements), (tf.int32, tf.int32))
    (left, right), = dataset.padded_batch(2, padded_shapes=([4], [None]),
                                          padding_values=(-1, 100)).as_numpy_iterator()
    assert left.tolist() == [[1, 2, 3, -1], [4, 5, -1, -1]]
    assert right.tolist() == [[10, 100], [11, 12]]


def test_padding_values_of_another_structure_fail_at_once():
    a = tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x], x))
    with pytest.raises(ValueError, match="same structure"):
        tf.data.Dataset.zip((a, a)).padded_batch(2, padding_values=(1, 2, 3))


ELEMENTS = [[0], [1, 2, 3, 4], [5, 6, 7], [7, 8, 9, 10, 11], [13, 14, 15, 16, 19, 20], [21, 22]]


def _bucketed(**options):
    dataset = tf.data.Dataset.from_generator(lambda: ELEMENTS, tf.int32, output_shapes=[None])
    return dataset.apply(tf.data.experimental.bucket_by_sequence_length(
        element_length_func=lambda elem: tf.shape(elem)[0], bucket_boundaries=[4, 7],
        bucket_batch_sizes=[2, 2, 2], padding_values=-1, **options))


def test_pad_to_bucket_boundary_pads_to_the_buckets_longest_length():
    assert _lists(_bucketed(pad_to_bucket_boundary=True)) == [
        [[0, -1, -1], [5, 6, 7]], [[1, 2, 3, 4, -1, -1], [7, 8, 9, 10, 11, -1]],
        [[21, 22, -1]], [[13, 14, 15, 16, 19, 20]]]
    assert len(_lists(_bucketed(pad_to_bucket_boundary=True, drop_remainder=True))) == 2


def test_pad_to_bucket_boundary_refuses_elements_past_the_last_boundary():
    dataset = tf.data.Dataset.from_generator(lambda: [list(range(9))], tf.int32,
                                             output_shapes=[None])
    dataset = dataset.apply(tf.data.experimental.bucket_by_sequence_length(
        lambda elem: tf.shape(elem)[0], [4, 7], [2, 2, 2], pad_to_bucket_boundary=True))
    with pytest.raises(tf.errors.InvalidArgumentError, match="max\\(bucket_boundaries\\)"):
        _lists(dataset)


def test_group_by_window_flushes_unfinished_windows_by_key():
    ds = tf.data.Dataset.from_tensor_slices(tf.constant([5, 3, 1, 4, 8, 2, 7, 6, 9], tf.int64))
    ds = ds.group_by_window(key_func=lambda x: x % 3, reduce_func=lambda k, w: w.batch(2),
                            window_size=2)
    assert _lists(ds) == [[1, 4], [5, 8], [3, 6], [9], [7], [2]]
