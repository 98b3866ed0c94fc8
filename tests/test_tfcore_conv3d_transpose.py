"""tf.nn.conv3d_transpose and tf.nn.conv_transpose: values TF 2.21 gives, and the transpose is
conv3d's input gradient."""

import numpy as np

import eagerbook as tf


def _operands():
    r = np.random.RandomState(0)
    y = tf.constant(r.randn(2, 2, 3, 3, 4).astype(np.float32))
    w = tf.constant(r.randn(3, 2, 2, 5, 4).astype(np.float32))
    return y, w


def test_values_match_tf():
    y, w = _operands()
    out = tf.nn.conv3d_transpose(y, w, [2, 4, 6, 6, 5], [1, 2, 2, 2, 1], "SAME")
    assert out.shape == (2, 4, 6, 6, 5)
    np.testing.assert_allclose(out.numpy().sum(), -32.481, atol=1e-3)
    np.testing.assert_allclose(out.numpy()[1, -1, 0, :3, 0], [-2.3666, 0.0547, 1.5922],
                               atol=1e-4)
    valid = tf.nn.conv3d_transpose(y, w, [2, 5, 7, 7, 5], 2, "VALID")
    np.testing.assert_allclose(valid.numpy()[1, -1, 0, :3, 0], [-3.1127, -0.9376, -2.177],
                               atol=1e-4)
    same = tf.nn.conv_transpose(y, w, [2, 5, 7, 7, 5], 2, "VALID")
    np.testing.assert_array_equal(same.numpy(), valid.numpy())


def test_is_the_input_gradient_of_conv3d():
    y, w = _operands()
    x = tf.Variable(np.random.RandomState(1).randn(2, 4, 6, 6, 5).astype(np.float32))
    with tf.GradientTape() as tape:
        z = tf.reduce_sum(tf.nn.conv3d(x, w, [1, 2, 2, 2, 1], "SAME") * y)
    expected = tape.gradient(z, x).numpy()
    got = tf.nn.conv3d_transpose(y, w, [2, 4, 6, 6, 5], [1, 2, 2, 2, 1], "SAME").numpy()
    np.testing.assert_allclose(got, expected, atol=1e-4)


def test_conv_transpose_picks_by_rank():
    out = tf.nn.conv_transpose(tf.ones([1, 2, 2, 1]), tf.ones([3, 3, 1, 1]), [1, 4, 4, 1], 2)
    assert out.shape == (1, 4, 4, 1)
    out = tf.nn.conv_transpose(tf.ones([1, 3, 2]), tf.ones([2, 1, 2]), [1, 6, 1], 2)
    assert out.numpy()[0, :, 0].tolist() == [2.0] * 6
