"""A SparseTensor's Python operators are TF 2.21's: * and / with a dense or scalar operand,
and no +, - or unary - (tf.sparse.add adds two); each expectation is what TF printed."""

import pytest

import eagerbook as tf

ST = tf.sparse.SparseTensor(indices=[[0, 0]], values=[1.0], dense_shape=[2, 2])


@pytest.mark.parametrize("operation, message", [
    (lambda: ST + ST, "unsupported operand type(s) for +: 'SparseTensor' and 'SparseTensor'"),
    (lambda: ST + 1, "unsupported operand type(s) for +: 'SparseTensor' and 'int'"),
    (lambda: ST - ST, "unsupported operand type(s) for -: 'SparseTensor' and 'SparseTensor'"),
    (lambda: -ST, "bad operand type for unary -: 'SparseTensor'"),
    (lambda: abs(ST), "bad operand type for abs(): 'SparseTensor'"),
])
def test_operators_tf_does_not_define(operation, message):
    with pytest.raises(TypeError) as info:
        operation()
    assert str(info.value) == message


def test_scaling_and_adding_with_tf_sparse():
    assert tf.sparse.to_dense(ST * 2).numpy().tolist() == [[2.0, 0.0], [0.0, 0.0]]
    assert tf.sparse.to_dense(ST / 2).numpy().tolist() == [[0.5, 0.0], [0.0, 0.0]]
    assert tf.sparse.to_dense(tf.sparse.add(ST, ST)).numpy().tolist() == [[2.0, 0.0],
                                                                           [0.0, 0.0]]


@pytest.mark.parametrize("indices, dense_shape, argument, dtype", [
    (tf.constant([[0, 2]]), [3, 3], "indices", "int32"),
    ([[0, 2]], tf.constant([3, 3]), "dense_shape", "int32"),
    (tf.constant([[0.0, 2.0]]), [3, 3], "indices", "float32"),
])
def test_indices_and_shape_tensors_must_be_int64(indices, dense_shape, argument, dtype):
    # (the tensor slicing guide's tf.gather_nd indices are int32: TF refuses them here)
    with pytest.raises(ValueError) as info:
        tf.sparse.SparseTensor(indices=indices, values=[1], dense_shape=dense_shape)
    assert str(info.value).startswith(
        f"{argument}: Tensor conversion requested dtype int64 for Tensor with dtype {dtype}: "
        "<tf.Tensor: shape=")


def test_python_and_numpy_indices_convert():
    import numpy as np
    st = tf.sparse.SparseTensor(np.array([[0, 2]], np.int32), [1], np.array([3, 3], np.int32))
    assert st.indices.dtype == tf.int64 and st.dense_shape.dtype == tf.int64
    with pytest.raises(TypeError, match=r"^Cannot convert \[\[0.5\]\] to EagerTensor of dtype "
                                        r"int64$"):
        tf.sparse.SparseTensor([[0.5]], [1], [2])
