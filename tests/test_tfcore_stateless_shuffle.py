"""tf.random.experimental.stateless_shuffle: TF's permutations for given seeds."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import philox

# Recorded from TensorFlow 2 (stateless results are fixed by the seed).
TF_PERMUTATIONS = {
    (3, (8, 9)): [2, 0, 1],
    (3, (1, 2)): [1, 2, 0],
}


@pytest.mark.parametrize(("n", "seed"), list(TF_PERMUTATIONS))
def test_permutations_are_tf_s(n, seed):
    got = tf.random.experimental.stateless_shuffle(tf.range(n), seed=seed)
    assert got.numpy().tolist() == TF_PERMUTATIONS[(n, seed)]


def fisher_yates_by_hand(n, seed):
    """Forward Fisher-Yates with TF's rejection-sampled uniforms from the seed's Philox words."""
    key, counter = philox.key_counter_from_seed(*seed)
    stream = iter(int(w) for w in philox.words(key, counter, 4 * n + 8))
    order = list(range(n))
    for i in range(n - 1):
        span = n - i
        while True:
            word = next(stream)
            if word >= ((2 ** 32 - 1) % span + 1) % span:
                break
        j = i + word % span
        order[i], order[j] = order[j], order[i]
    return order


def test_rows_move_together_and_the_seed_decides():
    for seed in ([0, 0], [123, 456], [-5, 2 ** 40]):
        got = tf.random.experimental.stateless_shuffle(tf.range(17), seed=seed).numpy()
        assert got.tolist() == fisher_yates_by_hand(17, seed)
    rows = tf.random.experimental.stateless_shuffle(tf.constant([[1, 2], [3, 4], [5, 6]]),
                                                    seed=[8, 9])
    assert rows.numpy().tolist() == [[5, 6], [1, 2], [3, 4]]
    again = tf.random.experimental.stateless_shuffle(tf.range(50), seed=[4, 2])
    np.testing.assert_array_equal(
        again, tf.random.experimental.stateless_shuffle(tf.range(50), seed=[4, 2]))
    assert sorted(again.numpy().tolist()) == list(range(50))
    assert int(tf.random.experimental.stateless_shuffle(tf.constant(5), seed=[1, 2])) == 5


def test_seed_must_have_two_entries():
    with pytest.raises(tf.errors.InvalidArgumentError, match="seed must have shape"):
        tf.random.experimental.stateless_shuffle([1, 2], seed=[1])
