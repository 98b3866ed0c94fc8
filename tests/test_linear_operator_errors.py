"""tf.linalg.LinearOperator: TF's errors for inconsistent hints and shapes."""

import pytest

import eagerbook as tf


def test_hints_that_contradict_each_other():
    with pytest.raises(ValueError, match="A positive definite matrix is always non-singular"):
        tf.linalg.LinearOperatorFullMatrix([[1.]], is_positive_definite=True,
                                           is_non_singular=False)
    with pytest.raises(ValueError, match="A self-adjoint matrix is always square"):
        tf.linalg.LinearOperatorFullMatrix([[1., 2.]], is_self_adjoint=True, is_square=False)


def test_singular_operators_refuse_solve_and_inverse():
    op = tf.linalg.LinearOperatorFullMatrix([[1., 0.], [0., 0.]], is_non_singular=False)
    with pytest.raises(NotImplementedError, match="singular"):
        op.solve([[1.], [1.]])  # "Exact solve not implemented for an operator that is ..."
    with pytest.raises(ValueError, match="singular matrix"):
        op.inverse()


def test_non_square_operators_have_no_determinant():
    op = tf.linalg.LinearOperatorFullMatrix([[1., 2., 3.]])
    assert op.is_square is False
    with pytest.raises(NotImplementedError, match="Determinant not implemented for an "
                                                  "operator that is expected to not be square"):
        op.determinant()


def test_block_lower_triangular_rows_must_grow_by_one():
    a = tf.linalg.LinearOperatorFullMatrix([[1.]])
    with pytest.raises(ValueError, match=r"`operators\[1\]` must contain `2` blocks"):
        tf.linalg.LinearOperatorBlockLowerTriangular([[a], [a]])


def test_tridiag_format_must_be_known():
    with pytest.raises(ValueError, match="`diagonals_format` must be one of compact, matrix, or "
                                         "sequence. Received : banded."):
        tf.linalg.LinearOperatorTridiag([[1.]], diagonals_format="banded")


@pytest.mark.parametrize("cls, message", [
    (tf.linalg.LinearOperatorComposition, "Expected a non-empty list of operators. Found: []"),
    (tf.linalg.LinearOperatorBlockDiag, "Expected a non-empty list of operators. Found: []"),
    (tf.linalg.LinearOperatorKronecker,
     "Argument `operators` must be a list of >=1 operators. Received: []."),
])
def test_operators_of_operators_need_at_least_one(cls, message):
    # TF words the error differently for Kronecker than for the other two.
    with pytest.raises(ValueError) as caught:
        cls([])
    assert str(caught.value) == message


def test_operators_of_operators_join_names_and_broadcast_batches():
    a = tf.linalg.LinearOperatorFullMatrix([[[1., 2.], [3., 4.]]] * 3, name="A")
    b = tf.linalg.LinearOperatorDiag([5., 6.], name="B")
    assert tf.linalg.LinearOperatorComposition([a, b]).name == "A_o_B"
    assert tf.linalg.LinearOperatorBlockDiag([a, b]).name == "A_ds_B"
    assert tf.linalg.LinearOperatorKronecker([a, b]).name == "A_x_B"
    assert tf.linalg.LinearOperatorComposition([a, b]).shape.as_list() == [3, 2, 2]
    assert tf.linalg.LinearOperatorBlockDiag([a, b]).shape.as_list() == [3, 4, 4]
    assert tf.linalg.LinearOperatorKronecker([a, b]).shape.as_list() == [3, 4, 4]
