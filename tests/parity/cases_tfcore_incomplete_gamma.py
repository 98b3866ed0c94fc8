"""Parity cases: tf.math.igamma, igammac, betainc, zeta, polygamma and nextafter."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('incomplete_gamma_beta_zeta_polygamma',
               ('\n'
                'a = tf.constant([0.5, 1., 2., 5., 0., -1., 3.])\n'
                'x = tf.constant([0.5, 2., 0., 3., 1., 1., -1.])\n'
                'print(np.round(tf.math.igamma(a, x).numpy(), 5))\n'
                'print(np.round(tf.math.igammac(a, x).numpy(), 5))\n'
                'print(tf.math.igamma(tf.cast(a, tf.float64), tf.cast(x, tf.float64)).d'
                'type)\n'
                'print(np.round(tf.math.betainc([0.5, 1., 2., 5., 0., 2., 3.], [0.5, 2.'
                ', 3., 1., 1., -1., 3.],\n'
                '                               [0.3, 0.5, 0., 1., 0.5, 0.5, 1.5]).nump'
                'y(), 5))\n'
                'print(np.round(tf.math.zeta([2., 3., 1., 0.5, 4., 2., 2.], [1., 2., 1.'
                ', 1., 0.5, -1., -1.5]).numpy(), 4))\n'
                'print(np.round(tf.math.polygamma([0., 1., 2., 3., 0.5, -1., 1.], [1., '
                '2., 0.5, 4., 1., 1., -1.5]).numpy(), 4))\n'
                'print(tf.math.nextafter([1., 0., -1.], [2., -1., -1.]))\n'
                'print(np.round(tf.math.igamma(0.5, [[1.], [2.]]).numpy(), 5))\n'),
               ('[0.68269 0.86466 0.      0.18474     nan     nan     nan]\n'
                '[0.31731 0.13534 1.      0.81526     nan     nan     nan]\n'
                "<dtype: 'float64'>\n"
                '[0.36901 0.75    0.      1.          nan     nan     nan]\n'
                '[ 1.6449  0.2021     inf     nan 16.2348     inf  9.3792]\n'
                '[ -0.5772   0.6449 -16.8288   0.0449      nan      nan   9.3792]\n'
                'tf.Tensor([ 1.0000001e+00 -1.4012985e-45 -1.0000000e+00], shape=(3,), '
                'dtype=float32)\n'
                '[[0.8427]\n'
                ' [0.9545]]\n')),
    ParityCase('incomplete_gamma_gradients_and_errors',
               ('\n'
                'def grads(fn, *args):\n'
                '    sources = [tf.Variable(v) for v in args]\n'
                '    with tf.GradientTape() as tape:\n'
                '        y = tf.reduce_sum(fn(*sources))\n'
                '    return [None if g is None else np.round(g.numpy(), 4) for g in tap'
                'e.gradient(y, sources)]\n'
                'print(grads(tf.math.igamma, [1., 2.], [1., 3.]))\n'
                'print(grads(tf.math.igammac, [1., 2.], [1., 3.]))\n'
                'print(grads(tf.math.zeta, [2., 3.], [1., 3.]))\n'
                'print(grads(tf.math.polygamma, [1., 2.], [1., 3.]))\n'
                'print(grads(tf.math.betainc, [1., 2.], [1., 3.], [0.2, 0.7]))\n'
                'print(grads(tf.math.digamma, [1., 2.5]))\n'
                'for bad in (lambda: tf.math.igamma(1, 2),\n'
                '            lambda: tf.math.igamma(tf.constant([1.]), tf.constant([1.]'
                ', tf.float64)),\n'
                '            lambda: tf.math.zeta(2, 3), lambda: tf.math.polygamma(1, 2'
                '.)):\n'
                '    try:\n'
                '        bad()\n'
                '    except (tf.errors.InvalidArgumentError, TypeError) as e:\n'
                '        print(type(e).__name__, str(e).splitlines()[0].split(" [Op")[0'
                '].split(" name:")[0])\n'),
               ('[array([-0.4317, -0.1974], dtype=float32), array([0.3679, 0.1494], dty'
                'pe=float32)]\n'
                '[array([0.4317, 0.1974], dtype=float32), array([-0.3679, -0.1494], dty'
                'pe=float32)]\n'
                '[None, array([-2.4041, -0.0595], dtype=float32)]\n'
                '[None, array([-2.4041,  0.1189], dtype=float32)]\n'
                '[None, None, array([1.   , 0.756], dtype=float32)]\n'
                '[array([1.6449, 0.4904], dtype=float32)]\n'
                "InvalidArgumentError Value for attr 'T' of int32 is not in the list of"
                ' allowed values: bfloat16, half, float, double\n'
                'InvalidArgumentError cannot compute Igamma as input #1(zero-based) was'
                ' expected to be a float tensor but is a double tensor\n'
                "InvalidArgumentError Value for attr 'T' of int32 is not in the list of"
                ' allowed values: float, double\n'
                'TypeError Cannot convert 2.0 to EagerTensor of dtype int32\n')),
]
