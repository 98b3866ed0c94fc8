"""Parity cases from the Unicode strings and sparse tensor guides: what TensorFlow printed
for each snippet (errors shown without the eager function-node prefix and op-name suffix)."""

from tests.parity.harness import ParityCase

CASES = [
    # The guide's last step: unicode_encode of a ragged tensor with two ragged levels (words of
    # sentences), dense input of rank 3, and the errors argument
    ParityCase('unicode_encode_words_of_sentences', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               "sentence_texts = [u'Hello, world.', u'世界こんにちは']\n"
               "codepoints = tf.strings.unicode_decode(sentence_texts, 'UTF-8')\n"
               'script = tf.strings.unicode_script(codepoints)\n'
               'starts_word = tf.concat([tf.fill([script.nrows(), 1], True),\n'
               '                         tf.not_equal(script[:, 1:], script[:, :-1])], axis=1)\n'
               'word_starts = tf.squeeze(tf.where(starts_word.values), axis=1)\n'
               'word_codepoints = tf.RaggedTensor.from_row_starts(values=codepoints.values,\n'
               '                                                  row_starts=word_starts)\n'
               'num_words = tf.reduce_sum(tf.cast(starts_word, tf.int64), axis=1)\n'
               'sentence_words = tf.RaggedTensor.from_row_lengths(values=word_codepoint'
               's, row_lengths=num_words)\n'
               "print(tf.strings.unicode_encode(sentence_words, 'UTF-8').to_list())\n"
               'print(tf.strings.unicode_encode(tf.constant([[[104, 105]], [[104, 106]]'
               "]), 'UTF-8'))\n"
               "print(tf.strings.unicode_encode(tf.zeros([2, 0], tf.int32), 'UTF-8'))\n"
               'for errors in ["replace", "ignore", "strict"]:\n'
               '  try:\n'
               "    print(tf.strings.unicode_encode([0x110000, 65, 0xD800, -1], 'UTF-8'"
               ', errors=errors))\n'
               '  except tf.errors.InvalidArgumentError as e:\n'
               '    show(e)\n'
               "print(tf.strings.unicode_encode([0x110000, 65], 'UTF-16-BE', replacemen"
               't_char=63))\n'),
               ("[[b'Hello', b', ', b'world', b'.'], [b'\\xe4\\xb8\\x96\\xe7\\x95\\x8c', b'\\xe"
               "3\\x81\\x93\\xe3\\x82\\x93\\xe3\\x81\\xab\\xe3\\x81\\xa1\\xe3\\x81\\xaf']]\n"
               'tf.Tensor(\n'
               "[[b'hi']\n"
               " [b'hj']], shape=(2, 1), dtype=string)\n"
               "tf.Tensor([b'' b''], shape=(2,), dtype=string)\n"
               "tf.Tensor(b'\\xef\\xbf\\xbdA\\xef\\xbf\\xbd\\xef\\xbf\\xbd', shape=(), dtyp"
               'e=string)\n'
               "tf.Tensor(b'A', shape=(), dtype=string)\n"
               'InvalidArgumentError: Code point is out of range for Unicode, or is a s'
               'urrogate. [Op:UnicodeEncode]\n'
               "tf.Tensor(b'\\x00?\\x00A', shape=(), dtype=string)\n")),
    # Unary ops TF runs on a SparseTensor's values, sparse softmax's digits, and SparseAdd's shape
    # errors
    ParityCase('sparse_unary_ops_softmax_and_add_errors', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 1]], values=[-3., 4.],'
               ' dense_shape=[2, 2])\n'
               'for f in (tf.math.abs, tf.math.negative, tf.math.sign, tf.math.square, '
               'tf.identity):\n'
               '  print(f(st).values)\n'
               'print(tf.cast(st, tf.int32))\n'
               'print(tf.math.sqrt(tf.math.abs(st)).dense_shape)\n'
               'try:\n'
               '  tf.math.exp(st)\n'
               'except ValueError as e:\n'
               '  print("ValueError")\n'
               'rt = tf.ragged.constant([[1., 2.], [3.]])\n'
               'print(tf.math.lgamma(rt), tf.math.softsign(rt), tf.math.erf(rt).shape)\n'
               'print(tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0], [0, 1]], [1., 2'
               '.], [1, 2])).values)\n'
               'print(tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]]'
               ', [0.5, -1.5, 3.],\n'
               '                                               [2, 3])).values)\n'
               'a = tf.sparse.SparseTensor([[0, 0]], [1], [3, 3])\n'
               'for b in (tf.sparse.SparseTensor([[0, 0]], [1], [4, 4]), tf.sparse.Spar'
               'seTensor([[0, 0]], [1], [3, 4]),\n'
               '          tf.sparse.SparseTensor([[0, 0, 0]], [1], [3, 3, 1])):\n'
               '  try:\n'
               '    tf.sparse.add(a, b)\n'
               '  except tf.errors.InvalidArgumentError as e:\n'
               '    show(e)\n'),
               ('tf.Tensor([3. 4.], shape=(2,), dtype=float32)\n'
               'tf.Tensor([ 3. -4.], shape=(2,), dtype=float32)\n'
               'tf.Tensor([-1.  1.], shape=(2,), dtype=float32)\n'
               'tf.Tensor([ 9. 16.], shape=(2,), dtype=float32)\n'
               'tf.Tensor([-3.  4.], shape=(2,), dtype=float32)\n'
               'SparseTensor(indices=tf.Tensor(\n'
               '[[0 0]\n'
               ' [1 1]], shape=(2, 2), dtype=int64), values=tf.Tensor([-3  4], shape=(2'
               ',), dtype=int32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))\n'
               'tf.Tensor([2 2], shape=(2,), dtype=int64)\n'
               'ValueError\n'
               '<tf.RaggedTensor [[0.0, 0.0], [0.6931472]]> <tf.RaggedTensor [[0.5, 0.6'
               '666667], [0.75]]> (2, None)\n'
               'tf.Tensor([0.26894143 0.7310586 ], shape=(2,), dtype=float32)\n'
               'tf.Tensor([0.880797   0.11920291 1.        ], shape=(3,), dtype=float32)\n'
               "InvalidArgumentError: Operands' shapes do not match: got 3 and 4 for di"
               'mension 0 [Op:SparseAdd]\n'
               "InvalidArgumentError: Operands' shapes do not match: got 3 and 4 for di"
               'mension 1 [Op:SparseAdd]\n'
               'InvalidArgumentError: Input indices must have the same dimension, got 2'
               ' and 3 [Op:SparseAdd]\n')),
]
