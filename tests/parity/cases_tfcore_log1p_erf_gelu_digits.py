"""Parity cases for TF's float32 log1p, expm1, softplus, erf, erfc and gelu: Eigen's packet
formulas for whole packets of 8 (log1p and expm1 corrected from the packet log and exp, erf
and erfc rational functions), its scalar path for the rest, and gelu as TF writes it
(0.5 * x * erfc(-x / sqrt(2)))."""

from tests.parity.harness import ParityCase

CASES = [
    # Nine values through each function, and Keras activations built on them
    ParityCase('log1p_expm1_softplus_erf_digits', ('\n'
               'x = tf.constant([-3.3, -1.7, -0.45, -0.02, 0.3, 0.81, 1.6, 2.9, 0.05])\n'
               'print(tf.math.log1p(tf.abs(x)))\n'
               'print(tf.math.expm1(x))\n'
               'print(tf.math.softplus(x))\n'
               'print(tf.math.log_sigmoid(x))\n'
               'print(tf.math.erf(x))\n'
               'print(tf.math.erfc(x[:8] / 2.))\n'
               'print(tf.nn.gelu(x[2:6]))\n'
               'print(tf.nn.gelu([-3.0, -1.0, 0.0, 1.0, 3.0]))\n'
               'print(tf.keras.activations.softplus(tf.reshape(tf.linspace(-4., 4., 16)'
               ', [4, 4])))\n'
               'print(tf.keras.activations.gelu(tf.linspace(-1.2, 1.2, 7)))\n'),
               ('tf.Tensor(\n'
               '[1.458615   0.99325186 0.37156355 0.01980263 0.26236427 0.59332687\n'
               ' 0.9555115  1.3609766  0.04879016], shape=(9,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.9631168  -0.8173165  -0.36237183 -0.01980133  0.3498588   1.247908\n'
               '  3.9530325  17.174147    0.0512711 ], shape=(9,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[0.03621926 0.167786   0.49324894 0.68319714 0.8543552  1.1780111\n'
               ' 1.7839007  2.9535627  0.71845967], shape=(9,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-3.3362193  -1.867786   -0.943249   -0.70319724 -0.5543552  -0.3680111\n'
               ' -0.18390073 -0.05356278 -0.66845965], shape=(9,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.99999696 -0.9837904  -0.47548166 -0.02256457  0.32862678  0.74800324\n'
               '  0.97634834  0.9999589   0.05637197], shape=(9,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[1.9803755  1.770668   1.2496653  1.0112834  0.832004   0.5668096\n'
               ' 0.25789905 0.04030497], shape=(8,), dtype=float32)\n'
               'tf.Tensor([-0.14685984 -0.00984043  0.18537343  0.64073426], shape=(4,)'
               ', dtype=float32)\n'
               'tf.Tensor([-0.0040497  -0.15865526  0.          0.8413447   2.9959502 ]'
               ', shape=(5,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[0.01814993 0.03074347 0.05185151 0.08683616]\n'
               ' [0.14378712 0.23396254 0.37110075 0.5686766 ]\n'
               ' [0.8353433  1.1711009  1.5672959  2.010454  ]\n'
               ' [2.4868367  2.9851854  3.4974108  4.01815   ]], shape=(4, 4), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.13808364 -0.16948435 -0.13783132  0.          0.26216868  0.63051564\n'
               '  1.0619165 ], shape=(7,), dtype=float32)\n')),
]
