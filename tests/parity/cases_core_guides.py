"""Parity cases from running TensorFlow's core guides (tensors, variables, autodiff, graphs,
random numbers) under both engines: the outputs TensorFlow printed, written down."""

from tests.parity.harness import ParityCase

CASES = [
    # Softmax's printed digits: the kernel's exp is correctly rounded and it multiplies by the
    # reciprocal of the sum; a last-digit difference shows in every printout.
    ParityCase('softmax_digits', ('\n'
                'x = tf.constant([[1., 2., 3.], [4., 5., 6.]])\n'
                'print(tf.nn.softmax(x, axis=-1))\n'
                'print(tf.nn.softmax(tf.constant([[4.0, 5.0], [10.0, 1.0]])))\n'),
               ('tf.Tensor(\n'
                '[[0.09003057 0.24472848 0.66524094]\n'
                ' [0.09003057 0.24472848 0.66524094]], shape=(2, 3), dtype=float32)\n'
                'tf.Tensor(\n'
                '[[2.6894143e-01 7.3105860e-01]\n'
                ' [9.9987662e-01 1.2339458e-04]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('reshape_errors', ('\n'
                't = tf.zeros([3, 2, 5])\n'
                'for shape in ([7, -1], [7, 5]):\n'
                '  try:\n'
                '    tf.reshape(t, shape)\n'
                '  except tf.errors.InvalidArgumentError as e:\n'
                '    print(str(e).split("}} ")[-1])\n'),
               ('Input to reshape is a tensor with 30 values, but the requested shape requires '
                'a multiple of 7 [Op:Reshape]\n'
                'Input to reshape is a tensor with 30 values, but the requested shape has 35 '
                '[Op:Reshape]\n')),
]
