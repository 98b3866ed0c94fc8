"""Gradients through complex values, in TF's convention: for a real loss L of z = x + iy the
gradient is dL/dx + i dL/dy. Each case is checked against central differences."""

import numpy as np
import pytest

import eagerbook as tf

RNG = np.random.default_rng(0)
Z = RNG.normal(size=(3, 4)) + 1j * RNG.normal(size=(3, 4))
W = RNG.normal(size=(4, 4)) + 1j * RNG.normal(size=(4, 4))
R = RNG.normal(size=(3, 4))


def numeric_gradient(loss, value):
    """dL/dx + i dL/dy (complex value) or dL/dx (real value) by central differences."""
    value = np.asarray(value)
    grad = np.zeros(value.shape, complex if np.iscomplexobj(value) else float)
    steps = [1.0, 1j] if np.iscomplexobj(value) else [1.0]
    for index in np.ndindex(value.shape):
        for step in steps:
            bumped = [value.astype(complex if step == 1j else value.dtype) for _ in range(2)]
            bumped[0][index] += 1e-6 * step
            bumped[1][index] -= 1e-6 * step
            slope = (loss(bumped[0]) - loss(bumped[1])) / 2e-6
            grad[index] += slope * (1 if step == 1.0 else 1j)
    return grad


LOSSES = {
    "abs_of_product": lambda z: tf.reduce_sum(tf.abs(z * W[:3, :4][:, :4])),
    "real_of_matmul": lambda z: tf.reduce_sum(tf.math.real(tf.matmul(z, W))),
    "imag_of_exp": lambda z: tf.reduce_sum(tf.math.imag(tf.exp(z))),
    "fft_power": lambda z: tf.reduce_sum(tf.abs(tf.signal.fft(z)) ** 2),
    "fft2d_abs": lambda z: tf.reduce_sum(tf.abs(tf.signal.fft2d(z))),
    "ifft_weighted": lambda z: tf.reduce_sum(tf.math.real(tf.signal.ifft(z) * W[:3])),
    "conj_product": lambda z: tf.reduce_sum(tf.math.imag(tf.math.conj(z) * W[:3])),
    "irfft_weighted": lambda z: tf.reduce_sum(tf.signal.irfft(z, fft_length=[6]) * np.arange(6.)),
    "irfft_odd_cut": lambda z: tf.reduce_sum(tf.signal.irfft(z, fft_length=[3]) ** 2),
    # tf.matmul's flags, for two matrices (MatMul) and with batch axes (BatchMatMulV2): an
    # adjoint conjugates, a transpose does not
    "matmul_adjoint_a": lambda z: _power(tf.matmul(z, W[:3], adjoint_a=True)),
    "matmul_transpose_a": lambda z: _power(tf.matmul(z, W[:3], transpose_a=True)),
    "matmul_adjoint_b": lambda z: _power(tf.matmul(W[:3], z, adjoint_b=True)),
    "batch_matmul": lambda z: _power(tf.matmul(tf.stack([z, 2 * z]), W)),
    "batch_matmul_adjoint_a": lambda z: _power(tf.matmul(tf.stack([z, z]), W[:3],
                                                         adjoint_a=True)),
    "batch_matmul_transpose_a": lambda z: _power(tf.matmul(tf.stack([z, z]), W[:3],
                                                           transpose_a=True)),
    "batch_matmul_adjoint_b": lambda z: _power(tf.matmul(W[:2], tf.stack([z, z]),
                                                         adjoint_b=True)),
    "batch_matmul_both": lambda z: _power(tf.matmul(tf.stack([z, 3 * z]), W[:, :3],
                                                    adjoint_a=True, adjoint_b=True)),
}


def _power(y):
    return tf.reduce_sum(tf.math.real(y * tf.math.conj(y)))


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_complex_source_gradients(name):
    loss = LOSSES[name]
    z = tf.constant(Z)
    with tf.GradientTape() as tape:
        tape.watch(z)
        value = loss(z)
    expected = numeric_gradient(lambda v: float(loss(tf.constant(v))), Z)
    np.testing.assert_allclose(tape.gradient(value, z).numpy(), expected, atol=1e-5)


REAL_LOSSES = {
    "rfft_abs": lambda x: tf.reduce_sum(tf.abs(tf.signal.rfft(x))),
    "rfft_padded": lambda x: tf.reduce_sum(tf.math.imag(tf.signal.rfft(x, fft_length=[7])) ** 2),
    "rfft_cut": lambda x: tf.reduce_sum(tf.math.real(tf.signal.rfft(x, fft_length=[3]))),
    "rfft2d_round_trip": lambda x: tf.reduce_sum(tf.signal.irfft2d(tf.signal.rfft2d(x * x))),
    "complex_then_abs": lambda x: tf.reduce_sum(tf.abs(tf.complex(x, 2 * x + 1))),
    "cast_to_complex": lambda x: tf.reduce_sum(tf.abs(tf.cast(x, tf.complex128) * 1j)),
}


@pytest.mark.parametrize("name", sorted(REAL_LOSSES))
def test_real_source_gradients_through_complex_values(name):
    loss = REAL_LOSSES[name]
    x = tf.constant(R)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = loss(x)
    grad = tape.gradient(value, x)
    assert grad.dtype == tf.float64
    expected = numeric_gradient(lambda v: float(loss(tf.constant(v))), R)
    np.testing.assert_allclose(grad.numpy(), expected.real, atol=1e-5)


def test_complex_variables_are_watched_and_zero_imaginary_parts_print_as_tf():
    z = tf.Variable([1 + 2j, 3 - 1j], dtype=tf.complex64)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.abs(tf.signal.fft(z)) ** 2)
    assert tape.gradient(y, z).numpy().tolist() == [4 + 8j, 12 - 4j]  # TF 2's values
    x = tf.constant([1.0, 2.0, -1.0, 0.5])
    with tf.GradientTape() as tape:
        tape.watch(x)
        c = tf.complex(x, tf.zeros_like(x))
        y = tf.reduce_sum(tf.abs(tf.signal.fft(c)))
    assert "-0.j" not in repr(tape.gradient(y, c))
