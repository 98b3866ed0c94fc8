"""Parity cases for the errors learners meet most with core ops (shapes, permutations,
division by zero, singular matrices): TF's error kind and words."""

from tests.parity.harness import ParityCase

CASES = [
    # Transpose's permutation checks, Fill's negative and unknown dims, ConcatOp's shapes, integer
    # division by zero, singular matrices
    ParityCase('core_op_errors_in_tf_words', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'calls = [lambda: tf.transpose(tf.ones([2, 3]), [0, 0]),\n'
               '         lambda: tf.transpose(tf.ones([2, 3]), [0, 2]),\n'
               '         lambda: tf.transpose(tf.ones([2, 3]), [0]),\n'
               '         lambda: tf.transpose(tf.ones([2, 3, 4]), [1, 1, 1]),\n'
               '         lambda: tf.fill([2, -1], 1),\n'
               '         lambda: tf.zeros([2, -3]),\n'
               '         lambda: tf.zeros([2, None]),\n'
               '         lambda: tf.ones([None]),\n'
               '         lambda: tf.concat([tf.ones([2, 2]), tf.ones([3, 3])], 0),\n'
               '         lambda: tf.concat([tf.ones([2, 2]), tf.ones([3, 3, 1])], 0),\n'
               '         lambda: tf.constant(1) // tf.constant(0),\n'
               '         lambda: tf.math.floormod(tf.constant([4, 5]), tf.constant([2, 0])),\n'
               '         lambda: tf.linalg.inv(tf.zeros([2, 2])),\n'
               '         lambda: tf.linalg.solve(tf.zeros([2, 2]), tf.ones([2, 1]))]\n'
               'for call in calls:\n'
               '  try:\n'
               '    print(call())\n'
               '  except (tf.errors.InvalidArgumentError, ValueError) as e:\n'
               '    show(e)\n'),
               ('InvalidArgumentError: 1 is missing from {0,0}. [Op:Transpose]\n'
               'InvalidArgumentError: 2 is out of range [0 .. 2) [Op:Transpose]\n'
               'InvalidArgumentError: transpose expects a vector of size 2. But input(1'
               ') is a vector of size 1 [Op:Transpose]\n'
               'InvalidArgumentError: 0 is missing from {1,1,1}. [Op:Transpose]\n'
               'InvalidArgumentError: Dimension -1 must be >= 0 [Op:Fill]\n'
               'InvalidArgumentError: Dimension -3 must be >= 0 [Op:Fill]\n'
               "ValueError: Can't convert Python sequence with mixed types to Tensor.\n"
               'ValueError: Attempt to convert a value (None) with an unsupported type '
               "(<class 'NoneType'>) to a Tensor.\n"
               'InvalidArgumentError: ConcatOp : Dimension 1 in both shapes must be equ'
               'al: shape[0] = [2,2] vs. shape[1] = [3,3] [Op:ConcatV2]\n'
               'InvalidArgumentError: ConcatOp : Ranks of all input tensors should matc'
               'h: shape[0] = [2,2] vs. shape[1] = [3,3,1] [Op:ConcatV2]\n'
               'InvalidArgumentError: Integer division by zero [Op:FloorDiv]\n'
               'InvalidArgumentError: Integer division by zero [Op:FloorMod]\n'
               'InvalidArgumentError: Input is not invertible. [Op:MatrixInverse]\n'
               'InvalidArgumentError: Input matrix is not invertible. [Op:MatrixSolve]\n')),
    # TF does not raise: the lower triangle of each failing matrix is NaN
    ParityCase('cholesky_of_a_matrix_that_is_not_positive_definite', ('\n'
               'print(tf.linalg.cholesky(tf.constant([[1., 2.], [2., 1.]])))\n'
               'print(tf.linalg.cholesky(tf.constant([[[4., 2.], [2., -1.]], [[4., 2.],'
               ' [2., 5.]]]))[1])\n'
               'print(tf.math.is_nan(tf.linalg.cholesky(tf.constant([[[4., 2.], [2., -1'
               '.]], [[4., 2.], [2., 5.]]], tf.float64))))\n'),
               ('tf.Tensor(\n'
               '[[nan  0.]\n'
               ' [nan nan]], shape=(2, 2), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[2. 0.]\n'
               ' [1. 2.]], shape=(2, 2), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[[ True False]\n'
               '  [ True  True]]\n'
               '\n'
               ' [[False False]\n'
               '  [False False]]], shape=(2, 2, 2), dtype=bool)\n')),
]
