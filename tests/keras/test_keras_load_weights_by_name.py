"""``load_weights('w.h5', by_name=True, skip_mismatch=...)``: the weights of layers that share
a name with the saved ones, with TF's checks and messages."""

import numpy as np
import pytest

import eagerbook as tf


def _stack(*layers):
    return tf.keras.Sequential([tf.keras.Input((2,))] + list(layers))


@pytest.fixture
def saved(tmp_path):
    model = _stack(tf.keras.layers.Dense(3, name="a"), tf.keras.layers.Dense(1, name="b"))
    path = str(tmp_path / "w.h5")
    model.save_weights(path)
    return model, path


def test_layers_found_by_name_take_their_weights(saved):
    model, path = saved
    reordered = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, name="b"),
                                     tf.keras.layers.Dense(3, name="new_head")])
    assert reordered.load_weights(path, by_name=True) is None
    np.testing.assert_array_equal(reordered.get_layer("b").kernel.numpy(),
                                  model.get_layer("b").kernel.numpy())


def test_a_shape_mismatch_is_an_error_unless_skipped(saved):
    model, path = saved
    other = _stack(tf.keras.layers.Dense(3, name="a"), tf.keras.layers.Dense(4, name="b"))
    with pytest.raises(ValueError, match=r"Shape mismatch in layer #1 \(named b\) for weight "
                                         r"b/kernel:0\. Weight expects shape \(3, 4\)\. "
                                         r"Received saved weight with shape \(3, 1\)"):
        other.load_weights(path, by_name=True)
    other.load_weights(path, by_name=True, skip_mismatch=True)
    np.testing.assert_array_equal(other.get_layer("a").kernel.numpy(),
                                  model.get_layer("a").kernel.numpy())


def test_a_weight_count_mismatch(saved):
    _, path = saved
    no_bias = _stack(tf.keras.layers.Dense(3, name="a"),
                     tf.keras.layers.Dense(1, use_bias=False, name="b"))
    with pytest.raises(ValueError, match=r"Weight count mismatch for layer #1 \(named b\)\. "
                                         r"Layer expects 1 weight\(s\)\. Received 2 saved"):
        no_bias.load_weights(path, by_name=True)


def test_skip_mismatch_needs_by_name(saved):
    model, path = saved
    with pytest.raises(ValueError, match="skip_mismatch can only be set to True when by_name"):
        model.load_weights(path, skip_mismatch=True)


def test_checkpoint_format_restores_by_topology_whatever_by_name_says(tmp_path):
    model = _stack(tf.keras.layers.Dense(3, name="a"))
    model.save_weights(str(tmp_path / "ckpt"))
    renamed = _stack(tf.keras.layers.Dense(3, name="z"))
    renamed.load_weights(str(tmp_path / "ckpt"), by_name=True)
    np.testing.assert_array_equal(renamed.layers[0].kernel.numpy(),
                                  model.layers[0].kernel.numpy())
