"""tf.test.experimental.sync_devices: nothing to wait for eagerly (every op has finished
when it returns); TF's RuntimeError inside a tf.function."""

import pytest

import eagerbook as tf


def test_sync_devices_eagerly_and_in_a_function():
    y = tf.linalg.matmul(tf.ones([4, 4]), tf.ones([4, 4]))
    assert tf.test.experimental.sync_devices() is None
    assert y.numpy()[0, 0] == 4.0

    @tf.function
    def f():
        tf.test.experimental.sync_devices()

    with pytest.raises(RuntimeError, match="sync_devices\\(\\) must only be called in Eager "
                                           "mode, outside tf.functions"):
        f()
