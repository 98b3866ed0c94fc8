"""tf.data behaviours the TF data guide relies on, found by running the guide's code under both
engines; expected values are TF 2.21's."""

import numpy as np
import pytest

import eagerbook as tf


def _sparse(indices, values, dense_shape):
    return tf.SparseTensor(indices=indices, values=values, dense_shape=dense_shape)


def test_a_sparse_tensor_is_one_dataset_component():
    dataset = tf.data.Dataset.from_tensors(_sparse([[0, 0], [1, 2]], [1, 2], [3, 4]))
    spec = dataset.element_spec
    assert repr(spec) == "SparseTensorSpec(TensorShape([3, 4]), tf.int32)"
    assert spec.value_type is tf.SparseTensor
    (element,) = list(dataset)
    np.testing.assert_array_equal(tf.sparse.to_dense(element).numpy(),
                                  [[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]])


def test_sparse_components_batch_into_one_sparse_tensor():
    # TF 2.21: indices [[0,0,0],[0,1,2],[1,2,5]], values [1,2,7], dense shape [2,3,6] (the
    # largest of each dimension); specs SparseTensorSpec([3, None]) -> ([None, 3, None]).
    first = tf.data.Dataset.from_tensors(_sparse([[0, 0], [1, 2]], [1, 2], [3, 4]))
    dataset = first.concatenate(tf.data.Dataset.from_tensors(_sparse([[2, 5]], [7], [3, 6])))
    assert repr(dataset.element_spec) == "SparseTensorSpec(TensorShape([3, None]), tf.int32)"
    batched = dataset.batch(2)
    assert repr(batched.element_spec) == \
        "SparseTensorSpec(TensorShape([None, 3, None]), tf.int32)"
    assert repr(dataset.repeat(3).batch(2, drop_remainder=True).element_spec) == \
        "SparseTensorSpec(TensorShape([2, 3, None]), tf.int32)"
    (batch,) = list(batched)
    assert batch.indices.numpy().tolist() == [[0, 0, 0], [0, 1, 2], [1, 2, 5]]
    assert batch.values.numpy().tolist() == [1, 2, 7]
    assert batch.dense_shape.numpy().tolist() == [2, 3, 6]


def test_batching_sparse_tensors_of_different_ranks_is_an_error():
    a = tf.data.Dataset.from_tensors(_sparse([[0, 0]], [1], [2, 2]))
    b = tf.data.Dataset.from_tensors(_sparse([[0, 0, 0]], [1], [2, 2, 2]))
    both = a.concatenate(b)
    assert repr(both.element_spec) == "SparseTensorSpec(TensorShape(None), tf.int32)"
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Inconsistent shape across SparseTensors: rank prior to "
                             r"SparseTensor\[1\] was: 2 but rank of SparseTensor\[1\] is: 3"):
        next(iter(both.batch(2)))


def test_padded_shapes_lists_are_shapes_inside_a_tuple():
    # The data guide: padded_batch(10, padded_shapes=([], [None])) on (int32, float32[None])
    def gen():
        for i in range(4):
            yield i, np.ones(i)

    dataset = tf.data.Dataset.from_generator(gen, output_types=(tf.int32, tf.float32),
                                             output_shapes=((), (None,)))
    ids, sequences = next(iter(dataset.padded_batch(4, padded_shapes=([], [None]))))
    assert ids.numpy().tolist() == [0, 1, 2, 3]
    np.testing.assert_array_equal(sequences.numpy(),
                                  [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]])
    padded = tf.data.Dataset.range(4).map(
        lambda x: {"n": x, "row": tf.fill([tf.cast(x, tf.int32)], x)}).padded_batch(
            4, padded_shapes={"n": [], "row": [5]})
    assert next(iter(padded))["row"].shape == (4, 5)
    with pytest.raises(ValueError, match="same structure"):
        dataset.padded_batch(2, padded_shapes=([], [None], [None]))
