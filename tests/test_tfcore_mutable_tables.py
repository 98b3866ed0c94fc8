"""tf.lookup.experimental's MutableHashTable and DenseHashTable: insert, remove, lookup,
export, as TF's (and inside tf.function, where inserts run each call)."""

import numpy as np
import pytest

import eagerbook as tf


def test_mutable_hash_table_insert_lookup_remove_export():
    table = tf.lookup.experimental.MutableHashTable(key_dtype=tf.string, value_dtype=tf.int64,
                                                    default_value=-1)
    table.insert(tf.constant(["a", "b", "c"]), tf.constant([7, 8, 9], tf.int64))
    assert table.lookup(tf.constant(["a", "z"])).numpy().tolist() == [7, -1]
    table.remove(tf.constant(["c"]))
    assert table.lookup(tf.constant(["a", "b", "c"])).numpy().tolist() == [7, 8, -1]
    assert int(table.size()) == 2
    keys, values = table.export()
    assert sorted(keys.numpy().tolist()) == [b"a", b"b"] and values.dtype == tf.int64
    # the keys' shape carries over; a dynamic default stands in for missing keys
    assert table.lookup(tf.constant([["a"], ["z"]])).shape == (2, 1)
    np.testing.assert_array_equal(
        table.lookup(["b", "q"], dynamic_default_values=tf.constant([7, 8], tf.int64)).numpy(),
        [8, 8])


def test_mutable_hash_table_with_vector_values():
    table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, [0., 0.])
    table.insert([1, 2], [[1., 2.], [3., 4.]])
    np.testing.assert_array_equal(table.lookup([1, 3]).numpy(), [[1., 2.], [0., 0.]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Expected shape \[1, 2\] for "
                                                             r"value, got \[2\]"):
        table.insert([5], [1., 2.])


def test_mutable_table_checks_dtypes_as_tf():
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    with pytest.raises(ValueError, match="keys: Tensor conversion requested dtype string for "
                                         "Tensor with dtype int32"):
        table.insert(tf.constant([1]), tf.constant([1], tf.int64))
    with pytest.raises(ValueError, match="values: Tensor conversion requested dtype int64"):
        table.insert(tf.constant(["a"]), tf.constant([1]))


def test_inserts_inside_tf_function_run_each_call():
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)

    @tf.function
    def put_and_get(keys, values):
        table.insert(keys, values)
        return table.lookup(keys)
    assert put_and_get(tf.constant(["q"]), tf.constant([9], tf.int64)).numpy().tolist() == [9]
    assert put_and_get(tf.constant(["r"]), tf.constant([10], tf.int64)).numpy().tolist() == [10]
    assert table.lookup(tf.constant(["q", "r"])).numpy().tolist() == [9, 10]


def test_dense_hash_table_reserves_its_empty_and_deleted_keys():
    table = tf.lookup.experimental.DenseHashTable(key_dtype=tf.string, value_dtype=tf.int64,
                                                  default_value=-1, empty_key="",
                                                  deleted_key="$")
    table.insert(tf.constant(["a", "b", "c"]), tf.constant([0, 1, 2], tf.int64))
    table.remove(tf.constant(["c"]))
    assert table.lookup(tf.constant(["a", "b", "c", "d"])).numpy().tolist() == [0, 1, -1, -1]
    table.insert_or_assign(tf.constant(["a"]), tf.constant([5], tf.int64))
    table.erase(tf.constant(["b"]))
    assert table[tf.constant(["a", "b"])].numpy().tolist() == [5, -1]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Using the empty_key as a table key is not allowed"):
        table.insert(tf.constant([""]), tf.constant([1], tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Empty and deleted keys cannot be equal"):
        tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, empty_key=0,
                                              deleted_key=0)
