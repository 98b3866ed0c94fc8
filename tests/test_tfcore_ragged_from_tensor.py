"""tf.RaggedTensor.from_tensor with nested lengths and with ragged_rank > 1 (TF 2.21's
results)."""

import pytest

import eagerbook as tf

DT = [[[5, 0], [7, 0], [0, 0]], [[0, 0], [3, 0], [0, 0]], [[6, 0], [0, 0], [0, 0]]]


def test_nested_lengths_docstring_case():
    rt = tf.RaggedTensor.from_tensor(tf.constant(DT), lengths=([2, 0, 3], [1, 1, 2, 0, 1]))
    assert rt.to_list() == [[[5], [7]], [], [[6, 0], [], [0]]]
    assert rt.ragged_rank == 2


def test_deeper_ragged_rank_makes_outer_levels_uniform():
    padded = tf.RaggedTensor.from_tensor(tf.constant(DT), padding=0, ragged_rank=2)
    assert padded.to_list() == [[[5], [7], []], [[], [3], []], [[6], [], []]]
    cut = tf.RaggedTensor.from_tensor(tf.ones([2, 3, 2]), lengths=[1, 2, 0, 2, 1, 1],
                                      ragged_rank=2)
    assert cut.to_list() == [[[1.0], [1.0, 1.0], []], [[1.0, 1.0], [1.0], [1.0]]]
    whole = tf.RaggedTensor.from_tensor(tf.ones([2, 3, 2]), ragged_rank=2)
    assert whole.ragged_rank == 2 and whole.to_list() == [[[1.0, 1.0]] * 3] * 2


def test_argument_errors():
    with pytest.raises(ValueError, match="but not both"):
        tf.RaggedTensor.from_tensor(tf.ones([2, 3]), lengths=[1, 2], padding=0.)
    with pytest.raises(ValueError, match="ragged_rank"):
        tf.RaggedTensor.from_tensor(tf.ones([2, 3, 1, 1]), lengths=([1, 2], [1, 0, 1]),
                                    ragged_rank=3)


def test_from_sparse_requires_right_ragged_rows():
    assert tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor(
        [[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 4])).to_list() == [[1, 2], [], [3]]
    assert tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor(
        [[1, 0], [0, 0]], [1, 2], [3, 4])).to_list() == [[1], [2], []]  # TF's result too
    with pytest.raises(tf.errors.InvalidArgumentError, match="not right-ragged"):
        tf.RaggedTensor.from_sparse(tf.sparse.from_dense([[1, 0], [0, 2]]))
