"""Parity cases: unsorted_segment_join over leading dimensions, sparse.expand_dims default axis,
sparse.reduce_max of rows with nothing stored (0, as TF)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('sparse_strings_fixes', ('\n'
                "inputs = [['Y', 'q', 'c'], ['Y', '6', '6'], ['p', 'G', 'a']]\n"
                'print(tf.strings.unsorted_segment_join(inputs, [1, 0, 1], 2, separator'
                "=':'))\n"
                "print(tf.strings.unsorted_segment_join(['this', 'a', 'test', 'is'], [0"
                ", 1, 1, 0], 3, ' '))\n"
                'sp = tf.sparse.SparseTensor(indices=[[3, 4, 1]], values=[7], dense_sha'
                'pe=[10, 10, 3])\n'
                'print(tf.sparse.expand_dims(sp).shape, tf.sparse.expand_dims(sp, 1).sh'
                'ape)\n'
                'y = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], [-7, 4, 3], [3, 2'
                '])\n'
                'print(tf.sparse.reduce_max(y, 1), tf.sparse.reduce_max(y, 0, keepdims='
                'True))\n'
                'z = tf.sparse.SparseTensor([[0, 0]], [-7.], [2, 2])\n'
                'print(tf.sparse.reduce_max(z, 1), tf.sparse.reduce_max(z))\n'),
               ('tf.Tensor(\n'
                "[[b'Y' b'6' b'6']\n"
                " [b'Y:p' b'q:G' b'c:a']], shape=(2, 3), dtype=string)\n"
                "tf.Tensor([b'this is' b'a test' b''], shape=(3,), dtype=string)\n"
                '(10, 10, 3, 1) (10, 1, 10, 3)\n'
                'tf.Tensor([-7  4  0], shape=(3,), dtype=int32) tf.Tensor([[4 3]], shap'
                'e=(1, 2), dtype=int32)\n'
                'tf.Tensor([-7.  0.], shape=(2,), dtype=float32) tf.Tensor(-7.0, shape='
                '(), dtype=float32)\n')),
]
