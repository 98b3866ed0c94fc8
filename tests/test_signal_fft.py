"""tf.signal's Fourier transforms, windows and STFT (values checked against TF 2.21)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.errors import InvalidArgumentError


def test_fft_and_ifft_round_trip_over_the_innermost_axes():
    x = np.arange(24).reshape(2, 3, 4) + 1j * np.ones((2, 3, 4))
    for rank, fwd, inv in [(1, tf.signal.fft, tf.signal.ifft), (2, tf.signal.fft2d,
                                                               tf.signal.ifft2d),
                           (3, tf.signal.fft3d, tf.signal.ifft3d)]:
        t = tf.constant(x, tf.complex64)
        y = fwd(t)
        assert y.dtype == tf.complex64
        np.testing.assert_allclose(y.numpy(), np.fft.fftn(x, axes=range(-rank, 0)), rtol=1e-5)
        np.testing.assert_allclose(inv(y).numpy(), x, rtol=1e-5, atol=1e-5)


def test_fft_of_a_float_is_tfs_attr_error():
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tcomplex' of float is not "
                                                   "in the list of allowed values: complex64, "
                                                   "complex128"):
        tf.signal.fft(tf.constant([1.0, 2.0]))


def test_rfft_and_irfft_dtypes_lengths_and_errors():
    y = tf.signal.rfft(tf.constant([1.0, 2.0, 3.0], tf.float64))
    assert y.dtype == tf.complex128
    np.testing.assert_allclose(y.numpy(), [6, -1.5 + 0.8660254j], rtol=1e-7)
    padded = tf.signal.rfft(tf.constant([1.0, 2.0, 3.0]), fft_length=[5])
    assert padded.dtype == tf.complex64 and padded.shape == (3,)
    np.testing.assert_allclose(padded.numpy(), [6, -0.80901706 - 3.6654687j,
                                                0.309017 + 1.6775992j], rtol=1e-6)
    back = tf.signal.irfft(tf.constant([1 + 0j, 2, 3], tf.complex64))  # default n = 2 * (3 - 1)
    assert back.dtype == tf.float32
    np.testing.assert_allclose(back.numpy(), [2.0, -0.5, 0.0, -0.5], atol=1e-7)
    with pytest.raises(ValueError, match=r"RFFT requires tf.float32 or tf.float64 inputs, got: "
                                         r"tf.Tensor\(\[1 2\], shape=\(2,\), dtype=int32\)"):
        tf.signal.rfft(tf.constant([1, 2]))
    with pytest.raises(ValueError, match="IRFFT requires tf.complex64 or tf.complex128 inputs"):
        tf.signal.irfft(tf.constant([1.0, 2.0]))
    image = np.arange(12.0).reshape(3, 4)
    np.testing.assert_allclose(tf.signal.irfft2d(tf.signal.rfft2d(tf.constant(image)),
                                                 [3, 4]).numpy(), image, atol=1e-5)


def test_fftshift_and_ifftshift_roll_by_half():
    x = tf.constant([0.0, 1.0, 2.0, 3.0, 4.0, -5.0, -4.0, -3.0, -2.0, -1.0])
    assert tf.signal.fftshift(x).numpy().tolist() == [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4]
    m = tf.constant([[1, 2, 3], [4, 5, 6]])
    assert tf.signal.fftshift(m, axes=1).numpy().tolist() == [[3, 1, 2], [6, 4, 5]]
    odd = tf.constant([[0.0, 1.0, 2.0], [3.0, 4.0, -4.0], [-3.0, -2.0, -1.0]])
    assert tf.signal.ifftshift(tf.signal.fftshift(odd)).numpy().tolist() == odd.numpy().tolist()


def test_windows_follow_tfs_formula():
    # A periodic window of odd length uses n = length - 1, as TF's does.
    assert tf.signal.hann_window(5).numpy().tolist() == [0.0, 0.5, 1.0, 0.5, 0.0]
    np.testing.assert_array_equal(tf.signal.hann_window(4, periodic=False).numpy(),
                                  np.float32([0.0, 0.75, 0.74999994, 0.0]))
    np.testing.assert_array_equal(tf.signal.hamming_window(3).numpy(),
                                  np.float32([0.08000001, 1.0, 0.08000001]))
    assert tf.signal.hann_window(1).numpy().tolist() == [1.0]


def test_overlap_and_add_and_the_stft_round_trip():
    frames = tf.reshape(tf.range(12.0), [3, 4])
    assert tf.signal.overlap_and_add(frames, 2).numpy().tolist() == [0, 1, 6, 8, 14, 16, 10, 11]
    signal = tf.constant(np.sin(np.arange(64) / 3.0), tf.float32)
    stfts = tf.signal.stft(signal, frame_length=16, frame_step=4)
    assert stfts.shape == (13, 9) and stfts.dtype == tf.complex64
    window = tf.signal.inverse_stft_window_fn(4)
    np.testing.assert_allclose(window(8, tf.float32).numpy(),
                               [0, 0.1952622, 1, 1.1380712, 1, 1.1380712, 1, 0.19526197],
                               atol=1e-6)
    back = tf.signal.inverse_stft(stfts, 16, 4, window_fn=window)
    assert back.shape == (64,)
    # Away from the ends (where fewer frames overlap) the signal comes back.
    np.testing.assert_allclose(back.numpy()[16:-16], signal.numpy()[16:-16], atol=1e-5)


def test_stft_traces_under_tf_function():
    @tf.function
    def spectrum(x):
        return tf.abs(tf.signal.stft(x, 8, 4))

    x = tf.constant(np.cos(np.arange(32.0)), tf.float32)
    np.testing.assert_allclose(spectrum(x).numpy(), tf.abs(tf.signal.stft(x, 8, 4)).numpy(),
                               rtol=1e-6)
