"""Philox-4x32-10 (eagerbook/ops/philox.py): the generator and the bit tricks TF's random
kernels use, so seeded random values equal TensorFlow's. Expected values were recorded from
TensorFlow 2 (CPU) and from the Philox authors' known-answer tests."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import philox


@pytest.mark.parametrize(("key", "counter", "expected"), [
    ([0, 0], [0, 0, 0, 0], [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
    ([0xFFFFFFFF] * 2, [0xFFFFFFFF] * 4, [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
    ([0xA4093822, 0x299F31D0], [0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344],
     [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]),
])
def test_philox_known_answers(key, counter, expected):
    assert philox.blocks(key, counter, 1)[0].tolist() == expected


def test_counter_carries_across_words():
    # Block i is the block at counter + i, with the carry rippling into the high words.
    start = [0xFFFFFFFF, 0xFFFFFFFF, 0, 0]
    consecutive = philox.blocks([1, 2], start, 2)
    assert consecutive[1].tolist() == philox.blocks([1, 2], [0, 0, 1, 0], 1)[0].tolist()
    assert philox.skip(start, 1) == [0, 0, 1, 0]


def test_unit_floats_take_mantissa_bits():
    words = np.array([0, 0x7FFFFF, 0xFFFFFFFF], dtype=np.uint32)
    assert philox._unit_float32(words).tolist() == [0.0, 1 - 2**-23, 1 - 2**-23]


def test_stateless_values_are_tensorflows():
    # TF: tf.random.stateless_normal([2, 3], seed=[1, 2]) etc.
    np.testing.assert_array_equal(
        tf.random.stateless_normal([2, 3], seed=[1, 2]).numpy(),
        np.array([[0.5441101, 0.20738031, 0.07356432],
                  [0.04643455, -1.3015898, -0.9538565]], dtype=np.float32))
    np.testing.assert_array_equal(
        tf.random.stateless_uniform([5], seed=[1, 2]).numpy(),
        np.array([0.8440604, 0.19204533, 0.9962232, 0.1603874, 0.27199018], np.float32))
    np.testing.assert_allclose(
        tf.random.stateless_normal([3], seed=[1, 2], dtype=tf.float64).numpy(),
        [-0.14231181, 0.74060725, -1.46904767], atol=5e-9)
    assert tf.random.stateless_uniform([5], seed=[1, 2], minval=-3, maxval=100,
                                       dtype=tf.int64).numpy().tolist() == [73, 6, 15, 43, 22]
    assert tf.random.stateless_uniform([3], seed=[1, 2], minval=None, maxval=None,
                                       dtype=tf.uint32).numpy().tolist() == [
        1105988140, 1738052849, 3959391294]
    np.testing.assert_array_equal(
        tf.random.stateless_normal([3], seed=[1, 2], dtype=tf.float16).numpy(),
        np.array([0.544, 0.2074, 0.07355], np.float16))


def test_truncated_normal_groups_start_256_blocks_apart():
    # The first group of 4 equals the first 4 normals (all inside 2 sigma); the second group
    # is drawn 256 blocks further on, not from the next block.
    values = tf.random.stateless_truncated_normal([9], seed=[1, 2]).numpy()
    np.testing.assert_array_equal(values[:4], tf.random.stateless_normal([4], seed=[1, 2]))
    np.testing.assert_array_equal(values[4:], np.array(
        [0.16820592, -1.6850333, 0.24202858, 1.7034503, 1.1060678], np.float32))
    assert np.all(np.abs(tf.random.stateless_truncated_normal([5000], seed=[3, 4])) < 2)


def test_generator_moves_its_counter_256_blocks_per_value():
    g = tf.random.Generator.from_seed(1)
    assert float(g.normal([])) == np.float32(0.43842274)
    assert g.state.numpy().tolist() == [257, 0, 0]
    g.uniform([2, 3])
    assert g.state.numpy().tolist() == [257 + 6 * 256, 0, 0]
    assert float(g.normal([])) == float(
        tf.random.Generator.from_state([257 + 6 * 256, 0, 0], "philox").normal([]))


def test_generator_inside_tf_function_advances_the_same_way():
    g = tf.random.Generator.from_seed(7)
    eager = tf.random.Generator.from_seed(7).normal([2]).numpy()

    @tf.function
    def draw():
        return g.normal([2])

    np.testing.assert_array_equal(draw().numpy(), eager)
    assert g.state.numpy().tolist() == [7 + 2 * 256, 0, 0]


def test_seeded_stateful_ops_continue_their_stream():
    tf.random.set_seed(1)
    first, second = tf.random.normal([3]), tf.random.normal([3])
    np.testing.assert_array_equal(first.numpy(), np.array(
        [-1.1012203, 1.5457517, 0.383644], np.float32))
    np.testing.assert_array_equal(second.numpy(), np.array(
        [0.40308788, -1.0880208, -0.06309535], np.float32))
    a, b = tf.random.uniform([3], seed=5), tf.random.uniform([3], seed=5)
    assert not np.array_equal(a.numpy(), b.numpy())  # one kernel, one advancing stream
    tf.random.set_seed(1)
    np.testing.assert_array_equal(tf.random.normal([3]).numpy(), first.numpy())


def test_float64_rounded_fallback_is_within_two_ulps(monkeypatch):
    # Without the C library's logf/sinf/cosf (or past the exact-call limit) Box-Muller uses
    # float64 math rounded once: values may differ from TF's by an ulp or two.
    key, counter = philox.key_counter_from_seed(3, 4)
    exact = philox.normal(key, counter, (4000,), np.float32)
    monkeypatch.setattr(philox, "_C_FLOAT_FUNCTIONS", None)
    rounded = philox.normal(key, counter, (4000,), np.float32)
    ulps = np.abs(exact.view(np.int32).astype(np.int64) - rounded.view(np.int32))
    assert ulps.max() <= 2 and (ulps == 0).mean() > 0.95
