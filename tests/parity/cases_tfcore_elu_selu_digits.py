"""Parity cases for float32 exp in TF's Elu and Selu kernels: whole packets of 8 values
use Eigen's polynomial exp, the rest the C library's; NumPy's own exp differs in the last
digit for many values."""

from tests.parity.harness import ParityCase

CASES = [
    # Eleven values: eight in a packet, three after it
    ParityCase('elu_selu_digits', ('\n'
               'x = tf.constant([-0.1, -0.37, -0.5, -1.3, -2.2, -0.77, -3.1, -0.01, -0.'
               '63, -1.9, -4.4])\n'
               'print(tf.nn.elu(x))\n'
               'print(tf.nn.selu(x))\n'
               'print(tf.keras.activations.elu(x[:8], alpha=1.0))\n'
               'print(tf.nn.elu(tf.reshape(tf.linspace(-3., 1., 16), [4, 4])))\n'
               'print(tf.nn.selu(tf.constant([-1., 0., 1.], tf.float64)))\n'),
               ('tf.Tensor(\n'
               '[-0.09516263 -0.30926567 -0.39346933 -0.7274682  -0.8891969  -0.53698695\n'
               ' -0.9549508  -0.00995016 -0.46740818 -0.8504314  -0.98772264], shape=(1'
               '1,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.16730535 -0.54371977 -0.69175816 -1.2789613  -1.5632964  -0.94407636\n'
               ' -1.6788983  -0.01749337 -0.82175    -1.4951428  -1.7365144 ], shape=(1'
               '1,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.09516263 -0.30926567 -0.39346933 -0.7274682  -0.8891969  -0.53698695\n'
               ' -0.9549508  -0.00995016], shape=(8,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[-0.95021296 -0.93499774 -0.9151327  -0.8891968 ]\n'
               ' [-0.8553348  -0.8111244  -0.753403   -0.6780417 ]\n'
               ' [-0.57964957 -0.45118833 -0.2834686  -0.06449294]\n'
               ' [ 0.20000029  0.46666694  0.7333336   1.        ]], shape=(4, 4), dtyp'
               'e=float32)\n'
               'tf.Tensor([-1.11133074  0.          1.05070099], shape=(3,), dtype=float64)\n')),
]
