"""Parity cases: tf.math.ndtri and erfinv in the tails, computed as TF's kernels do."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('ndtri_erfinv_tails',
               ('\n'
                'p32 = tf.constant([1e-20, 1e-30, 1.11e-16, 0.2, 0.5, 0.999, 0., 1., -0'
                '.1])\n'
                'print(np.round(tf.math.ndtri(p32).numpy(), 4))\n'
                'print(np.round(tf.math.ndtri(tf.constant([1e-20, 1e-300, 0.2], tf.floa'
                't64)).numpy(), 8))\n'
                'print(tf.math.erfinv(tf.constant([1e-8, -1e-9], tf.float32)).numpy())\n'
                'print(np.round(tf.math.erfinv(tf.constant([1e-6, 0.3, -1., 1., 1.5])).'
                'numpy() * 1e6, 1))\n'
                'print(tf.math.erfinv(tf.constant([1e-17], tf.float64)).numpy())\n'
                'print(np.round(tf.math.erfcinv(tf.constant([1e-6, 0.5, 1.0, 1.9])).num'
                'py(), 5))\n'
                'x = tf.Variable([0.1, 0.5, 0.975])\n'
                'with tf.GradientTape() as tape:\n'
                '    y = tf.reduce_sum(tf.math.ndtri(x))\n'
                'print(np.round(tape.gradient(y, x).numpy(), 4))\n'),
               ('[ -9.2623 -11.464   -8.2096  -0.8416   0.       3.0902     -inf      i'
                'nf\n'
                '      nan]\n'
                '[ -9.26234009 -37.0470963   -0.84162123]\n'
                '[0. 0.]\n'
                '[8.000000e-01 2.724626e+05         -inf          inf          nan]\n'
                '[0.]\n'
                '[ 3.45891  0.47694 -0.      -1.16309]\n'
                '[ 5.6981  2.5066 17.1101]\n')),
]
