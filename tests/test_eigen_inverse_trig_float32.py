"""float32 atan, asin, acos and atanh as TF 2.21's CPU kernels compute them: Eigen's own
approximations for whole packets of 8 values, the C library's atanf (...) for the values after the
last whole packet (eagerbook/ops/eigen_float.py). The first 16 inputs of each case are ones where
TF's value differs from both the C library's and the correctly rounded one (the old kernels'
values, on any CPU); expected values printed by TF 2.21 (9 digits: a float32 exactly)."""

import numpy as np
import pytest

import eagerbook as tf

CASES = {
    "atan": (tf.math.atan,
        [0.282725543, 0.255400062, 0.054288175, -0.374515831, 0.989624381, 0.963366151,
         0.577886701, 0.982015789, -0.545925736, 0.627259493, -0.182112768, -0.0786048993,
         -0.43852964, -0.531080306, -0.646544576, -0.911701798, 0.25, -0.75, 0.899999976],
        [0.275534332, 0.250054598, 0.0542349406, -0.358346105, 0.780183315, 0.766741693,
         0.524000943, 0.776324809, -0.499709845, 0.560222507, -0.180138662, -0.0784436092,
         -0.413274288, -0.488201618, -0.573942304, -0.739242733, 0.244978666, -0.643501103,
         0.732815087]),
    "asin": (tf.math.asin,
        [-0.885241926, -0.394423366, -0.361982435, -0.175976112, 0.178770557, -0.068325229,
         0.720744729, -0.941128314, 0.384486139, 0.784569204, -0.151008517, -0.665726364,
         0.196887627, 0.15443708, 0.601209521, -0.433366388, 0.25, -0.75, 0.899999976],
        [-1.08701396, -0.405440241, -0.370393693, -0.176897258, 0.179736719, -0.0683785081,
         0.804876089, -1.22595274, 0.394651085, 0.902000964, -0.151588395, -0.728466928,
         0.198182374, 0.155057654, 0.645013988, -0.448224783, 0.252680242, -0.848062098,
         1.11976945]),
    "acos": (tf.math.acos,
        [0.590185463, 0.629122138, 0.830539346, 0.715781569, -0.533781946, -0.658979893,
         0.816123307, 0.714686692, 0.131993368, -0.244304389, 0.800514281, -0.158218697,
         -0.214671254, 0.78461194, 0.875743091, -0.226055503, 0.25, -0.75, 0.899999976],
        [0.939507663, 0.890372872, 0.590721011, 0.773053706, 2.13386321, 2.29025817,
         0.616126001, 0.774620295, 1.43841648, 1.8175987, 0.642643571, 1.72968292, 1.78715181,
         0.668726444, 0.503823519, 1.798823, 1.31811607, 2.41885853, 0.451026857]),
    "atanh": (tf.math.atanh,
        [-0.598749936, -0.544104993, 0.230886221, -0.851897418, -0.664164662, 0.273834437,
         -0.449510425, 0.512079179, -0.22602275, 0.731162727, 0.538244903, 0.318017244,
         -0.579394698, 0.882586896, 0.513462842, 0.238927931, 0.25, -0.75, 0.899999976],
        [-0.691196203, -0.609968662, 0.235125378, -1.26303053, -0.800228834, 0.281004399,
         -0.484086543, 0.56554395, -0.229994088, 0.931221187, 0.601681411, 0.329439729,
         -0.661550999, 1.38735187, 0.567421079, 0.243636817, 0.255412817, -0.972955108,
         1.47221935]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_float32_values_are_tfs(name):
    fn, inputs, expected = CASES[name]
    np.testing.assert_array_equal(fn(tf.constant(inputs, tf.float32)).numpy(),
                                  np.array(expected, np.float32))


def test_edges_as_tf():
    x = tf.constant([0.0, -0.0, 1.0, -1.0, 1.5, np.nan, np.inf, -np.inf, 0.5], tf.float32)
    atan, asin, acos, atanh = (f(x).numpy() for f in (tf.math.atan, tf.math.asin, tf.math.acos,
                                                      tf.math.atanh))
    assert np.signbit(atan[1]) and np.signbit(asin[1]) and np.signbit(atanh[1])
    assert atan[6] == np.float32(np.pi / 2) and atan[7] == -np.float32(np.pi / 2)
    assert np.isnan(asin[4]) and np.isnan(acos[4]) and np.isnan(atanh[4])
    assert atanh[2] == np.inf and atanh[3] == -np.inf
    assert acos[2] == 0.0 and acos[3] == np.float32(np.pi)
    assert all(np.isnan(v[5]) for v in (atan, asin, acos, atanh))


def test_float64_is_not_rounded_to_float32():
    # (float64 takes TF's float64 kernel, eagerbook/ops/eigen_double.py: tests/test_eigen_double.py)
    x = np.linspace(-0.9, 0.9, 11)
    np.testing.assert_allclose(tf.math.asin(x).numpy(), np.arcsin(x), rtol=1e-15)
