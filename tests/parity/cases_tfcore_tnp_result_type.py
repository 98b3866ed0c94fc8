"""Parity case for tf.experimental.numpy.result_type: NumPy's promotion rules, the answer a
TF dtype, for dtypes named as NumPy types, TF dtypes or strings, and for arrays and scalars."""

from tests.parity.harness import ParityCase

CASES = [
    # result_type of dtypes, arrays and Python scalars
    ParityCase('tnp_result_type', ('\n'
               'tnp = tf.experimental.numpy\n'
               'for args in [(tnp.int32, tnp.float32), (tnp.int32,), (tnp.float16, tnp.'
               'int8), (tnp.int64, tnp.uint64),\n'
               '             (1, 2.0), (tnp.array([1, 2]), 2.5), (tnp.array([1.], tnp.f'
               'loat32), 2.5),\n'
               '             (tf.int32, tf.float32), ("float32",), (tnp.bool_, tnp.int8'
               '), (np.float32, np.float64)]:\n'
               '  print(repr(tnp.result_type(*args)))\n'
               'print(tnp.result_type(tnp.int32, tnp.float32))\n'),
               ('tf.float64\n'
               'tf.int32\n'
               'tf.float16\n'
               'tf.float64\n'
               'tf.float64\n'
               'tf.float64\n'
               'tf.float32\n'
               'tf.float64\n'
               'tf.float32\n'
               'tf.int8\n'
               'tf.float64\n'
               "<dtype: 'float64'>\n")),
]
