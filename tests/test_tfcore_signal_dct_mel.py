"""tf.signal's DCTs, mel filter bank, MFCCs and the Kaiser/KBD/Vorbis windows, checked against
their definitions written out in NumPy."""

import math

import numpy as np
import pytest

import eagerbook as tf

X = np.array([[1.0, 2.0, 3.0, 4.0, 5.0], [0.5, -1.0, 2.0, 0.0, 3.0]])


def dct_by_definition(x, kind):
    """TF's unnormalized DCTs, term by term."""
    n_len = x.shape[-1]
    n = np.arange(n_len)
    out = np.zeros_like(x)
    for k in range(n_len):
        if kind == 1:
            inner = 2 * x[..., 1:-1] @ np.cos(np.pi * k * n[1:-1] / (n_len - 1))
            out[..., k] = x[..., 0] + (-1) ** k * x[..., -1] + inner
        elif kind == 2:
            out[..., k] = 2 * x @ np.cos(np.pi * k * (2 * n + 1) / (2 * n_len))
        elif kind == 3:
            out[..., k] = x[..., 0] + 2 * x[..., 1:] @ np.cos(np.pi * n[1:] * (2 * k + 1)
                                                              / (2 * n_len))
        else:
            out[..., k] = 2 * x @ np.cos(np.pi * (2 * n + 1) * (2 * k + 1) / (4 * n_len))
    return out


@pytest.mark.parametrize("kind", [1, 2, 3, 4])
def test_dct_matches_its_definition(kind):
    got = tf.signal.dct(tf.constant(X), type=kind)
    assert got.dtype == tf.float64
    np.testing.assert_allclose(got.numpy(), dct_by_definition(X, kind), atol=1e-12)
    single = tf.signal.dct(tf.constant(X, tf.float32), type=kind)
    assert single.dtype == tf.float32
    np.testing.assert_allclose(single.numpy(), dct_by_definition(X, kind), atol=1e-5)


@pytest.mark.parametrize("kind", [2, 3, 4])
def test_orthonormal_dcts_invert_each_other(kind):
    x = tf.constant(X)
    y = tf.signal.dct(x, type=kind, norm="ortho")
    np.testing.assert_allclose(np.sum(y.numpy() ** 2, -1), np.sum(X ** 2, -1))  # energy kept
    np.testing.assert_allclose(tf.signal.idct(y, type=kind, norm="ortho").numpy(), X,
                               atol=1e-12)


def test_unnormalized_round_trips_scale_as_tf_says():
    x = tf.constant(X)
    np.testing.assert_allclose(tf.signal.idct(tf.signal.dct(x)).numpy(), 2 * 5 * X, atol=1e-12)
    np.testing.assert_allclose(tf.signal.idct(tf.signal.dct(x, type=1), type=1).numpy(),
                               2 * (5 - 1) * X, atol=1e-12)


def test_n_cuts_or_pads_and_gradient_is_the_transpose():
    x = tf.constant(X)
    np.testing.assert_allclose(tf.signal.dct(x, n=3).numpy(), dct_by_definition(X[:, :3], 2),
                               atol=1e-12)
    padded = np.concatenate([X, np.zeros((2, 2))], axis=1)
    np.testing.assert_allclose(tf.signal.dct(x, n=7).numpy(), dct_by_definition(padded, 2),
                               atol=1e-12)
    weights = np.arange(1.0, 6.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.signal.dct(x, norm="ortho") * weights)
    # y = sum_k w_k sum_n C[k, n] x_n, so dy/dx_n = sum_k w_k C[k, n] = idct(w)_n.
    expected = tf.signal.idct(tf.constant(weights), norm="ortho").numpy()
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [expected, expected], atol=1e-12)


def test_dct_argument_errors():
    x = tf.constant(X, tf.float32)
    with pytest.raises(ValueError, match="Normalization is not supported for the Type-I"):
        tf.signal.dct(x, type=1, norm="ortho")
    with pytest.raises(ValueError, match="Types I, II, III and IV"):
        tf.signal.dct(x, type=5)
    with pytest.raises(ValueError, match="n should be a positive integer"):
        tf.signal.dct(x, n=0)
    with pytest.raises(ValueError, match="Unknown normalization"):
        tf.signal.dct(x, norm="foo")
    with pytest.raises(NotImplementedError, match="axis must be -1"):
        tf.signal.dct(x, axis=0)
    with pytest.raises(ValueError, match="greater than one"):
        tf.signal.dct(tf.constant([1.0]), type=1)
    with pytest.raises(TypeError):
        tf.signal.dct(tf.constant([1, 2]))


def test_mfccs_are_the_dct_scaled_by_the_bin_count():
    got = tf.signal.mfccs_from_log_mel_spectrograms(tf.constant(X))
    np.testing.assert_allclose(got.numpy(), dct_by_definition(X, 2) / math.sqrt(10), atol=1e-12)


def mel(hz):
    return 1127.0 * np.log(1 + hz / 700.0)


def test_mel_weight_matrix_is_triangles_on_the_mel_scale():
    weights = tf.signal.linear_to_mel_weight_matrix(
        num_mel_bins=4, num_spectrogram_bins=9, sample_rate=8000, lower_edge_hertz=125.0,
        upper_edge_hertz=3800.0, dtype=tf.float64).numpy()
    assert weights.shape == (9, 4)
    edges = np.linspace(mel(125.0), mel(3800.0), 6)
    bins = mel(np.linspace(0, 4000, 9))
    for j in range(4):
        rising = (bins - edges[j]) / (edges[j + 1] - edges[j])
        falling = (edges[j + 2] - bins) / (edges[j + 2] - edges[j + 1])
        expected = np.maximum(0, np.minimum(rising, falling))
        expected[0] = 0  # the DC bin
        np.testing.assert_allclose(weights[:, j], expected, atol=1e-12)
    default = tf.signal.linear_to_mel_weight_matrix()
    assert default.shape == (129, 20) and default.dtype == tf.float32


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"num_mel_bins": 0}, "num_mel_bins must be positive"),
    ({"lower_edge_hertz": -1.0}, "lower_edge_hertz must be non-negative"),
    ({"lower_edge_hertz": 500.0, "upper_edge_hertz": 400.0}, ">= upper_edge_hertz"),
    ({"upper_edge_hertz": 5000.0}, "Nyquist"),
    ({"sample_rate": 0}, "sample_rate must be positive"),
    ({"dtype": tf.int32}, "dtype must be a floating point type. Got: <dtype: 'int32'>"),
])
def test_mel_weight_matrix_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tf.signal.linear_to_mel_weight_matrix(**kwargs)


def test_kaiser_kbd_and_vorbis_windows():
    r = np.linspace(-1, 1, 6)
    np.testing.assert_allclose(tf.signal.kaiser_window(6, dtype=tf.float64).numpy(),
                               np.i0(12 * np.sqrt(1 - r * r)) / np.i0(12.0), rtol=1e-12)
    assert tf.signal.kaiser_window(1).numpy().tolist() == [1.0]
    kaiser = np.i0(2 * np.sqrt(1 - np.linspace(-1, 1, 3) ** 2)) / np.i0(2.0)
    rising = np.sqrt(np.cumsum(kaiser)[:-1] / kaiser.sum())
    kbd = tf.signal.kaiser_bessel_derived_window(5, beta=2.0, dtype=tf.float64).numpy()
    np.testing.assert_allclose(kbd, np.concatenate([rising, rising[::-1]]), rtol=1e-12)
    # Princen-Bradley: w[n]^2 + w[n + N/2]^2 = 1 for both windows made for the MDCT.
    for window in (tf.signal.kaiser_bessel_derived_window(8, dtype=tf.float64),
                   tf.signal.vorbis_window(8, dtype=tf.float64)):
        w = window.numpy()
        np.testing.assert_allclose(w[:4] ** 2 + w[4:] ** 2, np.ones(4), rtol=1e-12)
    with pytest.raises(ValueError, match="Found <dtype: 'int32'>"):
        tf.signal.kaiser_window(4, dtype=tf.int32)
