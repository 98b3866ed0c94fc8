"""Matrix 2-norms and complex norms, complex variance, count_nonzero of strings, and scalar
string tensors in tf.strings.format / tf.print: TF 2.21's results."""

import io

import numpy as np
import pytest

import eagerbook as tf

M = np.array([[1., 2.], [3., 4.]])


@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_two_norm_is_the_largest_singular_value(keepdims):
    x = tf.constant(np.stack([M, M.T * 2]), tf.float64)
    got = tf.norm(x, ord=2, axis=[1, 2], keepdims=keepdims)
    want = np.linalg.norm(np.stack([M, M.T * 2]), ord=2, axis=(1, 2), keepdims=keepdims)
    assert got.shape.as_list() == list(want.shape)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    spread = tf.ones([2, 3, 4])
    assert tf.norm(spread, ord=2, axis=[0, 2], keepdims=True).shape.as_list() == [1, 3, 1]


def test_matrix_two_norm_differentiates():
    theoretical, numerical = tf.test.compute_gradient(
        lambda x: tf.norm(x, ord=2, axis=[0, 1]), [tf.constant(M, tf.float64)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-8)


def test_complex_norms():
    z = tf.constant([3j, 4 + 0j])
    euclidean = tf.norm(z)
    assert euclidean.dtype == tf.complex128 and euclidean.numpy() == 5
    assert tf.norm(z, ord=1).dtype == tf.float64 and tf.norm(z, ord=1).numpy() == 7
    matrix = tf.constant([[1j, 2 + 0j], [3, 4]])
    np.testing.assert_allclose(tf.norm(matrix, ord=2, axis=[0, 1]).numpy(),
                               np.linalg.norm(matrix.numpy(), 2))
    np.testing.assert_allclose(tf.norm(matrix, ord="fro", axis=[0, 1]).numpy(), np.sqrt(30))
    reduced = tf.math.reduce_euclidean_norm(z)
    assert reduced.dtype == tf.complex128 and reduced.numpy() == 5


def test_complex_variance_is_real():
    z = tf.constant([[1 + 1j, 2 - 1j]], tf.complex64)
    variance = tf.math.reduce_variance(z, axis=1)
    assert variance.dtype == tf.float32
    np.testing.assert_allclose(variance.numpy(), [1.25])
    np.testing.assert_allclose(tf.math.reduce_std(tf.constant([1 + 1j, 2 - 1j])).numpy(),
                               np.sqrt(1.25))
    with pytest.raises(TypeError, match="real or complex"):
        tf.math.reduce_variance(tf.constant([1, 2]))


def test_count_nonzero_of_strings_counts_the_non_empty_ones():
    assert tf.math.count_nonzero(tf.constant(["a", "", "b"])).numpy() == 2
    assert tf.math.count_nonzero(tf.constant([["", "x"]]), axis=1).numpy().tolist() == [1]


def test_scalar_string_tensors_print_quoted():
    assert tf.strings.format("{}", tf.constant("x")).numpy() == b'"x"'
    assert tf.strings.format("{} {}", (tf.constant(["a"]), 3)).numpy() == b'["a"] 3'
    out = io.StringIO()
    tf.print(tf.constant("x"), "y", {"k": tf.constant("v")}, output_stream=out)
    assert out.getvalue() == '"x" y {\'k\': "v"}\n'


def test_transcode_error_policies_and_replacement_char():
    broken = [b"\xffab"]
    utf16 = tf.strings.unicode_transcode(broken, "UTF-8", "UTF-16-BE", errors="replace",
                                         replacement_char=63)
    assert utf16.numpy().tolist() == [b"\x00?\x00a\x00b"]
    assert tf.strings.unicode_transcode(broken, "UTF-8", "UTF-8", errors="ignore").numpy() \
        .tolist() == [b"ab"]
    assert tf.strings.unicode_transcode(broken, "UTF-8", "UTF-8").numpy().tolist() == \
        ["\ufffdab".encode()]
    for strict in (lambda: tf.strings.unicode_transcode(broken, "UTF-8", "UTF-8",
                                                        errors="strict"),
                   lambda: tf.strings.unicode_decode(broken, "UTF-8", errors="strict")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=r"^\{\{function_node __wrapped__Unicode\w+_device_\S+\}\} "
                                 "Invalid formatting on input string"):
            strict()


def test_bincount_counts_floats_by_their_int32_truncation():
    assert tf.math.bincount(tf.constant([0.5, 2.7])).numpy().tolist() == [1, 0, 1]
    assert tf.math.bincount(tf.constant([[0.5, 2.7]]), axis=-1).numpy().tolist() == [[1, 0, 1]]
