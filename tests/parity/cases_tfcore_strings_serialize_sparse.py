"""Parity cases for string tensors: strings with NUL bytes kept whole by indexing, gather
and unstack; SparseTensors serialized as strings; the string ops' argument checks."""

from tests.parity.harness import ParityCase

CASES = [
    # serialize_sparse/serialize_many_sparse (strings in tensor_content, as TF writes them) and
    # deserialize_many_sparse; one element of a string tensor keeps its trailing NUL bytes
    ParityCase('serialize_sparse_and_nul_bytes', ('\n'
               'st = tf.sparse.SparseTensor([[0, 1], [2, 0]], [1.5, 2.], [3, 2])\n'
               'print(tf.io.serialize_sparse(st))\n'
               'print(tf.io.serialize_sparse(st)[2])\n'
               'many = tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[0, 1], [2, '
               '0]], [1, 2], [3, 2]))\n'
               'print(many)\n'
               'print(tf.io.deserialize_many_sparse(many, tf.int32))\n'
               'print(tf.io.deserialize_many_sparse(tf.stack([\n'
               '    tf.io.serialize_sparse(st),\n'
               '    tf.io.serialize_sparse(tf.sparse.SparseTensor([[1, 1], [4, 0]], [7.'
               ', 8.], [5, 2]))]),\n'
               '    tf.float32))\n'
               'print(tf.io.serialize_sparse(tf.sparse.SparseTensor([[0]], ["a"], [2])))\n'
               'print(tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(\n'
               '    tf.sparse.SparseTensor([[0, 0], [1, 1]], ["a", "bc"], [2, 2])), tf.string))\n'
               's = tf.constant([b"a\\x00", b"b"])\n'
               'print(s[0], tf.gather(s, 1), tf.unstack(s)[0], tf.constant([[b"\\x00\\x00'
               '"]])[0, 0])\n'),
               ('tf.Tensor(\n'
               '[b\'\\x08\\t\\x12\\x08\\x12\\x02\\x08\\x02\\x12\\x02\\x08\\x02" \\x00\\x00\\x'
               '00\\x00\\x00\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x0'
               "0\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00'\n"
               ' b\'\\x08\\x01\\x12\\x04\\x12\\x02\\x08\\x02"\\x08\\x00\\x00\\xc0?\\x00\\x00'
               "\\x00@'\n"
               ' b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x02"\\x10\\x03\\x00\\x00\\x00\\x00\\x0'
               "0\\x00\\x00\\x02\\x00\\x00\\x00\\x00\\x00\\x00\\x00'], shape=(3,), dtype=str"
               'ing)\n'
               'tf.Tensor(b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x02"\\x10\\x03\\x00\\x00\\x'
               "00\\x00\\x00\\x00\\x00\\x02\\x00\\x00\\x00\\x00\\x00\\x00\\x00', shape=(), dty"
               'pe=string)\n'
               'tf.Tensor(\n'
               '[[b\'\\x08\\t\\x12\\x08\\x12\\x02\\x08\\x01\\x12\\x02\\x08\\x01"\\x08\\x01\\x'
               "00\\x00\\x00\\x00\\x00\\x00\\x00'\n"
               '  b\'\\x08\\x03\\x12\\x04\\x12\\x02\\x08\\x01"\\x04\\x01\\x00\\x00\\x00\'\n'
               '  b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x01"\\x08\\x02\\x00\\x00\\x00\\x00\\x'
               "00\\x00\\x00']\n"
               " [b'\\x08\\t\\x12\\x06\\x12\\x00\\x12\\x02\\x08\\x01' b'\\x08\\x03\\x12\\x0"
               "2\\x12\\x00'\n"
               '  b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x01"\\x08\\x02\\x00\\x00\\x00\\x00\\x'
               "00\\x00\\x00']\n"
               ' [b\'\\x08\\t\\x12\\x08\\x12\\x02\\x08\\x01\\x12\\x02\\x08\\x01"\\x08\\x00\\x'
               "00\\x00\\x00\\x00\\x00\\x00\\x00'\n"
               '  b\'\\x08\\x03\\x12\\x04\\x12\\x02\\x08\\x01"\\x04\\x02\\x00\\x00\\x00\'\n'
               '  b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x01"\\x08\\x02\\x00\\x00\\x00\\x00\\x'
               "00\\x00\\x00']], shape=(3, 3), dtype=string)\n"
               'SparseTensor(indices=tf.Tensor(\n'
               '[[0 1]\n'
               ' [2 0]], shape=(2, 2), dtype=int64), values=tf.Tensor([1 2], shape=(2,)'
               ', dtype=int32), dense_shape=tf.Tensor([3 2], shape=(2,), dtype=int64))\n'
               'SparseTensor(indices=tf.Tensor(\n'
               '[[0 0 1]\n'
               ' [0 2 0]\n'
               ' [1 1 1]\n'
               ' [1 4 0]], shape=(4, 3), dtype=int64), values=tf.Tensor([1.5 2.  7.  8.'
               ' ], shape=(4,), dtype=float32), dense_shape=tf.Tensor([2 5 2], shape=(3'
               ',), dtype=int64))\n'
               'tf.Tensor(\n'
               '[b\'\\x08\\t\\x12\\x08\\x12\\x02\\x08\\x01\\x12\\x02\\x08\\x01"\\x08\\x00\\x0'
               "0\\x00\\x00\\x00\\x00\\x00\\x00'\n"
               ' b\'\\x08\\x07\\x12\\x04\\x12\\x02\\x08\\x01"\\x02\\x01a\'\n'
               ' b\'\\x08\\t\\x12\\x04\\x12\\x02\\x08\\x01"\\x08\\x02\\x00\\x00\\x00\\x00\\x0'
               "0\\x00\\x00'], shape=(3,), dtype=string)\n"
               'SparseTensor(indices=tf.Tensor(\n'
               '[[0 0]\n'
               " [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([b'a' b'bc'], sha"
               'pe=(2,), dtype=string), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))\n'
               "tf.Tensor(b'a\\x00', shape=(), dtype=string) tf.Tensor(b'b', shape=(), d"
               "type=string) tf.Tensor(b'a\\x00', shape=(), dtype=string) tf.Tensor(b'\\x"
               "00\\x00', shape=(), dtype=string)\n")),
    # Numbers where a string op wants strings, and a separator that is not a string
    ParityCase('string_argument_checks', ('\n'
               'for call in [lambda: tf.strings.join(["a", "b"], separator=1),\n'
               '             lambda: tf.strings.split(5),\n'
               '             lambda: tf.strings.length([1, 2]),\n'
               '             lambda: tf.strings.reduce_join(["a", "b"], separator=3)]:\n'
               '  try:\n'
               '    call()\n'
               '  except TypeError as e:\n'
               '    print("TypeError:", e)\n'
               'print(tf.strings.join(["a", "b"], separator=b"-"))\n'),
               ("TypeError: Expected string for argument 'separator' not 1.\n"
               'TypeError: Cannot convert 5 to EagerTensor of dtype string\n'
               'TypeError: Cannot convert [1, 2] to EagerTensor of dtype string\n'
               "TypeError: Expected string for argument 'separator' not 3.\n"
               "tf.Tensor(b'a-b', shape=(), dtype=string)\n")),
]
