"""Parity cases for tf.linalg.sqrtm and tf.linalg.logm (values rounded: TF's kernels work
through a Schur form, eagerbook's through eigenvalues, so last digits differ)."""

from tests.parity.harness import ParityCase

CASES = [
    # Square roots (batched, float64, a real matrix with a negative eigenvalue gives NaNs), the
    # gradient, logm of complex matrices, and the dtype and shape checks
    ParityCase('sqrtm_and_logm', ('\n'
               'def show(e):\n'
               '  print(type(e).__name__ + ":", str(e).split("}} ")[-1].split("\\n")[0].'
               'split(" [Op:")[0])\n'
               'print(np.round(tf.linalg.sqrtm(tf.constant([[4., 1.], [1., 3.]])).numpy(), 5))\n'
               'print(tf.linalg.sqrtm(tf.constant([[1., 2.], [0., 4.]], tf.float64)))\n'
               'print(np.round(tf.linalg.sqrtm(tf.constant([[[4., 0.], [0., 9.]], [[2.,'
               ' 1.], [1., 2.]]])).numpy(), 5))\n'
               'print(tf.linalg.sqrtm(tf.constant([[-1., 0.], [0., 4.]])))\n'
               'x = tf.Variable([[4., 1.], [1., 3.]])\n'
               'with tf.GradientTape() as tape:\n'
               '  y = tf.reduce_sum(tf.linalg.sqrtm(x) * tf.constant([[1., 2.], [3., 4.]]))\n'
               'print(np.round(tape.gradient(y, x).numpy(), 5))\n'
               'print(np.round(tf.linalg.logm(tf.constant([[2., 1.], [1., 2.]], tf.comp'
               'lex64)).numpy(), 5))\n'
               'm = tf.constant([[1., 2.], [0.5, 3.]], tf.complex128)\n'
               'print(np.round(tf.linalg.expm(tf.linalg.logm(m)).numpy().real, 6))\n'
               'for call in [lambda: tf.linalg.logm(tf.constant([[2., 1.], [1., 2.]])),\n'
               '             lambda: tf.linalg.sqrtm(tf.ones([2, 3])),\n'
               '             lambda: tf.linalg.sqrtm(tf.constant([[1, 2], [3, 4]]))]:\n'
               '  try:\n'
               '    call()\n'
               '  except tf.errors.InvalidArgumentError as e:\n'
               '    show(e)\n'),
               ('[[1.98158 0.27083]\n'
               ' [0.27083 1.71075]]\n'
               'tf.Tensor(\n'
               '[[1.         0.66666667]\n'
               ' [0.         2.        ]], shape=(2, 2), dtype=float64)\n'
               '[[[2.      0.     ]\n'
               '  [0.      3.     ]]\n'
               '\n'
               ' [[1.36603 0.36603]\n'
               '  [0.36603 1.36603]]]\n'
               'tf.Tensor(\n'
               '[[nan nan]\n'
               ' [nan nan]], shape=(2, 2), dtype=float32)\n'
               '[[0.1723  0.45007]\n'
               ' [0.7209  1.07639]]\n'
               '[[0.54931+0.j 0.54931+0.j]\n'
               ' [0.54931+0.j 0.54931+0.j]]\n'
               '[[1.  2. ]\n'
               ' [0.5 3. ]]\n'
               "InvalidArgumentError: Value for attr 'T' of float is not in the list of"
               ' allowed values: complex64, complex128\n'
               'InvalidArgumentError: Input matrix must be square.\n'
               "InvalidArgumentError: Value for attr 'T' of int32 is not in the list of"
               ' allowed values: double, float, half, complex64, complex128\n')),
]
