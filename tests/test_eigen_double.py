"""float64 exp, log, tanh, sigmoid, log1p, expm1, atan, atanh, softplus, erf and erfc as TF
2.21's CPU kernels compute them: Eigen's packet approximations for whole packets of 4 values, the C
library's functions after the last whole packet (eagerbook/ops/eigen_double.py). The inputs
of each case before the last 2 (the tail) are ones where TF's value differs from both the C
library's and NumPy's (the old kernels'). Expected values printed by TF 2.21 (repr: every bit)."""

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
    "log1p": (tf.math.log1p, [1.05, 3.64, 3.94, 2.95, 3.87, 0.89, 0.25, 0.75],
              [0.7178397931503168, 1.5347143662381637, 1.5973653311998313, 1.3737155789130304,
               1.5830939370944983, 0.6365768290715509, 0.22314355131420976, 0.5596157879354227]),
    "expm1": (tf.math.expm1, [0.34, 1.06, -0.37, -0.26, -0.73, 0.46, 0.25, 0.75],
              [0.4049475905635939, 1.8863709892679585, -0.3092656693626454, -0.2289484141964337,
               -0.5180910099097975, 0.5840739849944819, 0.28402541668774145, 1.1170000166126748]),
    "atan": (tf.math.atan, [0.54, 1.07, 2.06, 1.33, 1.75, -0.72, 0.25, 0.75],
             [0.4951332634684041, 0.8192017070909033, 1.1188669313964845, 0.9260932955034622,
              1.0516502125483735, -0.6240230529767568, 0.24497866312686414, 0.6435011087932845]),
    "atanh": (tf.math.atanh, [0.62, 0.79, 0.64, -0.61, 0.75, -0.83, 0.25, 0.75],
              [0.7250050877529992, 1.071431684058666, 0.7581737446840443, -0.7089213594274082,
               0.9729550745276565, -1.1881364043926022, 0.25541281188299536, 0.9729550745276565]),
    "softplus": (tf.math.softplus, [-0.02, -1.39, -0.67, 1.85, 0.23, -2.77, 0.25, 0.75],
                 [0.6831971797266341, 0.2224035212648404, 0.4132405196215203, 1.99603541105451,
                  0.8147451567037304, 0.06077708524473393, 0.8259394198788433,
                  1.1368710061148999]),
    "erf": (tf.math.erf, [1.04, -1.47, -0.53, -0.17, 0.17, 0.5, 0.25, 1.75],
            [0.8586499465266514, -0.9623728998544057, -0.5464640969351416, -0.18999246120180882,
             0.18999246120180882, 0.5204998778130466, 0.2763263901682369, 0.9866716712191824]),
    "erfc": (tf.math.erfc, [2.54, 0.32, 0.62, 0.23, 0.87, 1.18, 0.25, 1.75],
             [0.00032802083765692906, 0.6508740052044172, 0.3805885381012789,
              0.7449774004077269, 0.21856015450944932, 0.09516257308478317, 0.7236736098317631,
              0.01332832878081756]),
}

# Functions Eigen leaves to the C library for float64 (TF's values on any CPU; NumPy's own
# differ on AVX-512 CPUs), and lgamma (Python's math.lgamma, the old kernel, differs in 9 of 10)
X = [0.3, 1.1, 2.5, 0.7, 0.45]
C_LIBRARY = {
    "tan": (tf.math.tan, X, [0.30933624960962325, 1.9647596572486523, -0.7470222972386603,
                             0.8422883804630794, 0.4830550656165784]),
    "sinh": (tf.math.sinh, X, [0.3045202934471426, 1.335647470124177, 6.0502044810397875,
                               0.7585837018395334, 0.46534201693419774]),
    "cosh": (tf.math.cosh, X, [1.0453385141288605, 1.6685185538222564, 6.132289479663686,
                               1.255169005630943, 1.102970168555971]),
    "asinh": (tf.math.asinh, X, [0.29567304756342244, 0.9503469298211343, 1.6472311463710958,
                                 0.6526665660823557, 0.43604966885174057]),
    "asin": (tf.math.asin, [x / 3 for x in X], [0.10016742116155979, 0.3754236079810394,
                                                0.9851107833377457, 0.23550423672079976,
                                                0.15056827277668602]),
    "acos": (tf.math.acos, [x / 3 for x in X], [1.4706289056333368, 1.1953727188138572,
                                                0.5856855434571508, 1.3352920900740968,
                                                1.4202280540182106]),
    "lgamma": (tf.math.lgamma, X, [1.0957979948180756, -0.049872441259839764,
                                   0.2846828704729192, 0.2608672465316666, 0.6770871054774648]),
}


@pytest.mark.parametrize("name", sorted(C_LIBRARY))
def test_float64_c_library_values_are_tfs(name):
    fn, inputs, expected = C_LIBRARY[name]
    np.testing.assert_array_equal(fn(np.array(inputs)).numpy(), expected)


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


def test_erf_edges_as_tf():
    # TF's float64 erf is NaN for huge and infinite x (its erfc part squares them); erfc clamps
    x = np.array([30.0, 1e200, np.inf, -np.inf, np.nan, 0.0, -0.0, -30.0])
    np.testing.assert_array_equal(tf.math.erf(x).numpy(), [1, np.nan, np.nan, np.nan, np.nan, 0,
                                                          -0.0, -1])
    np.testing.assert_array_equal(tf.math.erfc(x).numpy(), [0, 0, 0, 2, np.nan, 1, 1, 2])


def test_gradients_and_float32_unchanged():
    x = tf.Variable(np.array([0.3, -1.2, 2.0, 0.7, 1.1]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.math.exp(x) + tf.math.tanh(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(),
                               np.exp(x.numpy()) + 1 - np.tanh(x.numpy()) ** 2, rtol=1e-14)
    assert tf.math.exp(tf.constant([0.5, 1.5])).dtype == tf.float32


def test_float64_pow_as_tf():
    # Eigen's packet pow (y * log2(x) in double words), the C library's pow for the tail: TF
    # gives 1.28 ** 2 as 1.6383999999999999 and 2.38 ** 2 as 5.6644000000000005 (the first 8
    # differ from both the C library's pow and NumPy's power)
    x = np.array([4.5, 1.29, 1.28, 2.39, 2.12, 2.38, 0.87, 3.02, 1.5, 0.3])
    y = np.array([1.5, -1.0, 2.0, 2.5, -1.0, 2.0, 3.0, 2.5, 2.0, 2.0])
    np.testing.assert_array_equal(tf.pow(x, y).numpy(), [
        9.54594154601839, 0.7751937984496124, 1.6383999999999999, 8.8306923012808,
        0.4716981132075472, 5.6644000000000005, 0.6585030000000001, 15.849565369536162, 2.25,
        0.09])
    assert tf.pow(tf.constant(0.9, tf.float64), 3.0).numpy() == 0.7290000000000001
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -2.0, 1.0, -1.0])
    np.testing.assert_array_equal(tf.pow(special, 3.0).numpy(),
                                  [0, -0.0, np.inf, -np.inf, np.nan, -8, 1, -1])
    np.testing.assert_array_equal(tf.pow(special, -0.5).numpy(),
                                  [np.inf, np.inf, 0, 0, np.nan, np.nan, 1, np.nan])


def test_float64_atan2_as_tf():
    # atan of y / x plus pi where x is negative (the first 6 differ from the C library's
    # atan2; TF's atan2(1.14, 1.14) is atan(1) by Eigen's polynomial); the last 2: the tail
    y = np.array([2.08, 0.27, 1.14, -3.01, -0.22, 1.8, 1.0, -0.5])
    x = np.array([2.06, -1.83, 1.14, 0.43, 0.27, -2.57, 2.0, -3.0])
    np.testing.assert_array_equal(tf.math.atan2(y, x).numpy(), [
        0.7902290436914244, 2.995108475196232, 0.7853981633974484, -1.4288992721907325,
        -0.6837093116343711, 2.5306055926007733, 0.4636476090008061, -2.976443976175166])
