"""HashedCrossing: TF's bins for crossed features (FarmHash fingerprints combined with
FingerprintCat64 from 0xDECAFCAFFE, integers as their own 64 bits), one-hot output, errors.
The expected bins are those TF 2.21 gives for the same inputs."""

import numpy as np
import pytest

import eagerbook as tf


def test_bins_match_tf():
    layer = tf.keras.layers.HashedCrossing(num_bins=5)
    feat1 = tf.constant(["A", "B", "A", "B", "A"])
    feat2 = tf.constant([101, 101, 101, 102, 102])
    out = layer((feat1, feat2))
    assert out.dtype == tf.int64 and out.numpy().tolist() == [1, 4, 1, 1, 3]
    wide = tf.keras.layers.HashedCrossing(num_bins=1000)
    three = wide((tf.constant(["x", "yy", "z"]), tf.constant([-3, 0, 7]),
                  tf.constant(["p", "q", "r"])))
    assert three.numpy().tolist() == [507, 769, 66]
    assert wide((tf.constant([[1], [2]]), tf.constant([[5], [6]]))).numpy().tolist() == \
        [[733], [836]]


def test_one_hot_output():
    layer = tf.keras.layers.HashedCrossing(num_bins=5, output_mode="one_hot")
    out = layer((tf.constant(["A", "B"]), tf.constant([101, 101])))
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), [[0, 1, 0, 0, 0], [0, 0, 0, 0, 1]])


def test_bad_inputs():
    layer = tf.keras.layers.HashedCrossing(num_bins=3)
    with pytest.raises(ValueError, match="equal shape"):
        layer((tf.constant([1, 2]), tf.constant([5, 6, 7])))
    with pytest.raises(ValueError, match="list or tuple of inputs"):
        layer(tf.constant([1, 2]))
    with pytest.raises(ValueError, match="output_mode"):
        tf.keras.layers.HashedCrossing(num_bins=3, output_mode="multi_hot")
