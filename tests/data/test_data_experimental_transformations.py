"""The tf.data.experimental spellings older tutorials use, and Dataset.sparse_batch."""
import pytest

import eagerbook as tf

E = tf.data.experimental


def _list(ds):
    return [v.tolist() if hasattr(v, "tolist") else v for v in ds.as_numpy_iterator()]


def test_transformations_that_name_dataset_methods():
    ds = tf.data.Dataset.range(10)
    assert _list(ds.apply(E.take_while(lambda x: x < 4))) == [0, 1, 2, 3]
    assert _list(ds.batch(4).apply(E.unbatch()).take(5)) == [0, 1, 2, 3, 4]
    assert _list(ds.take(2).apply(E.enumerate_dataset(5))) == [(5, 0), (6, 1)]
    assert _list(ds.apply(E.map_and_batch(lambda x: x * 2, batch_size=4))) == \
        [[0, 2, 4, 6], [8, 10, 12, 14], [16, 18]]
    pairs = tf.data.Dataset.range(2).apply(E.parallel_interleave(
        lambda x: tf.data.Dataset.from_tensors(x).repeat(2), cycle_length=2))
    assert _list(pairs) == [0, 1, 0, 1]
    checked = tf.data.Dataset.from_tensor_slices([1.0, 0.0, 2.0]).map(
        lambda x: tf.debugging.check_numerics(1.0 / x, "x")).apply(E.ignore_errors())
    assert _list(checked) == [1.0, 0.5]
    with pytest.raises(ValueError, match="only one of `num_parallel_batches`"):
        E.map_and_batch(lambda x: x, 2, num_parallel_batches=1, num_parallel_calls=1)


def test_at_and_pad_to_cardinality():
    assert int(E.at(tf.data.Dataset.range(5), 2)) == 2
    with pytest.raises(tf.errors.OutOfRangeError, match=r"Index out of range \[0, 5\):7"):
        E.at(tf.data.Dataset.range(5), 7)
    padded = E.pad_to_cardinality(3)(tf.data.Dataset.from_tensor_slices({"a": [1, 2]}))
    assert sorted(padded.element_spec) == ["a", "valid"]
    rows = [(int(e["a"]), bool(e["valid"])) for e in padded]
    assert rows == [(1, True), (2, True), (0, False)]
    with pytest.raises(ValueError, match="less than the target cardinality \\(1\\), but has "
                                         "cardinality 2"):
        E.pad_to_cardinality(1)(tf.data.Dataset.from_tensor_slices({"a": [1, 2]}))


def test_group_by_reducer_in_first_appearance_order_of_keys():
    ds = tf.data.Dataset.from_tensor_slices([3, 1, 4, 1, 5, 9, 2, 6])
    total = E.Reducer(init_func=lambda _: tf.constant(0, tf.int32),
                      reduce_func=lambda s, x: s + x, finalize_func=lambda s: s)
    sums = ds.apply(E.group_by_reducer(lambda x: tf.cast(x % 3, tf.int64), total))
    assert _list(sums) == [18, 6, 7]
    count = E.Reducer(init_func=lambda k: (k, tf.constant(0, tf.int64)),
                      reduce_func=lambda s, x: (s[0], s[1] + 1),
                      finalize_func=lambda k, n: {"key": k, "count": n})
    counted = tf.data.Dataset.range(7).apply(E.group_by_reducer(lambda x: x % 2, count))
    assert [(int(d["key"]), int(d["count"])) for d in counted] == [(0, 4), (1, 3)]


def test_sparse_batch_lists_every_entry_of_each_row():
    rows = tf.data.Dataset.from_tensor_slices([[1, 0], [0, 2], [3, 0]])
    first, last = list(rows.apply(E.dense_to_sparse_batch(2, [3])))
    assert first.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert first.values.numpy().tolist() == [1, 0, 0, 2]
    assert first.dense_shape.numpy().tolist() == [2, 3]
    assert last.dense_shape.numpy().tolist() == [1, 3]
    ranges = tf.data.Dataset.range(1, 4).map(tf.range).sparse_batch(2, [5])
    assert repr(ranges.element_spec) == "SparseTensorSpec(TensorShape([None, 5]), tf.int64)"
    assert int(ranges.cardinality()) == 2
    assert [s.indices.numpy().tolist() for s in ranges] == [[[0, 0], [1, 0], [1, 1]],
                                                            [[0, 0], [0, 1], [0, 2]]]
    with pytest.raises(tf.errors.DataLossError):
        list(tf.data.Dataset.range(1, 4).map(tf.range).sparse_batch(2, [1]))


def test_names_and_enums():
    assert E.SHARD_HINT == -1
    assert str(E.ExternalStatePolicy.WARN) == "ExternalStatePolicy.WARN"
    assert str(E.AutotuneAlgorithm.DEFAULT) == "AutotuneAlgorithm.DEFAULT"
    assert E.RandomDataset(seed=4).element_spec == tf.TensorSpec([], tf.int64)
    it = iter(tf.data.Dataset.range(1))
    assert int(E.get_next_as_optional(it).get_value()) == 0
    assert E.enable_debug_mode() is None
