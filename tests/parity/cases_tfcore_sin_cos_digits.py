"""Parity cases for TF's float32 sin and cos kernels (Eigen's reduction by pi/2 and its two
polynomials for whole packets of 8, exact reduction for large arguments) and the raised-cosine
windows built on them."""

from tests.parity.harness import ParityCase

CASES = [
    # sin and cos of a 16-point grid, of large arguments and of a short tail; Hann and Hamming
    # windows
    ParityCase('sin_cos_digits', ('\n'
               'x = tf.linspace(-7., 7., 16)\n'
               'print(tf.sin(x))\n'
               'print(tf.math.cos(x))\n'
               'big = tf.constant([3e4, -5e5, 1.2e7, 123456.7, 2.5e4, 1e30, 7.5, -0.3, 100.])\n'
               'print(tf.sin(big), tf.cos(big))\n'
               'print(tf.sin(tf.constant([0.5, 1., 2.])))\n'
               'print(tf.signal.hann_window(8))\n'
               'print(tf.signal.hamming_window(10, periodic=False))\n'
               't = tf.linspace(0., 1., 12)\n'
               'print(tf.math.sin(2 * np.pi * 3 * t))\n'),
               ('tf.Tensor(\n'
               '[-0.6569866   0.21483092  0.9127035   0.8715757   0.12474816 -0.72308576\n'
               ' -0.98544973 -0.44991192  0.44991192  0.9854497   0.7230861  -0.12474792\n'
               ' -0.8715757  -0.9127035  -0.21483092  0.6569866 ], shape=(16,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[ 0.75390226  0.97665125  0.4086224  -0.490261   -0.99218845 -0.6907582\n'
               '  0.16996706  0.89307296  0.89307296  0.16996752 -0.69075793 -0.99218845\n'
               ' -0.490261    0.4086224   0.97665125  0.75390226], shape=(16,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[-0.8026655  -0.1778312   0.9124276  -0.99941593 -0.71339935 -0.79116344\n'
               '  0.93799996 -0.29552022 -0.50636566], shape=(9,), dtype=float32) tf.Tensor(\n'
               '[-0.5964295  -0.984061   -0.4092382  -0.03417279  0.7007577  -0.61160475\n'
               '  0.34663534  0.9553365   0.8623189 ], shape=(9,), dtype=float32)\n'
               'tf.Tensor([0.47942555 0.84147096 0.9092974 ], shape=(3,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[0.         0.14644665 0.5        0.85355335 1.         0.85355335\n'
               ' 0.5        0.14644647], shape=(8,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[0.08000001 0.18761957 0.4601219  0.77000004 0.9722587  0.97225857\n'
               ' 0.77       0.46012166 0.18761948 0.08000001], shape=(10,), dtype=float32)\n'
               'tf.Tensor(\n'
               '[ 0.0000000e+00  9.8982143e-01 -2.8173277e-01 -9.0963197e-01\n'
               '  5.4064119e-01  7.5574970e-01 -7.5574970e-01 -5.4064113e-01\n'
               '  9.0963238e-01  2.8173137e-01 -9.8982137e-01  4.7699523e-08], shape=(1'
               '2,), dtype=float32)\n')),
]
