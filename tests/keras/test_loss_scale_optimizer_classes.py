"""tf.keras.mixed_precision.LossScaleOptimizer as TF 2.21 has it: the public class is
BaseLossScaleOptimizer, and what it makes is a LossScaleOptimizerV3 around one of
tf.keras.optimizers' (what compile makes under a mixed policy too), a LossScaleOptimizer
around a legacy optimizer; both are LossScaleOptimizers and scale as before. Expected values
are TF 2.21's (tf_keras) for the same code."""

import numpy as np
import pytest

import eagerbook as tf

M = tf.keras.mixed_precision


@pytest.fixture(autouse=True)
def _float32_afterwards():
    yield
    M.set_global_policy("float32")


def test_the_class_follows_the_inner_optimizer():
    assert M.LossScaleOptimizer.__name__ == "BaseLossScaleOptimizer"
    for inner, name in [(tf.keras.optimizers.Adam(), "LossScaleOptimizerV3"),
                        (tf.keras.optimizers.legacy.Adam(), "LossScaleOptimizer"),
                        (tf.keras.optimizers.SGD(), "LossScaleOptimizerV3")]:
        opt = M.LossScaleOptimizer(inner)
        assert type(opt).__name__ == name and isinstance(opt, M.LossScaleOptimizer)
    with pytest.raises(TypeError, match="LossScaleOptimizer cannot wrap another"):
        M.LossScaleOptimizer(M.LossScaleOptimizer(tf.keras.optimizers.SGD()))


def test_compile_under_a_mixed_policy_and_scaling():
    M.set_global_policy("mixed_float16")
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    model.compile("adam", "mse")
    assert type(model.optimizer).__name__ == "LossScaleOptimizerV3"
    model.fit(np.ones((4, 3), "float32"), np.ones((4, 2), "float32"), verbose=0)
    opt = M.LossScaleOptimizer(tf.keras.optimizers.legacy.SGD(0.25))
    var = tf.Variable(1.0)
    opt.minimize(lambda: var ** 2, var_list=[var])
    assert var.numpy() == 0.5
