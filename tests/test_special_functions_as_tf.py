"""tf.math.special's Bessel functions (float32), Dawson, Ei, Fresnel and Spence (float32 and
float64) give TF's values to the last bit. Every expected value below is TF 2.21's output;
most differ from the correctly rounded value in the last place, so computing "more exactly"
fails these tests."""

import numpy as np
import pytest

import eagerbook as tf

special = tf.math.special
F32 = np.float32


# The inputs of TF's own docstring examples (4 values each: Eigen's scalar path, the C
# library's exp, log, sin and cos), TF's values in full (the docstrings print 8 digits).
@pytest.mark.parametrize("name, x, expected", [
    ("bessel_j0", [0.5, 1., 2., 4.], [0.9384699, 0.7651977, 0.2238908, -0.39714983]),
    ("bessel_j1", [0.5, 1., 2., 4.], [0.24226847, 0.4400506, 0.5767248, -0.06604336]),
    ("bessel_y0", [0.5, 1., 2., 4.], [-0.44451872, 0.08825697, 0.51037574, -0.016940778]),
    ("bessel_y1", [0.5, 1., 2., 4.], [-1.4714724, -0.7812128, -0.10703243, 0.39792567]),
    ("bessel_k0", [0.5, 1., 2., 4.], [0.9244191, 0.42102444, 0.1138939, 0.011159677]),
    ("bessel_k0e", [0.5, 1., 2., 4.], [1.5241094, 1.1444631, 0.8415684, 0.6092977]),
    ("bessel_k1", [0.5, 1., 2., 4.], [1.656441, 0.6019073, 0.13986588, 0.012483499]),
    ("bessel_k1e", [0.5, 1., 2., 4.], [2.7310095, 1.6361537, 1.0334768, 0.68157595]),
    ("expint", [1., 1.1, 2.1, 4.1], [1.8951179, 2.1673784, 5.3332353, 21.048464]),
    ("fresnel_cos", [-1., -0.1, 0.1, 1.], [-0.7798934, -0.09999753, 0.09999753, 0.7798934]),
    ("fresnel_sin", [-1., -0.1, 0.1, 1.], [-0.43825912, -0.00052358955, 0.00052358955, 0.43825912]),
    ("spence", [0.5, 1., 2., 3.], [0.58224034, 0., -0.82246685, -1.4367464]),
])
def test_float32_docstring_examples_print_tfs_digits(name, x, expected):
    out = getattr(special, name)(x)
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), np.array(expected, F32))


# 16 values: two whole packets of 8, Eigen's vectorized exp, log and sin (all x <= 2, where no
# approximate reciprocal square root enters).
X16 = np.linspace(0.125, 2.0, 16).astype(F32)


@pytest.mark.parametrize("name, first_eight", [
    ("bessel_k0", [2.207868814468384, 1.5415071249008179, 1.171281337738037, 0.924419105052948,
                   0.7458477020263672, 0.6105824708938599, 0.5050524473190308,
                   0.4210244417190552]),
    ("bessel_k1e", [8.873820304870605, 4.811276435852051, 3.4330320358276367,
                    2.7310094833374023, 2.3018031120300293, 2.0102620124816895,
                    1.798142910003662, 1.6361536979675293]),
    ("bessel_y0", [-1.3896806240081787, -0.9315730333328247, -0.6518001556396484,
                   -0.44451871514320374, -0.2775469720363617, -0.13717275857925415,
                   -0.016508225351572037, 0.08825697004795074]),
    ("bessel_j1", [0.062378011643886566, 0.12402598559856415, 0.18422336876392365,
                   0.24226847290992737, 0.2974875569343567, 0.3492435812950134,
                   0.39694449305534363, 0.4400506019592285]),
])
def test_float32_whole_packets_use_eigens_vectorized_functions(name, first_eight):
    out = getattr(special, name)(X16).numpy()
    np.testing.assert_array_equal(out[:8], np.array(first_eight, F32))


X64 = np.array([-1., -0.1, 0.1, 1., 2.5, 5., 7., 40.])
P64 = np.array([0.1, 0.5, 1., 1.9, 2.5, 5., 20., 100.])


@pytest.mark.parametrize("name, x, expected", [
    ("dawsn", X64, [-0.5380795069127684, -0.09933599239785286, 0.09933599239785286,
                    0.5380795069127684, 0.22308372216743552, 0.10213407442427684,
                    0.0721809746582363, 0.012503909917843973]),
    ("fresnel_cos", X64, [-0.779893400376823, -0.09999753262708506, 0.09999753262708506,
                          0.779893400376823, 0.45741300964177706, 0.5636311887040122,
                          0.5454670925469698, 0.4999984168574456]),
    ("fresnel_sin", X64, [-0.4382591473903547, -0.0005235895476122108,
                          0.0005235895476122108, 0.4382591473903547, 0.6191817558195929,
                          0.4991913819171169, 0.4997047894534464, 0.4920422537902731]),
    ("expint", P64, [-1.6228128139692766, 0.45421990486317354, 1.895117816355937,
                     4.593713686953586, 7.073765894578601, 40.18527535580318,
                     25615652.664056588, 2.71555274485388e+41]),
    ("spence", P64, [1.2997147230049588, 0.5822405264650135, 0.0, -0.7521631792172623,
                     -1.1473806603755703, -2.3699397969983655, -5.927839724376521,
                     -12.192421669033168]),
])
def test_float64_follows_tfs_kernels_too(name, x, expected):
    out = getattr(special, name)(tf.constant(x, tf.float64))
    assert out.numpy().tolist() == expected


def test_denormals_are_zeros_as_in_tfs_flush_to_zero_mode():
    # K0(0) is inf; x^3 of a tiny x underflows to a denormal, flushed, so S(x) is 0.
    assert special.bessel_k0(np.array([1e-40, 1.], F32)).numpy().tolist() == \
        [np.inf, 0.4210244417190552]
    assert special.fresnel_sin(np.array([2e-13, 1e-40], F32)).numpy().tolist() == [0.0, 0.0]
    assert special.dawsn(tf.constant([1e-310], tf.float64)).numpy().tolist() == [0.0]


def test_edges_follow_tfs_branches():
    assert np.isnan(special.expint([-1., np.nan]).numpy()).all()
    assert special.spence([0., 1.]).numpy().tolist() == [F32(1.644934), 0.0]
    assert np.isnan(special.spence([-0.5]).numpy()).all()
    # beyond |x| = 36974 the Fresnel integrals are exactly +-1/2
    assert special.fresnel_cos([4e4, -4e4]).numpy().tolist() == [0.5, -0.5]
    # TF's Dawson kernel flips the sign of 0.5/x for x <= -1e9 a second time
    assert special.dawsn(tf.constant([-2e9], tf.float64)).numpy().tolist() == [2.5e-10]
    assert special.bessel_y1([-1.]).numpy().tolist() == [-np.inf]


def test_dtypes_tf_has_no_kernel_for():
    with pytest.raises(tf.errors.NotFoundError) as info:
        special.spence(tf.constant([1.], tf.float16))
    assert str(info.value) == (
        "Could not find device for node: {{node Spence}} = Spence[T=DT_HALF]\n"
        "All kernels registered for op Spence:\n"
        "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n"
        "  device='GPU'; T in [DT_DOUBLE]\n  device='GPU'; T in [DT_FLOAT]\n [Op:Spence] name: ")
    with pytest.raises(tf.errors.NotFoundError, match="device='GPU'; T in \\[DT_DOUBLE\\]\n"
                                                      "  device='GPU'; T in \\[DT_FLOAT\\]\n"
                                                      "  device='CPU'"):
        special.dawsn(tf.constant([1.], tf.float16))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        special.bessel_j0(tf.constant([1]))
    assert str(info.value) == (
        "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, "
        "float, double\n\t; NodeDef: {{node BesselJ0}}; Op<name=BesselJ0; signature=x:T -> y:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:BesselJ0] name: ")
    # float16 Bessel functions exist in TF (computed in float32)
    assert special.bessel_j0(tf.constant([1.], tf.float16)).numpy().tolist() == [0.76513671875]


def test_regularized_incomplete_gamma_as_tfs_kernel():
    # Eigen's series below x = max(1, a), its continued fraction above, in each dtype
    a, x = [0.5, 2.0, 4.75, 10.0], [0.3, 2.5, 3.0, 14.5]
    assert tf.math.igamma(a, x).numpy().tolist() == [
        0.5614219903945923, 0.7127025127410889, 0.22019532322883606, 0.912240743637085]
    assert tf.math.igammac(a, x).numpy().tolist() == [
        0.4385780096054077, 0.28729748725891113, 0.7798047065734863, 0.08775928616523743]
    a64, x64 = tf.constant(a, tf.float64), tf.constant(x, tf.float64)
    assert tf.math.igamma(a64, x64).numpy().tolist() == [
        0.5614219739190001, 0.7127025048163542, 0.22019527848583562, 0.9122406382331231]
    assert tf.math.igammac(a64, x64).numpy().tolist() == [
        0.43857802608099994, 0.28729749518364583, 0.7798047215141644, 0.0877593617668769]
    edges = tf.math.igamma([50.0, -1.0, 1.0], [2.0, 1.0, 0.0]).numpy()
    assert edges[0] == 0 and np.isnan(edges[1]) and edges[2] == 0


def test_zeta_and_polygamma_as_tfs_kernel():
    assert tf.math.zeta([2.0, 3.5, 1.0, 2.0], [1.0, 0.25, 1.0, -2.0]).numpy().tolist() == [
        1.644934058189392, 128.54696655273438, np.inf, np.inf]
    assert tf.math.zeta(tf.constant([2.0, 3.5], tf.float64), tf.constant([1.0, 0.25], tf.float64)
                        ).numpy().tolist() == [1.6449340668482266, 128.54695896428433]
    assert tf.math.polygamma([1.0, 2.0, 3.0], [0.5, 1.5, 4.0]).numpy().tolist() == [
        4.934802055358887, -0.8287966847419739, 0.04486532509326935]
    assert tf.math.polygamma(tf.constant([1.0, 2.0, 3.0], tf.float64),
                             tf.constant([0.5, 1.5, 4.0], tf.float64)).numpy().tolist() == [
        4.93480220054468, -0.8287966442343201, 0.04486532819275508]


def test_betainc_float32_as_tfs_kernel():
    # Eigen's float kernel: a series for large b and small b x / a, else a continued fraction
    assert tf.math.betainc([0.5, 2.0, 12.0, 3.0], [1.5, 0.75, 30.0, 3.0],
                           [0.3, 0.9, 0.2, 0.5]).numpy().tolist() == [
        0.6607459783554077, 0.7021381855010986, 0.10215874761343002, 0.5]
    edges = tf.math.betainc([1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [0.0, 1.0, 0.5]).numpy()
    assert edges[:2].tolist() == [0.0, 1.0] and np.isnan(edges[2])


def test_betainc_float64_as_tfs_kernel():
    # Eigen's double kernel: a series where b x <= 1 and x <= 0.95, else a continued fraction
    a = tf.constant([0.5, 2.0, 12.0, 3.0, 0.2], tf.float64)
    b = tf.constant([1.5, 0.75, 30.0, 3.0, 0.3], tf.float64)
    x = tf.constant([0.3, 0.9, 0.2, 0.5, 0.97], tf.float64)
    assert tf.math.betainc(a, b, x).numpy().tolist() == [
        0.6607459491435451, 0.7021381988184802, 0.10215801833712837, 0.5, 0.8489104435510052]


def test_half_bessel_goes_through_the_float_path():
    # TF's half kernels: each value to float, Eigen's scalar float path, back to half
    x = tf.constant([10.4453125, 5.515625, 7.06640625, 10.75], tf.float16)
    assert special.bessel_i0(x[:1]).numpy().tolist() == [4296.0]
    assert special.bessel_j0(x[1:2]).numpy().tolist() == [-0.0015163421630859375]
    assert special.bessel_y0(x[2:]).numpy().tolist() == [-0.0059051513671875, -0.12255859375]
