"""Parity cases: the random-number guide's Generator and seed helpers (shapes, dtypes and
names; the values themselves are compared in cases_core_guides.py)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('generator_state', ('\n'
                's = tf.random.create_rng_state(1, "philox")\n'
                'print(s)\n'
                'print(tf.random.Generator.from_seed(1).state)\n'
                'g = tf.random.Generator.from_seed(1)\n'
                'print(type(g.split(2)[0]).__name__, g.algorithm, g.state.dtype)\n'),
               ('tf.Tensor([1 0 0], shape=(3,), dtype=int64)\n'
                "<tf.Variable 'StateVar:0' shape=(3,) dtype=int64, numpy=array([1, 0, 0]"
                ')>\n'
                "Generator 1 <dtype: 'int64'>\n")),
]
