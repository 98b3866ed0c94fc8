"""Parity cases for tf.random.stateless_parameterized_truncated_normal: TF's three samplers
(normals rejected outside the bounds, uniforms with a Gaussian acceptance, an exponential
proposal) on the seed's stream."""

from tests.parity.harness import ParityCase

CASES = [
    # Each sampler, per-batch parameters, a one-sided bound on either side, float64
    ParityCase('stateless_parameterized_truncated_normal_values', ('\n'
               'print(tf.random.stateless_parameterized_truncated_normal([3], seed=[1, '
               '2], means=0., stddevs=1.,\n'
               '                                                         minvals=-1., m'
               'axvals=1.))\n'
               'print(tf.random.stateless_parameterized_truncated_normal(\n'
               '    [2, 3], seed=[3, 4], means=[0., 1., -2.], stddevs=[1., 0.5, 2.], mi'
               'nvals=[-3., 1.2, 0.],\n'
               '    maxvals=[3., 1.3, 10.]))\n'
               'print(tf.random.stateless_parameterized_truncated_normal([5], seed=[5, '
               '6], means=0., stddevs=1.,\n'
               '                                                         minvals=2., ma'
               'xvals=np.inf))\n'
               'print(tf.random.stateless_parameterized_truncated_normal(\n'
               '    [4], seed=[5, 6], means=tf.constant(0., tf.float64), stddevs=tf.con'
               'stant(1., tf.float64),\n'
               '    minvals=tf.constant(-0.5, tf.float64), maxvals=tf.constant(4., tf.f'
               'loat64)))\n'
               'print(tf.random.stateless_parameterized_truncated_normal([6], seed=[7, '
               '8], means=5., stddevs=2.,\n'
               '                                                         minvals=-np.in'
               'f, maxvals=4.))\n'
               'x = tf.random.stateless_parameterized_truncated_normal([200], seed=[1, '
               '9], means=0., stddevs=1.,\n'
               '                                                       minvals=-0.2, ma'
               'xvals=0.1)\n'
               'print(x[:5], x[-3:])\n'),
               ('tf.Tensor([ 0.68812084 -0.61590934  0.9924464 ], shape=(3,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[-0.17393383  1.2773857   2.3661985 ]\n'
               ' [ 1.6723547   1.2980933   1.6958787 ]], shape=(2, 3), dtype=float32)\n'
               'tf.Tensor([2.2772822 2.5113506 2.1746473 2.4974563 2.530366 ], shape=(5'
               ',), dtype=float32)\n'
               'tf.Tensor([1.91101352 0.91949743 1.48784992 0.88551203], shape=(4,), dt'
               'ype=float64)\n'
               'tf.Tensor([2.6341846 2.0451562 3.571989  2.3607812 2.7376318 3.8522954]'
               ', shape=(6,), dtype=float32)\n'
               'tf.Tensor([-0.00369863  0.08836545 -0.08647325 -0.08303595 -0.05978516]'
               ', shape=(5,), dtype=float32) tf.Tensor([ 0.09253488 -0.03770204 -0.0151'
               '732 ], shape=(3,), dtype=float32)\n')),
]
