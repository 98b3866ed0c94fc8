"""Parity cases: tf.function as TF's guides on graphs and functions use it (signatures,
concrete functions, gradients through functions that write Variables, AutoGraph loops)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('assign_then_read_gradient', ('\n'
                'w = tf.Variable(2.0)\n'
                '@tf.function\n'
                'def step(x):\n'
                '  w.assign(x * 3.)\n'
                '  return w * 2\n'
                'with tf.GradientTape() as tape:\n'
                '  out = step(tf.constant(1.0))\n'
                'print(out, tape.gradient(out, w))\n'
                'v = tf.Variable(2.0)\n'
                '@tf.function\n'
                'def f(x):\n'
                '  v.assign(v * 3.0)\n'
                '  return v * x\n'
                'x = tf.constant(5.0)\n'
                'with tf.GradientTape() as tape:\n'
                '  tape.watch(x)\n'
                '  y = f(x)\n'
                'print(y, tape.gradient(y, [x, v]))\n'),
               ('tf.Tensor(6.0, shape=(), dtype=float32) tf.Tensor(2.0, shape=(), dtype='
                'float32)\n'
                'tf.Tensor(30.0, shape=(), dtype=float32) [<tf.Tensor: shape=(), dtype=f'
                'loat32, numpy=6.0>, <tf.Tensor: shape=(), dtype=float32, numpy=5.0>]\n')),
    ParityCase('unknown_rank_signature', ('\n'
                '@tf.function\n'
                'def pow(a, b):\n'
                '  return a ** b\n'
                'square = pow.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b'
                '=2)\n'
                'print(square.structured_outputs.shape)\n'
                'print(square(tf.constant(10.0)))\n'),
               ('<unknown>\n'
                'tf.Tensor(100.0, shape=(), dtype=float32)\n')),
    ParityCase('tensor_array_dynamic_size', ('\n'
                '@tf.function\n'
                'def k(x):\n'
                '  ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0])\n'
                '  for i in tf.range(tf.shape(x)[0]):\n'
                '    ta = ta.write(i, x[i] + 1.)\n'
                '  return ta.stack()\n'
                'print(k(tf.constant([1., 2.])))\n'),
               'tf.Tensor([2. 3.], shape=(2,), dtype=float32)\n'),
    ParityCase('unknown_rank_print', ('\n'
                '@tf.function\n'
                'def f(a):\n'
                '  print(a)\n'
                '  return a\n'
                'c = f.get_concrete_function(tf.TensorSpec(None, tf.float32))\n'),
               'Tensor("a:0", dtype=float32)\n'),
    ParityCase('map_fn_ragged_rows', ('\n'
                'digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])\n'
                'print(tf.map_fn(tf.math.reduce_sum, digits, fn_output_signature=tf.int3'
                '2))\n'),
               'tf.Tensor([ 9  0 16  6  0], shape=(5,), dtype=int32)\n'),
]
