"""Parity case for tf.random.Algorithm, an enum as in TF (generators and ops take members,
names or values)."""

from tests.parity.harness import ParityCase

CASES = [
    # The enum's members, and generators and stateless ops given one
    ParityCase('random_algorithm_enum', ('\n'
               'A = tf.random.Algorithm\n'
               'print(A.PHILOX, repr(A.PHILOX), A.PHILOX.value, list(A), A.AUTO_SELECT.'
               'value, A(2))\n'
               'print(tf.random.Generator.from_seed(1).algorithm, tf.random.Generator.f'
               'rom_seed(1, alg=A.THREEFRY).algorithm,\n'
               '      tf.random.Generator.from_seed(1, alg="threefry").algorithm)\n'
               'print(tf.random.stateless_uniform([2], seed=[1, 2], alg=A.PHILOX))\n'
               'print(tf.random.stateless_uniform([2], seed=[1, 2], alg="philox"))\n'
               'print(tf.random.create_rng_state(1234, A.PHILOX), tf.random.create_rng_'
               'state(1234, "threefry"))\n'),
               ('Algorithm.PHILOX <Algorithm.PHILOX: 1> 1 [<Algorithm.PHILOX: 1>, <Algor'
               'ithm.THREEFRY: 2>, <Algorithm.AUTO_SELECT: 3>] 3 Algorithm.THREEFRY\n'
               '1 2 2\n'
               'tf.Tensor([0.8440604  0.19204533], shape=(2,), dtype=float32)\n'
               'tf.Tensor([0.8440604  0.19204533], shape=(2,), dtype=float32)\n'
               'tf.Tensor([1234    0    0], shape=(3,), dtype=int64) tf.Tensor([1234   '
               ' 0], shape=(2,), dtype=int64)\n')),
]
