"""Reductions, argmax/argmin and matmul refuse bad arguments as TF 2.21 does, in TF's order:
the axis is converted before the input's dtype is checked (each message printed by TF 2.21)."""

import numpy as np
import pytest

import eagerbook as tf

F = tf.constant([[1.0, 2.0, 3.5], [4.0, 5.0, 6.0]])
I = tf.constant([[1, 2, 4], [4, 5, 7]])
B = tf.constant([[True, False, True], [True, True, True]])
IAE = tf.errors.InvalidArgumentError
NOT_INT32 = "Cannot convert 1.0 to EagerTensor of dtype int32"

CASES = [
    (lambda: tf.reduce_sum(B, axis=1.0), TypeError, NOT_INT32),
    (lambda: tf.reduce_max(B, axis=1.0), TypeError, NOT_INT32),
    (lambda: tf.reduce_all(F), IAE, "cannot compute All as input #0(zero-based) was expected "
                                    "to be a bool tensor but is a float tensor"),
    (lambda: tf.reduce_any(I, axis=0), IAE, "cannot compute Any as input #0(zero-based) was "
                                            "expected to be a bool tensor but is a int32 tensor"),
    (lambda: tf.reduce_all(F, axis=[0]), ValueError, "Tensor conversion requested dtype bool for "
                                                     "Tensor with dtype float32: <tf.Tensor: "),
    (lambda: tf.reduce_all(F, axis=1.0), TypeError, NOT_INT32),
    (lambda: tf.math.reduce_variance(I), TypeError, "Input must be either real or complex. "
                                                    "Received integer type <dtype: 'int32'>."),
    (lambda: tf.math.reduce_std(I, axis=2), IAE, "Invalid reduction dimension (2 for input with "
                                                 "2 dimension(s)"),
    (lambda: tf.math.reduce_variance(B), IAE, "Value for attr 'T' of bool is not in the list"),
    (lambda: tf.reduce_logsumexp(F, axis=2), IAE, "[Op:Max]"),
    (lambda: tf.reduce_logsumexp(B, axis=2), IAE, "Value for attr 'T' of bool is not in the "
                                                  "list"),
    (lambda: tf.argmax(F, axis=[0, 1]), TypeError, "axis must be int or Tensor with integer "
                                                   "datatype"),
    (lambda: tf.argmax(F, axis=1.0), TypeError, "axis must be int or Tensor with integer "
                                                "datatype"),
    (lambda: tf.argmin(F, axis=1.0), TypeError, NOT_INT32),
    (lambda: tf.argmin(F, axis=[0, 1]), IAE, "dim must be a scalar, but received tensor of "
                                             "shape: [2]"),
    (lambda: tf.argmax(F, axis=tf.constant([0])), IAE, "dim must be a scalar, but received "
                                                       "tensor of shape: [1]"),
    (lambda: tf.argmax(tf.zeros([0, 3])), IAE, "Reduction axis 0 is empty in shape [0,3]"),
    (lambda: tf.matmul(tf.ones([3, 2]), tf.ones([3, 2]), transpose_a=True, adjoint_a=True),
     ValueError, "Only one of `transpose_a` and `adjoint_a` can be True. Received "
                 "`transpose_a`=True, `adjoint_a`=True."),
]


@pytest.mark.parametrize(("call", "error", "message"), CASES)
def test_refused_in_tfs_words(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_what_still_works():
    np.testing.assert_allclose(tf.math.reduce_variance(F, axis=1).numpy(),
                               np.var(F.numpy(), axis=1), rtol=1e-6)
    np.testing.assert_allclose(tf.reduce_logsumexp(F, axis=1).numpy(),
                               np.log(np.exp(F.numpy()).sum(axis=1)), rtol=1e-6)
    assert tf.argmax(F, axis=tf.constant(1)).numpy().tolist() == [2, 2]
    assert tf.reduce_all(B, axis=[0]).numpy().tolist() == [True, False, True]
    assert tf.matmul(tf.ones([3, 2]), tf.ones([3, 2]), adjoint_a=True).shape == (2, 2)
