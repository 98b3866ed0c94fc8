"""tf.data.experimental.DatasetInitializer, table_from_dataset, index_table_from_dataset."""

import pytest

import eagerbook as tf


def _pairs():
    keys = tf.data.Dataset.range(100)
    values = tf.data.Dataset.range(100).map(lambda x: tf.strings.as_string(x * 2))
    return tf.data.Dataset.zip((keys, values))


def test_dataset_initializer_fills_a_static_hash_table():
    init = tf.data.experimental.DatasetInitializer(_pairs())
    assert (init.key_dtype, init.value_dtype) == (tf.int64, tf.string)
    table = tf.lookup.StaticHashTable(init, "")
    assert table.lookup(tf.constant([0, 1, 2], dtype=tf.int64)).numpy().tolist() == [
        b"0", b"2", b"4"]


def test_table_from_dataset_default_and_vocab_size():
    table = tf.data.experimental.table_from_dataset(_pairs(), default_value="n/a",
                                                     key_dtype=tf.int64)
    assert table.lookup(tf.constant([0, 1, 200], dtype=tf.int64)).numpy().tolist() == [
        b"0", b"2", b"n/a"]
    assert int(table.size()) == 100
    small = tf.data.experimental.table_from_dataset(_pairs(), default_value="",
                                                     key_dtype=tf.int64, vocab_size=10)
    assert int(small.size()) == 10


def test_index_table_from_dataset_maps_elements_to_positions():
    words = tf.data.Dataset.range(100).map(lambda x: tf.strings.as_string(x * 2))
    table = tf.data.experimental.index_table_from_dataset(words, key_dtype=tf.int64)
    assert table.lookup(tf.constant(["0", "2", "4", "x"])).numpy().tolist() == [0, 1, 2, -1]


def test_bad_datasets_and_arguments():
    with pytest.raises(ValueError, match="`default_value` must be specified"):
        tf.data.experimental.table_from_dataset(_pairs())
    with pytest.raises(TypeError, match="has no len"):
        tf.data.experimental.DatasetInitializer(tf.data.Dataset.range(3))
    with pytest.raises(TypeError, match="`key_dtype` must be either an integer or string"):
        tf.data.experimental.table_from_dataset(_pairs(), default_value="",
                                                 key_dtype=tf.float32)
    three = tf.data.Dataset.zip((tf.data.Dataset.range(2),) * 3)
    with pytest.raises(ValueError, match="produces 3 components instead of two"):
        tf.data.experimental.DatasetInitializer(three)
