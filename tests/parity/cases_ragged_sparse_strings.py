"""Parity cases: ragged and sparse tensors and tf.strings as TF's guides on them use them."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('ragged_factories', ('\n'
                'print(tf.RaggedTensor.from_value_rowids(values=[3, 1, 4, 1, 5], value_r'
                'owids=[0, 0, 0, 2, 2], nrows=4))\n'
                'print(tf.RaggedTensor.from_row_lengths(values=[3, 1, 4, 1, 5], row_leng'
                'ths=[2, 0, 3]))\n'
                'print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], padding=0))\n'
                'print(tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 0], [0, 1], [1, '
                '0]], [1, 2, 3], [2, 2])))\n'
                'print(tf.ragged.range([3, 1]))\n'
                'print(tf.ragged.range([1, 2], [4, 3], 2))\n'),
               ('<tf.RaggedTensor [[3, 1, 4], [], [1, 5], []]>\n'
                '<tf.RaggedTensor [[3, 1], [], [4, 1, 5]]>\n'
                '<tf.RaggedTensor [[1], [2, 3]]>\n'
                '<tf.RaggedTensor [[1, 2], [3]]>\n'
                '<tf.RaggedTensor [[0, 1, 2], [0]]>\n'
                '<tf.RaggedTensor [[1, 3], [2]]>\n')),
    ParityCase('ragged_reshaping', ('\n'
                'rt = tf.ragged.constant([[1, 2], [3]])\n'
                'print(rt.merge_dims(0, 1))\n'
                'print(tf.ragged.constant([[[1, 2], [3]], [[4]]]).merge_dims(1, 2))\n'
                'print(rt.to_sparse())\n'
                'print(rt[:, :1])\n'
                'print(repr(rt[:, :1].numpy()))\n'
                'print(rt.bounding_shape(), rt.nrows())\n'),
               ('tf.Tensor([1 2 3], shape=(3,), dtype=int32)\n'
                '<tf.RaggedTensor [[1, 2, 3], [4]]>\n'
                'SparseTensor(indices=tf.Tensor(\n'
                '[[0 0]\n'
                ' [0 1]\n'
                ' [1 0]], shape=(3, 2), dtype=int64), values=tf.Tensor([1 2 3], shape=(3'
                ',), dtype=int32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64)'
                ')\n'
                '<tf.RaggedTensor [[1],\n'
                ' [3]]>\n'
                'array([[1],\n'
                '       [3]], dtype=int32)\n'
                'tf.Tensor([2 2], shape=(2,), dtype=int64) tf.Tensor(2, shape=(), dtype='
                'int64)\n')),
    ParityCase('sparse_extras', ('\n'
                'st = tf.SparseTensor([[0, 1], [1, 0]], [5., 6.], [2, 2])\n'
                'print(tf.sparse.reduce_max(st))\n'
                'print(tf.sparse.to_dense(st, default_value=-1.))\n'
                'print(tf.sparse.retain(st, [True, False]))\n'
                'print(tf.sparse.expand_dims(st, 0))\n'
                'print(tf.sparse.reset_shape(tf.SparseTensor([[0, 1]], [5.], [4, 4])))\n'),
               ('tf.Tensor(6.0, shape=(), dtype=float32)\n'
                'tf.Tensor(\n'
                '[[-1.  5.]\n'
                ' [ 6. -1.]], shape=(2, 2), dtype=float32)\n'
                'SparseTensor(indices=tf.Tensor([[0 1]], shape=(1, 2), dtype=int64), val'
                'ues=tf.Tensor([5.], shape=(1,), dtype=float32), dense_shape=tf.Tensor(['
                '2 2], shape=(2,), dtype=int64))\n'
                'SparseTensor(indices=tf.Tensor(\n'
                '[[0 0 1]\n'
                ' [0 1 0]], shape=(2, 3), dtype=int64), values=tf.Tensor([5. 6.], shape='
                '(2,), dtype=float32), dense_shape=tf.Tensor([1 2 2], shape=(3,), dtype='
                'int64))\n'
                'SparseTensor(indices=tf.Tensor([[0 1]], shape=(1, 2), dtype=int64), val'
                'ues=tf.Tensor([5.], shape=(1,), dtype=float32), dense_shape=tf.Tensor(['
                '1 2], shape=(2,), dtype=int64))\n')),
    ParityCase('unicode_extras', ('\n'
                'text_utf8 = tf.constant(u"语言处理")\n'
                "print(tf.strings.unicode_transcode(text_utf8, input_encoding='UTF8', ou"
                "tput_encoding='UTF-16-BE'))\n"
                "codepoints, offsets = tf.strings.unicode_decode_with_offsets(u'🎈🎉🎊', 'U"
                "TF-8')\n"
                'for (codepoint, offset) in zip(codepoints.numpy(), offsets.numpy()):\n'
                "  print('At byte offset {}: codepoint {}'.format(offset, codepoint))\n"
                "print(tf.strings.unicode_decode_with_offsets([u'ab', u'é'], 'UTF-8'))\n"),
               ("tf.Tensor(b'\\x8b\\xed\\x8a\\x00Y\\x04t\\x06', shape=(), dtype=string)"
                '\n'
                'At byte offset 0: codepoint 127880\n'
                'At byte offset 4: codepoint 127881\n'
                'At byte offset 8: codepoint 127882\n'
                '(<tf.RaggedTensor [[97, 98], [233]]>, <tf.RaggedTensor [[0, 1], [0]]>)'
                '\n')),
    ParityCase('string_extras', ('\n'
                "print(tf.strings.ngrams(['a', 'b', 'c'], 2))\n"
                "print(tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2"
                '))\n'
                "print(tf.strings.unsorted_segment_join(['a', 'b', 'c'], [0, 1, 0], 2))"
                '\n'
                "print(tf.strings.unsorted_segment_join(['a', 'b', 'c'], [0, 1, 0], 2, s"
                "eparator='-'))\n"),
               ("tf.Tensor([b'a b' b'b c'], shape=(2,), dtype=string)\n"
                "<tf.RaggedTensor [[b'a b', b'b c'], []]>\n"
                "tf.Tensor([b'ac' b'b'], shape=(2,), dtype=string)\n"
                "tf.Tensor([b'a-c' b'b'], shape=(2,), dtype=string)\n")),
]
