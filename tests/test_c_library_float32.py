"""float32 tan, sinh, cosh, asinh and acosh as TF 2.21 computes them: with the C library's
tanf (sinhf, ...), value by value. NumPy's own AVX-512 versions differ from those in the last
bit; each input below is one where they do (on such a CPU the old kernels gave the second list's
neighbour). Expected values printed by TF 2.21."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import eigen_float

CASES = {
    "tan": (tf.math.tan, [2.691896677017212, 0.2975621223449707, -2.8346452713012695,
                          1.5210787057876587],
            [-0.48268014192581177, 0.3066670894622803, 0.31696492433547974,
             20.097017288208008]),
    "sinh": (tf.math.sinh, [-6.218830108642578, -9.124844551086426, -0.6121140718460083,
                            -1.7405372858047485],
             [-251.05674743652344, -4590.28515625, -0.6510614156723022, -2.7624895572662354]),
    "cosh": (tf.math.cosh, [-5.721865653991699, -1.4003617763519287, 4.147611618041992,
                            0.5290533900260925],
             [152.73878479003906, 2.15158748626709, 31.64923858642578, 1.143243670463562]),
    "asinh": (tf.math.asinh, [5.498619556427002, -2.1579649448394775, 1.0562044382095337,
                              -2.4830496311187744],
              [2.4058120250701904, -1.512127161026001, 0.9205629825592041,
               -1.6409175395965576]),
    "acosh": (tf.math.acosh, [3.4613029956817627, 9.098478317260742, 4.323195457458496,
                              5.61674690246582],
              [1.9132399559020996, 2.8982207775115967, 2.143489360809326, 2.410879611968994]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_small_float32_tensors_take_tfs_c_library_values(name):
    fn, inputs, expected = CASES[name]
    out = fn(tf.constant(inputs, tf.float32))
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), np.array(expected, np.float32))


def test_big_tensors_and_float64_keep_numpys_speed_and_values():
    x = np.linspace(0.1, 1.4, eigen_float.BY_VALUE + 1, dtype=np.float32)
    np.testing.assert_array_equal(tf.math.tan(x).numpy(), np.tan(x))
    np.testing.assert_array_equal(tf.math.sinh(x.astype(np.float64)).numpy(),
                                  np.sinh(x.astype(np.float64)))


def test_special_values_and_scalars():
    out = tf.math.cosh(tf.constant([np.inf, -np.inf, np.nan, 100.0], tf.float32)).numpy()
    assert out[0] == out[1] == np.inf and np.isnan(out[2]) and out[3] == np.inf
    assert np.isnan(tf.math.acosh(tf.constant(0.5)).numpy())  # (no warning: TF's NaN)
    assert tf.math.sinh(tf.constant(0.0)).shape == []


def test_float32_powers_agree_across_cpus():
    # In float64, rounded once: the same bits on every CPU (NumPy's float32 power has an
    # AVX-512 version of its own, which differs here). TF's values for these three.
    x = tf.constant([2.722688674926758, 4.081109046936035, 4.288447380065918], tf.float32)
    y = tf.constant([-1.3009761571884155, -1.7071082592010498, 2.850554943084717], tf.float32)
    np.testing.assert_array_equal(tf.pow(x, y).numpy(), np.array(
        [0.2716927230358124, 0.0906432569026947, 63.4462776184082], np.float32))
    assert tf.pow(tf.constant([2.0, -2.0], tf.float32), 3.0).numpy().tolist() == [8.0, -8.0]
    assert np.isinf(tf.pow(tf.constant(1e30, tf.float32), 2.0).numpy())
