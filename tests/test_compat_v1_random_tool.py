"""tf.compat.v1.keras.utils.DeterministicRandomTestTool, as the migration guides use it to
compare TF 1.x code with its TF 2 rewrite (the numbers are those TF 2.21 draws)."""

import numpy as np
import pytest

import eagerbook as tf

Tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool
FIRST = [0.8354591, 0.9162973, 0.4946495]  # TF's uniform draw with seeds (42, 0)


def test_constant_mode_gives_every_draw_the_same_seeds():
    tool = Tool()
    with tool.scope():
        a, b = tf.random.uniform([3]), tf.random.uniform([3])
        c = tf.random.normal([2])
    np.testing.assert_allclose(a.numpy(), FIRST, rtol=1e-6)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    np.testing.assert_allclose(c.numpy(), [-0.3010157, 0.5185916], rtol=1e-6)
    assert tool.operation_seed == 0


def test_num_random_ops_mode_counts_the_draws():
    tool = Tool(mode="num_random_ops")
    with tool.scope():
        a, b = tf.random.uniform([3]), tf.random.uniform([3])
        assert tool.operation_seed == 2
    np.testing.assert_allclose(a.numpy(), FIRST, rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), [0.1501285, 0.6399254, 0.8178778], rtol=1e-6)
    again = Tool(mode="num_random_ops")
    with again.scope():
        again.operation_seed = 1  # the guide's way to draw `b` alone
        np.testing.assert_array_equal(tf.random.uniform([3]).numpy(), b.numpy())
    tool.operation_seed = 0
    with pytest.raises(ValueError, match="trying to re-use the already-used operation seed 0"):
        with tool.scope():
            tf.random.uniform([1])


def test_tf1_graph_code_and_its_tf2_rewrite_draw_the_same_numbers():
    tool = Tool(mode="num_random_ops")
    with tool.scope():
        g = tf.Graph()
        with g.as_default(), tf.compat.v1.Session() as sess:
            tf1 = sess.run(tf.random.uniform([2, 2]) * 3)
    tool = Tool(mode="num_random_ops")
    with tool.scope():
        tf2 = (tf.random.uniform([2, 2]) * 3).numpy()
    np.testing.assert_array_equal(tf1, tf2)


def test_bad_mode_and_the_seeds_come_back_after_the_scope():
    from eagerbook.ops import random_ops
    with pytest.raises(ValueError, match="Mode arg must be 'constant' or 'num_random_ops'. "
                                         "Got: x"):
        Tool(mode="x")
    original = random_ops.get_seed
    with pytest.raises(RuntimeError), Tool().scope():
        raise RuntimeError("a failure inside the scope")
    assert random_ops.get_seed is original
