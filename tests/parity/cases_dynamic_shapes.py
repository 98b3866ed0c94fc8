"""Parity cases: shapes computed inside tf.function (tf.reshape/zeros/fill/tile/broadcast_to fed
tf.shape values), and broadcasting against unknown dims."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('reshape_with_traced_dims', ('\n'
               '\n'
               '@tf.function(input_signature=[tf.TensorSpec([None, None, 2])])\n'
               'def flatten_leading(x):\n'
               '  s = tf.shape(x)\n'
               '  return tf.reshape(x, [s[0] * s[1], 2])\n'
               'print(flatten_leading.get_concrete_function().structured_out'
               'puts.shape)\n'
               'print(flatten_leading(tf.ones([2, 3, 2])).shape)\n'
               '@tf.function\n'
               'def batch_rows(x):\n'
               '  n = tf.shape(x)[0]\n'
               '  return tf.reshape(x, [n, -1]), tf.reshape(x, tf.stack([n, '
               '-1])), tf.reshape(x, (tf.size(x),))\n'
               'for t in batch_rows(tf.ones([2, 3, 2])):\n'
               '  print(t.shape)\n'),
               ('(None, 2)\n'
                '(6, 2)\n'
                '(2, 6)\n'
                '(2, 6)\n'
                '(12,)\n')),
    ParityCase('creation_ops_with_traced_dims', ('\n'
               '\n'
               '@tf.function(input_signature=[tf.TensorSpec([None, 3])])\n'
               'def g(x):\n'
               '  n = tf.shape(x)[0]\n'
               '  return (tf.zeros([n, 2]), tf.ones([n]), tf.fill([n, 2], 7)'
               ', tf.tile(x, [n, 1]),\n'
               '          tf.broadcast_to(x[0], [n, 3]))\n'
               'for t in g.get_concrete_function().structured_outputs:\n'
               '  print(t.shape, t.dtype)\n'
               'for t in g(tf.ones([2, 3])):\n'
               '  print(t.shape)\n'
               'print(g(tf.ones([1, 3]))[2])\n'),
               ("(None, 2) <dtype: 'float32'>\n"
                "(None,) <dtype: 'float32'>\n"
                "(None, 2) <dtype: 'int32'>\n"
                "(None, 3) <dtype: 'float32'>\n"
                "(None, 3) <dtype: 'float32'>\n"
                '(2, 2)\n'
                '(2,)\n'
                '(2, 2)\n'
                '(4, 3)\n'
                '(2, 3)\n'
                'tf.Tensor([[7 7]], shape=(1, 2), dtype=int32)\n')),
    ParityCase('gradient_through_traced_reshape_and_tile', ('\n'
               '\n'
               '@tf.function(input_signature=[tf.TensorSpec([None, None])])\n'
               'def h(y):\n'
               '  with tf.GradientTape() as tape:\n'
               '    tape.watch(y)\n'
               '    n = tf.shape(y)[0]\n'
               '    z = tf.reshape(y, [n * 3]) * tf.range(6.0)\n'
               '    w = tf.tile(y, [n, 1])\n'
               '    loss = tf.reduce_sum(z) + tf.reduce_sum(w * w)\n'
               '  return tape.gradient(loss, y)\n'
               'print(h(tf.ones([2, 3])))\n'),
               ('tf.Tensor(\n'
                '[[4. 5. 6.]\n'
                ' [7. 8. 9.]], shape=(2, 3), dtype=float32)\n')),
    ParityCase('broadcast_with_unknown_dims', ('\n'
               '\n'
               'for fn, spec in [(lambda x: x + tf.ones([3]), [None]),\n'
               '                 (lambda x: x * tf.ones([3, 1]), [None, None]),\n'
               '                 (lambda x: x > tf.ones([3, 1]), [None, 1]),\n'
               '                 (lambda x: tf.where(x > 0, x, tf.ones([3, 1'
               '])), [None, None]),\n'
               '                 (lambda x: x - 1.0, None)]:\n'
               '  f = tf.function(fn, input_signature=[tf.TensorSpec(spec)])\n'
               '  out = f.get_concrete_function().structured_outputs\n'
               '  print(out.shape, out.dtype)\n'
               'print(tf.function(lambda x: x * tf.ones([3]), input_signatur'
               'e=[tf.TensorSpec([None])])(tf.ones([1])))\n'
               'print(tf.function(lambda: tf.range(6.0))().shape, tf.functio'
               'n(lambda: tf.range(1, 10.0, 2))())\n'),
               ("(3,) <dtype: 'float32'>\n"
                "(3, None) <dtype: 'float32'>\n"
                "(3, 1) <dtype: 'bool'>\n"
                "(3, None) <dtype: 'float32'>\n"
                "<unknown> <dtype: 'float32'>\n"
                'tf.Tensor([1. 1. 1.], shape=(3,), dtype=float32)\n'
                '(6,) tf.Tensor([1. 3. 5. 7. 9.], shape=(5,), dtype=float32)\n')),
    ParityCase('traced_reshape_errors', ('\n'
               '\n'
               'f = tf.function(lambda x: tf.reshape(x, [tf.shape(x)[0], 5]),\n'
               '                input_signature=[tf.TensorSpec([None, 3])])\n'
               'try:\n'
               '  f(tf.ones([2, 3]))\n'
               'except tf.errors.InvalidArgumentError as e:\n'
               "  print(type(e).__name__, e.message.splitlines()[0].split('}"
               "}')[-1].strip())\n"
               'try:\n'
               '  tf.function(lambda x: tf.reshape(x, tf.cast(tf.shape(x), t'
               'f.float32)))(tf.ones([2]))\n'
               'except TypeError as e:\n'
               '  print(\'TypeError\', str(e).split("parameter \'shape\' ")[-1].'
               'strip())\n'),
               ('InvalidArgumentError Input to reshape is a tensor with 6 val'
                'ues, but the requested shape has 10\n'
                'TypeError has DataType float32 not in list of allowed values'
                ': int32, int64\n')),
]
