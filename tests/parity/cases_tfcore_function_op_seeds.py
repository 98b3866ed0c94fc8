"""Parity cases for op seeds inside tf.function: with a global seed set, the random ops of a
traced function take op seeds 0, 1, 2... in the order the trace creates them (per graph), and
each call continues their sequences."""

from tests.parity.harness import ParityCase

CASES = [
    # set_seed's own example: two uniform draws in a function, called twice, then eagerly
    ParityCase('function_op_seeds', ('\n'
               'tf.random.set_seed(1234)\n'
               '@tf.function\n'
               'def f():\n'
               '  a = tf.random.uniform([1])\n'
               '  b = tf.random.uniform([1])\n'
               '  return a, b\n'
               'print(f())\n'
               'print(f())\n'
               'print(tf.random.uniform([1]))\n'
               'tf.random.set_seed(1234)\n'
               'print(tf.random.uniform([1]))\n'
               '@tf.function\n'
               'def g(x):\n'
               '  return x + tf.random.normal([2]), tf.random.uniform([2], maxval=10, d'
               'type=tf.int32)\n'
               'print(g(tf.constant(1.)))\n'
               'print(g(tf.constant(2.)))\n'),
               ('(<tf.Tensor: shape=(1,), dtype=float32, numpy=array([0.13047123], dtype'
               '=float32)>, <tf.Tensor: shape=(1,), dtype=float32, numpy=array([0.16898'
               '06], dtype=float32)>)\n'
               '(<tf.Tensor: shape=(1,), dtype=float32, numpy=array([0.6087816], dtype='
               'float32)>, <tf.Tensor: shape=(1,), dtype=float32, numpy=array([0.753908'
               '4], dtype=float32)>)\n'
               'tf.Tensor([0.5380393], shape=(1,), dtype=float32)\n'
               'tf.Tensor([0.5380393], shape=(1,), dtype=float32)\n'
               '(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.6979979, 2.99549'
               '48], dtype=float32)>, <tf.Tensor: shape=(2,), dtype=int32, numpy=array('
               '[6, 5], dtype=int32)>)\n'
               '(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([3.5231898, 1.03344'
               '82], dtype=float32)>, <tf.Tensor: shape=(2,), dtype=int32, numpy=array('
               '[4, 2], dtype=int32)>)\n')),
    # An explicit op seed inside a function and eagerly
    ParityCase('function_op_seed_given', ('\n'
               'tf.random.set_seed(5)\n'
               '@tf.function\n'
               'def h():\n'
               '  return tf.random.uniform([2], seed=7), tf.random.normal([2])\n'
               'print(h())\n'
               'print(h())\n'
               'print(tf.random.shuffle(tf.range(6)))\n'
               '@tf.function\n'
               'def k():\n'
               '  return tf.random.shuffle(tf.range(6)), tf.random.truncated_normal([3])\n'
               'print(k())\n'),
               ('(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.44746375, 0.6207'
               '57  ], dtype=float32)>, <tf.Tensor: shape=(2,), dtype=float32, numpy=ar'
               'ray([-1.7138785, -0.6787023], dtype=float32)>)\n'
               '(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.41754687, 0.7107'
               '128 ], dtype=float32)>, <tf.Tensor: shape=(2,), dtype=float32, numpy=ar'
               'ray([-0.2950869 , -0.21065663], dtype=float32)>)\n'
               'tf.Tensor([2 0 1 4 5 3], shape=(6,), dtype=int32)\n'
               '(<tf.Tensor: shape=(6,), dtype=int32, numpy=array([1, 3, 5, 2, 4, 0], d'
               'type=int32)>, <tf.Tensor: shape=(3,), dtype=float32, numpy=array([-1.37'
               '68897 , -0.01258316, -0.169515  ], dtype=float32)>)\n')),
]
