"""tf.nn.conv2d with a filter that sees a fraction of the input channels: TF's grouped
convolution (input depth / filter depth groups). The figures are TF 2.21's, printed for the
same NumPy-seeded inputs."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import onednn_float

from .eager_error_text import eager_text


def _inputs():
    rng = np.random.RandomState(0)
    return (tf.constant(rng.randn(2, 6, 6, 4).astype("float32")),
            tf.constant(rng.randn(3, 3, 2, 6).astype("float32")))


def test_two_groups_give_tfs_values_and_gradient():
    x, w = _inputs()
    y = tf.nn.conv2d(x, w, 1, "SAME")
    assert y.shape == [2, 6, 6, 6]
    np.testing.assert_allclose(y.numpy().ravel()[:6],
                               [1.4491, -3.2409, -0.4568, -1.1869, 2.1942, -0.9845], atol=1e-4)
    with tf.GradientTape() as tape:
        tape.watch(w)
        loss = tf.reduce_sum(tf.nn.conv2d(x, w, 2, "VALID") ** 2)
    np.testing.assert_allclose(tape.gradient(loss, w).numpy().ravel()[:4],
                               [-25.317, 47.816, -12.514, -6.399], atol=2e-3)


def test_each_group_sees_only_its_channels():
    x, w = _inputs()
    first = tf.nn.conv2d(x[..., :2], w[..., :3], 1, "SAME")
    np.testing.assert_array_equal(tf.nn.conv2d(x, w, 1, "SAME")[..., :3].numpy(), first.numpy())


@pytest.mark.parametrize("onednn", [True, False])
def test_output_depth_must_divide_into_the_groups(monkeypatch, onednn):
    monkeypatch.setattr(onednn_float, "_ENABLED", [onednn])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.conv2d(tf.ones((1, 6, 6, 4)), tf.ones((3, 3, 2, 5)), 1, "SAME")
    assert str(info.value) == eager_text(
        "Conv2D", "output depth must be evenly divisible by number of groups: 5 vs 2",
        "__MklNativeConv2D" if onednn else None) + " name: "
