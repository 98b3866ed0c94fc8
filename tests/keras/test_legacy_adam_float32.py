"""tf.keras.optimizers.legacy.Adam steps as TF 2.21's fused kernel takes them: 1 - beta in
float32 (0.100000024 for beta_1 = 0.9, where the new Adam uses 0.1). Values are TF's."""

import numpy as np

import eagerbook as tf

_TF_LEGACY = [[9.899999618530273, -2.9000000953674316, 0.4000006318092346],
              [9.800027847290039, -2.800103187561035, 0.3011888563632965],
              [9.700100898742676, -2.7003817558288574, 0.20487278699874878],
              [9.600239753723145, -2.600914239883423, 0.11291751265525818]]
_TF_NEW = [[9.90000057220459, -2.900000810623169, 0.40000131726264954],
           [9.800028800964355, -2.8001046180725098, 0.30119019746780396]]


def _steps(optimizer, n):
    v = tf.Variable([10.0, -3.0, 0.5])
    out = []
    for _ in range(n):
        optimizer.minimize(lambda: tf.reduce_sum(v ** 2) / 2.0, [v])
        out.append(v.numpy())
    return np.array(out)


def test_legacy_adam_takes_tfs_float32_steps():
    for amsgrad in (False, True):
        got = _steps(tf.keras.optimizers.legacy.Adam(learning_rate=0.1, amsgrad=amsgrad), 4)
        np.testing.assert_array_equal(got, np.float32(_TF_LEGACY))


def test_the_new_adam_keeps_its_own_steps():
    got = _steps(tf.keras.optimizers.Adam(learning_rate=0.1), 2)
    np.testing.assert_array_equal(got, np.float32(_TF_NEW))


def test_the_docstring_example_of_legacy_adam():
    opt = tf.keras.optimizers.legacy.Adam(learning_rate=0.1)
    var1 = tf.Variable(10.0)
    assert int(opt.minimize(lambda: (var1 ** 2) / 2.0, [var1]).numpy()) == 1
    assert repr(var1.numpy()) == "np.float32(9.9)"
