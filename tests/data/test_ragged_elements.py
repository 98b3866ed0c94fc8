"""RaggedTensors in tf.data: ragged_batch / dense_to_ragged_batch, ragged components from
generators and tensors, batching them (values worked out by hand)."""

import pytest

import eagerbook as tf


def _rows(ragged):
    return ragged.to_list()


def test_ragged_batch_of_rows_of_different_lengths():
    ds = tf.data.Dataset.range(6).map(lambda x: tf.range(x))
    assert ds.element_spec.shape.as_list() == [None]
    batched = ds.ragged_batch(2)
    assert repr(batched.element_spec) == \
        "RaggedTensorSpec(TensorShape([None, None]), tf.int64, 1, tf.int64)"
    assert [_rows(b) for b in batched] == [[[], [0]], [[0, 1], [0, 1, 2]],
                                           [[0, 1, 2, 3], [0, 1, 2, 3, 4]]]
    assert repr(batched).startswith("<_BatchDataset element_spec=RaggedTensorSpec(")


def test_known_shapes_batch_densely():
    scalars = tf.data.Dataset.range(3).ragged_batch(2)
    assert [b.numpy().tolist() for b in scalars] == [[0, 1], [2]]
    rows = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).ragged_batch(
        2, drop_remainder=True)
    assert repr(rows.element_spec) == "TensorSpec(shape=(2, 2), dtype=tf.int32, name=None)"
    assert [b.numpy().tolist() for b in rows] == [[[1, 2], [3, 4]]]


def test_inner_dims_kept_and_tuples():
    ds = tf.data.Dataset.range(4).map(lambda x: tf.fill([x, 2], x)).ragged_batch(2)
    assert repr(ds.element_spec) == \
        "RaggedTensorSpec(TensorShape([None, None, 2]), tf.int64, 1, tf.int64)"
    assert [_rows(b) for b in ds] == [[[], [[1, 1]]], [[[2, 2], [2, 2]], [[3, 3]] * 3]]
    pairs = tf.data.Dataset.range(3).map(lambda x: (tf.range(x), x)).apply(
        tf.data.experimental.dense_to_ragged_batch(batch_size=3, row_splits_dtype=tf.int32))
    ragged, dense = next(iter(pairs))
    assert _rows(ragged) == [[], [0], [0, 1]] and dense.numpy().tolist() == [0, 1, 2]
    # eagerbook's RaggedTensors keep int64 row splits whatever row_splits_dtype asks
    assert ragged.row_splits.dtype == tf.int64


def test_ragged_batch_bad_size():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Batch size must be greater"):
        tf.data.Dataset.range(3).ragged_batch(0)


def test_generator_with_ragged_signature():
    def gen():
        yield 42, tf.ragged.constant([[1, 2], [3]])
        yield 7, [[4], [5, 6, 7]]

    ds = tf.data.Dataset.from_generator(gen, output_signature=(
        tf.TensorSpec(shape=(), dtype=tf.int32),
        tf.RaggedTensorSpec(shape=(2, None), dtype=tf.int32)))
    got = [(int(a), _rows(b)) for a, b in ds]
    assert got == [(42, [[1, 2], [3]]), (7, [[4], [5, 6, 7]])]

    def bad():
        yield 1, [[1], [2], [3]]  # three rows where the signature says two

    ds = tf.data.Dataset.from_generator(bad, output_signature=(
        tf.TensorSpec(shape=(), dtype=tf.int32),
        tf.RaggedTensorSpec(shape=(2, None), dtype=tf.int32)))
    with pytest.raises(tf.errors.InvalidArgumentError):
        list(ds)


def test_batching_ragged_elements_adds_a_ragged_dimension():
    ds = tf.data.Dataset.from_tensors(tf.ragged.constant([[1], [2, 3]])).repeat(2).batch(2)
    assert repr(ds.element_spec) == \
        "RaggedTensorSpec(TensorShape([None, 2, None]), tf.int32, 2, tf.int64)"
    assert [_rows(b) for b in ds] == [[[[1], [2, 3]], [[1], [2, 3]]]]
