"""A tf.function with a loop and a condition (autograph's while and cond) saves and loads."""
import numpy as np

import eagerbook as tf


class _LoopAndBranch(tf.Module):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(2)

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def even_sum(self, n):
        total = tf.constant(0)
        for i in tf.range(n):
            if i % 2 == 0:
                total += i * self.scale
        return total

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def slope(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.cond(x > 0, lambda: x * x, lambda: -x)
        return tape.gradient(y, x)


def test_loop_and_cond_survive_a_saved_model(tmp_path):
    path = str(tmp_path / "ctl")
    tf.saved_model.save(_LoopAndBranch(), path)
    loaded = tf.saved_model.load(path)
    assert int(loaded.even_sum(tf.constant(7))) == 2 * (0 + 2 + 4 + 6)
    assert int(loaded.even_sum(tf.constant(0))) == 0
    assert float(loaded.slope(tf.constant(3.0))) == 6.0
    assert float(loaded.slope(tf.constant(-3.0))) == -1.0
    loaded.scale.assign(1)
    assert int(loaded.even_sum(tf.constant(5))) == 6


def test_gradient_through_a_loaded_while_loop(tmp_path):
    class Power(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(1.5)

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def __call__(self, n):
            y = tf.constant(1.0)
            for _ in tf.range(n):
                y = y * self.w
            return y

    path = str(tmp_path / "power")
    tf.saved_model.save(Power(), path)
    loaded = tf.saved_model.load(path)
    with tf.GradientTape() as tape:
        y = loaded(tf.constant(3))
    grad = tape.gradient(y, loaded.w)
    np.testing.assert_allclose(y.numpy(), 1.5 ** 3)
    np.testing.assert_allclose(grad.numpy(), 3 * 1.5 ** 2)
