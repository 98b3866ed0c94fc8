"""tf.linalg.cross, tensor_diag_part and tensor_diag check their inputs as TF's kernels do, and
a batched matmul reports incompatible batch dimensions before the inner ones. Each expected
outcome is what TF 2.21 printed for the same call (its oneDNN kernel name __MklBatchMatMulV2
written as the stock kernel's, as elsewhere in eagerbook)."""

import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

CASES = [
    (lambda: tf.linalg.cross(tf.ones([2]), tf.ones([2])),
     'FailedPreconditionError',
     '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Cross-products are only defined for 3-element vectors. [Op:Cross] name: '),
    (lambda: tf.linalg.cross([1., 0.], [0., 1.]),
     'FailedPreconditionError',
     '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Cross-products are only defined for 3-element vectors. [Op:Cross]'),
    (lambda: tf.linalg.cross(tf.ones([3]), tf.ones([2, 3])),
     'InvalidArgumentError',
     '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Both inputs must be of same shape: [3] vs. [2,3] [Op:Cross] name: '),
    (lambda: tf.linalg.cross(tf.ones([1, 3]), tf.ones([2, 3])),
     'InvalidArgumentError',
     '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Both inputs must be of same shape: [1,3] vs. [2,3] [Op:Cross] name: '),
    (lambda: tf.linalg.cross([1, 2, 3], [4, 5, 6]),
     None,
     'tf.Tensor([-3  6 -3], shape=(3,), dtype=int32)'),
    (lambda: tf.linalg.tensor_diag_part(tf.ones([2, 3])),
     'InvalidArgumentError',
     '{{function_node __wrapped__DiagPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Invalid shape [2,3]: dimensions 0 and 1 do not match. [Op:DiagPart] name: '),
    (lambda: tf.linalg.tensor_diag_part(tf.ones([2, 3, 4])),
     'InvalidArgumentError',
     '{{function_node __wrapped__DiagPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'The rank of the tensor should be                                          even and '
     'positive, got shape [2,3,4] [Op:DiagPart] name: '),
    (lambda: tf.linalg.tensor_diag_part(tf.ones([2, 3, 2, 4])),
     'InvalidArgumentError',
     '{{function_node __wrapped__DiagPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Invalid shape [2,3,2,4]: dimensions 1 and 3 do not match. [Op:DiagPart] name: '),
    (lambda: tf.linalg.tensor_diag_part(tf.ones([2, 3, 2, 3])),
     None,
     'tf.Tensor(\n[[1. 1. 1.]\n [1. 1. 1.]], shape=(2, 3), dtype=float32)'),
    (lambda: tf.linalg.tensor_diag(tf.ones([])),
     'InvalidArgumentError',
     '{{function_node __wrapped__Diag_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input must be at least rank 1, got 0 [Op:Diag] name: '),
    (lambda: tf.linalg.tensor_diag([1, 2]),
     None,
     'tf.Tensor(\n[[1 0]\n [0 2]], shape=(2, 2), dtype=int32)'),
    (lambda: tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 2, 3])),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped____MklBatchMatMulV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} In[0] '
     'and '
     'In[1] must have compatible batch dimensions: [2,2,3] vs. [3,2,3] [Op:BatchMatMulV2] name: '),
    (lambda: tf.matmul(tf.ones([2, 2, 3]), tf.ones([1, 3, 2])).shape,
     None,
     '(2, 2, 2)'),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
