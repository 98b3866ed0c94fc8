"""tf.random.Generator and the stateless ops: TF's seed semantics (the bits differ from TF's
Philox, documented in the module)."""

import numpy as np
import pytest

import eagerbook as tf


def test_create_rng_state_as_tf_documents():
    assert tf.random.create_rng_state(1234, "philox").numpy().tolist() == [1234, 0, 0]
    assert tf.random.create_rng_state([12, 34], "threefry").numpy().tolist() == [12, 34]
    assert tf.random.create_rng_state(2**64 + 5, "philox").numpy().tolist() == [5, 1, 0]
    with pytest.raises(ValueError):
        tf.random.create_rng_state([1, 2, 3, 4], "philox")


def test_from_seed_is_reproducible_and_the_state_is_a_variable():
    g = tf.random.Generator.from_seed(1)
    assert isinstance(g.state, tf.Variable) and g.state.dtype == tf.int64
    assert g.state.numpy().tolist() == [1, 0, 0] and g.algorithm == 1
    a = g.normal(shape=(2, 3))
    assert a.shape == (2, 3) and a.dtype == tf.float32
    assert g.state.numpy().tolist() != [1, 0, 0]  # the counter moved on
    b = g.normal(shape=(2, 3))
    assert not np.array_equal(a.numpy(), b.numpy())
    again = tf.random.Generator.from_seed(1)
    np.testing.assert_array_equal(again.normal(shape=(2, 3)).numpy(), a.numpy())
    other = tf.random.Generator.from_seed(2)
    assert not np.array_equal(other.normal(shape=(2, 3)).numpy(), a.numpy())
    g.reset_from_seed(1)
    np.testing.assert_array_equal(g.normal(shape=(2, 3)).numpy(), a.numpy())
    tf.random.set_seed(7)  # the global seed never touches a Generator
    g.reset_from_seed(1)
    np.testing.assert_array_equal(g.normal(shape=(2, 3)).numpy(), a.numpy())


def test_distributions_shapes_dtypes_and_ranges():
    g = tf.random.Generator.from_seed(3)
    ints = g.uniform([1000], minval=2, maxval=5, dtype=tf.int32)
    assert ints.dtype == tf.int32 and set(ints.numpy().tolist()) == {2, 3, 4}
    floats = g.uniform([1000], minval=-1.0, maxval=1.0)
    assert -1 <= floats.numpy().min() and floats.numpy().max() < 1
    tn = g.truncated_normal([2000], stddev=2.0, dtype=tf.float64)
    assert tn.dtype == tf.float64 and np.abs(tn.numpy()).max() <= 4.0
    assert g.uniform_full_int([3], dtype=tf.int64).dtype == tf.int64
    b = g.binomial([2000], counts=10.0, probs=0.3)
    assert b.dtype == tf.int32 and abs(b.numpy().mean() - 3.0) < 0.2
    assert g.make_seeds(4).shape == (2, 4)
    with pytest.raises(ValueError, match=r"For integer dtype <dtype: 'int32'>, minval and "
                                         r"maxval must be both `None` or both non-`None`; got "
                                         r"minval=0 and maxval=None$"):
        g.uniform([2], dtype=tf.int32)
    with pytest.raises(TypeError):
        g.normal([2], dtype=tf.int32)


def test_split_gives_independent_generators_and_advances_the_parent():
    g = tf.random.Generator.from_seed(1)
    before = g.state.numpy().copy()
    children = g.split(3)
    assert len(children) == 3 and not np.array_equal(before, g.state.numpy())
    draws = [c.normal([4]).numpy() for c in children]
    assert not np.array_equal(draws[0], draws[1])
    again = tf.random.Generator.from_seed(1).split(3)
    np.testing.assert_array_equal(again[2].normal([4]).numpy(), draws[2])


def test_global_generator():
    g = tf.random.Generator.from_seed(5)
    tf.random.set_global_generator(g)
    assert tf.random.get_global_generator() is g
    with pytest.raises(TypeError):
        tf.random.set_global_generator(1)


def test_generator_inside_tf_function_as_the_guide_shows():
    g = tf.random.Generator.from_seed(1)

    @tf.function
    def foo():
        return g.normal([])

    traced = [float(foo()), float(foo())]
    g2 = tf.random.Generator.from_seed(1)
    assert traced == [float(g2.normal([])), float(g2.normal([]))]
    assert traced[0] != traced[1]


def test_generator_created_on_the_first_trace():
    holder = []

    def bar():
        if not holder:
            holder.append(tf.random.Generator.from_seed(1))
        return holder[0].normal([])

    f = tf.function(bar, autograph=False)
    first, second = float(f()), float(f())
    g = tf.random.Generator.from_seed(1)
    assert [first, second] == [float(g.normal([])), float(g.normal([]))]


def test_checkpoint_restores_the_stream_position(tmp_path):
    g = tf.random.Generator.from_seed(1)
    cp = tf.train.Checkpoint(generator=g)
    g.normal([])
    path = cp.write(str(tmp_path / "checkpoint"))
    after_save = [float(g.normal([])), float(g.normal([]))]
    cp.restore(path)
    assert [float(g.normal([])), float(g.normal([]))] == after_save


def test_stateless_ops_depend_only_on_the_seed():
    a = tf.random.stateless_normal(shape=[2, 3], seed=[1, 2])
    b = tf.random.stateless_normal(shape=[2, 3], seed=[1, 2])
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    c = tf.random.stateless_normal(shape=[2, 3], seed=[1, 3])
    assert not np.array_equal(a.numpy(), c.numpy())
    tf.random.set_seed(99)
    np.testing.assert_array_equal(tf.random.stateless_normal([2, 3], seed=[1, 2]).numpy(),
                                  a.numpy())
    u = tf.random.stateless_uniform([500], seed=(4, 5), minval=0, maxval=5, dtype=tf.int64)
    assert u.dtype == tf.int64 and set(u.numpy().tolist()) == {0, 1, 2, 3, 4}
    assert tf.random.stateless_uniform([3], seed=[1, 2], minval=None, maxval=None,
                                       dtype=tf.uint32).dtype == tf.uint32
    tn = tf.random.stateless_truncated_normal([1000], seed=tf.constant([1, 2], tf.int64))
    assert np.abs(tn.numpy()).max() <= 2
    cat = tf.random.stateless_categorical(tf.math.log([[0.1, 0.9]]), 2000, seed=[7, 17])
    assert cat.shape == (1, 2000) and cat.dtype == tf.int64 and 0.85 < cat.numpy().mean() < 0.95
    binom = tf.random.stateless_binomial([3], seed=[1, 2], counts=[10.0, 20.0, 30.0],
                                         probs=0.5)
    assert binom.dtype == tf.int32 and binom.shape == (3,)
    # New seeds have the seed's dtype: int32 from a Python list, as in TF.
    seeds = tf.random.experimental.stateless_split([1, 2], num=3)
    assert seeds.shape == (3, 2) and seeds.dtype == tf.int32
    seeds = tf.random.experimental.stateless_split(tf.constant([1, 2], tf.int64), num=3)
    assert seeds.shape == (3, 2) and seeds.dtype == tf.int64


def test_stateless_seed_errors_as_tf():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"seed must have shape \[2\], not \[1\]"):
        tf.random.stateless_normal([2], seed=[1])
    with pytest.raises(TypeError):
        tf.random.stateless_normal([2], seed=[1.0, 2.0])
    with pytest.raises(ValueError, match=r"For integer `dtype` argument <dtype: 'int32'>, "
                                         r"argument `minval` and `maxval` must be both None"):
        tf.random.stateless_uniform([2], seed=[1, 2], maxval=3, minval=None, dtype=tf.int32)


def test_stateless_ops_in_tf_function_are_deterministic():
    f = tf.function(lambda seed: tf.random.stateless_uniform([3], seed=seed))
    np.testing.assert_array_equal(f(tf.constant([1, 2])).numpy(),
                                  tf.random.stateless_uniform([3], seed=[1, 2]).numpy())


def test_generator_created_on_every_call_is_tf_error():
    @tf.function(autograph=False)
    def make_each_time():
        return tf.random.Generator.from_seed(1).normal([])

    with pytest.raises(ValueError, match="singleton tf.Variables created on the first call"):
        make_each_time()
