"""tf.random: distributions, dtypes, errors and TF 2's global/op seed semantics."""

import subprocess
import sys

import numpy as np
import pytest

from eagerbook.core.errors import InvalidArgumentError
from eagerbook.core.tensor import constant
from eagerbook.ops import REGISTRY, random_ops
from eagerbook.ops.random_ops import DEFAULT_GRAPH_SEED


@pytest.fixture(autouse=True)
def no_global_seed():
    random_ops.set_seed(None)
    yield
    random_ops.set_seed(None)


def values(t):
    return t.numpy().tolist()


# --- seed semantics -------------------------------------------------------------------------------
def test_get_seed_table():
    assert random_ops.get_seed(None) == (None, None)
    assert random_ops.get_seed(5) == (DEFAULT_GRAPH_SEED, 5)
    random_ops.set_seed(7)
    assert random_ops.get_seed(3) == (7, 3)
    g, op = random_ops.get_seed(None)
    assert g == 7 and isinstance(op, int)
    random_ops.set_seed(0)
    assert random_ops.get_seed(0) == (0, 2**31 - 1)  # (0, 0) would mean "no seed"


def test_no_seeds_is_nondeterministic():
    assert values(random_ops.uniform([8])) != values(random_ops.uniform([8]))
    random_ops.set_seed(None)
    a = values(random_ops.normal([8]))
    random_ops.set_seed(None)
    assert values(random_ops.normal([8])) != a


def test_global_seed_makes_the_sequence_reproducible():
    random_ops.set_seed(1234)
    first = [values(random_ops.uniform([3])), values(random_ops.normal([3])),
             values(random_ops.uniform([3]))]
    assert first[0] != first[2]  # consecutive calls differ
    random_ops.set_seed(1234)
    again = [values(random_ops.uniform([3])), values(random_ops.normal([3])),
             values(random_ops.uniform([3]))]
    assert first == again
    random_ops.set_seed(4321)
    assert values(random_ops.uniform([3])) != first[0]


def test_op_seed_with_global_seed_repeats_after_set_seed():
    random_ops.set_seed(1)
    a1 = values(random_ops.uniform([4], seed=7))
    a2 = values(random_ops.uniform([4], seed=7))
    assert a1 != a2  # the op's stream advances on each call
    random_ops.set_seed(1)
    assert values(random_ops.uniform([4], seed=7)) == a1
    assert values(random_ops.uniform([4], seed=7)) == a2
    random_ops.set_seed(2)
    assert values(random_ops.uniform([4], seed=7)) != a1  # depends on the global seed too


def test_op_seed_is_independent_of_other_random_ops():
    random_ops.set_seed(1)
    a = values(random_ops.uniform([4], seed=7))
    random_ops.set_seed(1)
    random_ops.normal([10])  # an unrelated op in between does not shift a seeded op
    assert values(random_ops.uniform([4], seed=7)) == a


def test_op_seed_without_global_seed_is_deterministic_across_processes():
    code = ("from eagerbook.ops import random_ops as r; "
            "print(r.uniform([3], seed=5).numpy().tolist(), "
            "r.normal([2], seed=5).numpy().tolist())")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)}
    assert len(runs) == 1
    assert values(random_ops.uniform([3], seed=5)) == eval(runs.pop().split("] [")[0] + "]")


def test_numpy_generator_follows_seed_rules():
    random_ops.set_seed(3)
    a = random_ops.numpy_generator("GlorotUniform").random(3)
    b = random_ops.numpy_generator("GlorotUniform").random(3)
    random_ops.set_seed(3)
    np.testing.assert_array_equal(random_ops.numpy_generator("GlorotUniform").random(3), a)
    assert not np.array_equal(a, b)
    s1 = random_ops.numpy_generator("ShuffleDataset", seed=9).random(2)
    s2 = random_ops.numpy_generator("ShuffleDataset", seed=9).random(2)
    assert not np.array_equal(s1, s2)  # same explicit seed: the stream continues


def test_random_ops_are_stateful_and_not_differentiable():
    for name in ("RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
                 "RandomShuffle", "Multinomial"):
        assert REGISTRY[name].stateful and not REGISTRY[name].differentiable


# --- distributions and dtypes ---------------------------------------------------------------------
def test_normal_statistics_and_dtypes():
    x = random_ops.normal([20000], mean=3.0, stddev=2.0, seed=1).numpy()
    assert x.dtype == np.float32
    assert abs(x.mean() - 3) < 0.06 and abs(x.std() - 2) < 0.06
    assert random_ops.normal([2, 3], dtype="float64").dtype.name == "float64"
    assert random_ops.normal([2], dtype="float16").dtype.name == "float16"
    with pytest.raises(TypeError, match="int32"):
        random_ops.normal([2], dtype="int32")


def test_uniform_float_and_int():
    x = random_ops.uniform([5000], minval=-2.0, maxval=3.0).numpy()
    assert x.dtype == np.float32 and x.min() >= -2 and x.max() < 3
    assert abs(x.mean() - 0.5) < 0.1
    i = random_ops.uniform([5000], minval=2, maxval=6, dtype="int32").numpy()
    assert i.dtype == np.int32 and set(np.unique(i).tolist()) == {2, 3, 4, 5}
    assert random_ops.uniform([2], maxval=10, dtype="int64").dtype.name == "int64"
    with pytest.raises(ValueError, match="Must specify maxval for integer dtype"):
        random_ops.uniform([2], dtype="int32")
    with pytest.raises(InvalidArgumentError, match="Need minval < maxval, got 5 >= 5"):
        random_ops.uniform([2], minval=5, maxval=5, dtype="int32")
    assert random_ops.uniform(constant([2, 3])).shape == (2, 3)


def test_truncated_normal_stays_within_two_stddevs():
    x = random_ops.truncated_normal([20000], mean=1.0, stddev=0.5).numpy()
    assert x.min() >= 0 and x.max() <= 2
    assert abs(x.mean() - 1) < 0.02
    assert 0.4 < x.std() < 0.45  # a truncated normal has a smaller spread (~0.88 sigma)


def test_shuffle_permutes_rows():
    value = np.arange(20).reshape(10, 2)
    out = random_ops.shuffle(value, seed=2).numpy()
    assert sorted(map(tuple, out.tolist())) == sorted(map(tuple, value.tolist()))
    assert (out[:, 1] - out[:, 0] == 1).all()  # rows stay intact
    assert random_ops.shuffle(constant(3.0)).numpy() == 3.0


def test_categorical():
    with np.errstate(divide="ignore"):
        logits = constant(np.log([[0.1, 0.6, 0.3], [1.0, 0.0, 0.0]]).astype(np.float32))
        samples = random_ops.categorical(logits, 4000, seed=3)
    assert samples.shape == (2, 4000) and samples.dtype.name == "int64"
    counts = np.bincount(samples.numpy()[0], minlength=3) / 4000
    np.testing.assert_allclose(counts, [0.1, 0.6, 0.3], atol=0.03)
    assert (samples.numpy()[1] == 0).all()  # -inf logits are never drawn
    assert random_ops.categorical([[0.0, 0.0]], 2, dtype="int32").dtype.name == "int32"
    with pytest.raises(InvalidArgumentError, match="matrix"):
        random_ops.categorical([0.0, 1.0], 2)


def test_generator_from_seed_is_reproducible():
    g1, g2 = random_ops.Generator.from_seed(5), random_ops.Generator.from_seed(5)
    a = [values(g1.normal([3])), values(g1.uniform([3])), values(g1.uniform([2], 0, 9, "int32"))]
    b = [values(g2.normal([3])), values(g2.uniform([3])), values(g2.uniform([2], 0, 9, "int32"))]
    assert a == b
    assert values(g1.normal([3])) != a[0]
    random_ops.set_seed(1)  # the global seed does not touch a Generator
    assert values(random_ops.Generator.from_seed(5).normal([3])) == a[0]
