"""tf.nn.gelu (both forms), elu and selu of float64 tensors as TF 2.21 computes them: its
formulas in its order, with its constants (gelu's 1/sqrt(2) and 0.044715 reach a float64 x as
float32 values, cast up; selu's scale * alpha is TF's own constant) and its float64 exp and
erfc (eagerbook/ops/eigen_double.py). Expected values printed by TF 2.21 (repr: every bit)."""

import numpy as np

import eagerbook as tf

X = np.array([-1.3, 0.4, -0.25, 2.1, -2.6, 0.9, -0.7, 1.6, -0.05, 0.3])


def test_gelu():
    np.testing.assert_array_equal(tf.nn.gelu(X).numpy(), [
        -0.1258406349178075, 0.26216869563570167, -0.10032341899286551, 2.06248471349847,
        -0.012119090433116129, 0.7343458834992939, -0.16937455917471037, 1.5123211284209843,
        -0.02400305972512907, 0.18537342606924007])
    np.testing.assert_array_equal(tf.nn.gelu(X, approximate=True).numpy(), [
        -0.1260709882998024, 0.2621611694130909, -0.10032464930063056, 2.0626690041232787,
        -0.011653918188350376, 0.7342284884664743, -0.16942986540356303, 1.5121369613051772,
        -0.024003061761381842, 0.1853709235380408])


def test_gelu_approximate_float32():
    np.testing.assert_array_equal(tf.nn.gelu(X.astype(np.float32), approximate=True).numpy(),
                                  np.array([-0.12607097625732422, 0.26216116547584534,
                                            -0.10032464563846588, 2.062668800354004,
                                            -0.011653900146484375, 0.7342284917831421,
                                            -0.16942985355854034, 1.5121370553970337,
                                            -0.024003062397241592, 0.18537093698978424],
                                           np.float32))


def test_elu_and_selu():
    np.testing.assert_array_equal(tf.nn.elu(X).numpy(), [
        -0.7274682069659875, 0.4, -0.22119921692859512, 2.1, -0.9257264217856661, 0.9,
        -0.5034146962085905, 1.6, -0.048770575499285984, 0.3])
    np.testing.assert_array_equal(tf.nn.selu(X).numpy(), [
        -1.2789613751543256, 0.4202803949421922, -0.388890197478119, 2.206472073446509,
        -1.6275190119463803, 0.9456308886199324, -0.8850530455772053, 1.6811215797687689,
        -0.08574351663804192, 0.31521029620664415])
