"""Errors of the sparse ops, tf.strings.reduce_join, adjust_contrast and the signal windows
in TF 2.21's eager form: the op's function frame, the kernel's words, ``[Op:Name]`` and the
`` name: `` after it. Each expected text is TF's for the same call."""

import pytest

import eagerbook as tf
from tests.eager_error_text import DEVICE

ST = tf.sparse.SparseTensor([[0, 0]], [1], [2, 2])


def _frame(wrapped):
    return f"{{{{function_node __wrapped__{wrapped}_device_{DEVICE}}}}} "


@pytest.mark.parametrize("call, kind, text", [
    (lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2])),
     tf.errors.InvalidArgumentError,
     _frame("SparseToDense") + "indices[1] = [0,0] is out of order. Many sparse ops require "
     "sorted indices.\n    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n "
     "[Op:SparseToDense] name: "),
    (lambda: tf.sparse.add(ST, tf.sparse.SparseTensor([[0, 0]], [1], [3, 3])),
     tf.errors.InvalidArgumentError,
     _frame("SparseAdd") + "Operands' shapes do not match: got 2 and 3 for dimension 0 "
     "[Op:SparseAdd] name: "),
    (lambda: tf.sparse.add(ST, tf.sparse.SparseTensor([[0, 0, 0]], [1], [3, 3, 3])),
     tf.errors.InvalidArgumentError,
     _frame("SparseAdd") + "Input indices must have the same dimension, got 2 and 3 "
     "[Op:SparseAdd] name: "),
    (lambda: tf.sparse.sparse_dense_matmul(ST, tf.ones([3, 1], tf.int32)),
     tf.errors.InvalidArgumentError,
     _frame("SparseTensorDenseMatMul") + "Cannot multiply A and B because inner dimension does "
     "not match: 2 vs. 3.  Did you forget a transpose?  Dimensions of A: [2, 2).  Dimensions "
     "of B: [3,1] [Op:SparseTensorDenseMatMul] name: "),
    (lambda: tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 2, 2]),
                                           tf.ones([2, 1], tf.int32)),
     tf.errors.InvalidArgumentError,
     _frame("SparseTensorDenseMatMul") + "Tensor 'a_shape' must have 2 elements "
     "[Op:SparseTensorDenseMatMul] name: "),
    (lambda: tf.sparse.sparse_dense_matmul(ST, tf.ones([3], tf.int32)),
     tf.errors.InvalidArgumentError,
     _frame("SparseTensorDenseMatMul") + "Tensor 'b' is not a matrix "
     "[Op:SparseTensorDenseMatMul] name: "),
    (lambda: tf.sparse.concat(0, [ST, tf.sparse.SparseTensor([[0, 0]], [1], [2, 3])]),
     tf.errors.InvalidArgumentError,
     _frame("SparseConcat_N_2") + "Input shapes must match: expected 2 for dimension 1 but got "
     "3 at position 1 [Op:SparseConcat] name: "),
    (lambda: tf.strings.reduce_join(["a", "b"], axis=3), tf.errors.OutOfRangeError,
     _frame("ReduceJoin") + "Invalid reduction dimension 3 for input with 1 dimension(s) "
     "[Op:ReduceJoin] name: "),
    (lambda: tf.image.adjust_contrast(tf.ones([2]), 2.0), tf.errors.InvalidArgumentError,
     _frame("AdjustContrastv2") + "input must be at least 3-D, got shape[2] "
     "[Op:AdjustContrastv2] name: "),
    (lambda: tf.signal.hann_window(-1), tf.errors.InvalidArgumentError,
     _frame("Range") + "Requires start <= limit when delta > 0: 0/-1 [Op:Range] name: "),
    (lambda: tf.signal.hamming_window(-3, periodic=False), tf.errors.InvalidArgumentError,
     _frame("Range") + "Requires start <= limit when delta > 0: 0/-3 [Op:Range] name: "),
    (lambda: tf.signal.kaiser_window(-1), tf.errors.InvalidArgumentError,
     _frame("Range") + "Requires start <= limit when delta > 0: 1/-0.9 [Op:Range] name: "),
    (lambda: tf.signal.kaiser_window(0), tf.errors.InvalidArgumentError,
     _frame("Range") + "Requires start <= limit when delta > 0: 0.5/-0.4 [Op:Range] name: "),
    (lambda: tf.signal.vorbis_window(-2), tf.errors.InvalidArgumentError,
     _frame("Range") + "Requires start <= limit when delta > 0: 0/-2 [Op:Range] name: "),
])
def test_errors_in_tfs_eager_form(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind
    assert str(info.value) == text


def test_empty_windows_stay_empty():
    assert tf.signal.hann_window(0).shape == [0]
    assert tf.signal.kaiser_window(1).numpy().tolist() == [1.0]
