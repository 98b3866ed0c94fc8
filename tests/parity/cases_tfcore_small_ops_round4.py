"""Parity cases from the NumPy API guide and small core ops: what TensorFlow printed."""

from tests.parity.harness import ParityCase

CASES = [
    # Sparse softmax inside tf.function prints the eager digits; its gradient
    ParityCase('sparse_softmax_traced_and_gradient', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'st = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [0.5, -1.5, 3.], [2, 3])\n'
               'print(tf.function(tf.sparse.softmax)(st).values)\n'
               'v = tf.Variable([0.5, -1.5, 3.])\n'
               'with tf.GradientTape() as tape:\n'
               '  y = tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]]'
               ', v * 1., [2, 3]))\n'
               '  loss = tf.reduce_sum(y.values * tf.constant([1., 2., 3.]))\n'
               'print(tape.gradient(loss, v))\n'
               'try:\n'
               '  tf.sparse.softmax(tf.sparse.SparseTensor([[0], [2]], [1., 2.], [3]))\n'
               'except tf.errors.InvalidArgumentError as e:\n'
               '  show(e)\n'),
               ('tf.Tensor([0.880797   0.11920291 1.        ], shape=(3,), dtype=float32)\n'
               'tf.Tensor([-0.10499351  0.10499358  0.        ], shape=(3,), dtype=float32)\n'
               'InvalidArgumentError: Input should have rank >= 2, but received shape: '
               '3 [Op:SparseSoftmax]\n')),
    # ReduceJoin's bad axis is TF's OutOfRangeError
    ParityCase('reduce_join_axis_out_of_range', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'try:\n'
               "  tf.strings.reduce_join(['a', 'b'], axis=3)\n"
               'except tf.errors.OutOfRangeError as e:\n'
               '  show(e)\n'
               "print(tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=-1, separator='-'))\n"),
               ('OutOfRangeError: Invalid reduction dimension 3 for input with 1 dimensi'
               'on(s) [Op:ReduceJoin]\n'
               "tf.Tensor([b'a-b' b'c-d'], shape=(2,), dtype=string)\n")),
]
