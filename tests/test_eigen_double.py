"""float64 exp, log, tanh and sigmoid as TF 2.21's CPU kernels compute them: Eigen's packet
approximations for whole packets of 4 values, the C library's functions after the last whole
packet (eagerbook/ops/eigen_double.py). The first 8 inputs of each case are ones where TF's
value differs from both the C library's and NumPy's (the old kernels'); the last 2 are the
tail. Expected values printed by TF 2.21 (repr: every bit)."""

import numpy as np
import pytest

import eagerbook as tf

CASES = {
    "exp": (tf.math.exp, [-0.17, -0.34, -1.82, 2.47, -1.64, -1.6, 0.28, 1.78, 0.5, 1.5],
            [0.8436648165963836, 0.7117703227626098, 0.16202575093388077, 11.822446851646362,
             0.19398004229089194, 0.2018965179946554, 1.323129812337437, 5.929856418591147,
             1.6487212707001282, 4.4816890703380645]),
    "log": (tf.math.log, [1.42, 4.5, 2.51, 2.03, 3.83, 1.56, 2.62, 0.3, 0.5, 1.5],
            [0.3506568716131693, 1.504077396776274, 0.9202827531436923, 0.7080357930536958,
             1.3428648031925545, 0.4446858212614457, 0.9631743177730054, -1.203972804325936,
             -0.6931471805599453, 0.4054651081081644]),
    "tanh": (tf.math.tanh, [-1.58, 1.35, 1.33, -1.04, 0.45, -0.17, 2.61, -0.53, 0.5, 1.5],
             [-0.9186018928570668, 0.8740532878860069, 0.8692493331488547, -0.7778880665771847,
              0.42189900525000795, -0.16838104587081473, 0.9892435056523027,
              -0.4853810906053716, 0.46211715726000974, 0.9051482536448664]),
    "sigmoid": (tf.math.sigmoid, [-0.22, -1.78, 3.29, -0.26, -1.22, -2.54, 0.61, 0.76, 0.5, 1.5],
                [0.4452207648927853, 0.1443031340905187, 0.9640841541172382,
                 0.43536370819697084, 0.22793645057321626, 0.07310117342237821,
                 0.6479408020806502, 0.6813537337890255, 0.6224593312018546,
                 0.8175744761936437]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_float64_values_are_tfs(name):
    fn, inputs, expected = CASES[name]
    np.testing.assert_array_equal(fn(np.array(inputs)).numpy(), expected)


def test_special_values():
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -1.0, 800.0, -800.0])
    # (TF's values: e**-1 is 0.3678794411714423 in TF, 0.36787944117144233 correctly rounded)
    np.testing.assert_array_equal(tf.math.exp(x).numpy(), [1, 1, np.inf, 0, np.nan,
                                                          0.3678794411714423, np.inf, 0])
    np.testing.assert_array_equal(tf.math.log(x).numpy(), [
        -np.inf, -np.inf, np.inf, np.nan, np.nan, np.nan, 6.684611727667927, np.nan])
    np.testing.assert_array_equal(tf.math.tanh(x).numpy()[[0, 2, 3, 4, 6, 7]],
                                  [0, 1, -1, np.nan, 1, -1])
    np.testing.assert_array_equal(tf.math.sigmoid(x).numpy()[[0, 2, 3, 4, 6, 7]],
                                  [0.5, 1, 0, np.nan, 1, 0])


def test_gradients_and_float32_unchanged():
    x = tf.Variable(np.array([0.3, -1.2, 2.0, 0.7, 1.1]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.math.exp(x) + tf.math.tanh(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(),
                               np.exp(x.numpy()) + 1 - np.tanh(x.numpy()) ** 2, rtol=1e-14)
    assert tf.math.exp(tf.constant([0.5, 1.5])).dtype == tf.float32
