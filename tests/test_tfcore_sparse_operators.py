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
