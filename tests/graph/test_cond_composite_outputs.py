"""tf.cond inside tf.function returns composite values whole, as TF 2.21 does (printed side by
side): an ExtensionType, a RaggedTensor (next to a plain number) and a SparseTensor leave the
branches as their component tensors and come back as their own kind (they were refused as
values that do not convert to a Tensor)."""

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


@tf.function(autograph=False)
def _masked(x, b):
    return tf.cond(b, lambda: MaskedTensor(x, tf.less(x, 0)),
                   lambda: MaskedTensor(x, tf.greater(x, 0)))


def test_an_extension_type_comes_out_of_either_branch():
    x = tf.constant([1.0, -2.0, 3.0])
    out = _masked(x, tf.constant(True))
    assert isinstance(out, MaskedTensor)
    assert out.values.numpy().tolist() == [1.0, -2.0, 3.0]
    assert out.mask.numpy().tolist() == [False, True, False]
    assert _masked(x, tf.constant(False)).mask.numpy().tolist() == [True, False, True]


def test_a_ragged_tensor_beside_a_python_number():
    fn = tf.function(lambda b: tf.cond(b, lambda: (tf.ragged.constant([[1], [2, 3]]), 1),
                                       lambda: (tf.ragged.constant([[4, 5, 6], []]), 2)))
    ragged, number = fn(tf.constant(False))
    assert isinstance(ragged, tf.RaggedTensor) and ragged.to_list() == [[4, 5, 6], []]
    assert number.numpy() == 2
    assert fn(tf.constant(True))[0].to_list() == [[1], [2, 3]]


def test_a_sparse_tensor():
    fn = tf.function(lambda b: tf.cond(b, lambda: tf.sparse.from_dense([[1, 0], [0, 2]]),
                                       lambda: tf.sparse.from_dense([[0, 3], [4, 0]])))
    out = fn(tf.constant(True))
    assert isinstance(out, tf.SparseTensor)
    assert out.indices.numpy().tolist() == [[0, 0], [1, 1]]
    assert out.values.numpy().tolist() == [1, 2]
    assert tf.sparse.to_dense(fn(tf.constant(False))).numpy().tolist() == [[0, 3], [4, 0]]
