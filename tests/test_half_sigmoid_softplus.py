"""float16 sigmoid and softplus as TF 2.21's CPU kernels compute them: exp (and log1p) in float32
by Eigen's approximations, each result rounded to half, and half arithmetic rounding every
step (eagerbook/ops/eigen_float.py); softplus's thresholds come from Eigen's half epsilon,
2**-13. Expected values printed by TF 2.21."""

import numpy as np

import eagerbook as tf

X = np.array([-7.27, -7.2, -6.5, -2.3, 0.4, 1.7, 5.2, 7.5, 12.0, -0.9], np.float16)


def test_sigmoid():
    np.testing.assert_array_equal(tf.math.sigmoid(X).numpy(), np.array(
        [0.0006961822509765625, 0.0007462501525878906, 0.0015001296997070312, 0.09100341796875,
         0.59814453125, 0.845703125, 0.99462890625, 0.99951171875, 1.0, 0.2890625], np.float16))
    edges = tf.math.sigmoid(np.array([np.inf, -np.inf, np.nan, -30.0], np.float16)).numpy()
    np.testing.assert_array_equal(edges, np.array([1, 0, np.nan, 0], np.float16))


def test_softplus():
    # below -7.008 TF's kernel gives exp(x) itself (-7.27), above 7.008 x itself (12: its
    # exp would overflow a half)
    np.testing.assert_array_equal(tf.nn.softplus(X).numpy(), np.array(
        [0.0006966590881347656, 0.0007472038269042969, 0.0015020370483398438, 0.095458984375,
         0.91259765625, 1.8681640625, 5.203125, 7.5, 12.0, 0.341064453125], np.float16))
    assert tf.nn.softplus(X).dtype == tf.float16
