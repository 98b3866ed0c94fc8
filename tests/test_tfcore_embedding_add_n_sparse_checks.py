"""A sharded embedding_lookup's id past the table fails in DynamicPartition as TF's does; add_n
converts each input on its own (add_n([1, 2.0]) is TF's AddN dtype error); the sparse
reductions, reset_shape, reshape and mask check as TF does. Each expected outcome is what
TF 2.21 printed for the same call."""

import numpy as np
import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome


def st():
    return tf.sparse.SparseTensor([[0, 0], [1, 2]], [1, 2], [3, 4])


CASES = [
    (lambda: tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [1, 0, 5]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/replica:0/task:'
     '0/device:CPU:0}} partitions[2] = 2 is not in [0, 2) [Op:DynamicPartition] name: '),
    (lambda: tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [1, 0, -1]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/replica:0/task:'
     '0/device:CPU:0}} partitions[2] = -1 is not in [0, 2) [Op:DynamicPartition] name: '),
    (lambda: tf.nn.embedding_lookup([tf.ones([3, 2]), tf.zeros([2, 2])], [0, 4, 3]),
     None,
     'tf.Tensor(\n[[1. 1.]\n [0. 0.]\n [0. 0.]], shape=(3, 2), dtype=float32)'),
    (lambda: tf.nn.embedding_lookup([tf.ones([3, 2]), tf.zeros([2, 2])], [7, 0, 9]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/replica:0/task:'
     '0/device:CPU:0}} partitions[0] = 3 is not in [0, 2) [Op:DynamicPartition] name: '),
    (lambda: tf.nn.embedding_lookup(tf.ones([3, 2]), [0, 5]),
     'InvalidArgumentError',
     '{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'indices[1] = 5 is not in [0, 3) [Op:GatherV2] name: '),
    (lambda: tf.math.add_n([1, 2.0]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a int32 tensor but is a '
     'float tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([tf.constant(1.0), 2]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a float tensor but is a '
     'int32 tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([tf.constant(1.0), 2.5]),
     None,
     'tf.Tensor(3.5, shape=(), dtype=float32)'),
    (lambda: tf.math.add_n([[1, 2], [3.5, 4]]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a int32 tensor but is a '
     'float tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([tf.constant(1, tf.int64), 2]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a int64 tensor but is a '
     'int32 tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([tf.Variable(1.0), tf.constant(2.5, tf.float64)]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a float tensor but is a '
     'double tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([np.float64(1.0), tf.constant(2.5)]),
     'InvalidArgumentError',
     'cannot compute AddN as input #1(zero-based) was expected to be a double tensor but is a '
     'float tensor [Op:AddN] name: '),
    (lambda: tf.math.add_n([tf.constant([1]), tf.constant([2, 3])]),
     'InvalidArgumentError',
     '{{function_node __wrapped__AddN_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [1] != '
     'input 1: [2] [Op:AddN] name: '),
    (lambda: tf.function(lambda: tf.math.add_n([tf.constant(1), tf.constant(2.0)]))(),
     'TypeError',
     "Tensors in list passed to 'inputs' of 'AddN' Op have types [int32, float32] that don't "
     'all match.'),
    (lambda: tf.sparse.reset_shape(st(), [3, 2]),
     'ValueError',
     'Requested new_shape should have dimension sizes >= sp_input.shape.  Found new_shape ([3 '
     '4]), sp_input.shape ([3 2]).'),
    (lambda: tf.sparse.reset_shape(st(), [3]),
     'ValueError',
     'Dimensions 1 and 2 are not compatible'),
    (lambda: tf.sparse.reset_shape(st(), [4, 5]).dense_shape,
     None,
     'tf.Tensor([4 5], shape=(2,), dtype=int64)'),
    (lambda: tf.sparse.reduce_sum(st(), 2),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReduceSum_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid '
     'reduction dimension 2, for input with 2 dimensions. [Op:SparseReduceSum] name: '),
    (lambda: tf.sparse.reduce_sum(st(), -3),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReduceSum_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid '
     'reduction dimension -3, for input with 2 dimensions. [Op:SparseReduceSum] name: '),
    (lambda: tf.sparse.reduce_sum(st(), [0, 0]),
     None,
     'tf.Tensor([1 0 2 0], shape=(4,), dtype=int32)'),
    (lambda: tf.sparse.reduce_sum(st(), [-1, 1]),
     None,
     'tf.Tensor([1 2 0], shape=(3,), dtype=int32)'),
    (lambda: tf.sparse.reduce_max(st(), 2),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReduceMax_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid '
     'reduction dimension 2, for input with 2 dimensions. [Op:SparseReduceMax] name: '),
    (lambda: tf.sparse.reduce_sum(st(), 2, output_is_sparse=True),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReduceSumSparse_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Invalid reduction dimension 2, for input with 2 dimensions. [Op:SparseReduceSumSparse] '
     'name: '),
    (lambda: tf.sparse.reshape(st(), [5, 3]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to '
     'reshape is a tensor with 12 dense values, but the requested shape has 15. '
     'input_shape=[3,4] output_shape=[5,3] [Op:SparseReshape] name: '),
    (lambda: tf.sparse.reshape(st(), [-1, -1]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__SparseReshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} only one '
     'output dimension may be -1, not both 0 and 1 [Op:SparseReshape] name: '),
    (lambda: tf.sparse.mask(tf.IndexedSlices([[1.], [2.]], [0, 3]), [3]),
     None,
     'IndexedSlices(indices=tf.Tensor([0], shape=(1,), dtype=int32), values=tf.Tensor([[1.]], '
     'shape=(1, 1), dtype=float32))'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
