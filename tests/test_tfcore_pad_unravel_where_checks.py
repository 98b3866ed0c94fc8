"""tf.pad's, tf.unravel_index's, tf.where's and the broadcast shape functions' checks as TF's
kernels make them (MirrorPad's REFLECT and SYMMETRIC limits, negative paddings per dimension,
C's division for negative flat indices, SelectV2's broadcast words), and tf.concat of Python
lists without ' name: '. Each expected outcome is what TF 2.21 printed for the same call."""

import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

CASES = [
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[1, 1], [3, 3]], "REFLECT"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} paddings must '
     'be less than the dimension size: 3, 3 not less than 3 [Op:MirrorPad]'),
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[2, 0], [0, 0]], "REFLECT"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} paddings must '
     'be less than the dimension size: 2, 0 not less than 2 [Op:MirrorPad]'),
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[1, 1], [2, 2]], "REFLECT"),
     None,
     'tf.Tensor(\n[[6 5 4 5 6 5 4]\n [3 2 1 2 3 2 1]\n [6 5 4 5 6 5 4]\n [3 2 1 2 3 2 1]], '
     'shape=(4, 7), dtype=int32)'),
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[1, 1], [4, 3]], "SYMMETRIC"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} paddings must '
     'be no greater than the dimension size: 4, 3 greater than 3 [Op:MirrorPad]'),
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[1, 1], [3, 3]], "SYMMETRIC"),
     None,
     'tf.Tensor(\n[[3 2 1 1 2 3 3 2 1]\n [3 2 1 1 2 3 3 2 1]\n [6 5 4 4 5 6 6 5 4]\n [6 5 4 4 5 '
     '6 6 5 4]], shape=(4, 9), dtype=int32)'),
    (lambda: tf.pad([[1, 2, 3], [4, 5, 6]], [[-1, 1], [3, 3]], "SYMMETRIC"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} paddings must '
     'be non-negative: -1 1 [Op:MirrorPad]'),
    (lambda: tf.pad([[1, 2, 3]], [[-1, 1], [0, 0]]),
     'InvalidArgumentError',
     '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Paddings must be non-negative: -1 1 [Op:Pad]'),
    (lambda: tf.pad([[1, 2, 3]], [[0, 0], [1, -2]]),
     'InvalidArgumentError',
     '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Paddings must be non-negative: 1 -2 [Op:Pad]'),
    (lambda: tf.pad([[1, 2, 3]], [[1, 1]]),
     'InvalidArgumentError',
     '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} The '
     'first dimension of paddings must be the rank of inputs[1,2] [1,3] [Op:Pad]'),
    (lambda: tf.pad([[1, 2, 3]], [[1, 1]], "REFLECT"),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MirrorPad_device_/job:localhost/replica:0/task:0/device:CPU:0}} The first '
     'dimension of paddings must be the rank of inputs[1,2], [1,3] [Op:MirrorPad]'),
    (lambda: tf.pad([1, 2], [[1, 1]], "X"),
     'ValueError',
     'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
     'Received `mode` = X'),
    (lambda: tf.pad([1, 2], [[-1, 1]], "X"),
     'ValueError',
     'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
     'Received `mode` = X'),
    (lambda: tf.unravel_index([1, 5, 7], [3, 3]),
     None,
     'tf.Tensor(\n[[0 1 2]\n [1 2 1]], shape=(2, 3), dtype=int32)'),
    (lambda: tf.unravel_index([9], [3, 3]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} index is '
     'out of bound as with dims [Op:UnravelIndex]'),
    (lambda: tf.unravel_index([-1, -5, -9], [3, 3]),
     None,
     'tf.Tensor(\n[[ 0 -1  0]\n [-1 -2  0]], shape=(2, 3), dtype=int32)'),
    (lambda: tf.unravel_index([1], [3, 0]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input dims '
     'cannot contain a dim of zero, but dims contains zero at index 1 [Op:UnravelIndex]'),
    (lambda: tf.unravel_index([1], [3, -1]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input dims '
     'cannot be negative. Got dim = -1 at index 1 [Op:UnravelIndex]'),
    (lambda: tf.unravel_index([[1, 5], [7, 0]], [3, 3]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__UnravelIndex_device_/job:localhost/replica:0/task:0/device:CPU:0}} The indices '
     'can only be scalar or vector, got "[2,2]" [Op:UnravelIndex]'),
    (lambda: tf.unravel_index([5, 23], [2, 3, 4]),
     None,
     'tf.Tensor(\n[[0 1]\n [1 2]\n [1 3]], shape=(3, 2), dtype=int32)'),
    (lambda: tf.where([True, False], [1, 2], [3, 4, 5]),
     'InvalidArgumentError',
     '{{function_node __wrapped__SelectV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'condition [2], then [2], and else [3] must be broadcastable [Op:SelectV2]'),
    (lambda: tf.where([True, False, True], [1, 2], [3, 4, 5]),
     'InvalidArgumentError',
     '{{function_node __wrapped__SelectV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'condition [3], then [2], and else [3] must be broadcastable [Op:SelectV2]'),
    (lambda: tf.where([[True], [False]], [1, 2, 3], [[3], [4], [5]]),
     'InvalidArgumentError',
     '{{function_node __wrapped__SelectV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'condition [2,1], then [3], and else [3,1] must be broadcastable [Op:SelectV2]'),
    (lambda: tf.where([[True], [False]], [1, 2, 3], [[3], [4]]),
     None,
     'tf.Tensor(\n[[1 2 3]\n [4 4 4]], shape=(2, 3), dtype=int32)'),
    (lambda: tf.broadcast_dynamic_shape([2, 2], [3, 1]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__BroadcastArgs_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Incompatible shapes: [2,2] vs. [3,1] [Op:BroadcastArgs]'),
    (lambda: tf.broadcast_static_shape(tf.TensorShape([2, 2]), tf.TensorShape([3, 1])),
     'ValueError',
     'Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension '
     'pair they are either equal or one of them is 1. Received: (2, 2) and (3, 1).'),
    (lambda: tf.broadcast_static_shape(tf.TensorShape([None, 2]), tf.TensorShape([3])),
     'ValueError',
     'Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension '
     'pair they are either equal or one of them is 1. Received: (None, 2) and (3,).'),
    (lambda: tf.concat([[1], [[2]]], 0),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} ConcatOp : '
     'Ranks of all input tensors should match: shape[0] = [1] vs. shape[1] = [1,1] [Op:ConcatV2]'),
    (lambda: tf.concat([tf.constant([1]), tf.constant([[2]])], 0),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} ConcatOp : '
     'Ranks of all input tensors should match: shape[0] = [1] vs. shape[1] = [1,1] '
     '[Op:ConcatV2] name: concat'),
    (lambda: tf.concat([[1], [2.5]], 0),
     'TypeError',
     'Cannot convert [2.5] to EagerTensor of dtype int32'),
    (lambda: tf.image.resize(tf.ones([4, 4, 1]), [2, 2], method="x"),
     'ValueError',
     'Resize method is not implemented: x'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
