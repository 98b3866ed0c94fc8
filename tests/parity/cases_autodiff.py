"""Parity cases: automatic differentiation as TF's autodiff guides use it (forward mode,
gradients through Variable slices, control flow, unconnected gradients)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('forward_accumulator', ('\n'
                'x = tf.constant([1., 2.])\n'
                'v = tf.constant([1., 0.])\n'
                'with tf.autodiff.ForwardAccumulator(x, v) as acc:\n'
                '  y = tf.reduce_sum(x ** 3)\n'
                'print(acc.jvp(y))\n'
                'prim = tf.Variable(3.0)\n'
                'with tf.autodiff.ForwardAccumulator(primals=prim, tangents=tf.constant('
                '1.0)) as acc:\n'
                '  out = prim * prim + tf.sin(prim)\n'
                'print(acc.jvp(out))\n'
                'print(acc.jvp(tf.constant(1.0)))\n'
                'print(acc.jvp(tf.constant(1.0), unconnected_gradients=tf.UnconnectedGra'
                'dients.ZERO))\n'),
               ('tf.Tensor(3.0, shape=(), dtype=float32)\n'
                'tf.Tensor(5.0100074, shape=(), dtype=float32)\n'
                'None\n'
                'tf.Tensor(0.0, shape=(), dtype=float32)\n')),
    ParityCase('forward_inside_tape', ('\n'
                'x = tf.constant(2.0)\n'
                'with tf.GradientTape() as tape:\n'
                '  tape.watch(x)\n'
                '  with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:\n'
                '    y = x ** 3\n'
                '  jvp = acc.jvp(y)\n'
                'print(jvp, tape.gradient(jvp, x))\n'),
               ('tf.Tensor(12.0, shape=(), dtype=float32) tf.Tensor(12.0, shape=(), dtyp'
                'e=float32)\n')),
    ParityCase('forward_over_forward', ('\n'
                'x = tf.constant(1.5)\n'
                'with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as outer:\n'
                '  with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as inner:\n'
                '    y = tf.exp(x) * x\n'
                '  first = inner.jvp(y)\n'
                'print(first, outer.jvp(first))\n'),
               ('tf.Tensor(11.204222, shape=(), dtype=float32) tf.Tensor(15.685911, shap'
                'e=(), dtype=float32)\n')),
    ParityCase('forward_layer', ('\n'
                'x = tf.constant([[1., 2.], [3., 4.]])\n'
                'w = tf.Variable([[0.5], [-1.]])\n'
                'with tf.autodiff.ForwardAccumulator(w, tf.ones_like(w)) as acc:\n'
                '  y = tf.nn.relu(tf.matmul(x, w) + 3.)\n'
                'print(acc.jvp(y))\n'),
               ('tf.Tensor(\n'
                '[[3.]\n'
                ' [7.]], shape=(2, 1), dtype=float32)\n')),
    ParityCase('variable_slice_gradient', ('\n'
                'w = tf.Variable(tf.ones([3, 2]))\n'
                'with tf.GradientTape() as tape:\n'
                '  y = tf.reduce_sum(w[0] * 3.)\n'
                'print(tape.gradient(y, w))\n'
                'v = tf.Variable([1., 2., 3.])\n'
                'with tf.GradientTape() as tape:\n'
                '  z = v[1:] * v[:-1]\n'
                'print(tape.gradient(z, v))\n'
                'v[0].assign(7.)\n'
                'print(v.numpy())\n'),
               ('tf.Tensor(\n'
                '[[3. 3.]\n'
                ' [0. 0.]\n'
                ' [0. 0.]], shape=(3, 2), dtype=float32)\n'
                'tf.Tensor([2. 4. 2.], shape=(3,), dtype=float32)\n'
                '[7. 2. 3.]\n')),
]
