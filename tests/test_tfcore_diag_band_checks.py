"""tf.linalg.diag, diag_part and set_diag check their sizes, bands and align as TF's
MatrixDiagV3, MatrixDiagPartV3 and MatrixSetDiagV3 kernels do; trace, matrix_transpose, the
vector norms and lu refuse bad input in TF's words. Each expected outcome is what TF 2.21
printed for the same call."""

import pytest

import eagerbook as tf
from tests.tf_outcomes import check_outcome

CASES = [
    (lambda: tf.linalg.diag([1, 2], num_rows=3, num_cols=4),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal. '
     '[Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([1, 2], num_rows=1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of rows is too small. [Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([1, 2], num_rows=3),
     None,
     'tf.Tensor(\n[[1 0]\n [0 2]\n [0 0]], shape=(3, 2), dtype=int32)'),
    (lambda: tf.linalg.diag([1, 2], num_rows=2, num_cols=5),
     None,
     'tf.Tensor(\n[[1 0 0 0 0]\n [0 2 0 0 0]], shape=(2, 5), dtype=int32)'),
    (lambda: tf.linalg.diag([1, 2], num_cols=1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of columns is too small. [Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([1, 2], k=1, num_rows=5, num_cols=5),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal. '
     '[Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([[1, 2], [3, 4]], k=(-1, 1)),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of diagonals provided in the input does not match the lower_diag_index and '
     'upper_diag_index range. [Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([1, 2], k=(1, 0)),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'lower_diag_index must not be larger than upper_diag_index: 1 > 0 [Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag(tf.constant([1, 2]), num_rows=1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} The number '
     'of rows is too small. [Op:MatrixDiagV3] name: diag'),
    (lambda: tf.linalg.diag([1, 2], align="X"),
     'InvalidArgumentError',
     'Value for attr \'align\' of "X" is not in the list of allowed values: "LEFT_RIGHT", '
     '"RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"\n\t; NodeDef: {{node MatrixDiagV3}}; '
     'Op<name=MatrixDiagV3; signature=diagonal:T, k:int32, num_rows:int32, num_cols:int32, '
     'padding_value:T -> output:T; attr=T:type; '
     'attr=align:string,default="RIGHT_LEFT",allowed=["LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", '
     '"RIGHT_RIGHT"]> [Op:MatrixDiagV3]'),
    (lambda: tf.linalg.diag([1, 2], k=-1, padding_value=9, align="LEFT_RIGHT"),
     None,
     'tf.Tensor(\n[[9 9 9]\n [1 9 9]\n [9 2 9]], shape=(3, 3), dtype=int32)'),
    (lambda: tf.linalg.diag_part([[1, 2], [3, 4]], k=(1, 0)),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'lower_diag_index must not be larger than upper_diag_index: 1 > 0 [Op:MatrixDiagPartV3]'),
    (lambda: tf.linalg.diag_part([[1, 2], [3, 4]], k=(-3, 0)),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'lower_diag_index is out of bound: -3. It must be between -2 and 2 [Op:MatrixDiagPartV3]'),
    (lambda: tf.linalg.diag_part(tf.ones([3])),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} input '
     'must be at least 2-dim, received shape: [3] [Op:MatrixDiagPartV3] name: diag_part'),
    (lambda: tf.linalg.diag_part([[1, 2, 3], [4, 5, 6]], k=1, align="X"),
     'InvalidArgumentError',
     'Value for attr \'align\' of "X" is not in the list of allowed values: "LEFT_RIGHT", '
     '"RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"\n\t; NodeDef: {{node MatrixDiagPartV3}}; '
     'Op<name=MatrixDiagPartV3; signature=input:T, k:int32, padding_value:T -> diagonal:T; '
     'attr=T:type; attr=align:string,default="RIGHT_LEFT",allowed=["LEFT_RIGHT", "RIGHT_LEFT", '
     '"LEFT_LEFT", "RIGHT_RIGHT"]> [Op:MatrixDiagPartV3]'),
    (lambda: tf.linalg.diag_part([[1, 2, 3], [4, 5, 6]], k=(-1, 1), align="LEFT_LEFT",
                                 padding_value=9),
     None,
     'tf.Tensor(\n[[2 6]\n [1 5]\n [4 9]], shape=(3, 2), dtype=int32)'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([3])),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} Either '
     "first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not "
     'equal to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput '
     'shape: [2,2]\nDiagonal shape: [3]\nExpected diagonal shape: [2] [Op:MatrixSetDiagV3] '
     'name: set_diag'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), [1., 2., 3.]),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} Either '
     "first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not "
     'equal to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput '
     'shape: [2,2]\nDiagonal shape: [3]\nExpected diagonal shape: [2] [Op:MatrixSetDiagV3]'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([2]), k=5),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'lower_diag_index is out of bound: 5 It must be between -2 and 2 [Op:MatrixSetDiagV3] '
     'name: set_diag'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([2]), k=(1, 0)),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'lower_diag_index must not be larger than upper_diag_index: 1 > 0 [Op:MatrixSetDiagV3]'),
    (lambda: tf.linalg.set_diag(tf.zeros([2]), tf.ones([2])),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} input '
     'must be at least 2-dim, received shape: [2] [Op:MatrixSetDiagV3] name: set_diag'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([2, 2]), k=1),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixSetDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} Either '
     "first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not "
     'equal to the longests diagonal in range [lower_diag_index:upper_diag_index].\nInput '
     'shape: [2,2]\nDiagonal shape: [2,2]\nExpected diagonal shape: [1] [Op:MatrixSetDiagV3] '
     'name: set_diag'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([2]), align="X"),
     'InvalidArgumentError',
     'Value for attr \'align\' of "X" is not in the list of allowed values: "LEFT_RIGHT", '
     '"RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"\n\t; NodeDef: {{node MatrixSetDiagV3}}; '
     'Op<name=MatrixSetDiagV3; signature=input:T, diagonal:T, k:int32 -> output:T; attr=T:type; '
     'attr=align:string,default="RIGHT_LEFT",allowed=["LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", '
     '"RIGHT_RIGHT"]> [Op:MatrixSetDiagV3] name: set_diag'),
    (lambda: tf.linalg.set_diag(tf.zeros([2, 2]), tf.ones([2, 2]), k=(-1, 0)),
     None,
     'tf.Tensor(\n[[1. 0.]\n [1. 1.]], shape=(2, 2), dtype=float32)'),
    (lambda: tf.linalg.trace(tf.ones([3])),
     'InvalidArgumentError',
     '{{function_node '
     '__wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} input '
     'must be at least 2-dim, received shape: [3] [Op:MatrixDiagPartV3] name: diag_part'),
    (lambda: tf.linalg.matrix_transpose(tf.ones([3])),
     'ValueError',
     'Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = [1. 1. 1.] with '
     'shape: (3,)'),
    (lambda: tf.norm(tf.ones([2, 2]), ord="fro"),
     'ValueError',
     "'ord' must be a supported vector norm, got fro"),
    (lambda: tf.norm(tf.ones([2, 2]), ord="fro", axis=[0, 1]),
     None,
     'tf.Tensor(2.0, shape=(), dtype=float32)'),
    (lambda: tf.norm(tf.ones([3]), ord=0),
     'ValueError',
     "'ord' must be a supported vector norm, got 0"),
    (lambda: tf.linalg.lu(tf.ones([2, 3])),
     'InvalidArgumentError',
     '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
     'matrix must be square. [Op:Lu] name: '),
    (lambda: tf.linalg.lu(tf.ones([3])),
     'InvalidArgumentError',
     '{{function_node __wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
     'tensor must have rank >= 2, got 1 [Op:Lu] name: '),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_outcome_as_tf(call, kind, text):
    check_outcome(call, kind, text)
