"""Parity cases for more errors learners meet with array ops (reshape, unstack, pad, eye,
linspace, one_hot, repeat, boolean_mask, sort): TF's kind and words."""

from tests.parity.harness import ParityCase

CASES = [
    # (the op names in brackets are left out: TF's one_hot adds its NodeDef on a second line)
    ParityCase('array_op_errors_more', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1].split("\\n")[0]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message.split(" [Op:")[0])\n'
               '\n'
               'calls = [lambda: tf.one_hot([1.5], 3),\n'
               '         lambda: tf.one_hot(tf.constant([1.], tf.float64), 2),\n'
               '         lambda: tf.reshape(tf.range(6), [-1, -1]),\n'
               '         lambda: tf.pad([[1, 2]], [[1, 0]]),\n'
               '         lambda: tf.pad(tf.ones([2, 2]), [[1, 1], [1, 1], [0, 0]]),\n'
               '         lambda: tf.unstack(tf.ones([2, 3]), num=3),\n'
               '         lambda: tf.linspace(0., 1., -1),\n'
               '         lambda: tf.eye(-1),\n'
               '         lambda: tf.repeat([1, 2], [1, 2, 3]),\n'
               '         lambda: tf.repeat([[1, 2], [3, 4]], [1, 2, 3], axis=1),\n'
               '         lambda: tf.repeat([1, 2], [[1, 2]]),\n'
               '         lambda: tf.boolean_mask([1, 2], [True]),\n'
               '         lambda: tf.boolean_mask(tf.ones([2, 3]), [True, False, True]),\n'
               '         lambda: tf.sort([[1, 2]], axis=3),\n'
               '         lambda: tf.argsort([[1, 2]], axis=-3)]\n'
               'for call in calls:\n'
               '  try:\n'
               '    print(call())\n'
               '  except (tf.errors.InvalidArgumentError, ValueError) as e:\n'
               '    show(e)\n'
               'print(tf.one_hot(tf.constant([0, 2], tf.int8), 3))\n'),
               ("InvalidArgumentError: Value for attr 'TI' of float is not in the list o"
               'f allowed values: uint8, int8, int32, int64\n'
               "InvalidArgumentError: Value for attr 'TI' of double is not in the list "
               'of allowed values: uint8, int8, int32, int64\n'
               'InvalidArgumentError: Only one input size may be -1, not both 0 and 1\n'
               'InvalidArgumentError: The first dimension of paddings must be the rank '
               'of inputs[1,2] [1,2]\n'
               'InvalidArgumentError: The first dimension of paddings must be the rank '
               'of inputs[3,2] [2,2]\n'
               'InvalidArgumentError: Input shape axis 0 must equal 3, got shape [2,3]\n'
               'InvalidArgumentError: Requires start <= limit when delta > 0: 1/-1\n'
               'InvalidArgumentError: Dimension -1 must be >= 0\n'
               'ValueError: Dimensions 2 and 3 are not compatible\n'
               'ValueError: Dimensions 2 and 3 are not compatible\n'
               'ValueError: Shape (1, 2) must have rank at most 1\n'
               'ValueError: Shapes (2,) and (1,) are incompatible\n'
               'ValueError: Shapes (2,) and (3,) are incompatible\n'
               'InvalidArgumentError: slice index 3 of dimension 0 out of bounds.\n'
               'InvalidArgumentError: slice index -1 of dimension 0 out of bounds.\n'
               'tf.Tensor(\n'
               '[[1. 0. 0.]\n'
               ' [0. 0. 1.]], shape=(2, 3), dtype=float32)\n')),
]
