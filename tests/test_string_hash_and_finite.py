"""tf.strings.to_hash_bucket: TF's Hash64 (MurmurHash2-64A, seed 0xDECAFCAFFE). The buckets are
TF 2.21's for the same strings. And tf.debugging.assert_all_finite passing its input through."""

import numpy as np
import pytest

import eagerbook as tf


def test_buckets_match_tf():
    assert tf.strings.to_hash_bucket(["Hello", "TensorFlow", "2.x"], 3).numpy().tolist() == [
        2, 0, 1]
    words = ["Hello", "TensorFlow", "2.x", "", "a", "abcdefgh", "abcdefghi", "x" * 37]
    assert tf.strings.to_hash_bucket(words, 1000003).numpy().tolist() == [
        609107, 33211, 226925, 598820, 789371, 41559, 679702, 826521]


def test_ragged_strings_keep_their_rows():
    rt = tf.ragged.constant([["Hello"], [], ["TensorFlow", "2.x"]])
    assert tf.strings.to_hash_bucket(rt, 3).to_list() == [[2], [], [0, 1]]



def test_assert_all_finite_returns_its_input_also_in_a_function():
    @tf.function
    def plus_one(x):
        x = tf.debugging.assert_all_finite(x, "Input x must be all finite")
        return x + 1

    assert plus_one(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 3.0]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input x must be all finite : Tensor had Inf values"):
        plus_one(tf.constant([np.inf, 1.0]))
