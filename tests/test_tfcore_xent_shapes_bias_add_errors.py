"""The cross-entropy functions' static shape checks and tf.nn.bias_add's errors in TF 2.21's
words (bias_add's Python-list inputs get no ' name: ', as in TF). Each expected outcome is what
TF printed for the same call."""

import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

sparse_xent = tf.nn.sparse_softmax_cross_entropy_with_logits
sigmoid_xent = tf.nn.sigmoid_cross_entropy_with_logits

CASES = [
    (lambda: sparse_xent(tf.constant(1), tf.constant(1.)),
     'ValueError',
     '`logits` cannot be a scalar. Received logits=1.0`'),
    (lambda: sparse_xent(tf.constant([[1]]), tf.constant([[1., 2.]])),
     'ValueError',
     '`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=(1, 1) of '
     'rank 2 and logits.shape=(1, 2) of rank 2'),
    (lambda: sparse_xent(tf.constant([1, 0]), tf.constant([[1., 2.]])),
     'ValueError',
     '`labels.shape` must equal `logits.shape` except for the last dimension. Received: '
     'labels.shape=(2,) and logits.shape=(1, 2)'),
    (lambda: sparse_xent(tf.constant([[1, 0]]), tf.constant([[[1., 2.]]])),
     'ValueError',
     '`labels.shape` must equal `logits.shape` except for the last dimension. Received: '
     'labels.shape=(1, 2) and logits.shape=(1, 1, 2)'),
    (lambda: sparse_xent(tf.constant([1]), tf.constant([[1., 2.]])),
     None,
     'tf.Tensor([0.31326166], shape=(1,), dtype=float32)'),
    (lambda: sigmoid_xent(tf.constant([1.]), tf.constant([0.5, 1.])),
     'ValueError',
     '`logits` and `labels` must have the same shape, received ((2,) vs (1,)).'),
    (lambda: sigmoid_xent(tf.ones([2, 1]), tf.ones([2])),
     'ValueError',
     '`logits` and `labels` must have the same shape, received ((2,) vs (2, 1)).'),
    (lambda: tf.nn.bias_add(tf.constant([[1., 2.]]), tf.constant([1., 1., 1.])),
     'InvalidArgumentError',
     '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Must provide as many biases as the last dimension of the input tensor: [3] vs. [1,2] '
     '[Op:BiasAdd] name: '),
    (lambda: tf.nn.bias_add(tf.constant([[[1., 2.]]]), tf.constant([1., 1., 1.]),
                            data_format="NCHW"),
     'InvalidArgumentError',
     '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Must provide as many biases as the last dimension of the input tensor: [3] vs. [1,1,2] '
     '[Op:BiasAdd] name: '),
    (lambda: tf.nn.bias_add([[1., 2.]], [1., 1., 1.]),
     'InvalidArgumentError',
     '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Must provide as many biases as the last dimension of the input tensor: [3] vs. [1,2] '
     '[Op:BiasAdd]'),
    (lambda: tf.nn.bias_add(tf.constant([[1., 2.]]), tf.constant([[1., 1.]])),
     'InvalidArgumentError',
     '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Biases must be 1D: [1,2] [Op:BiasAdd] name: '),
    (lambda: tf.nn.bias_add([[1., 2.]], [[1., 1.]]),
     'InvalidArgumentError',
     '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Biases must be 1D: [1,2] [Op:BiasAdd]'),
    (lambda: tf.nn.bias_add([[1., 2.]], [1., 1.]),
     None,
     'tf.Tensor([[2. 3.]], shape=(1, 2), dtype=float32)'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
