"""Parity cases for tf.map_fn over a SparseTensor (each row a SparseTensor of one rank less)
and with a SparseTensorSpec output signature (the rows' results stacked into one SparseTensor),
as in map_fn's docstring."""

from tests.parity.harness import ParityCase

CASES = [
    # map_fn's docstring examples with SparseTensors, and two more
    ParityCase('map_fn_sparse', ('\n'
               'st = tf.sparse.SparseTensor([[0, 0], [2, 0], [2, 1]], [2, 3, 4], dense_'
               'shape=[4, 4])\n'
               'print(tf.map_fn(tf.sparse.reduce_sum, st, fn_output_signature=tf.int32))\n'
               'print(tf.sparse.to_dense(tf.map_fn(tf.sparse.eye, tf.constant([2, 3]),\n'
               '                                   fn_output_signature=tf.SparseTensorS'
               'pec(None, tf.float32))))\n'
               'print(tf.map_fn(lambda s: tf.sparse.to_dense(s) * 2, st, fn_output_sign'
               'ature=tf.int32))\n'
               'print(tf.map_fn(lambda s: s * 2, st))\n'),
               ('tf.Tensor([2 0 7 0], shape=(4,), dtype=int32)\n'
               'tf.Tensor(\n'
               '[[[1. 0. 0.]\n'
               '  [0. 1. 0.]\n'
               '  [0. 0. 0.]]\n'
               '\n'
               ' [[1. 0. 0.]\n'
               '  [0. 1. 0.]\n'
               '  [0. 0. 1.]]], shape=(2, 3, 3), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[4 0 0 0]\n'
               ' [0 0 0 0]\n'
               ' [6 8 0 0]\n'
               ' [0 0 0 0]], shape=(4, 4), dtype=int32)\n'
               'SparseTensor(indices=tf.Tensor(\n'
               '[[0 0]\n'
               ' [2 0]\n'
               ' [2 1]], shape=(3, 2), dtype=int64), values=tf.Tensor([4 6 8], shape=(3'
               ',), dtype=int32), dense_shape=tf.Tensor([4 4], shape=(2,), dtype=int64))\n')),
]
