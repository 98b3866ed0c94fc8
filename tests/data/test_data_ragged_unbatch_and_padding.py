"""unbatch() of ragged (and sparse) components, and padded_batch() of string scalars."""
import numpy as np

import eagerbook as tf


def test_unbatch_of_a_ragged_batch_gives_back_the_rows():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    batched = tf.data.Dataset.from_tensor_slices(digits).batch(2)
    unbatched = batched.unbatch()
    # one ragged dimension less: rows of a ragged_rank-1 batch are dense tensors
    assert repr(unbatched.element_spec) == \
        "RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)"
    rows = [t.numpy().tolist() for t in unbatched]
    assert rows == [[3, 1, 4, 1], [], [5, 9, 2], [6], []]


def test_unbatch_of_a_tuple_with_a_ragged_and_a_dense_component():
    ds = tf.data.Dataset.from_tensor_slices(
        (tf.ragged.constant([[1], [2, 3], [4, 5, 6]]), [10, 20, 30])).batch(3).unbatch()
    got = [(r.numpy().tolist(), int(d)) for r, d in ds]
    assert got == [([1], 10), ([2, 3], 20), ([4, 5, 6], 30)]


def test_unbatch_of_sparse_batches():
    sparse = tf.data.Dataset.from_tensor_slices([[1, 0], [0, 2], [3, 0]]).map(
        tf.sparse.from_dense).batch(2)
    rows = [tf.sparse.to_dense(s).numpy().tolist() for s in sparse.unbatch()]
    assert rows == [[1, 0], [0, 2], [3, 0]]


def test_padded_batch_of_string_scalars_holds_the_strings():
    ds = tf.data.Dataset.from_tensor_slices(([1, 2], ["a", "bb"])).padded_batch(2)
    _, words = next(iter(ds))
    assert words.numpy().tolist() == [b"a", b"bb"]
    assert "array(b'a'" not in repr(words)
    padded = tf.data.Dataset.from_tensor_slices(([1, 2], ["a", "bb"])).map(
        lambda n, s: (tf.fill([n], s), s)).padded_batch(2, padding_values=("<pad>", "?"))
    filled, _ = next(iter(padded))
    assert filled.numpy().tolist() == [[b"a", b"<pad>"], [b"bb", b"bb"]]
    assert np.asarray(filled.numpy()).dtype == object
