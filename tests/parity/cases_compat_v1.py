"""Parity cases: TF 1.x code under tf.compat.v1 (a Session as the default graph and session,
eval/run, Variable initializers, get_variable, v1 initializers, casts, string_split)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('v1_casts_and_assign', ('\n'
                'print(tf.compat.v1.to_float(tf.constant(3, dtype=tf.int64)))\n'
                'print(tf.compat.v1.to_double(tf.constant(3.14)))\n'
                'print(tf.compat.v1.to_int32(tf.constant(2.7)), tf.compat.v1.to_int64(t'
                'f.constant(1)))\n'
                'print(tf.compat.v1.to_complex64(tf.constant(1. + 2.j, dtype=tf.complex'
                '128)))\n'
                'print(tf.compat.v1.to_complex128(tf.constant(1. + 2.j, dtype=tf.comple'
                'x64)))\n'
                'v = tf.Variable(1.0)\n'
                'print(tf.compat.v1.assign(v, 2.0))\n'
                'print(tf.compat.v1.assign_add(v, 2.0).numpy(), tf.compat.v1.assign_sub'
                '(v, 1.0).numpy())\n'
                'with tf.Graph().as_default():\n'
                '  with tf.compat.v1.Session() as sess:\n'
                '    a = tf.compat.v1.Variable(1, dtype=tf.int64)\n'
                '    sess.run(a.initializer)\n'
                '    print(sess.run(tf.compat.v1.assign_sub(a, 1)))\n'
                'print(tf.compat.v1.py_func(lambda x: x * 2, [tf.constant([1., 2.])], t'
                'f.float32))\n'
                '@tf.function\n'
                'def f():\n'
                '  return tf.compat.v1.executing_eagerly_outside_functions()\n'
                'print(f())\n'),
               ('tf.Tensor(3.0, shape=(), dtype=float32)\n'
                'tf.Tensor(3.140000104904175, shape=(), dtype=float64)\n'
                'tf.Tensor(2, shape=(), dtype=int32) tf.Tensor(1, shape=(), dtype=int64'
                ')\n'
                'tf.Tensor((1+2j), shape=(), dtype=complex64)\n'
                'tf.Tensor((1+2j), shape=(), dtype=complex128)\n'
                "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=2.0>\n"
                '4.0 3.0\n'
                '0\n'
                'tf.Tensor([2. 4.], shape=(2,), dtype=float32)\n'
                'tf.Tensor(True, shape=(), dtype=bool)\n')),
    ParityCase('v1_constant_initializer', ('\n'
                'value = [0, 1, 2, 3, 4, 5, 6, 7]\n'
                'init = tf.compat.v1.constant_initializer(value)\n'
                'with tf.compat.v1.Session():\n'
                "  x = tf.compat.v1.get_variable('x', shape=[3, 4], initializer=init)\n"
                '  x.initializer.run()\n'
                '  print(x.eval())\n'
                '  for shape, verify in (([2, 3], False), ([3, 4], True)):\n'
                '    try:\n'
                "      tf.compat.v1.get_variable('z', shape=shape,\n"
                '                                initializer=tf.compat.v1.constant_init'
                'ializer(value, verify_shape=verify))\n'
                '    except (ValueError, TypeError) as e:\n'
                '      print(type(e).__name__, e)\n'
                '  try:\n'
                "    tf.compat.v1.get_variable('x', shape=[3, 4])\n"
                '  except ValueError as e:\n'
                '    print(e)\n'
                '  try:\n'
                "    tf.compat.v1.get_variable('w')\n"
                '  except ValueError as e:\n'
                '    print(e)\n'
                "  c = tf.compat.v1.get_variable('c', initializer=tf.constant([1, "
                '2]))\n'
                '  c.initializer.run()\n'
                '  print(c.eval())\n'
                'init = tf.compat.v1.constant_initializer([1., 2., 3., 4.], dtype=tf.fl'
                'oat64)\n'
                'print(tf.Variable(init(shape=[2, 2])).numpy())\n'
                'try:\n'
                '  tf.compat.v1.constant_initializer([1., 2., 3., 4.], verify_shape=Tru'
                'e)(shape=[2, 2])\n'
                'except TypeError as e:\n'
                '  print(e)\n'
                'print(tf.compat.v1.zeros_initializer(dtype=tf.int32)(shape=[2]))\n'
                'print(tf.compat.v1.ones_initializer()(shape=[2], dtype=tf.float64))\n'
                "print(tf.compat.v1.get_variable('e', shape=[2, 3]).shape)\n"),
               ('[[0. 1. 2. 3.]\n'
                ' [4. 5. 6. 7.]\n'
                ' [7. 7. 7. 7.]]\n'
                'ValueError Too many elements provided. Takes at most 6, but got 8.\n'
                "TypeError Expected Tensor's shape: (3, 4), but got (8,).\n"
                'Variable x already exists, disallowed. Did you mean to set reuse=True '
                'or reuse=tf.AUTO_REUSE in VarScope?\n'
                'Variable w did not get an initializer, so its `shape` argument must be'
                ' specified.\n'
                '[1 2]\n'
                '[[1. 2.]\n'
                ' [3. 4.]]\n'
                'Expected Tensor [1. 2. 3. 4.] (converted from [1.0, 2.0, 3.0, 4.0]) wi'
                'th shape (2, 2), but got shape (4,).\n'
                'tf.Tensor([0 0], shape=(2,), dtype=int32)\n'
                'tf.Tensor([1. 1.], shape=(2,), dtype=float64)\n'
                '(2, 3)\n')),
    ParityCase('v1_session_default_graph', ('\n'
                'with tf.compat.v1.Session() as sess:\n'
                '  print(tf.executing_eagerly(), tf.compat.v1.get_default_session() is '
                'sess)\n'
                '  t = tf.constant([1.0, 2.0]) * 3\n'
                '  print(t.eval())\n'
                '  v = tf.compat.v1.Variable(2.0)\n'
                '  v.initializer.run()\n'
                '  sess.run(v.initializer)\n'
                '  print(v.eval(), sess.run(tf.compat.v1.assign_add(v, 1.0)))\n'
                'print(tf.executing_eagerly(), tf.compat.v1.get_default_session())\n'),
               ('False True\n'
                '[3. 6.]\n'
                '2.0 3.0\n'
                'True None\n')),
    ParityCase('v1_string_split_tables', ('\n'
                "print(tf.compat.v1.string_split(['hello world', 'a b c']))\n"
                "print(tf.compat.v1.string_split(['hello world', 'a b c'], result_type="
                '"RaggedTensor"))\n'
                "print(tf.compat.v1.string_split(['a,b;c', ''], delimiter=',;', result_"
                'type="RaggedTensor"))\n'
                "print(tf.compat.v1.string_split(['hello  world'], skip_empty=False, re"
                'sult_type="RaggedTensor"))\n'
                "print(tf.compat.v1.string_split(['abc'], delimiter='', result_typ"
                'e="RaggedTensor"))\n'
                'with tf.compat.v1.Session():\n'
                "  init = tf.compat.v1.lookup.KeyValueTensorInitializer(['a', 'b'], [1,"
                ' 2])\n'
                '  table = tf.compat.v1.lookup.StaticHashTable(init, default_value'
                '=-1)\n'
                '  tf.compat.v1.tables_initializer().run()\n'
                "  result = table.lookup(tf.constant(['a', 'c'])).eval()\n"
                'print(repr(result))\n'),
               ('SparseTensor(indices=tf.Tensor(\n'
                '[[0 0]\n'
                ' [0 1]\n'
                ' [1 0]\n'
                ' [1 1]\n'
                " [1 2]], shape=(5, 2), dtype=int64), values=tf.Tensor([b'hello' b'worl"
                "d' b'a' b'b' b'c'], shape=(5,), dtype=string), dense_shape=tf.Tensor(["
                '2 3], shape=(2,), dtype=int64))\n'
                "<tf.RaggedTensor [[b'hello', b'world'], [b'a', b'b', b'c']]>\n"
                "<tf.RaggedTensor [[b'a', b'b', b'c'], []]>\n"
                "<tf.RaggedTensor [[b'hello', b'', b'world']]>\n"
                "<tf.RaggedTensor [[b'a', b'b', b'c']]>\n"
                'array([ 1, -1], dtype=int32)\n')),
]
